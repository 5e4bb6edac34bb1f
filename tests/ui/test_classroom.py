"""Classroom mode (View > Classroom mode, F11): full screen, scaled, large medians and progress, readings only."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import ARTIFACTS, screenshot
from tests.ui.test_window_defects import begin_fake_run, feed_measured, stop_timers, write_run

pytestmark = pytest.mark.ui


def test_classroom_mode_scales_shows_large_numbers_and_comes_back(window, qtbot, tmp_path):
    from bancada.ui.classroom import DEFAULT_SCALE
    from bancada.ui.stats_job import compute_statistics

    w = window
    begin_fake_run(w)
    feed_measured(w)
    stop_timers(w)
    w.stats_view.show_result(compute_statistics(write_run(tmp_path), ["language", "protocol"], 1), final=True)
    base_pt = w.font().pointSizeF()
    tick_px = next(iter(w.live.box_plots.values())).getAxis("left").style["tickFont"].pixelSize()
    assert w.menus.act_classroom.shortcut().toString() == "F11"

    w.menus.act_classroom.trigger()
    assert w.classroom_mode.active and w.menus.act_classroom.isChecked()
    qtbot.waitUntil(lambda: bool(w.windowState() & Qt.WindowState.WindowFullScreen), timeout=5000)
    assert w.font().pointSizeF() == pytest.approx(base_pt * DEFAULT_SCALE)
    axis = next(iter(w.live.box_plots.values())).getAxis("left")
    assert axis.style["tickFont"].pixelSize() == round(tick_px * DEFAULT_SCALE)
    assert not w.panel_scroll.isVisible() and w.classroom_bar.isVisible()
    # the medians, large: the model's medians to 3 significant digits
    bar = w.classroom_bar
    assert set(bar.medians) == set(w.model.series)
    for tid, label in bar.medians.items():
        med = w.model.series[tid].box().median
        shown = float(label.text().split()[0].replace(",", "."))
        assert shown == pytest.approx(med, rel=0.01), (label.text(), med)
        assert label.font().pointSizeF() > 2 * base_pt
    assert bar.progress.text().endswith("%") and bar.progress.font().pointSizeF() > 3 * base_pt
    # the tables reduced to their readings
    kw = w.stats_view.sections["Kruskal-Wallis"]
    assert not kw.view.isVisibleTo(w.stats_view) and kw.reading.text()
    run_button = w.menus.run_toolbar.widgetForAction(w.menus.act_run)
    qtbot.waitUntil(lambda: run_button.width() >= run_button.sizeHint().width(), timeout=5000)  # relaid out
    screenshot(w, "classroom-live.png")
    image = (
        w.grab()
        .toImage()
        .scaled(
            w.width() // 2,
            w.height() // 2,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    )
    assert image.save(str(ARTIFACTS / "classroom-live-50pct.png"))

    # Esc (or F11 again) leaves it as it was
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert not w.classroom_mode.active and not w.menus.act_classroom.isChecked()
    assert w.font().pointSizeF() == pytest.approx(base_pt)
    assert w.panel_scroll.isVisibleTo(w) and not w.classroom_bar.isVisibleTo(w)
    assert kw.view.isVisibleTo(w.stats_view)
    assert axis.style["tickFont"].pixelSize() == tick_px
    assert not (w.windowState() & Qt.WindowState.WindowFullScreen)
    assert QApplication.activeModalWidget() is None
    assert np.isfinite(w.classroom_mode.scale())


def test_the_classroom_demo_runs_seed_000_on_this_computer_in_a_minute(window, qtbot):
    import time

    from tests.ui.test_window_run import IMPLS, all_boxes

    w = window
    w.panel.requests.setValue(999)  # whatever the panel held, the demo runs its own design
    t0 = time.monotonic()
    with qtbot.waitSignal(w.runFinished, timeout=180_000) as finished:
        assert w.menus.act_demo.shortcut().toString() == "Ctrl+D"
        w.menus.act_demo.trigger()
        assert w.running() and w.classroom_mode.active
    took = time.monotonic() - t0
    assert finished.args == ["complete"], w.state_label.text()
    labels = set(all_boxes(w))
    assert labels == {f"{i} ({p})" for i in IMPLS for p in ("StdSize", "LargeSize")}
    assert w.classroom_bar.progress.text() == "100 %"
    assert all(lbl.text() != "–" for lbl in w.classroom_bar.medians.values())
    screenshot(w, "classroom-demo.png")
    print(f"classroom demo: {took:.1f} s")
    assert took <= 60, f"the demo took {took:.0f} s"
    w.classroom_mode.set_active(False)
    qtbot.waitUntil(lambda: not w.tasks.busy("stats"), timeout=60_000)
