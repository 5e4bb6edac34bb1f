"""A long stored run opens in the window from every k-th sample with the run's own counts
(bancada.ui.window.run_job.load_run), so opening an hour's run does not take its size in memory."""

from __future__ import annotations

import pytest

from bancada.session.live_model import LiveModel
from bancada.ui.window import run_job
from tests.unit.session.test_stats_job import MEASURED, _run  # the closed-load run file of those tests

pytestmark = pytest.mark.ui


def test_a_long_run_is_drawn_from_every_kth_sample_with_its_whole_counts(tmp_path, monkeypatch):
    path = _run(tmp_path)
    whole = run_job.load_run(None, path)
    assert (whole.every, whole.counts) == (1, None)  # 3,280 samples: within the 1,000,000 read whole
    monkeypatch.setattr(run_job, "LIVE_READ_SAMPLES", 500)  # the same run counts as long
    thin = run_job.load_run(None, path)
    assert thin.every == 7 and len(thin.treatment) == 3280 // 7  # ids 1 .. 3,280: the multiples of 7
    models = []
    for run in (whole, thin):
        model = LiveModel()
        model.reset(run.treatments)
        run.draw_into(model)
        models.append(model)
    a, b = models
    assert a.total == b.total == 2 * 4 * (10 + MEASURED)
    for tid in (1, 2):
        assert a.series[tid].box().n == b.series[tid].box().n == 4 * MEASURED
        assert b.series[tid].trace_view()[2] == 7
        assert b.series[tid].box().median == pytest.approx(a.series[tid].box().median, rel=0.05)
