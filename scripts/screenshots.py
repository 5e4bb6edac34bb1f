#!/usr/bin/env python3
"""Screenshots of the window in English and Brazilian Portuguese, on a real screen with a window manager.

Runs one small real experiment (the quick profile's four implementations,
StdSize and LargeSize, n = 20, r = 2, on this computer: the classroom demo's
design), then shows it in each language and grabs the whole screen: the live
view, the statistics, classroom mode (and its second workload after Next) and
the panel refusing a bad number. Each screen size runs in its own Xvfb with
openbox framing the window (``tests/ui/xdisplay.py``; ``apt-get install xvfb
openbox``), so the title bar and borders take their pixels as on a lab machine::

    .venv/bin/python scripts/screenshots.py [--sizes 1024x768,1366x768] [--out DIR]

Writes ``<out>/<lang>-<view>-<W>x<H>.png`` (8-bit PNGs; default out:
``tests/artifacts/screens``, git-ignored; docs/img holds the chosen ones) and
prints their paths. Exits 1 when the run does not complete.
"""

from __future__ import annotations

import argparse
import os
import subprocess
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


def on_openbox(width: int, height: int, argv: list[str]) -> int:
    """Run ``argv`` (this script again) on a new Xvfb screen of ``width``×``height`` managed by openbox."""
    sys.path.insert(0, str(ROOT))
    from tests.ui import xdisplay

    if xdisplay.missing():
        print(f"screenshots: needs {' and '.join(xdisplay.missing())} (apt-get install xvfb openbox)", file=sys.stderr)
        return 1
    with xdisplay.openbox_display(width, height) as display:
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
        return subprocess.run(argv, env=env, check=False).returncode


def save_screen(app, path: Path) -> Path:
    """The whole screen, window-manager frames included, as an 8-bit PNG (a third of the bytes)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    settle(app, 0.8)
    shot = app.primaryScreen().grabWindow(0).toImage()
    flags = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither
    if not shot.convertToFormat(QImage.Format.Format_Indexed8, flags).save(str(path), "PNG", 9):
        raise OSError(f"cannot write {path}")
    return path


def run_experiment(app, window) -> bool:
    p = window.panel
    p.set_payloads(["StdSize", "LargeSize"])
    p.requests.setValue(20)
    p.repetitions.setValue(2)
    p.warmup.setValue(5)
    finished: list[str] = []
    window.runFinished.connect(finished.append)
    if not window.start_run():
        print(f"screenshots: cannot start: {window.state_label.text()}", file=sys.stderr)
        return False
    if not wait_until(app, lambda: bool(finished), 300) or finished[0] != "complete":
        print(f"screenshots: the run ended {finished}: {window.state_label.text()}", file=sys.stderr)
        return False
    wait_until(app, lambda: window.stats_view.result is not None and not window.tasks.busy("stats"), 120)
    return True


def shots(out: Path) -> int:
    """On the current display: the run, then each language's pictures at the screen's size."""
    from bancada.ui import language
    from bancada.ui.app import create_app, make_window

    app = create_app()
    language.install("en")
    window = make_window(str(ROOT / "profiles" / "quick.toml"))
    window.show()
    if not wait_until(app, lambda: bool(window.panel._impl_boxes) and not window.tasks.busy("probe"), 120):
        print("screenshots: the host check did not finish", file=sys.stderr)
        return 1
    if not run_experiment(app, window):
        return 1
    run_path = str(window.run_path)
    size = app.primaryScreen().size()
    tag = f"{size.width()}x{size.height()}"
    written = []
    for lang in ("en", "pt_BR"):
        if lang != "en":
            window = language.switch(window, lang)
            wait_until(app, lambda: window.run_path is not None and not window.tasks.busy("load"), 60)
            wait_until(app, lambda: window.stats_view.result is not None and not window.tasks.busy("stats"), 120)
        window.tabs.setCurrentIndex(0)
        written.append(save_screen(app, out / f"{lang}-live-{tag}.png"))
        window.tabs.setCurrentWidget(window.stats_view)
        written.append(save_screen(app, out / f"{lang}-statistics-{tag}.png"))
        # classroom mode, full screen: the first workload, then Next
        window.tabs.setCurrentIndex(0)
        window.classroom_mode.set_active(True)
        written.append(save_screen(app, out / f"{lang}-classroom-{tag}.png"))
        window.classroom_mode.next_page()
        written.append(save_screen(app, out / f"{lang}-classroom-next-{tag}.png"))
        window.classroom_mode.set_active(False)
        settle(app)
        # the panel refusing a bad number: the reason beside Run
        window.panel.requests.setText("0")
        written.append(save_screen(app, out / f"{lang}-refusal-{tag}.png"))
        window.panel.requests.setText("20")
    print("\n".join(str(p) for p in written))
    print(f"run file: {run_path}")
    window.close()
    language.install("en")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1024x768,1366x768", help="screen sizes, WxH, comma-separated")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--here", action="store_true", help="use the current DISPLAY (one size: the screen's)")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("BANCADA_HOME", str(ROOT))
    if not args.here:
        for size in args.sizes.split(","):
            width, height = (int(v) for v in size.split("x"))
            rc = on_openbox(width, height, [sys.executable, __file__, "--here", "--out", str(args.out)])
            if rc:
                return rc
        return 0
    config = tempfile.mkdtemp(prefix="bancada-shots-")
    os.environ["BANCADA_CONFIG_DIR"] = config  # the user's gui.ini is left alone
    os.environ["BANCADA_DATA_DIR"] = str(Path(config) / "data")  # and so are the stored runs
    return shots(args.out)


if __name__ == "__main__":
    sys.exit(main())
