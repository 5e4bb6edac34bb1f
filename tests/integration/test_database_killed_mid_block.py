"""Seed 001's database under test killed mid-block (SIGKILL of the postmaster), a fault of long runs.

A real run of seed 001's operations (go-rest listing 100 people and creating one, through GORM on the
private PostgreSQL the run starts, seed 1, 1,000 people), an open load at a fixed rate so that a block
lasts ``REQUESTS / RATE_PER_S`` seconds on any machine that keeps up. When the first measured samples
of the first block are stored (an event of the run, not a delay), the postmaster gets SIGKILL. Then:

- the requests the worker could not serve without its database are failed samples (none is lost: the
  run file holds every sample the run yielded, and the block's planned requests);
- after the block the run sees the server gone and ends ``incomplete``, naming the database, with
  the samples so far kept; no PostgreSQL process is left and its folder is removed.

The message the window shows is checked in English here and in Brazilian Portuguese in
tests/unit/run/test_fault_messages.py.
"""

from __future__ import annotations

import os
import signal
import sqlite3
from pathlib import Path

import pytest

from bancada.core.samples import PHASE_MEASURE
from bancada.experiment.profile import load_profile
from bancada.hosts.local import LocalHost
from bancada.hosts.postgres import PrivatePostgres, find_postgres, processes_in
from bancada.run.events import RunFinished, SamplesArrived
from bancada.run.runner import Runner
from tests.conftest import ROOT, artifact_missing

RATE_PER_S = 100.0
REQUESTS = 300  # per treatment: 3 s of load each at RATE_PER_S

PROFILE = f"""
[experiment]
name = "seed-001-database-killed"
implementations = ["go-rest"]
repetitions = 2
requests = {REQUESTS}
warmup = 2
schedule = "sequential"
timeout_s = 2.0

[load]
model = "open"
rate_per_s = {RATE_PER_S}

[database]
server = "private"
seed = 1
pets = 1000
people = 1000
pool_size = 4
reset = "repetition"

[[workloads]]
name = "ListPeople100"
operation = "list_people"
limit = 100

[[workloads]]
name = "CreatePerson"
operation = "create_person"
"""


@pytest.fixture(autouse=True)
def _built():
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest: {reason} (run make -C workers go)")
    try:
        find_postgres()
    except Exception as exc:  # noqa: BLE001 - the reason is shown
        pytest.skip(str(exc))


def test_the_postmaster_killed_mid_block_gives_failed_samples_and_an_incomplete_run_naming_the_database(tmp_path):
    path = tmp_path / "seed-001-killed.toml"
    path.write_text(PROFILE)
    runner = Runner(load_profile(path), LocalHost(ROOT), store_folder=tmp_path)
    events: list = []
    yielded = 0
    folder: Path | None = None
    killed_in_repetition = 0
    for event in runner.events():
        events.append(event)
        server = runner.database.server
        if folder is None and isinstance(server, PrivatePostgres) and server.folder is not None:
            folder = server.folder
        if not isinstance(event, SamplesArrived):
            continue
        yielded += len(event.samples)
        measured = [s for s in event.samples if s.phase == PHASE_MEASURE]
        if not killed_in_repetition and measured and isinstance(server, PrivatePostgres) and server.pid:
            os.kill(server.pid, signal.SIGKILL)
            killed_in_repetition = measured[0].repetition
    assert killed_in_repetition == 1 and folder is not None
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "incomplete", finished.message
    assert finished.message.startswith("the database (private PostgreSQL on local) failed: "), finished.message
    assert "exited with code -9" in finished.message and finished.message.endswith("the samples so far are kept")
    con = sqlite3.connect(f"file:{finished.path}?mode=ro", uri=True)
    try:
        stored = con.execute("SELECT COUNT(*) FROM sample").fetchone()[0]
        failed = con.execute(f"SELECT COUNT(*) FROM sample WHERE ok = 0 AND phase = {PHASE_MEASURE}").fetchone()[0]
        per_rep = dict(con.execute("SELECT repetition, COUNT(*) FROM sample WHERE phase = 1 GROUP BY 1").fetchall())
        status = con.execute("SELECT value FROM meta WHERE key = 'status'").fetchone()[0]
        kinds = dict(
            con.execute("SELECT substr(error, 1, instr(error, ':') - 1), COUNT(*) FROM sample WHERE ok = 0 GROUP BY 1")
        )
        print(f"\nPostgreSQL killed mid-block: {stored} samples stored, {failed} failed {kinds}")
    finally:
        con.close()
    assert stored == yielded  # nothing the run yielded is missing from its file
    assert failed > 0  # the requests served without a database are failed samples
    assert per_rep == {1: REQUESTS}, per_rep  # the killed block (one treatment) ran to its end; no later block started
    assert status == "incomplete"
    assert processes_in(folder / "data") == [] and not folder.exists()
