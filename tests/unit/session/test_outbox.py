"""The run process's outbox (bancada.session.run_server.Outbox) and thinning: order kept, rate and memory bounded."""

from __future__ import annotations

import numpy as np

from bancada.run.events import Notice, Progress, RunFinished
from bancada.core.samples import SAMPLE_DTYPE
from bancada.session.live_messages import LIVE_FIELDS, LIVE_MAX_SAMPLES_PER_S, LiveSamples, thin
from bancada.session.run_server import Outbox


def _rows(n: int, treatment: int = 0) -> np.ndarray:
    rows = np.zeros(n, SAMPLE_DTYPE)
    rows["treatment"] = treatment
    rows["seq"] = np.arange(n)
    rows["latency_ns"] = np.arange(n) * 1000
    rows["phase"] = 1
    rows["ok"] = 1
    return rows


def test_thin_keeps_evenly_spaced_rows_in_order():
    rows = _rows(10)
    kept = thin(rows, 5)
    assert list(kept["seq"]) == [0, 2, 4, 6, 8]
    assert thin(rows, 20) is rows and len(thin(rows, 0)) == 0


def test_events_and_samples_leave_in_the_order_they_came_and_progress_first():
    box = Outbox()
    box.event(Notice("info", "starting"))
    box.samples(_rows(3))
    box.samples(_rows(2, treatment=1))
    box.progress(Progress(5, 10, 0, 100.0, 1.0))
    box.event(RunFinished("complete"))
    box.close()
    messages, closed = box.take(0.1)
    assert closed
    assert [type(m) for m in messages] == [Progress, Notice, LiveSamples, RunFinished]
    live = messages[2]
    assert len(live) == live.received == 5 and set(live.rows.dtype.names) == set(LIVE_FIELDS)
    assert list(live.rows["treatment"]) == [0, 0, 0, 1, 1]


def test_a_busy_interval_is_thinned_to_the_window_rate_and_says_how_many_were_left_out():
    box = Outbox()
    box.samples(_rows(50_000))
    messages, closed = box.take(0.1)
    assert not closed
    (live,) = messages
    assert len(live) == LIVE_MAX_SAMPLES_PER_S * 0.1 and live.received == 50_000
    assert live.thinned == 50_000 - len(live)


def test_a_window_that_does_not_read_costs_at_most_max_samples():
    box = Outbox(max_samples=1_000)
    for _ in range(10):
        box.samples(_rows(400))
    kept = sum(len(p) for item in box._items for p in item.parts)
    assert kept <= 1_000
    box.close()
    (live,) = box.take(0.1)[0]
    assert live.received == 4_000 and len(live) == kept  # all the run stored is counted, a bounded share sent
