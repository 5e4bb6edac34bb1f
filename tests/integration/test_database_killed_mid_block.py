"""Seed 001's database under test killed mid-block (SIGKILL of the postmaster), a fault of long runs.

A real run of seed 001's operations (go-rest listing 100 people and creating one, through GORM on the
private PostgreSQL the run starts, seed 1, 1,000 people), an open load at a fixed rate so that a block
lasts ``REQUESTS / RATE_PER_S`` seconds on any machine that keeps up. When the first measured samples
of a block are stored (an event of the run, not a delay), the postmaster gets SIGKILL. Then:

- the requests the worker could not serve without its database are failed samples (none is lost: the
  run file holds every sample the run yielded, and the block's planned requests);
- after the block Bancada starts a fresh server, seeded as at the run's start, on the same port (or,
  when that port was taken meanwhile, on another, and the worker is started again with the new
  address), stores the restart, says so, and runs the blocks left: they are all ok, the run ends
  ``complete``;
- a server that dies again past the run's limit of restarts ends the run ``incomplete``, naming the
  database, the samples so far kept; so does a restart that fails, and an external server's death
  (Bancada never restarts a server it did not start);
- no PostgreSQL process is left and every server's folder is removed.

The messages are checked in English here and in Brazilian Portuguese in tests/unit/run/test_fault_messages.py.
``-s`` prints the figures of docs/reliability.md's fault matrix.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import time
from pathlib import Path

import pytest

from bancada.core.errors import RunError
from bancada.core.samples import PHASE_MEASURE
from bancada.experiment.profile import load_profile
from bancada.hosts.database_server import ExternalPostgres
from bancada.hosts.local import LocalHost
from bancada.hosts.postgres import PrivatePostgres, find_postgres, free_port, processes_in
from bancada.run.database import RunDatabase
from bancada.run.events import Notice, RunFinished, SamplesArrived
from bancada.run.runner import Runner
from bancada.store.database_record import read_resets, read_restarts
from bancada.store.runstore import RunStore
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


def _run(tmp_path: Path, kill_in_blocks: set[int], *, take_port: bool = False, max_restarts: int = 3):
    """Run the profile, SIGKILLing the postmaster when the first measured samples of each block of
    ``kill_in_blocks`` (0-based) are stored; with ``take_port``, a socket holds the dead server's port
    until the run ends. Returns (events, finished, the servers' folders, yielded samples, killed)."""
    path = tmp_path / "seed-001-killed.toml"
    path.write_text(PROFILE)
    runner = Runner(load_profile(path), LocalHost(ROOT), store_folder=tmp_path)
    runner.database.max_restarts = max_restarts
    events: list = []
    folders: list[Path] = []
    yielded = 0
    killed: list[tuple[int, int]] = []  # (block, port)
    taken: socket.socket | None = None
    block = -1
    try:
        for event in runner.events():
            events.append(event)
            server = runner.database.server
            if isinstance(server, PrivatePostgres) and server.folder is not None and server.folder not in folders:
                folders.append(server.folder)
            if not isinstance(event, SamplesArrived):
                continue
            yielded += len(event.samples)
            block = int(runner.ctx.store.conn.execute("SELECT MAX(id) FROM block").fetchone()[0])
            measured = [s for s in event.samples if s.phase == PHASE_MEASURE]
            if not measured or block not in kill_in_blocks or any(b == block for b, _ in killed):
                continue
            assert isinstance(server, PrivatePostgres) and server.pid and server.port
            os.kill(server.pid, signal.SIGKILL)
            killed.append((block, server.port))
            if take_port:
                taken = _hold(server.port)
    finally:
        if taken is not None:
            taken.close()
    finished = events[-1]
    assert isinstance(finished, RunFinished)
    return events, finished, folders, yielded, killed


def _hold(port: int) -> socket.socket:
    """A socket bound (not listening, no SO_REUSEADDR) to 127.0.0.1:``port`` once the killed postmaster has
    let it go: no server can bind the port, and a connection to it is refused as to a dead one.

    Without SO_REUSEADDR the bind waits out the dead server's connections in TIME_WAIT too (the side
    that closed first keeps the port for 60 s on Linux, whichever side that was on a busy machine):
    hence 70 s, not a guess of how fast the machine lets the port go."""
    deadline = time.monotonic() + 70
    while True:
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", port))
            return s
        except OSError:
            s.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _per_block(path: Path) -> dict[int, dict[str, int]]:
    """``{block: {"ok": n, "failed": n, kind: n...}}`` of the measured samples in the run file."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        out: dict[int, dict[str, int]] = {}
        rows = con.execute(
            "SELECT block, ok, substr(error, 1, instr(error, ':') - 1), COUNT(*) FROM sample "
            f"WHERE phase = {PHASE_MEASURE} GROUP BY 1, 2, 3"
        )
        for block, ok, kind, n in rows:
            counts = out.setdefault(block, {"ok": 0, "failed": 0})
            counts["ok" if ok else "failed"] += n
            if not ok:
                counts[kind] = counts.get(kind, 0) + n
        return out
    finally:
        con.close()


def _stored(path: Path) -> int:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(con.execute("SELECT COUNT(*) FROM sample").fetchone()[0])
    finally:
        con.close()


def _nothing_left(folders: list[Path]) -> None:
    for folder in folders:
        assert processes_in(folder / "data") == [] and not folder.exists(), folder


def test_the_postmaster_killed_mid_block_is_started_again_and_the_run_goes_on_complete(tmp_path):
    events, finished, folders, yielded, killed = _run(tmp_path, {0})
    assert finished.status == "complete", finished.message
    assert [b for b, _ in killed] == [0] and len(folders) == 2  # the first server and the fresh one
    per_block = _per_block(finished.path)
    print(f"\nPostgreSQL killed in block 1 and started again: {per_block}")
    assert _stored(finished.path) == yielded  # nothing the run yielded is missing from its file
    assert sorted(per_block) == [0, 1, 2, 3]
    assert per_block[0]["failed"] > 0 and per_block[0]["ok"] + per_block[0]["failed"] == REQUESTS
    assert per_block[0]["failed"] == per_block[0].get("http_503", 0)  # the worker answered 503 without its database
    for block in (1, 2, 3):  # the blocks after the restart: every request served
        assert per_block[block] == {"ok": REQUESTS, "failed": 0}, (block, per_block[block])
    with RunStore.open(finished.path) as store:
        restarts, resets = read_restarts(store), read_resets(store)
    assert len(restarts) == 1
    restart = restarts[0]
    assert (restart.block, restart.exit_code) == (0, -9)
    assert restart.port_before == restart.port_after == killed[0][1] and restart.workers_restarted == ()
    assert "exited with code -9" in restart.reason
    assert restart.failed >= per_block[0]["failed"]  # the block's failed samples, its warm-up's too
    seeded = next(r for r in resets if r.repetition == 1)
    assert (restart.pets_md5, restart.people_md5) == (seeded.pets_md5, seeded.people_md5)  # seeded as at the start
    warnings = [e.text for e in events if isinstance(e, Notice) and e.level == "warning"]
    assert restart.text in warnings
    assert restart.text == (
        f"the private PostgreSQL server on local died during block 1 (exit code -9); it was started again, seeded "
        f"as at the run's start, and the run goes on; block 1's requests after the death failed "
        f"({restart.failed:,} failed samples)"
    )
    _nothing_left(folders)


@pytest.mark.slow_full  # waits out TIME_WAIT (70 s); the restart itself: the test above
def test_when_the_dead_servers_port_is_taken_the_fresh_one_gets_another_and_the_worker_is_started_again(tmp_path):
    events, finished, folders, yielded, killed = _run(tmp_path, {0}, take_port=True)
    assert finished.status == "complete", finished.message
    per_block = _per_block(finished.path)
    print(f"\nPostgreSQL killed in block 1, its port taken: {per_block}")
    assert _stored(finished.path) == yielded
    assert per_block[0]["failed"] > 0
    for block in (1, 2, 3):
        assert per_block[block] == {"ok": REQUESTS, "failed": 0}, (block, per_block[block])
    with RunStore.open(finished.path) as store:
        (restart,) = read_restarts(store)
    assert restart.port_before == killed[0][1] != restart.port_after
    assert restart.workers_restarted == ("go-rest",)
    assert restart.text.endswith(
        f"; its port {restart.port_before} was taken: it listens on port {restart.port_after} now, and the workers "
        "that read its address were started again (go-rest)"
    )
    starts = [e.text for e in events if isinstance(e, Notice) and e.text.startswith("starting go-rest on ")]
    assert len(starts) == 2  # at the run's start and after the restart
    _nothing_left(folders)


def test_a_server_that_dies_past_the_runs_limit_of_restarts_ends_the_run_incomplete(tmp_path):
    events, finished, folders, yielded, killed = _run(tmp_path, {0, 1}, max_restarts=1)
    assert [b for b, _ in killed] == [0, 1]
    assert finished.status == "incomplete"
    assert finished.message.startswith("the database (private PostgreSQL on local) failed: "), finished.message
    assert "exited with code -9" in finished.message
    assert finished.message.endswith(
        "; it is not started again: it died 2 times in this run (a server that keeps dying is not measured on); "
        "the samples so far are kept"
    )
    per_block = _per_block(finished.path)
    print(f"\nPostgreSQL killed in blocks 1 and 2, one restart allowed: {per_block}")
    assert _stored(finished.path) == yielded
    assert sorted(per_block) == [0, 1] and per_block[0]["failed"] > 0 and per_block[1]["failed"] > 0
    with RunStore.open(finished.path) as store:
        assert [r.block for r in read_restarts(store)] == [0]
        assert store.meta()["status"] == "incomplete"
    _nothing_left(folders)


def test_a_restart_that_fails_ends_the_run_with_its_reason(tmp_path):
    database = RunDatabase()
    server = database.server = PrivatePostgres(seed=1, pets=5, people=5)
    server.start()
    folder = server.folder
    assert folder is not None and server.pid is not None
    store = RunStore.create(folder=tmp_path)
    try:
        os.kill(server.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while server.alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        server.version = "99"  # the fresh server asks for a PostgreSQL that is not installed
        with pytest.raises(RunError) as err:
            database.after_block(store, 4, 17, [])
        message = str(err.value)
        assert message.startswith("the database (private PostgreSQL on local) failed: the private PostgreSQL server")
        assert "exited with code -9" in message and "\n" not in message
        assert "; starting it again failed: PostgreSQL 99 is not installed" in message
        assert message.endswith("; the samples so far are kept")
        assert read_restarts(store) == []
    finally:
        database.stop()
        store.close()
    assert processes_in(folder / "data") == [] and not folder.exists()


def test_an_external_server_that_does_not_answer_is_never_restarted(tmp_path):
    database = RunDatabase()
    port = free_port()  # nothing listens there
    database.server = ExternalPostgres(f"postgresql://bancada:secret@127.0.0.1:{port}/bancada")
    store = RunStore.create(folder=tmp_path)
    try:
        with pytest.raises(RunError) as err:
            database.after_block(store, 0, 3, [])
    finally:
        store.close()
    message = str(err.value)
    assert message.startswith("the database (external PostgreSQL on 127.0.0.1) failed: cannot connect to the external")
    assert message.endswith("; Bancada does not restart an external server; the samples so far are kept")
    assert "secret" not in message
