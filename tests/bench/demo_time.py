#!/usr/bin/env python3
"""How long the classroom demo and ``bancada run profiles/quick.toml`` take (a script, not a test).

Both run the quick profile (4 implementations × StdSize and LargeSize, n = 20, r = 2: 16 blocks,
each warm-up steady or capped at ``max_s`` = 1 s). Timed ``--runs`` times each (3):

- ``bancada run profiles/quick.toml``: the command launched to its exit (a new process each run, its
  run file and CSVs into a temporary folder);
- the classroom demo: the window's View > Classroom demo (Ctrl+D) to the run's end (``runFinished``)
  in a window on Qt's offscreen platform, one window for the three runs.

Printed: each run's seconds, their median and the load average before and after each (the machine
is shared: quote figures taken when the load was low; the target is 30 s on an idle 2-core machine).

Run: .venv/bin/python tests/bench/demo_time.py [--runs 3] [--write-results]

``--smoke`` (CI, through tests/bench/test_bench_smoke.py): one ``bancada run`` of the quick profile cut to
go-rest, StdSize, n = 5, r = 1 and a count warm-up of 5 (seconds), checking that the timing is printed; the
demo itself is run whole by the classroom test (tests/ui/classroom).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_S = 30.0

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _results  # noqa: E402


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


#: What --smoke adds to the command: the quick profile cut to seconds.
SMOKE_ARGS = ["--implementations", "go-rest", "--payloads", "StdSize", "--requests", "5", "--repetitions", "1"]
SMOKE_ARGS += ["--warmup", "5"]


def time_cli(runs: int, extra: list[str] | None = None) -> list[float]:
    command = [str(Path(sys.executable).parent / "bancada"), "run", str(ROOT / "profiles" / "quick.toml"), "--quiet"]
    command += extra or []
    took = []
    for i in range(runs):
        with tempfile.TemporaryDirectory() as out:
            before = load_average()
            t0 = time.monotonic()
            subprocess.run([*command, "--out", out], check=True, capture_output=True)
            took.append(time.monotonic() - t0)
        print(f"bancada run profiles/quick.toml, run {i + 1}: {took[-1]:.1f} s (load {before} -> {load_average()})")
    return took


def time_demo(runs: int) -> list[float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT / "app"))
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from bancada.ui.app import make_window

    app = QApplication.instance() or QApplication([])
    w = make_window(str(ROOT / "profiles" / "quick.toml"))
    w.resize(1024, 768)
    w.show()
    loop = QEventLoop()
    deadline = time.monotonic() + 60
    while (not w.panel._impl_boxes or w.tasks.busy("probe")) and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    took = []
    for i in range(runs):
        ended: list[str] = []
        w.runFinished.connect(lambda status: (ended.append(status), loop.quit()))
        QTimer.singleShot(600_000, loop.quit)
        before = load_average()
        t0 = time.monotonic()
        w.menus.act_demo.trigger()
        loop.exec()
        took.append(time.monotonic() - t0)
        w.runFinished.disconnect()
        status = ended[0] if ended else "no end"
        print(f"classroom demo, run {i + 1}: {took[-1]:.1f} s, {status} (load {before} -> {load_average()})")
        w.classroom_mode.set_active(False)
        while w.tasks.busy("stats"):
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    w.close()
    return took


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--smoke", action="store_true", help="one cut-down bancada run, for CI (seconds)")
    ap.add_argument(
        "--write-results", action="store_true", help="write docs/results/demo_time.json (tests/bench/_results.py)"
    )
    args = ap.parse_args()
    load_before = _results.load_average()
    if args.smoke:
        took = time_cli(1, SMOKE_ARGS)
        ok = len(took) == 1 and took[0] > 0
        print("smoke: ok" if ok else "smoke: FAILED (no timing)")
        return 0 if ok else 1
    cli = time_cli(args.runs)
    demo = time_demo(args.runs)
    rows = []
    for name, took in (("`bancada run profiles/quick.toml`", cli), ("classroom demo (View > Classroom demo)", demo)):
        print(
            f"{name}: median {statistics.median(took):.1f} s, {min(took):.1f}–{max(took):.1f} s over {len(took)} runs "
            f"(target {TARGET_S:.0f} s idle)"
        )
        rows.append([name, f"≤ {TARGET_S:.0f} s", f"{statistics.median(took):.1f} s ({min(took):.1f}–{max(took):.1f})"])
    if args.write_results:
        caption = f"the quick profile, launch to end, {args.runs} runs each"
        table = _results.table(["run", "target", "median (min–max)"], rows, caption)
        _results.write(__file__, {"quick": table}, load_before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
