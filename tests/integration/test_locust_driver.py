"""The locust driver end to end on this computer: real Locust master and workers (workers/locust/.venv),
real Go workers, the real run file.

Marked ``locust`` (a Locust run takes seconds to start its processes). CI runs the reduced set,
``pytest -m "locust and not locust_full" tests/integration/test_locust_driver.py`` (the 2-worker run,
the unreachable master: about a minute); the full set adds the killed worker and the SSH load host:
``pytest -m locust tests/integration/test_locust_driver.py tests/ssh/test_ssh_locust.py``.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from bancada.experiment.overrides import apply_overrides
from bancada.experiment.profile import load_profile
from bancada.run.runner import RunFinished, Runner, RunStarted, SamplesArrived
from bancada.stats.frame_analysis import analyze_frame
from bancada.store.load_workers import load_worker_samples
from bancada.store.runstore import RunStore
from bancada.store.tidy_csv import tidy_frame
from tests.conftest import ROOT

pytestmark = [pytest.mark.integration, pytest.mark.locust]
QUICK = ROOT / "profiles" / "quick.toml"


@pytest.fixture(autouse=True)
def _locust_built():
    if not (ROOT / "workers" / "locust" / ".venv" / "bin" / "bancada-locust").exists():
        pytest.fail("Locust's environment is not built (make -C workers locust)")


def _profile(requests: int, repetitions: int, workers: int, users: int, warmup: int = 4):
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=["go-rest", "go-grpc"],
        requests=requests,
        repetitions=repetitions,
        warmup=warmup,
        payloads=["StdSize"],
        schedule="alternating",
        driver="locust",
    )
    profile.experiment.load_workers = workers
    profile.experiment.load_users = users
    profile.experiment.seed = 7
    return profile


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_two_locust_workers_store_every_request_once_with_its_worker():
    requests, warmup, reps = 40, 4, 2
    events = list(Runner(_profile(requests, reps, workers=2, users=4, warmup=warmup)).events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    started = next(e for e in events if isinstance(e, RunStarted))
    assert started.driver == "locust"
    with RunStore.open(started.path) as store:
        counts = store.conn.execute(
            "SELECT treatment, repetition, phase, COUNT(*), COUNT(DISTINCT seq), SUM(ok) FROM sample GROUP BY 1, 2, 3"
        ).fetchall()
        protocols = dict(store.conn.execute("SELECT id, protocol FROM treatment").fetchall())
        assert sorted(protocols.values()) == ["grpc", "rest"]
        assert len(counts) == 2 * reps * 2
        for treatment, rep, phase, n, distinct, ok in counts:
            expected = requests if phase == 1 else warmup
            assert n == distinct == ok == expected, (treatment, rep, phase, n, distinct, ok)
        workers = load_worker_samples(store)
        total = store.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0]
        assert len(workers) == total == 2 * reps * (requests + warmup)  # every sample: one worker row
        assert workers["id"].is_unique
        assert (workers["host"] != "").all() and (workers["worker"] != "").all()
        # each block (repetition) was one Locust run of 2 workers, both of which sent samples
        per_rep = workers.groupby("repetition")["worker"].nunique()
        assert per_rep.tolist() == [2] * reps
        latencies = store.conn.execute("SELECT MIN(latency_ns), MAX(latency_ns) FROM sample").fetchone()
        assert 0 < latencies[0] <= latencies[1] < 30e9
        df = tidy_frame(store)
    result = analyze_frame(df, response="latency_s", factors=["protocol"], by=["payload"]).to_dict()
    group = result["groups"][0]  # the statistics tables: one row per treatment, the pair compared
    assert sorted(t["levels"]["protocol"] for t in group["treatments"]) == ["grpc", "rest"]
    assert [t["n"] for t in group["treatments"]] == [requests * reps] * 2
    assert len(group["pairwise"]) == 1 and 0 <= group["pairwise"][0]["p"] <= 1
    assert "protocol" in group["factorial"]["variation_pct"]


def _workers_heard(path) -> int:
    """How many Locust workers have samples in the run file so far (read beside the runner's writes)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        try:
            return int(conn.execute("SELECT COUNT(DISTINCT worker) FROM sample_load_worker").fetchone()[0])
        except sqlite3.OperationalError:  # no table yet
            return 0


@pytest.mark.locust_full
def test_a_lost_locust_worker_makes_the_run_incomplete_with_the_samples_kept():
    runner = Runner(_profile(requests=200_000, repetitions=1, workers=2, users=2, warmup=0))
    events = []
    killed = None
    locust_pids: list[int] = []
    deadline = time.monotonic() + 120
    for event in runner.events():
        events.append(event)
        if isinstance(event, RunStarted):
            path = event.path
        if killed is None and isinstance(event, SamplesArrived) and _workers_heard(path) == 2:
            assert runner._driver_proc is not None
            driver_pid = runner._driver_proc.pid
            locust_pids = _children(driver_pid)
            workers = [p for p in locust_pids if b"--worker" in Path(f"/proc/{p}/cmdline").read_bytes()]
            assert len(workers) == 2, locust_pids
            killed = workers[0]
            os.kill(killed, signal.SIGKILL)
        assert time.monotonic() < deadline, "the run did not end after its worker was lost"
    finished = events[-1]
    assert killed is not None
    assert isinstance(finished, RunFinished) and finished.status == "incomplete", finished.message
    assert "lost" in finished.message and "kept" in finished.message, finished.message
    started = next(e for e in events if isinstance(e, RunStarted))
    with RunStore.open(started.path) as store:
        workers = load_worker_samples(store)
        stored = store.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0]
    assert stored > 0 and len(workers) == stored
    assert workers["worker"].nunique() == 2  # the lost worker's samples, sent before, are kept
    assert stored < 200_000
    for pid in locust_pids:  # master and workers: none left
        assert not _alive(pid), pid


