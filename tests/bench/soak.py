#!/usr/bin/env python3
"""Soak: an hours-long run stays flat (a script, not a test; its ``--smoke`` variant runs in CI).

Runs ``bancada run`` on a steady closed load (the Go REST worker's Ping, ``--concurrency`` clients,
the native driver, blocks of ``--block-s`` seconds with 100 warm-up requests each, one after the
other until ``--minutes`` have passed, when the run is cancelled with SIGTERM as Ctrl-C would) and,
every ``--every-s`` seconds, samples from ``/proc``:

- RSS (``VmRSS``, MB), open file descriptors and threads of the run process and of each worker,
  and the driver's open file descriptors and threads (a new process each block: the series follows
  whichever is running); the driver's memory is its peak RSS (``VmHWM``) per process, one point per
  block (a process that lives one block cannot carry memory into the next: what could grow is what
  each block's driver reaches, and its RSS read at a moment of its life that drifts from block to
  block would show that drift, not a growth), and, with
  ``--window``, of the window (the run started from ``MainWindow`` under the current display, e.g.
  ``xvfb-run``, drawing it live; SIGTERM stops it as its Stop button does), with its plot frames'
  p99 over the first and last tenth of the run (target < 100 ms), and of its statistics process
  (while the run goes on it reads at most about 1,000,000 samples a computation, a long run every
  k-th sample: :mod:`bancada.session.stats_job`); once the run has ended, the time the window takes
  to show the statistics of every sample and the statistics process's peak RSS;
- the run file's size per stored sample (bytes: the file grows with what it stores, so what must
  stay flat is its cost a sample) and the WAL's size (MB).

Pass: for each series, over its last five sixths (the last 50 minutes of 60), the Theil–Sen slope
(``scipy.stats.theilslopes``, 95 % interval) either has an interval that includes 0 or a growth
under 1 % of the series' median per hour; and no sample is lost: the samples in the run file equal
those the driver sent (the sum of its ``done`` events' ``samples``).

    PYTHONPATH=app python tests/bench/soak.py --minutes 60 [--window] [--concurrency 2] [--write-results]
    PYTHONPATH=app python tests/bench/soak.py --smoke      # 2 minutes, the CI variant

``--write-results`` (never with ``--smoke``) writes each series' verdict and the samples' count to
docs/results/soak.json (soak-window.json with ``--window``), from which scripts/gen_figures.py
writes the table of docs/reliability.md.

``--smoke`` (2 minutes, CI) prints the same verdicts but passes on the figures being there and no
sample lost: two minutes on a shared machine is mostly start-up, too short to judge a slope.

Needs the built worker and driver (``make -C workers go driver``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import _results  # noqa: E402

GROWTH_PER_HOUR = 0.01  # 1 % of the series' median
#: How long the window may take, after the run ends, to show the statistics of every sample (s).
FINAL_STATISTICS_TIMEOUT_S = 900
PROFILE = """
[experiment]
name = "soak"
title = "Soak: a steady closed load"
implementations = ["go-rest"]
repetitions = {repetitions}
requests = 1
warmup = 100
schedule = "sequential"
connection = "reuse"
timeout_s = 10.0
driver = "native"

[[workloads]]
name = "Ping"
operation = "ping"

