#!/usr/bin/env python3
"""Screenshots of every step of the guided experiment and of classroom mode, in English and Brazilian Portuguese.

Walks the guide for real on this computer (the quick study with its Go
implementations, StdSize, a pilot of 10 × 2 and a main run of 20 × 2
requests), grabs the whole screen at each step and in classroom mode, and writes
8-bit PNGs (small enough for the repository) for docs/gui.md. It starts its own
Xvfb screen (1024×768 unless ``--size``) with openbox framing the window, as on a
lab machine (``tests/ui/xdisplay.py``; ``apt-get install xvfb openbox``)::

    .venv/bin/python scripts/screenshots_guide.py

Writes ``docs/img/guide-<lang>-<NN>-<step>.png`` and
``docs/img/guide-<lang>-classroom.png``; prints their paths. Exits 1 when a
step cannot be passed (the reason is printed). ``--scheme dark`` shows the window
as a dark system colour scheme does, ``--scale 1.5`` runs it at ``QT_SCALE_FACTOR=1.5``
(large text), ``--tag dark`` puts the tag in the names (``guide-pt_BR-dark-01-study.png``)
and ``--steps 1,6`` keeps only those steps' images (no classroom one)::

    .venv/bin/python scripts/screenshots_guide.py --languages pt_BR --size 1366x768 --scheme dark --tag dark --steps 1,6
    .venv/bin/python scripts/screenshots_guide.py --languages pt_BR --size 1366x768 --scale 1.5 --tag 150 --steps 1,5
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from screenshots import on_openbox, save_screen, settle, wait_until  # noqa: E402

OUT = ROOT / "docs" / "img"
IMPLEMENTATIONS = ["go-grpc", "go-rest"]


class StepFailed(RuntimeError):
    pass


def save(window, path: Path) -> Path:
    """The whole screen (the window with openbox's frame) as an 8-bit PNG."""
    from PySide6.QtWidgets import QApplication

    try:
        return save_screen(QApplication.instance(), path)
    except OSError as exc:
        raise StepFailed(str(exc)) from None


def walk(app, window, lang: str, out: Path, tag: str = "", steps: set[int] | None = None) -> list[Path]:
    """Pass every step of the guide, grabbing the window at each one; returns the files written."""
    from bancada.guide.wizard_state import STEPS

    g = window.show_guide()
    written = []

    def shot() -> None:
        settle(app, 0.8)
        k = g.state.step + 1
        if steps is None or k in steps:
            name = f"guide-{lang}{'-' + tag if tag else ''}-{k:02d}-{g.state.name.replace('_', '-')}.png"
            written.append(save(window, out / name))

    def ready(timeout_s: float = 180) -> None:
        if not wait_until(app, lambda: g.next_button.isEnabled(), timeout_s):
            raise StepFailed(f"step {g.state.name}: {g.reason.text()}")

    def next_step() -> None:
        ready()
        g.go_next()

    shot()  # the cards, none chosen: Next says why it is disabled
    g.study_page.buttons["quick"].click()
    next_step()
    ready(120)
    shot()  # the host and what it can run
    next_step()
    g.factors_page.payload_boxes["LargeSize"].setChecked(False)
    for impl, box in g.factors_page.impl_boxes.items():
        box.setChecked(impl in IMPLEMENTATIONS)
    shot()
    next_step()
    g.runs.start_pilot()
    wait_until(app, lambda: len(window.live.box_items) > 0 and window.model.total > 20, 60)
    ready()
    shot()  # the pilot's boxes
    next_step()
    g.runs.size_page.requests.setText("20")
    g.runs.size_page.requests.textEdited.emit("20")
    shot()
    next_step()
    g.runs.start_main_run()
    ready()
    shot()  # the main run's boxes
    while g.state.name != STEPS[-1]:
        next_step()
        if g.state.name != STEPS[-1]:
            ready(60)
        shot()  # normality, rank tests, factorial allocation, conclusions, export (before pressing Export)
        if g.state.name == "conclusions":  # their end: the paper's ranking beside the run's (seed 000's design)
            bar = g.results.conclusions_page.text.verticalScrollBar()
            bar.setValue(bar.maximum())
            settle(app)
            written.append(save(window, out / f"guide-{lang}-{g.state.step + 1:02d}-paper-beside.png"))
    return written


def classroom(app, window, lang: str, out: Path) -> Path:
    window.guide.close()
    window.tabs.setCurrentIndex(0)
    window.classroom_mode.set_active(True)
    settle(app, 1.5)
    path = save(window, out / f"guide-{lang}-classroom.png")
    window.classroom_mode.set_active(False)
    settle(app)
    return path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--languages", default="pt_BR,en")
    ap.add_argument("--size", default="1024x768", help="the screen's size, WxH")
    ap.add_argument("--here", action="store_true", help="use the current DISPLAY as it is")
    ap.add_argument("--scheme", choices=("system", "dark"), default="system", help="the colour scheme shown")
    ap.add_argument("--scale", default="", help="QT_SCALE_FACTOR for the window (1.5: large text)")
    ap.add_argument("--tag", default="", help="a word in the images' names (dark, 150)")
    ap.add_argument("--steps", default="", help="the steps (1-based, comma-separated) to keep; empty: all")
    args = ap.parse_args()
    if not args.here:
        width, height = (int(v) for v in args.size.split("x"))
        argv = [sys.executable, __file__, "--here", "--out", str(args.out), "--languages", args.languages]
        argv += ["--scheme", args.scheme, "--tag", args.tag, "--steps", args.steps]
        if args.scale:
            os.environ["QT_SCALE_FACTOR"] = args.scale
        return on_openbox(width, height, argv)
    steps = {int(k) for k in args.steps.split(",") if k} or None
    os.environ.setdefault("BANCADA_HOME", str(ROOT))
    config = tempfile.mkdtemp(prefix="bancada-guide-shots-")
    os.environ["BANCADA_CONFIG_DIR"] = config  # the user's gui.ini is left alone
    os.environ["BANCADA_DATA_DIR"] = str(Path(config) / "data")  # and so are the stored runs
    args.out.mkdir(parents=True, exist_ok=True)

    from bancada.ui import language
    from bancada.ui.app import create_app, make_window

    app = create_app()
    if args.scheme == "dark":
        from PySide6.QtCore import Qt

        from bancada.ui import scheme

        scheme.apply(Qt.ColorScheme.Dark)
    written = []
    for lang in args.languages.split(","):
        language.install(lang)
        window = make_window(str(ROOT / "profiles" / "quick.toml"))
        window.show()
        window.showMaximized()  # as a student at a lab screen would
        if not wait_until(app, lambda: bool(window.panel._impl_boxes) and not window.tasks.busy("probe"), 120):
            print("screenshots: the host check did not finish", file=sys.stderr)
            return 1
        try:
            written += walk(app, window, lang, args.out, args.tag, steps)
            if steps is None:
                written.append(classroom(app, window, lang, args.out))
        except StepFailed as exc:
            print(f"screenshots: {exc}", file=sys.stderr)
            return 1
        finally:
            window.close()
            settle(app)
    language.install("en")
    print("\n".join(str(p) for p in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
