#!/usr/bin/env python3
"""Screenshots of the Flame graphs tab and of the guide's step "Por quê?", in Brazilian Portuguese.

Runs one small real profiled experiment on this computer (go-rest and go-grpc, the quick
profile's LargeSize and StdSize, n = 40, r = 2, ``[profiling] cpu = true``), opens it in the
window on its own Xvfb screen (1024×768 unless ``--size``) with openbox framing the window
(``tests/ui/xdisplay.py``; ``apt-get install xvfb openbox``), and grabs the whole screen::

    .venv/bin/python scripts/screenshots_profiles.py

Writes ``docs/img/pt_BR-flame-graphs-1024x768.png`` (go-rest's LargeSize flame graph) and
``docs/img/guide-pt_BR-why.png`` (the step "Por quê?" with go-rest coloured against go-grpc);
prints their paths. Exits 1 when the run does not complete or a view does not show.
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


def profiled_run(folder: Path) -> Path:
    from bancada.experiment.overrides import apply_overrides
    from bancada.experiment.profile import load_profile
    from bancada.experiment.profiling import Profiling
    from bancada.run.runner import RunFinished, RunStarted, Runner

    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "quick.toml"), "quick", requests=40, repetitions=2, warmup=10
    )
    profile.experiment.implementations = ["go-rest", "go-grpc"]
    profile.profiling = Profiling(cpu=True)
    events = list(Runner(profile, driver="python", store_folder=folder).events())
    if not isinstance(events[-1], RunFinished) or events[-1].status != "complete":
        raise SystemExit(f"screenshots: the run did not complete: {events[-1]}")
    return next(e for e in events if isinstance(e, RunStarted)).path


def shots(out: Path) -> int:
    from bancada.ui import language
    from bancada.ui.app import create_app, make_window

    app = create_app()
    language.install("pt_BR")
    path = profiled_run(Path(os.environ["BANCADA_DATA_DIR"]))
    window = make_window(str(ROOT / "profiles" / "quick.toml"))
    window.show()
    if not wait_until(app, lambda: bool(window.panel._impl_boxes) and not window.tasks.busy("probe"), 120):
        print("screenshots: the host check did not finish", file=sys.stderr)
        return 1
    window.open_run(str(path))
    tab = window.tabs.indexOf(window.flames)
    if not wait_until(app, lambda: window.tabs.isTabVisible(tab), 120):
        print("screenshots: the Flame graphs tab did not show", file=sys.stderr)
        return 1
    size = app.primaryScreen().size()
    written = []
    window.tabs.setCurrentIndex(tab)
    window.flames.select("go-rest · LargeSize")
    settle(app)
    written.append(save_screen(app, out / f"pt_BR-flame-graphs-{size.width()}x{size.height()}.png"))
    g = window.show_guide()
    read = []
    g.stepShown.connect(lambda name: read.append(name) if name == "why-read" else None)
    g.state.profiled = True
    g.state.step = g.state.steps().index("why")
    g._show_step()
    if not wait_until(app, lambda: bool(read), 60):
        print("screenshots: the step Por quê? did not read the profiles", file=sys.stderr)
        return 1
    written.append(save_screen(app, out / "guide-pt_BR-why.png"))
    print("\n".join(str(p) for p in written))
    window.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1024x768", help="screen size, WxH")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--here", action="store_true", help="use the current DISPLAY")
    args = ap.parse_args()
    os.environ.setdefault("BANCADA_HOME", str(ROOT))
    if not args.here:
        width, height = (int(v) for v in args.size.split("x"))
        return on_openbox(width, height, [sys.executable, __file__, "--here", "--out", str(args.out)])
    config = tempfile.mkdtemp(prefix="bancada-shots-")
    os.environ["BANCADA_CONFIG_DIR"] = config
    os.environ["BANCADA_DATA_DIR"] = str(Path(config) / "data")
    Path(os.environ["BANCADA_DATA_DIR"]).mkdir(parents=True, exist_ok=True)
    return shots(args.out)


if __name__ == "__main__":
    sys.exit(main())