[load]
model = "closed"
concurrency = {concurrency}
duration_s = {block_s}
"""


@dataclass
class Series:
    """One measured quantity over time: ``(seconds since the start, value)`` pairs."""

    unit: str
    points: list[tuple[float, float]] = field(default_factory=list)


def _status(pid: int) -> dict[str, str]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        out[key] = value.strip()
    return out


def process_figures(pid: int) -> tuple[float, int, int, float] | None:
    """``(RSS MB, open fds, threads, peak RSS MB)`` of ``pid``, or None when it is gone."""
    try:
        st = _status(pid)
        fds = len(os.listdir(f"/proc/{pid}/fd"))
    except (OSError, ValueError, KeyError):
        return None
    return int(st["VmRSS"].split()[0]) / 1024, fds, int(st["Threads"]), int(st["VmHWM"].split()[0]) / 1024


def descendants(root: int) -> dict[int, str]:
    """The processes under ``root`` (children, grandchildren, ...): pid -> command line."""
    parent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                parent[int(entry)] = int(stat[stat.rfind(")") + 2 :].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found: dict[int, str] = {}
    todo = [root]
    while todo:
        p = todo.pop()
        for child, pp in parent.items():
            if pp == p and child not in found:
                try:
                    found[child] = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode()
                except OSError:
                    continue
                todo.append(child)
    return found


def role(cmdline: str) -> str | None:
    """What a process under the run is: ``driver``, ``worker <name>``, the window's ``run process``
    (``bancada.session.run_server``), its ``statistics process`` (a multiprocessing spawn child:
    :mod:`bancada.session.stats_job`) or None (anything else)."""
    if "bancada.session.run_server" in cmdline:
        return "run process"
    if "spawn_main" in cmdline:
        return "statistics process"
    program = Path(cmdline.split(" ", 1)[0])
    if program.name.startswith("bancada-driver"):
        return "driver"
    if program.name.startswith("bancada-worker"):
        return f"worker {program.parent.parent.name}"  # workers/<language>/dist/bancada-worker-...
    return None


def stored_samples(conn: sqlite3.Connection) -> int:
    """The samples in the run file, cheaply: the sample table's highest id (rows are never deleted),
    the staged batches' bytes and the warm-up windows' requests."""
    n = conn.execute("SELECT COALESCE(MAX(id), 0) FROM sample").fetchone()[0]
    for query, per in (
        ("SELECT COALESCE(SUM(LENGTH(rows)), 0) FROM sample_stage", 44),
        ("SELECT COALESCE(SUM(requests), 0) FROM warmup_window", 1),
    ):
        try:
            n += conn.execute(query).fetchone()[0] // per
        except sqlite3.OperationalError:
            pass
    return int(n)


def sample_once(
    t_s: float, pid: int, run_file: Path | None, window: bool, series: dict, peaks: dict[int, tuple[float, float]]
) -> None:
    """Add one point to every series at ``t_s`` seconds; ``pid`` is ``bancada run``, or the window
    (``window``), whose child is the run process. ``peaks``: each driver process's pid -> (seconds
    when first seen, highest peak RSS read, MB), kept up to date (:func:`peak_series`)."""

    def add(name: str, unit: str, value: float) -> None:
        series.setdefault(name, Series(unit)).points.append((t_s, value))

    procs = {"window" if window else "run process": pid}
    for child, cmd in descendants(pid).items():
        if (r := role(cmd)) is not None:
            procs[r] = child
    for name, proc_pid in procs.items():
        figures = process_figures(proc_pid)
        if figures is not None:
            if name == "driver":
                first_s, peak = peaks.get(proc_pid, (t_s, 0.0))
                peaks[proc_pid] = (first_s, max(peak, figures[3]))
            else:
                add(f"{name} RSS", "MB", figures[0])
            add(f"{name} fds", "", figures[1])
            add(f"{name} threads", "", figures[2])
    if run_file is not None and run_file.exists():
        wal = run_file.with_name(run_file.name + "-wal")
        add("WAL size", "MB", wal.stat().st_size / 1e6 if wal.exists() else 0.0)
        try:
            with sqlite3.connect(f"file:{run_file}?mode=ro", uri=True, timeout=5) as conn:
                n = stored_samples(conn)
        except sqlite3.Error:
            return
        if n > 0:
            add("run file bytes/sample", "B", run_file.stat().st_size / n)


def peak_series(peaks: dict[int, tuple[float, float]]) -> Series:
    """The drivers' peak RSS, one point per process at the time it was first seen (the last driver
    left out: it was cut short by the run's end)."""
    points = sorted(peaks.values())
    return Series("MB", points[:-1])


@dataclass
class Verdict:
    """One series judged: its median, Theil–Sen slope per hour with its 95 % interval, growth per hour
    (a fraction of the median) and whether it is flat."""

    flat: bool
    points: int
    median: float = math.nan
    per_hour: float = math.nan
    low: float = math.nan
    high: float = math.nan
    growth: float = math.nan

    def line(self, unit: str) -> str:
        if math.isnan(self.median):
            return f"{self.points} points: too few to judge"
        return (
            f"median {self.median:,.2f} {unit}, slope {self.per_hour:+,.3f} {unit}/h "
            f"(95 % {self.low:+,.3f} to {self.high:+,.3f}), {self.growth * 100:+.2f} %/h"
        )