def _driver(job: dict) -> tuple[int, list, str]:
    """Run the locust driver process on ``job`` (a job's JSON with its ``locust`` object); its exit code,
    frames and stderr."""
    import io
    import json
    import subprocess
    import sys

    from bancada.drivers.stream import read_frames

    proc = subprocess.run(
        [sys.executable, "-m", "bancada.drivers.locust"],
        input=json.dumps(job).encode(),
        capture_output=True,
        timeout=120,
    )
    return proc.returncode, list(read_frames(io.BytesIO(proc.stdout))), proc.stderr.decode()


LAUNCHER = ROOT / "workers" / "locust" / ".venv" / "bin" / "bancada-locust"


def test_failed_requests_are_samples_with_ok_false_and_an_error_kind():
    from bancada.drivers.job import DriverJob, JobBlock, JobTreatment
    from bancada.drivers.stream import Sample

    job = DriverJob(
        treatments=[
            JobTreatment(id=0, protocol="rest", target="127.0.0.1:9", operation="ping"),  # nothing listens on 9
            JobTreatment(id=1, protocol="grpc", target="127.0.0.1:9", operation="ping"),
        ],
        timeout_s=2,
        blocks=[JobBlock(repetition=1, treatments=[0, 1], requests=3)],
    ).to_json()
    job["locust"] = {"workers": 1, "launcher": [str(LAUNCHER)]}
    code, frames, _ = _driver(job)
    samples = [f for f in frames if isinstance(f, Sample)]
    assert code == 0 and len(samples) == 6
    assert sorted((s.treatment, s.seq) for s in samples) == [(t, q) for t in (0, 1) for q in range(3)]
    assert all(not s.ok and s.error.startswith("refused:") and s.latency_ns > 0 for s in samples)
    assert frames[-1]["event"] == "done" and frames[-1]["errors"] == {"refused": 6}


def test_workers_that_cannot_reach_the_master_are_named_in_one_line():
    """The master waits ``connect_wait_s`` for a worker that never comes (as one behind a firewall)."""
    from bancada.drivers.job import DriverJob, JobBlock, JobTreatment

    job = DriverJob(
        treatments=[JobTreatment(id=0, protocol="rest", target="127.0.0.1:9", operation="ping")],
        blocks=[JobBlock(repetition=1, treatments=[0], requests=3)],
    ).to_json()
    job["locust"] = {"workers": 1, "local_workers": 0, "launcher": [str(LAUNCHER)], "connect_wait_s": 2}
    code, frames, stderr = _driver(job)
    last = frames[-1]
    assert code == 2 and last["event"] == "error"
    assert "did not reach the master's port" in last["message"] and "within 2 s" in last["message"]
    assert "\n" not in last["message"] and "Traceback" not in stderr
