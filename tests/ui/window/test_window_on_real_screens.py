"""The window on real screens (issue 26): Xvfb at a lab screen's size with openbox framing the windows.

Each launch is a real process (``tests/ui/screen_probe.py``, Qt's xcb platform) on its own Xvfb +
openbox (``tests/ui/xdisplay.py``). The launches come in two chains, each with one settings folder
as a user's sessions have, the chains side by side: 1024×768, then 1366×768 twice (a relaunch
after a smaller screen, then one more: no creeping down); and, after a session on a 1920×1080
screen, 1024×768 and 1366×768 at ``QT_SCALE_FACTOR=1.5`` (683×512 and 911×512 logical pixels).
Checked, in global coordinates with the window manager's frame: the main window's frame, status
bar (state, progress, ETA) and Run button, every dialog's frame and buttons, and classroom mode's
plots lie inside the screen's available area.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from tests.conftest import ROOT
from tests.ui import xdisplay

pytestmark = [pytest.mark.ui, pytest.mark.skipif(bool(xdisplay.missing()), reason="needs Xvfb and openbox")]


@dataclass(frozen=True)
class Launch:
    key: str
    width: int
    height: int
    scale: float
    dialogs: bool


#: Two chains of sessions, each with its own settings folder; the chains run side by side.
CHAINS = [
    [
        Launch("1024x768", 1024, 768, 1.0, True),
        Launch("1366x768 after 1024x768", 1366, 768, 1.0, True),
        Launch("1366x768 again", 1366, 768, 1.0, False),
    ],
    [
        Launch("1024x768 at 1.5", 1024, 768, 1.5, True),
        Launch("1366x768 at 1.5", 1366, 768, 1.5, True),
    ],
]
LAUNCHES = [launch for chain in CHAINS for launch in chain]
#: What the second chain's settings hold at first: a window closed on a 1920 × 1080 screen
#: (``frameRect`` and ``size`` as :mod:`bancada.ui.window.settings` writes them), 25 px title bar.
BIGGER_SCREEN_INI = """[General]
frameRect=@Rect(200 100 1400 925)
size=@Size(1400 900)
maximized=false
"""
BIGGER_FRAME = [200, 100, 1400, 925]


def run_probe(launch: Launch, home, out) -> dict:
    """One session: ``launch``'s screen (Xvfb + openbox), the probe in it, its JSON."""
    with xdisplay.openbox_display(launch.width, launch.height) as display:
        env = {
            **os.environ,
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "QT_SCALE_FACTOR": str(launch.scale),
            "BANCADA_HOME": str(ROOT),
            "BANCADA_CONFIG_DIR": str(home / "config"),
            "BANCADA_DATA_DIR": str(home / "data"),
        }
        env.pop("QT_SCREEN_SCALE_FACTORS", None)
        args = [sys.executable, "-m", "tests.ui.screen_probe", str(out)]
        args += ["--dialogs"] if launch.dialogs else ["--switch-language"]
        done = subprocess.run(args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{launch.key}: the probe failed:\n{done.stderr[-3000:]}"
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def launches(tmp_path_factory) -> dict[str, dict]:
    """Every launch of :data:`CHAINS`: key -> the probe's JSON (the chains in two threads, each in order)."""
    if xdisplay.missing():
        pytest.skip(f"needs {' and '.join(xdisplay.missing())} (apt-get install xvfb openbox)")
    homes = [tmp_path_factory.mktemp("screens") for _ in CHAINS]
    (homes[1] / "config").mkdir()
    (homes[1] / "config" / "gui.ini").write_text(BIGGER_SCREEN_INI, encoding="utf-8")

    def chain_of(index: int) -> dict[str, dict]:
        return {
            launch.key: run_probe(launch, homes[index], homes[index] / f"{n}.json")
            for n, launch in enumerate(CHAINS[index])
        }

    with ThreadPoolExecutor(len(CHAINS)) as pool:
        results: dict[str, dict] = {}
        for part in pool.map(chain_of, range(len(CHAINS))):
            results.update(part)
    return results


def inside(r: list[int], screen: list[int]) -> bool:
    if len(r) == 1:  # a flag: [1] inside the scrolled view, [0] not
        return bool(r[0])
    x, y, w, h = r
    sx, sy, sw, sh = screen
    return w > 0 and h > 0 and x >= sx and y >= sy and x + w <= sx + sw and y + h <= sy + sh


def outside_parts(result: dict, names: set[str] | None = None) -> list[str]:
    """``"window: part [x, y, w, h]"`` for each frame or part not inside the screen."""
    screen, bad = result["screen"], []
    for win in result["windows"]:
        if names is not None and win["name"] not in names:
            continue
        if "error" in win:
            bad.append(f"{win['name']}: {win['error']}")
            continue
        if not inside(win["frame"], screen):
            bad.append(f"{win['name']}: frame {win['frame']}")
        bad += [f"{win['name']}: {part} {r}" for part, r in win["parts"].items() if not inside(r, screen)]
    return bad


@pytest.mark.parametrize("key", [launch.key for launch in LAUNCHES])
def test_the_main_windows_frame_status_bar_and_run_lie_inside_the_screen(launches, key):
    result = launches[key]
    launch = next(la for la in LAUNCHES if la.key == key)
    # the screen Qt reports is the Xvfb screen in logical pixels (nothing takes part of it)
    assert result["screen"][2:] == [round(launch.width / launch.scale), round(launch.height / launch.scale)]
    main = result["windows"][0]
    assert main["name"] == "Main window"
    assert {"status bar", "state", "progress", "ETA", "Run"} <= set(main["parts"])
    assert not outside_parts(result, {"Main window"}), outside_parts(result, {"Main window"})
    if launch.scale == 1.0:  # at 1024 pixels and more the panel's rows show whole, in every language
        sideways = {w["name"]: w["panel sideways px"] for w in result["windows"] if "panel sideways px" in w}
        assert sideways and not any(sideways.values()), sideways
    if key in ("1024x768", "1024x768 at 1.5"):  # nothing remembered fits: it takes the screen, not 640 × 480
        frame, screen = main["frame"], result["screen"]
        assert frame[2] >= min(1280, screen[2]) * 0.95 and frame[3] >= min(800, screen[3]) * 0.95, (frame, screen)


@pytest.mark.parametrize("key", [launch.key for launch in LAUNCHES if launch.dialogs])
def test_every_dialogs_frame_and_buttons_lie_inside_the_screen(launches, key):
    result = launches[key]
    names = [w["name"] for w in result["windows"]]
    expected_windows = (
        "Compare",
        "My own service",
        "Keyboard shortcuts",
        "Error message",
        "Open run (file dialog)",
        "About",
    )
    for expected in (*expected_windows, "Export all (folder dialog)", "Classroom mode"):
        assert expected in names, names
    compare = next(w for w in result["windows"] if w["name"] == "Compare")
    assert "button Compare" in compare["parts"], compare["parts"]
    if next(la for la in LAUNCHES if la.key == key).scale == 1.0:  # the guide's pages wrap to its dock, none cut
        guide = next(w for w in result["windows"] if w["name"] == "Guided experiment (docked)")
        assert guide["guide pages wider than the dock px"] == {}, guide["guide pages wider than the dock px"]
    bad = outside_parts(result)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("key", [launch.key for launch in LAUNCHES if launch.dialogs])
def test_classroom_mode_shows_one_whole_plot_per_screen_and_next_pages(launches, key):
    room = next(w for w in launches[key]["windows"] if w["name"] == "Classroom mode")
    assert room["frame"][:2] == [0, 0] and room["frame"][2:] == launches[key]["screen"][2:]  # full screen
    assert len(room["workloads shown"]) == 1 and not room["scrolls"], room
    shown = room["workloads shown"][0]
    assert room["parts"][f"{shown} boxes (in view)"] == [1] and room["parts"][f"{shown} trace (in view)"] == [1]
    other = next(p for p in room["parts"] if p.startswith("after Next: ") and not p.endswith("(in view)"))
    assert shown not in other, "Next did not page to the other workload"
    assert "button Next ▸" in room["parts"]


def test_a_relaunch_keeps_the_place_and_size_and_does_not_creep_down(launches):
    small, bigger, again = (launches[k] for k in ("1024x768", "1366x768 after 1024x768", "1366x768 again"))
    # the 1024 × 768 session's window fits the 1366 × 768 screen: it opens where and as large as it was
    assert bigger["windows"][0]["frame"] == small["closed_frame"]
    # and a relaunch on the same screen opens it exactly where it was closed (not 25 px lower)
    assert again["windows"][0]["frame"] == bigger["closed_frame"]
    # as does View > Language, which makes the window anew (it put the title bar above the screen)
    switched = next(w for w in again["windows"] if w["name"] == "Main window after View > Language")
    assert switched["frame"] == again["windows"][0]["frame"]
    assert not outside_parts(again), outside_parts(again)


def test_a_geometry_saved_on_a_bigger_screen_is_fitted_to_the_smaller_one(launches):
    scaled = launches["1024x768 at 1.5"]
    assert not inside(BIGGER_FRAME, scaled["screen"])  # the remembered window would not fit
    assert inside(scaled["windows"][0]["frame"], scaled["screen"])
