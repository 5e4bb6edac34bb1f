#!/usr/bin/env python3
"""Screenshots of the window in English and Brazilian Portuguese, for a person to look at.

Runs one small real experiment (the quick profile's four implementations,
StdSize, n = 20, r = 2, on this computer), then shows it in each language and
screen size and saves the live view, the statistics and the panel refusing a
bad number. Run it under Xvfb so the fonts and the screen are real::

    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python scripts/screenshots.py [--sizes 1024x768,1366x768]

Writes ``tests/artifacts/screens/<lang>-<view>-<size>.png`` (git-ignored) and
prints their paths. Exits 1 when the run does not complete.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "artifacts" / "screens"


def wait_until(app, cond, timeout_s: float) -> bool:
    """Process events until ``cond()`` holds (a script's event loop; tests use qtbot.waitUntil)."""
    from PySide6.QtCore import QEventLoop

    end = time.monotonic() + timeout_s
    while not cond():
        if time.monotonic() > end:
            return False
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.02)
    return True


def settle(app, seconds: float = 0.6) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1024x768,1366x768", help="screen sizes, WxH, comma-separated")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    os.environ.setdefault("BANCADA_HOME", str(ROOT))
    config = tempfile.mkdtemp(prefix="bancada-shots-")
    os.environ["BANCADA_CONFIG_DIR"] = config  # the user's gui.ini is left alone
    os.environ["BANCADA_DATA_DIR"] = str(Path(config) / "data")  # and so are the stored runs
    args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QRect, Qt

    from bancada.ui import language
    from bancada.ui.app import create_app, make_window

    app = create_app()
    language.install("en")
    window = make_window(str(ROOT / "profiles" / "quick.toml"))
    window.show()
    if not wait_until(app, lambda: bool(window.panel._impl_boxes) and not window.tasks.busy("probe"), 120):
        print("screenshots: the host check did not finish", file=sys.stderr)
        return 1
    p = window.panel
    p.set_payloads(["StdSize"])
    p.requests.setValue(20)
    p.repetitions.setValue(2)
    p.warmup.setValue(5)
    finished: list[str] = []
    window.runFinished.connect(finished.append)
    if not window.start_run():
        print(f"screenshots: cannot start: {window.state_label.text()}", file=sys.stderr)
        return 1
    if not wait_until(app, lambda: bool(finished), 300) or finished[0] != "complete":
        print(f"screenshots: the run ended {finished}: {window.state_label.text()}", file=sys.stderr)
        return 1
    wait_until(app, lambda: window.stats_view.result is not None and not window.tasks.busy("stats"), 120)
    run_path = str(window.run_path)
    written = []
    for lang in ("en", "pt_BR"):
        if lang != "en":
            window = language.switch(window, lang)
            wait_until(app, lambda: window.run_path is not None and not window.tasks.busy("load"), 60)
            wait_until(app, lambda: window.stats_view.result is not None and not window.tasks.busy("stats"), 120)
        for w, h in sizes:
            window.fit_to_screen(QRect(0, 0, w, h))
            window.tabs.setCurrentIndex(0)
            settle(app)
            for view, prepare in (
                ("live", lambda: window.tabs.setCurrentIndex(0)),
                ("statistics", lambda: window.tabs.setCurrentIndex(1)),
            ):
                prepare()
                settle(app)
                path = args.out / f"{lang}-{view}-{w}x{h}.png"
                window.grab().save(str(path))
                written.append(path)
        # classroom mode, full screen (the Xvfb screen's size), and scaled down to 50 % as a room sees it
        window.tabs.setCurrentIndex(0)
        window.set_classroom(True)
        settle(app, 1.0)
        shot = window.grab()
        path = args.out / f"{lang}-classroom-{shot.width()}x{shot.height()}.png"
        shot.save(str(path))
        half = args.out / f"{lang}-classroom-50pct.png"
        shot.scaledToWidth(shot.width() // 2, Qt.TransformationMode.SmoothTransformation).save(str(half))
        written += [path, half]
        window.set_classroom(False)
        settle(app)
        # the panel refusing a bad number: the reason beside Run
        window.fit_to_screen(QRect(0, 0, *sizes[0]))
        window.tabs.setCurrentIndex(0)
        window.panel.requests.setText("0")
        settle(app)
        path = args.out / f"{lang}-refusal-{sizes[0][0]}x{sizes[0][1]}.png"
        window.grab().save(str(path))
        written.append(path)
        window.panel.requests.setText("20")
    print("\n".join(str(p) for p in written))
    print(f"run file: {run_path}")
    window.close()
    language.install("en")
    return 0


if __name__ == "__main__":
    sys.exit(main())
