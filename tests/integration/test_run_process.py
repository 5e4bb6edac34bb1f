"""The runner in its own process (bancada.session.run_server, driven by bancada.session.run_process), with the
real Go worker and native driver: the window's end reads typed messages, stops it, a killed window loses no
stored sample, and a window that leaves the run kept going finds it again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.run.events import Notice, Progress, RunFinished, RunStarted
from bancada.session.live_messages import LIVE_MAX_SAMPLES_PER_S, LiveSamples, RunCrashed, RunRequest
from bancada.session.run_process import WINDOW_GONE, RunProcess, live_dir
from bancada.store.runstore import RunStore
from tests.conftest import ROOT, artifact_missing

pytestmark = pytest.mark.integration
QUICK = ROOT / "profiles" / "quick.toml"


@pytest.fixture(autouse=True)
def _built():
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest cannot run: {reason} (run make -C workers go driver)")


def _profile(**kw):
    args = dict(
        requests=400, repetitions=2, warmup=20, schedule="sequential", implementations=["go-rest"], driver="native"
    )
    args.update(kw)
    return apply_overrides(load_profile(QUICK), "quick", payloads=["StdSize"], **args)


def test_messages_are_typed_in_order_and_the_samples_are_all_stored():
    process = RunProcess.start(RunRequest(_profile()))
    messages = list(process.messages())
    kinds = [type(m) for m in messages]
    # the outbox sends the newest progress before the items of the same send, so a Progress may lead
    first = next(k for k in kinds if k is not Progress)
    assert first is Notice or first is RunStarted
    started = next(m for m in messages if isinstance(m, RunStarted))
    assert kinds.index(RunStarted) < kinds.index(LiveSamples)
    assert kinds[-1] is RunFinished and messages[-1].status == "complete"
    assert all(k in (Notice, Progress, RunStarted, LiveSamples, RunFinished) for k in kinds)
    received = sum(m.received for m in messages if isinstance(m, LiveSamples))
    with RunStore.open(started.path) as store:
        assert store.sample_count() == received == 2 * (400 + 20)
    assert process.child is not None and process.child.wait(60) == 0


def test_a_fast_run_is_thinned_to_the_windows_rate_and_says_how_many():
    process = RunProcess.start(
        RunRequest(_profile(load="closed", concurrency=4, duration_s=2.0, repetitions=1, schedule="randomized"))
    )
    t0 = time.monotonic()
    messages = list(process.messages())
    elapsed_s = time.monotonic() - t0
    live = [m for m in messages if isinstance(m, LiveSamples)]
    sent, received = sum(len(m) for m in live), sum(m.received for m in live)
    started = next(m for m in messages if isinstance(m, RunStarted))
    with RunStore.open(started.path) as store:
        stored = store.sample_count()
    assert received == stored > 0
    assert sent <= LIVE_MAX_SAMPLES_PER_S * elapsed_s * 1.2 + 2_000  # the last flush may carry a full share
    assert set(live[0].rows.dtype.names) == {"treatment", "phase", "ok", "latency_ns"}


def test_stop_from_the_window_keeps_the_run_marked_cancelled():
    process = RunProcess.start(RunRequest(_profile(requests=200_000, repetitions=3)))
    finished = None
    for message in process.messages():
        if isinstance(message, LiveSamples):
            process.cancel()
        if isinstance(message, RunFinished):
            finished = message
    assert finished is not None and finished.status == "cancelled"
    with RunStore.open(finished.path) as store:
        assert store.meta()["status"] == "cancelled"
        assert store.sample_count() > 0


def test_a_run_that_cannot_start_is_one_typed_message():
    profile = _profile(implementations=["go-rest"])
    process = RunProcess.start(RunRequest(profile, host_name="no-such-saved-host"))
    messages = list(process.messages())
    assert len(messages) == 1 and isinstance(messages[0], RunCrashed)
    assert "no-such-saved-host" in messages[0].message


_PARENT = """
import sys, pickle
from bancada.session.run_process import RunProcess
from bancada.session.live_messages import LiveSamples, RunRequest
from bancada.run.events import RunStarted
process = RunProcess.start(pickle.loads(sys.stdin.buffer.read()))
print("child", process.pid, flush=True)
for m in process.messages():
    if isinstance(m, RunStarted):
        print("path", m.path, flush=True)
    if isinstance(m, LiveSamples):
        print("samples", flush=True)
        input()  # wait to be killed
