"""The trace shows the warm-up as its own phase: a shaded, labelled band left of the measured requests,
which take the rest of the plot's width (a warm-up until steady sent 69,911 requests for 320 measured,
and drawn to scale the measured ones were a sliver at the right of a faint warm-up)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QColor

from bancada.session.live_model import LiveModel
from bancada.store.runstore import TreatmentRow
from tests.ui.conftest import screenshot

pytestmark = pytest.mark.ui

WARM, MEASURED, BLOCKS = 2_000, 50, 2


def _model(measured: int = MEASURED) -> LiveModel:
    rows = [
        TreatmentRow(k, impl, "go", impl.split("-")[1], "go", "select", "StdSize", "int64s", 0, 0)
        for k, impl in enumerate(("go-grpc", "go-rest"))
    ]
    model = LiveModel()
    model.reset(rows)
    rng = np.random.default_rng(3)
    for _block in range(BLOCKS):  # each block: its warm-up, then its measured requests
        for k in range(len(rows)):
            phase = np.r_[np.zeros(WARM, np.int8), np.ones(measured, np.int8)]
            ids = np.full(phase.size, k)
            model.extend_arrays(ids, rng.lognormal(0, 0.3, ids.size), phase, np.ones(ids.size, bool))
    return model


def _view(qtbot):
    from bancada.ui.plots.live_view import LiveView

    view = LiveView()
    view.set_colours(QColor("white"), QColor("black"))
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_the_measured_requests_take_the_traces_width_and_the_warm_up_is_a_labelled_band(qtbot):
    from bancada.ui.plots.live_view import WARMUP_SHARE

    view = _view(qtbot)
    model = _model()
    view.set_treatments(model, ["protocol"])
    view.refresh(model, force_trace=True)
    measured_n = BLOCKS * MEASURED
    for warm, meas in view.trace_curves.values():
        wx, mx = warm.getData()[0], meas.getData()[0]
        assert wx.size == BLOCKS * WARM and mx.size == measured_n
        assert list(mx) == list(range(measured_n))  # measured requests at their own index, from 0
        assert wx.max() < 0  # the warm-up left of them, compressed
        span = mx.max() - wx.min()
        assert mx.max() / span >= 1 - WARMUP_SHARE - 0.01, (wx.min(), mx.max())
    ((band, label),) = view.warmup_bands.values()
    lo, hi = band.getRegion()
    assert band.isVisible() and label.isVisible()
    assert hi == 0 and lo == pytest.approx(-measured_n * WARMUP_SHARE / (1 - WARMUP_SHARE))
    assert label.textItem.toPlainText() == f"warm-up: {2 * BLOCKS * WARM:,}"
    (trace,) = view.trace_plots.values()
    assert trace.getAxis("bottom").tickStrings([-20.0, 0.0, 50.0], 1, 10) == ["", "0", "50"]
    qtbot.wait(200)
    screenshot(view, "trace-warmup-band.png")

    # classroom mode: the band's label as large as the rest of the view's text
    before = label.textItem.font().pixelSize()
    view.set_scale(1.75)
    assert label.textItem.font().pixelSize() == round(before * 1.75)


def test_a_short_warm_up_is_drawn_to_scale(qtbot):
    view = _view(qtbot)
    model = LiveModel()
    model.reset([TreatmentRow(0, "go-rest", "go", "rest", "go", "select", "StdSize", "int64s", 0, 0)])
    phase = np.r_[np.zeros(8, np.int8), np.ones(400, np.int8)]
    model.extend_arrays(np.zeros(phase.size, int), np.ones(phase.size), phase, np.ones(phase.size, bool))
    view.set_treatments(model, ["protocol"])
    view.refresh(model, force_trace=True)
    ((band, _label),) = view.warmup_bands.values()
    assert band.getRegion() == (-8, 0)
    warm, _meas = view.trace_curves[0]
    assert list(warm.getData()[0]) == list(range(-8, 0))


def test_before_any_measured_request_the_warm_up_is_the_whole_trace(qtbot):
    view = _view(qtbot)
    model = _model(measured=0)
    view.set_treatments(model, ["protocol"])
    view.refresh(model, force_trace=True)
    ((band, label),) = view.warmup_bands.values()
    assert band.isVisible() and band.getRegion() == (0, BLOCKS * WARM)
    for warm, meas in view.trace_curves.values():
        assert list(warm.getData()[0][:3]) == [0, 1, 2] and meas.getData()[0] is None  # nothing measured


def test_a_long_runs_thinned_trace_keeps_its_x_in_requests(qtbot):
    """Past what the window keeps, every stride-th request is drawn, at its own request number: the
    axis and the band read the same as for a short run."""
    from bancada.session import live_model

    view = _view(qtbot)
    model = LiveModel()
    model.reset([TreatmentRow(0, "go-rest", "go", "rest", "go", "select", "StdSize", "int64s", 0, 0)])
    model.series[0] = live_model.TreatmentSeries(model.series[0].info, keep=512)
    phase = np.r_[np.zeros(1_000, np.int8), np.ones(9_000, np.int8)]
    model.extend_arrays(np.zeros(phase.size, int), np.ones(phase.size), phase, np.ones(phase.size, bool))
    view.set_treatments(model, ["protocol"])
    view.refresh(model, force_trace=True)
    warm, meas = view.trace_curves[0]
    mx = meas.getData()[0]
    stride = model.series[0].trace.stride
    # requests 0, 32, ..., 9,984 kept: 32 of the warm-up's 1,000, 281 of the 9,000 measured
    assert stride == 32 and mx.size == 281 and warm.getData()[0].size == 32
    assert mx[0] == 0 and mx[-1] == 280 * 32  # each at its measured request's number (within a stride)
    ((band, label),) = view.warmup_bands.values()
    assert label.textItem.toPlainText() == "warm-up: 1,024"  # 32 points kept of 1,000, each for 32 requests
    assert band.getRegion() == (-1_024, 0)  # the warm-up to scale, as wide as its 1,024 requests
