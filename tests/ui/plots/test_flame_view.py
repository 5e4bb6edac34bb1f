"""The Flame graphs tab on a real profiled run (Go workers): it shows, draws, hovers and compares."""

from __future__ import annotations

import pytest

from tests.integration.test_cpu_profiles import profiled_run
from tests.ui.conftest import screenshot

pytestmark = [pytest.mark.ui, pytest.mark.integration]


def test_flame_tab_shows_profiles_of_an_opened_run(window, qtbot, tmp_path):
    w = window
    tab = w.tabs.indexOf(w.flames)
    assert tab > 0 and not w.tabs.isTabVisible(tab)  # hidden while the run on screen has no profiles
    store, _ = profiled_run(tmp_path, ["go-rest", "go-grpc"], requests=40)
    path = store.path
    store.close()
    w.open_run(str(path))
    qtbot.waitUntil(lambda: w.tabs.isTabVisible(tab), timeout=60_000)
    view = w.flames
    labels = [view.treatment.itemText(i) for i in range(view.treatment.count())]
    assert labels == ["go-rest · LargeSize", "go-grpc · LargeSize"] or set(labels) == {
        "go-rest · LargeSize",
        "go-grpc · LargeSize",
    }
    w.tabs.setCurrentIndex(tab)
    view.select("go-rest · LargeSize")
    names = {f.name for f in view.canvas.frames}
    assert any("encoding/json" in n for n in names)
    # hovering the widest frame one row above the root names it with its share
    top = max((f for f in view.canvas.frames if f.depth == 1), key=lambda f: f.width)
    r = view.canvas._rect(top)
    assert view.canvas.frame_at(r.center().x(), r.center().y()) == top
    assert top.name in view.canvas.describe(top) and "%" in view.canvas.describe(top)
    # a screen reader hears the graph: its line and the widest frames with their shares (issue 45)
    from PySide6.QtGui import QAccessible

    iface = QAccessible.queryAccessibleInterface(view.canvas)
    said = iface.text(QAccessible.Text.Description)
    assert iface.text(QAccessible.Text.Name) == "Flame graph"
    assert said.startswith(view.info.text()) and "The widest frames: " in said and top.name in said, said
    view.select("go-rest · LargeSize", "go-grpc · LargeSize")
    assert view.canvas.diff and any(f.delta > 0 and "encoding/json" in f.name for f in view.canvas.frames)
    screenshot(w, "flame_tab_diff.png")


def test_profile_cpu_check_box_goes_into_the_profile(window):
    p = window.panel
    assert not p.profile_cpu.isChecked() and p.build_profile().profiling is None  # off by default
    p.profile_cpu.setChecked(True)
    assert p.build_profile().profiling.cpu
    p.profile_cpu.setChecked(False)
    assert p.build_profile().profiling is None
