"""The live view's layout: workloads side by side as far as the view's width holds them, the others in
rows below that scroll (seed 001's eight workloads), laid out again when a resize changes the count."""

from __future__ import annotations

import numpy as np
import pytest

from bancada.session.live_model import LiveModel
from bancada.store.runstore import TreatmentRow

pytestmark = pytest.mark.ui


def _model(workloads: list[str]) -> LiveModel:
    rows, k = [], 0
    for wl in workloads:
        for impl in ("go-grpc", "go-rest", "node-grpc", "node-rest"):
            lang, proto = impl.split("-")
            rows.append(TreatmentRow(k, impl, lang, proto, lang, "list_pets", wl, "int64s", 0, 0))
            k += 1
    model = LiveModel()
    model.reset(rows)
    rng = np.random.default_rng(1)
    ids = np.repeat(np.arange(k), 50)
    model.extend_arrays(ids, rng.lognormal(0, 0.3, ids.size), np.ones(ids.size, dtype=np.int8), np.ones(ids.size, bool))
    return model


def _view(qtbot, width: int):
    from bancada.ui.plots.live_view import LiveView

    view = LiveView()
    qtbot.addWidget(view)
    view.resize(width, 700)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.mark.parametrize(
    ("width", "n_workloads", "columns"),
    [(780, 2, 1), (780, 8, 1), (1100, 2, 2), (1100, 8, 2), (1700, 8, 3), (1700, 2, 2)],
)
def test_workloads_take_the_columns_the_width_holds_and_the_rest_scrolls(qtbot, width, n_workloads, columns):
    from bancada.ui.plots.live_view import ROW_MIN_HEIGHT_PX

    view = _view(qtbot, width)
    model = _model([f"ListPets{i}" for i in range(n_workloads)])
    view.set_treatments(model, ["language", "protocol"])
    view.refresh(model, force_trace=True)
    assert view._columns_used == columns
    rows = -(-n_workloads // columns)
    layout = view.graphics.ci.layout
    for index, wl in enumerate(model.series[t].info.workload for t in range(0, 4 * n_workloads, 4)):
        item = layout.itemAt(3 * (index // columns), index % columns)
        assert item is view.box_plots[wl]  # boxes, trace and legend of a workload: three rows of one column
        assert layout.itemAt(3 * (index // columns) + 1, index % columns) is view.trace_plots[wl]
        assert len(view.box_items[wl].boxes()) == 4
    # one row fills the view; several keep their height and the view scrolls to them
    assert view.graphics.minimumHeight() == (rows * ROW_MIN_HEIGHT_PX if rows > 1 else 0)
    scroll = view.scroll_area.verticalScrollBar()
    assert (scroll.maximum() > 0) == (rows > 1)


def test_a_resize_that_changes_the_columns_lays_the_view_out_again_with_its_data(qtbot):
    view = _view(qtbot, 780)
    model = _model(["StdSize", "LargeSize", "ListPets10"])
    view.set_treatments(model, ["language", "protocol"])
    view.refresh(model, force_trace=True)
    assert view._columns_used == 1
    view.resize(1700, 700)
    qtbot.waitUntil(lambda: view._columns_used == 3)
    assert all(len(item.boxes()) == 4 for item in view.box_items.values())
    warm, meas = view.trace_curves[0]
    assert meas.getData()[1] is not None and np.isfinite(meas.getData()[1]).sum() == 50
    view.resize(780, 700)
    qtbot.waitUntil(lambda: view._columns_used == 1)
    assert all(len(item.boxes()) == 4 for item in view.box_items.values())
