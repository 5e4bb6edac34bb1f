"""Geometry of the box plot item: asserts on data, not pixels."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from bancada.ui.plots.boxplot_item import Box, BoxPlotItem, tukey_stats

pytestmark = pytest.mark.ui


def test_tukey_stats_against_numpy_and_the_definition():
    rng = np.random.default_rng(7)
    v = np.concatenate([rng.lognormal(0, 0.3, 500), [50.0, 60.0, -20.0]])
    s = tukey_stats(v)
    q1, med, q3 = np.percentile(v, [25, 50, 75])
    assert (s.q1, s.median, s.q3) == (q1, med, q3)
    iqr = q3 - q1
    assert s.whisker_lo == v[v >= q1 - 1.5 * iqr].min()
    assert s.whisker_hi == v[v <= q3 + 1.5 * iqr].max()
    assert set(s.outliers) == set(v[(v < q1 - 1.5 * iqr) | (v > q3 + 1.5 * iqr)])
    assert {50.0, 60.0, -20.0} <= set(s.outliers)
    assert s.n == v.size and s.iqr == pytest.approx(iqr)


def test_tukey_stats_small_cases():
    assert tukey_stats(np.array([])) is None
    one = tukey_stats(np.array([3.0]))
    assert (one.q1, one.median, one.q3, one.whisker_lo, one.whisker_hi) == (3.0,) * 5
    assert one.outliers.size == 0
    # R's boxplot.stats(c(1,2,3,4,100)) has 100 as an outlier; the upper whisker is 4
    s = tukey_stats(np.array([1.0, 2, 3, 4, 100]))
    assert (s.q1, s.median, s.q3, s.whisker_hi) == (2.0, 3.0, 4.0, 4.0)
    assert list(s.outliers) == [100.0]


def _item():
    a = tukey_stats(np.array([1.0, 2, 3, 4, 100]))
    b = tukey_stats(np.array([10.0, 11, 12, 13, 14]))
    return BoxPlotItem([Box(0.0, a, QColor("blue"), "a", 0.5), Box(1.0, b, QColor("orange"), "b", 0.5)])


def test_bounds_cover_boxes_and_outliers(qapp):
    item = _item()
    assert item.dataBounds(0) == (-0.25, 1.25)
    assert item.dataBounds(1) == (1.0, 100.0)
    r = item.boundingRect()
    assert (r.left(), r.top(), r.right(), r.bottom()) == (-0.25, 1.0, 1.25, 100.0)


def test_log_mode_transforms_y(qapp):
    item = _item()
    item.setLogMode(False, True)
    lo, hi = item.dataBounds(1)
    assert (lo, hi) == pytest.approx((0.0, 2.0))
    item.setLogMode(False, False)
    assert item.dataBounds(1) == (1.0, 100.0)


def test_hover_finds_the_box_and_describes_it(qapp):
    item = _item()
    assert item.box_at(0.2, 5).label == "a"
    assert item.box_at(1.1, 5).label == "b"
    assert item.box_at(0.5, 5) is None
    text = item.describe(item.box_at(0.0, 0))
    for part in ("n = 5", "median = 3 ms", "q1 = 2 ms", "q3 = 4 ms", "outliers = 1"):
        assert part in text


def test_in_a_plot_it_autoranges_and_paints(qtbot):
    w = pg.PlotWidget()
    qtbot.addWidget(w)
    item = _item()
    w.addItem(item)
    w.resize(300, 200)
    w.getPlotItem().getViewBox().autoRange(padding=0)
    (x0, x1), (y0, y1) = w.getPlotItem().getViewBox().viewRange()
    assert x0 <= -0.25 and x1 >= 1.25 and y0 <= 1.0 and y1 >= 100.0

    def pixels() -> list[str]:
        img = QImage(300, 200, QImage.Format.Format_ARGB32)
        img.fill(0)
        p = QPainter(img)
        w.render(p)
        p.end()
        return [img.pixelColor(x, y).name() for x in range(0, 300, 3) for y in range(0, 200, 3)]

    with_boxes = pixels()
    w.removeItem(item)
    w.getPlotItem().getViewBox().setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)  # same axes, no boxes
    without = pixels()
    w.addItem(item)
    changed = sum(a != b for a, b in zip(with_boxes, without))
    assert changed > 50, changed  # the boxes themselves were drawn (an empty plot has its own colours)
    w.getPlotItem().setLogMode(False, True)  # PlotItem forwards it to the item
    assert item.dataBounds(1) == pytest.approx((0.0, 2.0))