def judge(s: Series, skip_s: float) -> Verdict:
    """Theil–Sen slope of ``s`` after ``skip_s`` seconds."""
    from scipy.stats import theilslopes

    pts = [(t, v) for t, v in s.points if t >= skip_s]
    if len(pts) < 3:
        return Verdict(True, len(pts))
    t, v = zip(*pts)
    slope, _, low, high = theilslopes(v, t, 0.95)
    median = sorted(v)[len(v) // 2]
    per_hour = slope * 3600
    growth = per_hour / median if median else (0.0 if per_hour == 0 else math.inf)
    flat = low <= 0 <= high or growth < GROWTH_PER_HOUR
    return Verdict(flat, len(pts), median, per_hour, low * 3600, high * 3600, growth)


def verdict(s: Series, skip_s: float) -> tuple[bool, str]:
    """Theil–Sen slope of ``s`` after ``skip_s`` seconds: (flat?, one line)."""
    v = judge(s, skip_s)
    return v.flat, v.line(s.unit)


def sent_samples(run_file: Path) -> int:
    """What the driver sent: the sum of its ``done`` events' ``samples``."""

    with sqlite3.connect(f"file:{run_file}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT body FROM driver_event WHERE kind = 'done'").fetchall()
    return sum(int(json.loads(b).get("samples", 0)) for (b,) in rows)


def newest_run(runs_dir: Path) -> Path | None:
    files = sorted(runs_dir.glob("*.sqlite"), key=lambda p: p.stat().st_mtime)
    return files[-1] if files else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=60.0, help="length of the run (default 60)")
    ap.add_argument("--every-s", type=float, default=10.0, help="seconds between samples (default 10)")
    ap.add_argument("--block-s", type=float, default=30.0, help="seconds of measured load a block (default 30)")
    ap.add_argument("--concurrency", type=int, default=2, help="closed-load clients (default 2)")
    ap.add_argument("--window", action="store_true", help="also open the window on the run (needs a display: xvfb-run)")
    ap.add_argument("--smoke", action="store_true", help="2 minutes (CI)")
    ap.add_argument(
        "--write-results",
        action="store_true",
        help="write the verdicts to docs/results/soak[-window].json (for scripts/gen_figures.py; not with --smoke)",
    )
    ap.add_argument("--series-out", type=Path, metavar="FILE", help="also write every series' points as JSON")
    ap.add_argument("--as-window", type=Path, metavar="PROFILE", help=argparse.SUPPRESS)  # the window's process
    a = ap.parse_args()
    if a.as_window:
        return window_run(a.as_window)
    if a.smoke:
        a.minutes = 2.0
    if a.minutes <= 0 or a.every_s <= 0 or a.block_s <= 0 or a.concurrency < 1:
        ap.error("--minutes, --every-s and --block-s must be positive and --concurrency at least 1")
    # more blocks than fit: the run is ended (SIGTERM: it cancels, keeping its samples) at --minutes
    repetitions = math.ceil(a.minutes * 60 / a.block_s) + 2
    a.load_before = _results.load_average()
    with tempfile.TemporaryDirectory() as tmp:
        profile = Path(tmp) / "soak.toml"
        profile.write_text(PROFILE.format(repetitions=repetitions, concurrency=a.concurrency, block_s=a.block_s))
        env = dict(os.environ, BANCADA_DATA_DIR=str(Path(tmp) / "data"), PYTHONPATH=str(ROOT / "app"))
        runs_dir = Path(tmp) / "data" / "runs"
        cmd = [sys.executable, "-m", "bancada.cli", "run", str(profile), "--out", str(Path(tmp) / "out"), "--quiet"]
        if a.window:  # the window starts the run (its run process is its child) and draws it live
            cmd = [sys.executable, str(Path(__file__).resolve()), "--as-window", str(profile)]
        print(f"soak: {repetitions} blocks of {a.block_s:g} s, {a.concurrency} clients, a sample every {a.every_s:g} s")
        t0 = time.monotonic()
        run = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        series: dict[str, Series] = {}
        peaks: dict[int, tuple[float, float]] = {}
        run_file: Path | None = None
        try:
            while run.poll() is None:
                run_file = run_file or (newest_run(runs_dir) if runs_dir.exists() else None)
                sample_once(time.monotonic() - t0, run.pid, run_file, a.window, series, peaks)
                if run_file is not None and _finished(run_file):
                    break  # the run is over: what follows is its export
                if time.monotonic() - t0 >= a.minutes * 60:
                    run.terminate()  # bancada run and the window cancel the run on SIGTERM
                    break
                time.sleep(a.every_s - (time.monotonic() - t0) % a.every_s)
            output = _wait_for_end(run, run_file)
        finally:
            if run.poll() is None:
                run.terminate()
                run.wait(30)
        took_min = (time.monotonic() - t0) / 60
        if run_file is None or run_status(run_file) not in ("complete", "cancelled"):
            print(output[-3000:])
            print(f"soak: FAILED: the run ended with exit code {run.returncode}, status {run_status(run_file)}")
            return 1
        frames_ok, final = True, None
        if a.window:
            frame_line = [line for line in output.splitlines() if line.startswith("window frames:")]
            print(frame_line[0] if frame_line else "window frames: none reported")
            frames_ok = bool(frame_line) and "FAILED" not in frame_line[0]
            final = final_statistics(output)
            print(output_line(output, "final statistics:") or "final statistics: FAILED: not shown")
            frames_ok &= final is not None
        if len(peaks) > 1:
            series["driver peak RSS per block"] = peak_series(peaks)
        if a.series_out:
            a.series_out.write_text(json.dumps({k: {"unit": v.unit, "points": v.points} for k, v in series.items()}))
        return report(series, run_file, took_min, a, frames_ok, final)


