"""The window's plot axes write numbers as the language does: ``0,5`` under pt-BR (pyqtgraph
writes ``0.5`` whatever the locale), ``0.5`` in English; on the linear and on the log latency axis,
the trace's request axis and the server-time bars."""

from __future__ import annotations

import numpy as np
import pytest

from bancada.core import i18n
from bancada.store.runstore import TreatmentRow

pytestmark = pytest.mark.ui

ROWS = [
    TreatmentRow(i, f"go-{p}", "go", p, "go", "select", "StdSize", "int64s", 200, 0)
    for i, p in enumerate(("grpc", "rest"))
]


def _labels(axis, lo: float, hi: float) -> list[str]:
    """The labels the axis draws for the range lo..hi (its own tick choice, as paint does)."""
    axis.setRange(lo, hi)
    out = []
    for spacing, values in axis.tickValues(lo, hi, 400):
        out += [s for s in axis.tickStrings(values, 1.0, spacing) if s]
    return out


@pytest.fixture
def pt_br_numbers():
    i18n.set_language("pt_BR")
    yield
    i18n.set_language("en")


def _show(w) -> None:
    w.run.factors = ["protocol"]
    w.run.begin_live("r-axis", None, ROWS, 120, "python")
    w.run.plot_timer.stop()
    w.stats.timer.stop()
    rng = np.random.default_rng(3)
    for t, base in enumerate((0.3, 0.45)):
        lat = base * (1 + 0.2 * rng.random(60))
        w.model.extend_arrays(np.full(60, t), lat, np.ones(60, np.int8), np.ones(60, bool))
    w.live.refresh(w.model, force_trace=True)


def test_the_latency_and_request_axes_use_the_decimal_comma_in_pt_br(window, pt_br_numbers):
    w = window
    w.live.set_log_y(False)
    _show(w)
    box_plot = next(iter(w.live.box_plots.values()))
    labels = _labels(box_plot.getAxis("left"), 0.0, 1.5)
    assert any("," in s for s in labels) and not any("." in s for s in labels), labels
    trace = next(iter(w.live.trace_plots.values()))
    fractional = _labels(trace.getAxis("bottom"), 0.0, 0.6)
    assert any("," in s for s in fractional) and not any("." in s for s in fractional), fractional
    w.live.set_log_y(True)
    axis = box_plot.getAxis("left")
    axis.setLogMode(False, True)
    logs = [s for s in axis.logTickStrings(np.log10([0.2, 0.5, 1.0]), 1.0, 1.0) if s]
    assert "0,2" in logs and "0,5" in logs and not any("." in s for s in logs), logs


def test_english_keeps_the_decimal_point(window):
    w = window
    w.live.set_log_y(False)
    _show(w)
    labels = _labels(next(iter(w.live.box_plots.values())).getAxis("left"), 0.0, 1.5)
    assert any("." in s for s in labels) and not any("," in s for s in labels), labels


def test_a_latency_axis_under_one_ms_keeps_its_unit(window, pt_br_numbers):
    """Boxes all under 1 ms: the axis still counts milliseconds (0,2 0,4 ...), not "(x0.001)" over
    ticks in microseconds (pyqtgraph's automatic SI prefix on a unit-less label)."""
    w = window
    w.live.set_log_y(False)
    _show(w)  # latencies 0.3-0.54 ms
    axis = next(iter(w.live.box_plots.values())).getAxis("left")
    axis.setRange(0.0, 0.8)
    assert "(x0" not in axis.labelString() and "(ms) <" in axis.labelString(), axis.labelString()
    labels = _labels(axis, 0.0, 0.8)
    assert "0,4" in labels and not any(s in labels for s in ("200", "400")), labels
