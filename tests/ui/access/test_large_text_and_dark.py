"""Large text, high DPI and the dark scheme on a real screen (issue 45): every page of the guide and
every dialog, in Brazilian Portuguese, at 1366×768 under Xvfb with openbox framing the windows.

Four launches of ``tests/ui/layout_probe.py``, two at a time: the desktop's text at 150 % (the
application font's point size × 1.5), ``QT_SCALE_FACTOR=1.5`` (911×512 logical pixels) and 2
(683×384), and the dark colour scheme. In each, every guide step (the quick study chosen) and the
main window, Compare, Hosts and its new-host form, My own service, the keyboard shortcuts, an error
message and About are measured; a test fails on a control whose text needs more room than it has or
is elided without a tooltip, a control cut off where no scroll bar reaches it, two controls
overlapping, or a window's frame outside the screen. With large text and in the dark scheme, each
shown label's text must stand out from its ground, as painted, by WCAG 2.1's 4.5:1 (1.4.3).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.conftest import ROOT
from tests.ui import xdisplay

pytestmark = [pytest.mark.ui, pytest.mark.skipif(bool(xdisplay.missing()), reason="needs Xvfb and openbox")]

#: key -> (QT_SCALE_FACTOR, the probe's options)
LAUNCHES = {
    "text at 150 %": (1.0, ["--font-scale", "1.5", "--contrast"]),
    "scale 1.5": (1.5, []),
    "scale 2": (2.0, []),
    "dark": (1.0, ["--dark", "--contrast"]),
}
TEXT_CONTRAST = 4.5  # WCAG 2.1, 1.4.3: text against its background


def run_probe(key: str, home) -> dict:
    scale, options = LAUNCHES[key]
    out = home / "probe.json"
    with xdisplay.openbox_display(1366, 768) as display:
        env = {
            **os.environ,
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "QT_SCALE_FACTOR": str(scale),
            "BANCADA_HOME": str(ROOT),
            "BANCADA_CONFIG_DIR": str(home / "config"),
            "BANCADA_DATA_DIR": str(home / "data"),
        }
        env.pop("QT_SCREEN_SCALE_FACTORS", None)
        args = [sys.executable, "-m", "tests.ui.layout_probe", str(out), *options]
        done = subprocess.run(args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"{key}: the probe failed:\n{done.stderr[-3000:]}"
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def probes(tmp_path_factory) -> dict[str, dict]:
    if xdisplay.missing():
        pytest.skip(f"needs {' and '.join(xdisplay.missing())} (apt-get install xvfb openbox)")
    keys = list(LAUNCHES)
    homes = [tmp_path_factory.mktemp("layout") for _ in keys]
    with ThreadPoolExecutor(2) as pool:
        return dict(zip(keys, pool.map(run_probe, keys, homes), strict=True))


def expected_views() -> set[str]:
    from bancada.guide.wizard_state import STEPS

    dialogs = {"Main window", "Compare", "My own service", "Keyboard shortcuts", "Error message", "About"}
    return dialogs | {f"guide {k + 1:02d} {step}" for k, step in enumerate(STEPS)}


@pytest.mark.parametrize("key", list(LAUNCHES))
def test_nothing_is_clipped_overlapped_or_cut_off(probes, key):
    result = probes[key]
    scale = LAUNCHES[key][0]
    assert result["screen"][2:] == [round(1366 / scale), round(768 / scale)]
    if "--font-scale" in LAUNCHES[key][1]:
        assert result["font_pt"] >= 13, result["font_pt"]  # 9 pt × 1.5 (Xvfb's default font is 9 pt)
    views = {v["name"]: v for v in result["views"]}
    assert expected_views() <= set(views), sorted(views)
    assert all(v["controls"] > 0 for v in views.values()), {n: v["controls"] for n, v in views.items()}
    bad = [f"{name}: {d}" for name, v in views.items() for d in v["defects"]]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("key", [k for k, (_, options) in LAUNCHES.items() if "--contrast" in options])
def test_every_label_stands_out_from_its_ground(probes, key):
    low = [
        f"{v['name']}: {text!r} {ratio}:1"
        for v in probes[key]["views"]
        for text, ratio in v.get("labels", [])
        if ratio < TEXT_CONTRAST
    ]
    measured = sum(len(v.get("labels", [])) for v in probes[key]["views"])
    assert measured > 100, measured
    assert not low, "\n".join(low)
