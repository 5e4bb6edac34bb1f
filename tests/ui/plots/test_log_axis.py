"""The latency axis turns logarithmic by itself when a run's values span more than a decade
(go at 0.2 ms beside java at 3 ms flattened go's boxes to lines), in the live view, in the
window's Log axis action and in the exported plot.png; a run within a decade stays linear, and
the user's own choice during a run is kept."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QGraphicsItem

from bancada.core.plot_scale import wide_range
from bancada.store.runstore import TreatmentRow
from tests.ui.conftest import screenshot

pytestmark = pytest.mark.ui

ROWS = [
    TreatmentRow(i, f"{lang}-{proto}", lang, proto, lang, "list_pets", "StdSize", "int64s", 16, 0)
    for i, (lang, proto) in enumerate([("go", "grpc"), ("go", "rest"), ("java", "grpc"), ("java", "rest")])
]


def _show(w, base_ms: list[float], n: int = 60) -> None:
    """A run's treatments shown in the window and ``n`` measured samples each around ``base_ms``."""
    w.run.factors = ["language", "protocol"]
    w.run.begin_live("r-log", None, ROWS, 4 * n, "python")
    w.run.plot_timer.stop()
    w.stats.timer.stop()
    rng = np.random.default_rng(2)
    for t, base in enumerate(base_ms):
        lat = base * (1 + 0.2 * rng.random(n))
        w.model.extend_arrays(np.full(n, t), lat, np.ones(n, np.int8), np.ones(n, bool))
    w.live.refresh(w.model, force_trace=True)


def test_the_rule_is_one_decade():
    assert wide_range([0.2, 0.25, 3.0, 3.3], [0.22, 3.1])  # medians 14× apart
    assert not wide_range([0.2, 0.25, 1.5, 1.8], [0.22, 1.6])  # 7×: linear
    assert wide_range([0.2, 0.25, 12.0], [0.22, 0.23])  # one outlier 50× the largest median
    assert not wide_range([0.0, 0.2, 30.0], [0.1, 0.2])  # a zero cannot be drawn on a log axis


def test_values_over_a_decade_turn_the_axis_log_and_the_action_says_so(window, tmp_path):
    w = window
    w.live.set_log_y(False)
    w.menus.act_log.setChecked(False)
    _show(w, [0.2, 0.22, 3.0, 3.2])
    assert w.live.log_y and w.menus.act_log.isChecked()
    plot = next(iter(w.live.box_plots.values()))
    assert plot.getAxis("left").logMode  # the axis itself is log, not only the flag
    # the exported plot.png is drawn from the same view: log axis there too, and the trace's legend
    # scales with the image (pyqtgraph's legend ignored the 2x transformation: half-size text)
    legend = next(iter(w.live.legends.values()))
    assert not legend.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
    assert w.exports.export_png(str(tmp_path / "plot.png"))
    assert (tmp_path / "plot.png").stat().st_size > 1000
    screenshot(w, "log-axis-auto.png")
    # the user turns it off during the run: more samples do not turn it on again
    w.live.set_log_y(False)
    w.menus.act_log.setChecked(False)
    w.model.extend_arrays(np.full(20, 3), np.full(20, 3.1), np.ones(20, np.int8), np.ones(20, bool))
    w.live.refresh(w.model)
    assert not w.live.log_y
    # a new run within a decade: the axis stays as it is (linear)
    _show(w, [0.5, 0.55, 1.0, 1.2])
    assert not w.live.log_y and not w.menus.act_log.isChecked()
    # and a new wide run follows its data again
    _show(w, [0.2, 0.22, 3.0, 3.2])
    assert w.live.log_y
    w.live.set_log_y(False)
    w.menus.act_log.setChecked(False)
