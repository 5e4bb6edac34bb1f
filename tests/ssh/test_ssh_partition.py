"""The SSH link to the workers' host cut mid-run (a network partition, not a killed session), then restored.

The host is a lab host (tests/ssh/lab_host.py) in its own network namespace; the partition is its end of
the veth pair set down (:meth:`LabHost.cut_link`): every packet between this computer and the host is
dropped, the SSH connection and the driver's connections to the worker see no reset. It starts when the
first measured samples of the run's first block are stored (an event of the run, not a delay) and lasts
5 s or 60 s. The run is an open load at a fixed rate, so each block lasts ``REQUESTS / RATE_PER_S``
seconds on any machine that keeps up.

- 5 s (CI): shorter than the SSH liveness check's 10 s answer time, so the connection lives on; the
  requests sent into the partition fail with ``timeout`` (2 s) and the run ends ``complete``.
- 60 s (``faults_full``, ``BANCADA_FULL=1``): the liveness check gets no answer, the connection is
  closed and the worker counted lost. With ``on_disconnect = "incomplete"`` the run ends ``incomplete``
  naming the dropped connection, its samples kept; with ``"pause"`` it reconnects once the link is back,
  restarts the worker and runs the blocks left, the cut block kept partial.

In every case no sample in flight across the partition is stored as a 5 s or 60 s latency, nothing stored
is lost (the run file's samples are those the run yielded), and no worker is left on the host.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from dataclasses import dataclass, field

import pytest

from bancada.core.samples import PHASE_MEASURE
from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.hosts.ssh_host import connect_saved_host
from bancada.run.runner import Notice, RunFinished, Runner, SamplesArrived
from tests.conftest import ROOT, artifact_missing
from tests.ssh.conftest import lab_fingerprint, save_lab

pytestmark = pytest.mark.ssh

QUICK = ROOT / "profiles" / "quick.toml"
RATE_PER_S = 400.0
REQUESTS = 3200  # 8 s a block at RATE_PER_S
TIMEOUT_S = 2.0


@dataclass
class PartitionedRun:
    """What a run with a partition did: its events, the samples it yielded, the run file."""

    events: list = field(default_factory=list)
    yielded: int = 0
    cut_in_repetition: int = 0

    @property
    def finished(self) -> RunFinished:
        last = self.events[-1]
        assert isinstance(last, RunFinished), last
        return last

    def notices(self) -> list[str]:
        return [e.text for e in self.events if isinstance(e, Notice)]

    def query(self, sql: str) -> list[tuple]:
        con = sqlite3.connect(f"file:{self.finished.path}?mode=ro", uri=True)
        try:
            return con.execute(sql).fetchall()
        finally:
            con.close()


@pytest.fixture
def lab(lab_bare, ssh_keys):
    """The bare lab host saved as ``lab`` with its key accepted; its link restored whatever the test did."""
    for impl in ("go-rest",):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl}: {reason} (run make -C workers)")
    save_lab(lab_bare, "lab", ssh_keys)
    connect_saved_host("lab", accept_fingerprint=lab_fingerprint(lab_bare)).close()
    yield lab_bare
    lab_bare.restore_link()


def run_with_partition(lab, seconds: float, on_disconnect: str, repetitions: int) -> PartitionedRun:
    """A run of go-rest on ``lab`` whose link is cut for ``seconds`` from the first measured samples on."""
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=["go-rest"],
        payloads=["StdSize"],
        requests=REQUESTS,
        repetitions=repetitions,
        warmup=10,
        load="open",
        rate_per_s=RATE_PER_S,
    )
    data = profile.model_dump(exclude_none=True)
    data["experiment"]["timeout_s"] = TIMEOUT_S
    profile = type(profile).model_validate(data)
    out = PartitionedRun()
    host = connect_saved_host("lab")
    runner = Runner(profile, host, on_disconnect=on_disconnect, reconnect_timeout_s=seconds + 60)
    restore: threading.Timer | None = None
    try:
        for event in runner.events():
            out.events.append(event)
            if not isinstance(event, SamplesArrived):
                continue
            out.yielded += len(event.samples)
            measured = [s for s in event.samples if s.phase == PHASE_MEASURE]
            if restore is None and measured:
                lab.cut_link()
                out.cut_in_repetition = measured[0].repetition
                restore = threading.Timer(seconds, lab.restore_link)
                restore.start()
    finally:
        if restore is not None:
            restore.join()
        lab.restore_link()
        host.close()
    assert restore is not None, "the run yielded no measured sample: nothing was injected"
    return out


def check_no_gap_measured(run: PartitionedRun, seconds: float) -> None:
    """Nothing in flight across the partition is a latency; every sample yielded is in the file."""
    (longest,) = run.query(f"SELECT MAX(latency_ns) FROM sample WHERE ok = 1 AND phase = {PHASE_MEASURE}")[0]
    assert longest is not None and longest < (TIMEOUT_S + 0.5) * 1e9 < seconds * 1e9, longest
    kinds = "SELECT substr(error, 1, instr(error, ':') - 1), COUNT(*) FROM sample WHERE ok = 0 GROUP BY 1"
    failed = dict(run.query(kinds))
    assert failed.get("timeout", 0) > 0, f"no request failed across the partition: {failed}"
    (stored,) = run.query("SELECT COUNT(*) FROM sample")[0]
    assert stored == run.yielded


def test_a_5_s_partition_fails_the_requests_in_it_and_the_run_goes_on(lab, tmp_path):
    run = run_with_partition(lab, 5.0, "incomplete", repetitions=2)
    assert run.finished.status == "complete", run.finished.message
    check_no_gap_measured(run, 5.0)
    per_rep = dict(run.query("SELECT repetition, COUNT(*) FROM sample WHERE phase = 1 GROUP BY 1"))
    assert per_rep == {1: REQUESTS, 2: REQUESTS}, per_rep  # every request is a sample, ok or failed
    late = [t for t in run.notices() if "after their planned start" in t]
    assert late and late[0].startswith(f"block {run.cut_in_repetition}: "), run.notices()
    assert lab.worker_processes() == []


@pytest.mark.faults_full
def test_a_60_s_partition_with_on_disconnect_incomplete_ends_the_run_with_its_samples(lab):
    run = run_with_partition(lab, 60.0, "incomplete", repetitions=2)
    assert run.finished.status == "incomplete"
    assert re.fullmatch(
        r"the SSH connection to lab dropped during block \d+; the run stops and the samples so far are kept "
        r"\(the worker left on the host is stopped at the next connection\)",
        run.finished.message,
    ), run.finished.message
    check_no_gap_measured(run, 60.0)
    cleaned = connect_saved_host("lab")  # the next connect stops the worker the drop left behind
    cleaned.close()
    assert lab.worker_processes() == []


@pytest.mark.faults_full
def test_a_60_s_partition_with_on_disconnect_pause_reconnects_and_runs_the_blocks_left(lab):
    run = run_with_partition(lab, 60.0, "pause", repetitions=3)
    finished = run.finished
    assert finished.status == "incomplete", finished.message
    # one treatment: repetition r is block r - 1
    assert f"dropped during block(s) {run.cut_in_repetition - 1};" in finished.message, finished.message
    assert any(t.startswith("reconnected to lab") for t in run.notices()), run.notices()
    check_no_gap_measured(run, 60.0)
    per_rep = dict(run.query("SELECT repetition, COUNT(*) FROM sample WHERE phase = 1 GROUP BY 1"))
    assert per_rep[3] == REQUESTS, per_rep  # the last block ran in full after the reconnection
    assert lab.worker_processes() == []
