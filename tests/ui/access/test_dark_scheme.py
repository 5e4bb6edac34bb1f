"""Issue 45: a dark system colour scheme gives the window and its plots a dark palette whose
text and plot colours keep WCAG 2.1's contrasts; the light one comes back after."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from bancada.core import colours
from bancada.ui import scheme
from tests.ui.window.test_window_defects import begin_fake_run, feed_measured, stop_timers

pytestmark = pytest.mark.ui
R = QPalette.ColorRole


def contrast(a, b) -> float:
    return colours.contrast_ratio(a.name(), b.name())


def test_dark_scheme_keeps_the_contrasts_in_the_window_and_the_plots(window, qtbot):
    w = window
    before = QPalette(QApplication.palette())
    begin_fake_run(w)
    feed_measured(w)
    stop_timers(w)
    light = {lv: s.colour for lv, s in w.live.level_styles().items()}
    try:
        scheme.apply(Qt.ColorScheme.Dark)
        qtbot.waitUntil(lambda: w.live.dark(), timeout=5_000)
        pal = w.palette()
        assert pal.color(R.Window).lightness() < 60 and pal.color(R.Base).lightness() < 60
        for text, ground in ((R.WindowText, R.Window), (R.Text, R.Base), (R.ButtonText, R.Button)):
            assert contrast(pal.color(text), pal.color(ground)) >= 4.5, (text, ground)
        assert contrast(pal.color(QPalette.ColorGroup.Disabled, R.Text), pal.color(R.Base)) >= 3.0
        # the plots: on the window's base, their texts and every treatment's colour stand out
        background = w.live.graphics.backgroundBrush().color()
        assert background == pal.color(R.Base)
        for plot in w.live.plots():
            assert contrast(plot.getAxis("left").textPen().color(), background) >= 4.5
        styles = w.live.level_styles()
        assert styles and {lv: s.colour for lv, s in styles.items()} != light  # the dark palette's colours
        boxes = [b for item in w.live.box_items.values() for b in item.boxes()]
        assert boxes
        for b in boxes:
            assert contrast(b.color, background) >= 3.0, b.color.name()
            assert b.color.name().upper() in colours.DARK_COLOURS
    finally:
        scheme.apply(Qt.ColorScheme.Light)
        QApplication.setPalette(before)
    qtbot.waitUntil(lambda: not w.live.dark(), timeout=5_000)
    assert {lv: s.colour for lv, s in w.live.level_styles().items()} == light
