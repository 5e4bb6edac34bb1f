"""The runner's event sequence, with a fake Host and WorkerHandles (tests/unit/run/fakes.py) and the real
Python driver, store and plan: what a run says, in which order, and what it keeps when it is cut short."""

from __future__ import annotations

import pytest

from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.run.events import Notice, Progress, RunFinished, RunStarted, SamplesArrived
from bancada.run.runner import Runner
from bancada.store.runstore import RunStore
from tests.conftest import ROOT
from tests.unit.run.fakes import FakeHost

N, WARMUP, R = 30, 5, 1
IMPLS = ["go-rest", "java-rest"]


def _profile(**kw):
    args = dict(requests=N, repetitions=R, warmup=WARMUP, schedule="sequential", implementations=IMPLS)
    args.update(kw)
    return apply_overrides(load_profile(ROOT / "profiles" / "quick.toml"), "quick", operation="ping", **args)


def _run(runner: Runner, on_first_samples=None) -> list:
    events = []
    for event in runner.events():
        if isinstance(event, SamplesArrived) and on_first_samples is not None:
            on_first_samples()
            on_first_samples = None
        events.append(event)
    return events


def _stored(path) -> tuple[int, dict]:
    with RunStore.open(path) as store:
        df = store.samples_frame()
        return len(df), store.meta()


def test_a_complete_run_says_started_starting_samples_with_progress_then_finished():
    host = FakeHost(ROOT)
    runner = Runner(_profile(), host, driver="python")
    events = _run(runner)
    kinds = [type(e) for e in events]
    first = kinds.index(RunStarted)
    assert set(kinds[:first]) <= {Notice}  # the profile's and the placement's notices come first
    starting = [e.text for e in events[first + 1 :] if isinstance(e, Notice) and e.text.startswith("starting")]
    assert starting == [f"starting {i} on fake" for i in IMPLS]
    for i, kind in enumerate(kinds):  # every batch of samples is followed by the progress it makes
        if kind is SamplesArrived:
            assert kinds[i + 1] is Progress
    finished = events[-1]
    assert isinstance(finished, RunFinished) and (finished.status, finished.message) == ("complete", "")
    assert kinds.count(RunFinished) == 1
    total = len(IMPLS) * R * (N + WARMUP)
    assert sum(len(e.samples) for e in events if isinstance(e, SamplesArrived)) == total
    progress = [e for e in events if isinstance(e, Progress)]
    assert [p.done for p in progress] == sorted(p.done for p in progress)
    assert progress[-1].done == progress[-1].total == total and progress[-1].errors == 0
    stored, meta = _stored(finished.path)
    assert stored == total and meta["status"] == "complete"
    assert host.calls[:2] == [f"start {i}" for i in IMPLS]
    assert all(w.stops == 1 and not w.alive() for w in host.workers)  # every worker stopped, once


def test_a_worker_warning_is_said_once_per_worker():
    events = _run(Runner(_profile(), FakeHost(ROOT, warning="tunnel: +0.1 ms"), driver="python"))
    assert [e.text for e in events if isinstance(e, Notice) and e.level == "warning"].count("tunnel: +0.1 ms") == 2


@pytest.mark.parametrize("policy", ["stop", "continue"])
def test_a_worker_dying_mid_run_is_named_and_what_arrived_is_kept(policy):
    host = FakeHost(ROOT)
    runner = Runner(_profile(), host, driver="python", on_worker_death=policy)
    events = _run(runner, on_first_samples=lambda: host.workers[0].kill())  # go-rest runs first
    finished = events[-1]
    assert finished.status == "incomplete"
    errors = [e.text for e in events if isinstance(e, Notice) and e.level == "error"]
    assert errors and "worker go-rest died mid-run" in errors[0] and "fake worker log line" in errors[0]
    arrived = sum(len(e.samples) for e in events if isinstance(e, SamplesArrived))
    stored, meta = _stored(finished.path)
    assert stored == arrived and meta["status"] == "incomplete"
    if policy == "continue":
        assert "the run goes on without it" in errors[0]
        assert finished.message == "worker(s) died: go-rest"
        with RunStore.open(finished.path) as store:
            df = store.samples_frame()
        assert (df["implementation"] == "java-rest").sum() == R * (N + WARMUP)  # the other one ran in full
    assert all(w.stops >= 1 for w in host.workers)


def test_a_dropped_connection_with_pause_reconnects_restarts_the_workers_and_marks_the_block():
    host = FakeHost(ROOT)
    runner = Runner(_profile(), host, driver="python", on_disconnect="pause", reconnect_timeout_s=30)
    events = _run(runner, on_first_samples=host.drop)
    texts = [e.text for e in events if isinstance(e, Notice)]
    assert any(t.startswith("the connection to fake dropped") for t in texts)
    assert any(t.startswith("reconnected to fake") and "stopped 1 stale worker" in t for t in texts)
    assert host.calls.count("reconnect") == 1
    assert [c for c in host.calls if c.startswith("start")] == [f"start {i}" for i in IMPLS] * 2
    finished = events[-1]
    assert finished.status == "incomplete" and "dropped during block(s) 0" in finished.message
    with RunStore.open(finished.path) as store:
        interrupted = store.driver_events("interrupted")
        blocks = set(store.samples_frame()["block"])
    assert [e["reason"] for e in interrupted] == ["host disconnected"]
    assert blocks == {0, 1}  # the interrupted block is partial; the other ran after the reconnect


def test_cancel_ends_the_run_marked_cancelled_and_stops_the_workers():
    host = FakeHost(ROOT)
    runner = Runner(_profile(requests=2000), host, driver="python")
    events = _run(runner, on_first_samples=runner.cancel)
    finished = events[-1]
    assert (finished.status, finished.message) == ("cancelled", "stopped by the user")
    stored, meta = _stored(finished.path)
    assert meta["status"] == "cancelled" and 0 < stored < len(IMPLS) * R * (2000 + WARMUP)
    assert all(w.stops == 1 for w in host.workers)


def test_stop_after_block_finishes_the_block_in_progress_and_starts_no_other():
    host = FakeHost(ROOT)
    runner = Runner(_profile(requests=300), host, driver="python")
    events = _run(runner, on_first_samples=lambda: runner.stop_after_block("the window closed"))
    finished = events[-1]
    assert (finished.status, finished.message) == ("incomplete", "the window closed")
    with RunStore.open(finished.path) as store:
        df = store.samples_frame()
    assert set(df["block"]) == {0} and len(df) == 300 + WARMUP


def test_a_run_that_cannot_start_raises_before_storing_anything(tmp_path):
    with pytest.raises(Exception, match="the Python driver runs only the sequential load model"):
        list(Runner(_profile(load="closed", concurrency=2, duration_s=1), FakeHost(ROOT), driver="python").events())
