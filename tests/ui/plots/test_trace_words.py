"""The plots' text alternative says what the trace shows, not only the boxes: the median latency of the
first and of the last tenth of each treatment's measured requests, so a drift over the run is heard."""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtGui import QColor

from bancada.session.live_model import LiveModel
from bancada.store.runstore import TreatmentRow

pytestmark = pytest.mark.ui


def _drifting_model() -> LiveModel:
    """go-grpc steady at 1 ms; go-rest from 2 ms to 4 ms over its 100 measured requests, after 30 warm-up ones."""
    rows = [
        TreatmentRow(k, impl, "go", impl.split("-")[1], "go", "select", "StdSize", "int64s", 0, 0)
        for k, impl in enumerate(("go-grpc", "go-rest"))
    ]
    model = LiveModel()
    model.reset(rows)
    latency = {0: np.full(100, 1.0), 1: np.linspace(2.0, 4.0, 100)}
    for k in (0, 1):
        phase = np.r_[np.zeros(30, np.int8), np.ones(100, np.int8)]
        values = np.r_[np.full(30, 50.0), latency[k]]  # a slow warm-up, left out of the trace's words
        model.extend_arrays(np.full(phase.size, k), values, phase, np.ones(phase.size, bool))
    return model


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_the_description_gives_each_traces_first_and_last_tenth(qtbot, lang):
    from bancada.ui import language
    from bancada.ui.plots.live_view import LiveView

    assert language.install(lang) == lang
    try:
        view = LiveView()
        view.set_colours(QColor("white"), QColor("black"))
        qtbot.addWidget(view)
        view.resize(900, 700)
        model = _drifting_model()
        view.set_treatments(model, ["protocol"])
        view.refresh(model, force_trace=True)
        words = view.graphics.accessibleDescription()
    finally:
        language.install("en")
    # the first tenth of go-rest: 2.0 .. 2.18 ms, median 2.091; the last: 3.82 .. 4.0, median 3.909
    if lang == "en":
        assert "Trace of " in words, words
        assert re.search(r"grpc[^;]*: 1\.000 ms, then 1\.000 ms", words), words
        assert re.search(r"rest[^;]*: 2\.091 ms, then 3\.909 ms", words), words
        assert "50.000" not in words  # the warm-up is not measured
    else:
        assert "Traço de" in words and "mediana" in words, words
        assert re.search(r"rest[^;]*: 2,091 ms, depois 3,909 ms", words), words