"""


def test_killing_the_window_keeps_every_sample_of_the_block_and_marks_the_run(tmp_path):
    """The window's process is SIGKILLed mid-block: the run process finishes that block, stores all
    of it, starts no other, marks the run incomplete and ends (so do the worker and the driver)."""
    import pickle

    n, warmup = 40_000, 10
    request = RunRequest(_profile(requests=n, warmup=warmup, repetitions=3))
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=False
    )
    assert parent.stdin and parent.stdout
    parent.stdin.write(pickle.dumps(request))
    parent.stdin.close()
    lines = {}
    while "samples" not in lines:
        line = parent.stdout.readline().decode()
        assert line, f"the parent ended early (exit code {parent.wait()})"
        key, _, value = line.strip().partition(" ")
        lines[key] = value
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    child = int(lines["child"])
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        if Path(f"/proc/{child}/stat").exists() and Path(f"/proc/{child}/stat").read_text().split()[2] == "Z":
            break  # ended; its parent (killed) will never reap it: init does
        time.sleep(0.2)
    else:
        pytest.fail("the run process did not end after its window was killed")
    with RunStore.open(lines["path"]) as store:
        meta = store.meta()
        df = store.samples_frame()
    assert meta["status"] == "incomplete"
    assert meta["message"] == WINDOW_GONE
    assert df["block"].nunique() == 1  # no block started after the window was gone
    assert len(df) == n + warmup  # ... and the one in progress is all there


def _stored(path) -> int:
    with RunStore.open(path) as store:
        return store.sample_count()


def _wait_until(check, timeout_s: float, what: str) -> None:
    """Until ``check()`` (the run file, another process: nothing to wait on but reading it again)."""
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, f"not within {timeout_s:.0f} s: {what}"
        time.sleep(0.2)


def _timed_profile(duration_s: float = 30.0, repetitions: int = 2):
    """go-rest at an open load of 200 requests/s: each block lasts ``duration_s`` on any machine."""
    return _profile(load="open", rate_per_s=200, concurrency=4, duration_s=duration_s, repetitions=repetitions)


def test_a_run_kept_without_a_window_goes_on_and_a_new_window_reattaches_and_stops_it():
    from bancada.session.run_process import attach_live_run

    first = RunProcess.start(RunRequest(_timed_profile()))
    started = None
    for message in first.messages():
        if isinstance(message, RunStarted):
            started = message
        if isinstance(message, LiveSamples) and started is not None:
            first.leave(keep=True)  # the window closes, "Keep running"
    assert started is not None
    left_at = _stored(started.path)
    _wait_until(lambda: _stored(started.path) > left_at + 200, 60, "samples stored without a window")

    again = attach_live_run()
    assert again is not None and again.pid == first.pid
    assert again.hello.started is not None and again.hello.started.run_id == started.run_id
    assert again.hello.kept and not again.hello.paused
    assert attach_live_run() is None  # one window at a time: a second one is refused, the run untouched
    again.leave(keep=False)  # as a crash of the reattached window: the run was kept, so it goes on
    assert not any(isinstance(m, RunFinished) for m in again.messages())  # it ends quietly, the run not over
    gone_at = _stored(started.path)
    _wait_until(lambda: _stored(started.path) > gone_at + 200, 60, "samples stored after the second window")
    third = attach_live_run()
    assert third is not None and third.pid == first.pid
    finished = None
    received = 0
    for message in third.messages():
        if isinstance(message, LiveSamples):
            received += message.received
            if received > 200:
                third.cancel()
        if isinstance(message, RunFinished):
            finished = message
    assert finished is not None and finished.status == "cancelled", finished
    with RunStore.open(started.path) as store:
        assert store.meta()["status"] == "cancelled"
        assert store.sample_count() > left_at + 200 + received // 2
    assert first.child is not None and first.child.wait(60) == 0
    assert not list(live_dir().glob("*.sock")) and not list(live_dir().glob("*.new"))


def test_a_window_leaving_without_keeping_stops_the_run_after_the_block():
    first = RunProcess.start(RunRequest(_timed_profile(duration_s=3.0, repetitions=3)))
    started = None
    for message in first.messages():
        if isinstance(message, RunStarted):
            started = message
        if isinstance(message, LiveSamples) and started is not None:
            first.leave(keep=False)
    assert started is not None
    assert first.child is not None and first.child.wait(120) == 0
    with RunStore.open(started.path) as store:
        meta = store.meta()
        blocks = store.samples_frame()["block"].nunique()
    assert (meta["status"], meta["message"], blocks) == ("incomplete", WINDOW_GONE, 1)


def test_a_stale_socket_is_removed_and_nothing_is_reattached():
    import socket

    stale = live_dir() / "0badc0de.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(stale))  # a run process killed (SIGKILL) leaves its socket file: nothing listens there
    sock.close()
    never_met = live_dir() / "0badc0de.new"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(never_met))
    sock.close()
    from bancada.session.run_process import attach_live_run

    assert attach_live_run() is None
    assert not stale.exists() and not never_met.exists()
