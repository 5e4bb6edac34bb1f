"""The bounded feed and the live model (no window)."""

from __future__ import annotations

import threading

import numpy as np

from bancada.drivers.stream import Sample
from bancada.store.runstore import TreatmentRow
from bancada.session.live_model import LiveModel, SampleFeed


def rows():
    return [
        TreatmentRow(0, "go-grpc", "go", "grpc", "go", "select", "StdSize", "int64s", 200, 1000),
        TreatmentRow(1, "go-rest", "go", "rest", "go", "select", "StdSize", "int64s", 200, 1000),
    ]


def test_feed_is_bounded_and_waits_for_the_reader():
    feed = SampleFeed(capacity=10)
    assert feed.put([1] * 10)
    assert not feed.put([2], timeout_s=0.05)  # full: refused after the timeout
    done = threading.Event()
    t = threading.Thread(target=lambda: (feed.put([3] * 5), done.set()))
    t.start()
    batches = feed.take()
    t.join(5)
    assert done.is_set()
    assert [len(b) for _, b in batches] == [10]
    assert [len(b) for _, b in feed.take()] == [5]
    feed.close()
    assert not feed.put([4])


def test_model_keeps_measured_ok_latencies_for_boxes_and_all_for_the_trace():
    m = LiveModel()
    m.reset(rows())
    samples = [Sample(0, 0, i, 0, True, 5_000_000, -1, 0) for i in range(3)]  # warm-up
    samples += [Sample(0, 0, i, 1, True, (i + 1) * 1_000_000, -1, 0) for i in range(10)]
    samples += [Sample(1, 0, 0, 1, False, 9_000_000, -1, 0, error="unavailable: x")]
    m.extend(samples)
    assert m.total == 14 and m.errors == 1
    s0 = m.series[0]
    assert s0.measured_ms.view().tolist() == [float(i) for i in range(1, 11)]
    assert s0.trace_ms.n == 13 and s0.trace_warmup.view()[:3].tolist() == [1.0] * 3
    box = s0.box()
    assert (box.q1, box.median, box.q3) == tuple(np.percentile(np.arange(1, 11), [25, 50, 75]))
    assert m.series[1].box() is None and m.series[1].errors == 1
    assert m.take_dirty() == {0, 1} and m.take_dirty() == set()


def test_arrays_grow_past_their_first_size():
    m = LiveModel()
    m.reset(rows())
    n = 5000
    m.extend_arrays(
        np.zeros(n, dtype=np.int64), np.arange(n, dtype=float), np.ones(n, dtype=np.int8), np.ones(n, dtype=bool)
    )
    assert m.series[0].measured_ms.n == n
    assert m.series[0].box().median == np.median(np.arange(n))