def window_run(profile_path: Path) -> int:
    """The window's process (``--window``): start the run from the window, draw it live until it ends,
    then print the plot frames' interval p99 over the run's first and last tenth (target < 100 ms)."""
    import numpy as np

    sys.path.insert(0, str(ROOT / "app"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen" if not os.environ.get("DISPLAY") else "xcb")
    from PySide6.QtCore import QTimer

    from bancada.experiment.profile import load_profile
    from bancada.ui.app import create_app
    from bancada.ui.window.main_window import MainWindow

    app = create_app()
    window = MainWindow()
    window.resize(1280, 720)
    window.show()
    status: list[str] = []
    ended: list[float] = []
    finals: list[float] = []  # when the final statistics (every sample) were shown
    window.runFinished.connect(lambda s: (status.append(s), ended.append(time.monotonic())))
    window.runFinished.connect(lambda _: QTimer.singleShot(FINAL_STATISTICS_TIMEOUT_S * 1000, app.quit))
    window.stats.shown.connect(lambda final: (finals.append(time.monotonic()), app.quit()) if final else None)
    import signal

    signal.signal(signal.SIGTERM, lambda *_: QTimer.singleShot(0, window.stop_run))
    beat = QTimer()  # Python's signal handlers run only between bytecodes: wake the interpreter
    beat.timeout.connect(lambda: None)
    beat.start(200)
    if not window.start_run(load_profile(profile_path)):
        print(f"window frames: FAILED: the run did not start: {window.state_label.text()}")
        return 1
    stats_peak = [0.0]  # the statistics process's peak RSS, read every 2 s (the process may be gone at the end)
    poll = QTimer()
    poll.timeout.connect(lambda: stats_peak.append(max(stats_peak.pop(), _statistics_peak_mb())))
    poll.start(2000)
    app.exec()  # until the final statistics are shown (every sample of the run read and analysed)
    stats_peak_mb = max(stats_peak[0], _statistics_peak_mb())
    deadline = time.monotonic() + 60
    while window.running() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    if ended and finals:
        res = window.stats_view.result
        print(
            f"final statistics: {finals[-1] - ended[-1]:.1f} s after the run ended, {res.rows if res else 0:,} rows, "
            f"statistics process peak RSS {stats_peak_mb:,.0f} MB"
        )
    else:
        print(f"final statistics: FAILED: not shown within {FINAL_STATISTICS_TIMEOUT_S} s (run {status})")
    times = np.asarray(window.run.frame_times)
    window.tasks.shutdown()
    window.close()
    if len(times) < 20:
        print(f"window frames: FAILED: {len(times)} frames (run {status})")
        return 1
    tenth = len(times) // 10
    start, end = np.diff(times[: tenth + 1]) * 1e3, np.diff(times[-tenth - 1 :]) * 1e3
    p_start, p_end = float(np.percentile(start, 99)), float(np.percentile(end, 99))
    fine = p_start < 100 and p_end < 100 and status in (["complete"], ["cancelled"])
    print(
        f"window frames: p99 {p_start:.1f} ms over the first tenth, {p_end:.1f} ms over the last "
        f"({len(times):,} frames, target < 100 ms){'' if fine else ' FAILED'}"
    )
    return 0 if fine else 1


def output_line(output: str, head: str) -> str:
    """The window process's line that starts with ``head`` ("" when it printed none)."""
    return next((line for line in output.splitlines() if line.startswith(head)), "")


def final_statistics(output: str) -> dict[str, float] | None:
    """The window's "final statistics:" line as numbers: ``after_s``, ``rows``, ``peak_mb``; None without it."""
    import re

    found = re.match(
        r"final statistics: ([\d.,]+) s after the run ended, ([\d,]+) rows, statistics process peak RSS ([\d,]+) MB",
        output_line(output, "final statistics:"),
    )
    if found is None:
        return None
    after, rows, peak = (float(g.replace(",", "")) for g in found.groups())
    return {"after_s": after, "rows": rows, "peak_mb": peak}


def _statistics_peak_mb() -> float:
    """The peak RSS (VmHWM) of this process's statistics process, MB; 0 if none."""
    stats = [pid for pid, cmd in descendants(os.getpid()).items() if role(cmd) == "statistics process"]
    peaks = [process_figures(pid) for pid in stats]
    return max((p[3] for p in peaks if p is not None), default=0.0)


def _wait_for_end(run: subprocess.Popen, run_file: Path | None) -> str:
    """Wait until the run file has its final status and the workers and driver are gone; then end
    ``bancada run``, which goes on to export the samples as CSV (not the soak's concern: minutes for
    millions of samples). Returns what it printed."""
    deadline = time.monotonic() + 600
    while run.poll() is None and time.monotonic() < deadline:
        if _finished(run_file) and not any(role(c) for c in descendants(run.pid).values()):
            break
        time.sleep(1)
    if run.poll() is None:
        run.kill()
    output, _ = run.communicate(timeout=60)
    return str(output or "")


def run_status(run_file: Path | None) -> str:
    """The run file's status ("" when there is none or it cannot be read yet)."""
    if run_file is None:
        return ""
    try:
        with sqlite3.connect(f"file:{run_file}?mode=ro", uri=True, timeout=5) as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'status'").fetchone()
    except sqlite3.Error:
        return ""
    return str(row[0]) if row else ""


def _finished(run_file: Path | None) -> bool:
    return run_status(run_file) not in ("", "running")


def report(
    series: dict[str, Series],
    run_file: Path,
    took_min: float,
    a: argparse.Namespace,
    frames_ok: bool,
    final: dict[str, float] | None = None,
) -> int:
    """Print each series' verdict and the samples' count; 0 when all pass. ``final``: the window's
    statistics of every sample once the run ended (:func:`final_statistics`), None without a window."""
    sys.path.insert(0, str(ROOT / "app"))
    from bancada.store.runstore import RunStore

    with RunStore.open(run_file) as store:
        stored = store.sample_count()
    sent = sent_samples(run_file)
    skip_s = a.minutes * 60 / 6  # the first sixth: start-up, the first blocks, caches filling
    ok = stored == sent > 0 and frames_ok
    print(f"soak: {took_min:.1f} min; judged after {skip_s:.0f} s; growth allowed < {GROWTH_PER_HOUR * 100:g} %/h")
    rows = []
    for name in sorted(series):
        v = judge(series[name], skip_s)
        ok &= v.flat
        print(f"  {'flat ' if v.flat else 'GROWS'} {name:28} {v.line(series[name].unit)}")
        unit = f" {series[name].unit}" if series[name].unit else ""
        rows.append(
            [
                name,
                f"{v.median:,.2f}{unit}",
                f"{v.per_hour:+,.2f}{unit}/h ({v.low:+,.2f} to {v.high:+,.2f})",
                f"{v.growth * 100:+.2f} %/h",
                "flat" if v.flat else "grows",
            ]
        )
    lost = "none lost" if stored == sent else "LOST"
    print(f"  samples: {sent:,} sent by the driver, {stored:,} in the run file ({lost})")
    if a.write_results and not a.smoke:
        caption = (
            f"{took_min:.0f} min of `bancada run`{' from the window' if a.window else ''}, judged after "
            f"{skip_s / 60:.0f} min: {sent:,} samples sent, {stored:,} stored ({lost})"
        )
        columns = ["series", "median", "slope (95 % interval)", "growth", "verdict"]
        tables = {"series": _results.table(columns, rows, caption)}
        if a.window and final:
            tables["final"] = _results.table(
                ["after the run ended", "samples analysed", "statistics process peak RSS"],
                [[f"{final['after_s']:,.1f} s", f"{int(final['rows']):,}", f"{final['peak_mb']:,.0f} MB"]],
                "the window's statistics of every sample, once the run has ended",
            )
        _results.write(__file__, tables, a.load_before, name="soak-window" if a.window else "soak")
    if a.smoke:  # 2 minutes on a shared CI machine: the figures and the count, not the slopes' verdicts
        filled = stored == sent > 0 and frames_ok and len(series) >= 8
        print("smoke: ok" if filled else "smoke: FAILED (no samples, samples lost or series missing)")
        return 0 if filled else 1
    else:
        print("soak: pass" if ok else "soak: FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
