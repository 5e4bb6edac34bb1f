"""The bounded feed and the live model (no window)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from bancada.drivers.stream import Sample
from bancada.store.runstore import TreatmentRow
from bancada.session.live_model import LiveModel, SampleFeed, TreatmentInfo, TreatmentSeries


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
    latency, warm, stride = s0.trace_view()
    assert latency.size == 13 and warm[:3].tolist() == [True] * 3 and not warm[3:].any() and stride == 1
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
    assert m.series[0].measured_ms.view().size == n
    assert m.series[0].box().median == np.median(np.arange(n))


def test_a_long_run_keeps_a_bounded_evenly_thinned_series_and_counts_every_sample():
    """Past ``keep`` values the stream is thinned evenly (every stride-th value), the box's n still counts
    every measured sample and its quartiles stay those of the whole stream."""
    series = TreatmentSeries(TreatmentInfo(0, "go-rest", "go", "rest", "go", "Ping"), keep=1000)
    rng = np.random.default_rng(7)
    values = rng.lognormal(0.0, 0.5, 100_000)
    for chunk in np.array_split(values, 337):  # batches of uneven sizes, as the run sends them
        series.measured_ms.extend(chunk)
        series.trace.extend(chunk, np.zeros(chunk.size))
    kept = series.measured_ms.view()
    assert 500 < kept.size <= 1000 and series.measured_ms.stride == 128
    assert kept.tolist() == values[:: series.measured_ms.stride].tolist()  # every stride-th, in order
    box = series.box()
    assert box.n == 100_000
    exact = np.percentile(values, [25, 50, 75])
    assert np.allclose([box.q1, box.median, box.q3], exact, rtol=0.05), ([box.q1, box.median, box.q3], exact)
    latency, warm, stride = series.trace_view()
    assert latency.size == kept.size and stride == 128 and not warm.any()


def test_warm_up_flags_stay_with_their_latencies_when_the_trace_is_thinned():
    series = TreatmentSeries(TreatmentInfo(0, "go-rest", "go", "rest", "go", "Ping"), keep=64)
    latency = np.arange(1000, dtype=float)
    warm = (latency % 100 < 30).astype(float)  # each block of 100: 30 warm-up requests, then 70 measured
    for k in range(0, 1000, 7):
        series.trace.extend(latency[k : k + 7], warm[k : k + 7])
    y, w, stride = series.trace_view()
    assert stride == 16 and y.tolist() == latency[::16].tolist()
    assert w.tolist() == (y % 100 < 30).tolist()


def test_a_stored_run_drawn_from_every_kth_sample_has_the_whole_runs_counts():
    """A long stored run is drawn from every k-th sample (RunStore.live_columns(k)) with its counts
    (RunStore.live_counts): n, errors and the total are the run's; the box is that of the values read;
    a trace point stands for k requests; samples that come live afterwards continue the thinning."""
    rng = np.random.default_rng(3)
    n, every = 90_000, 9
    treatment = rng.integers(0, 2, n)
    latency = rng.lognormal(0.0, 0.4, n)
    phase = (rng.random(n) > 0.1).astype(np.int8)
    ok = rng.random(n) > 0.01
    whole = LiveModel()
    whole.reset(rows())
    whole.extend_arrays(treatment, latency, phase, ok)
    counts = {
        t: (
            int((ok & (phase == 1) & (treatment == t)).sum()),
            int((ok & (treatment == t)).sum()),
            int((~ok & (treatment == t)).sum()),
        )
        for t in (0, 1)
    }
    thin = LiveModel()
    thin.reset(rows())
    pick = slice(None, None, every)
    thin.load_thinned(treatment[pick], latency[pick], phase[pick], ok[pick], every, counts)
    assert (thin.total, thin.errors) == (whole.total, whole.errors) == (n, int((~ok).sum()))
    for t in (0, 1):
        a, b = whole.series[t], thin.series[t]
        assert b.box().n == a.box().n and b.errors == a.errors
        assert b.trace_view()[2] == every  # a point stands for k requests
        assert b.box().median == pytest.approx(a.box().median, rel=0.03)
    thin.extend_arrays(np.zeros(900, dtype=np.int64), np.ones(900), np.ones(900, np.int8), np.ones(900, bool))
    assert thin.series[0].box().n == counts[0][0] + 900 and thin.series[0].measured_ms.stride == every
