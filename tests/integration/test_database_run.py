"""The experiment's database in a real run (seed 001): a real PostgreSQL (Debian's postgresql), a real
go-rest worker, the real Python driver and run store. The database's lifecycle (started before the
workers, reset before every repetition and recorded, stopped with nothing left), an external server
whose password never reaches the run file, one that refuses connections, and a server killed mid-run
(started again, the run goes on)."""

from __future__ import annotations

import os
import shutil
import signal
import time
from pathlib import Path

import pytest

from bancada.cli.main import main
from bancada.experiment.profile import load_profile
from bancada.hosts.local import LocalHost
from bancada.hosts.postgres import PrivatePostgres, find_postgres, free_port, processes_in
from bancada.run.events import Notice, RunFinished, SamplesArrived
from bancada.run.runner import Runner
from bancada.store.database_record import read_database, read_resets, read_restarts
from bancada.store.runstore import RunStore
from tests.conftest import ROOT, artifact_missing

PROFILE = """
[experiment]
name = "db-ping"
implementations = ["go-rest"]
repetitions = {repetitions}
requests = {requests}
warmup = 2
schedule = "sequential"

[[workloads]]
name = "Ping"
operation = "ping"

[database]
{database}
"""


@pytest.fixture(autouse=True)
def _built():
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest: {reason} (run make -C workers go)")


def _profile(tmp_path: Path, database: str = "", repetitions: int = 3, requests: int = 20) -> Path:
    path = tmp_path / "db.toml"
    path.write_text(PROFILE.format(repetitions=repetitions, requests=requests, database=database))
    return path


def _last_run() -> Path:
    return sorted((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))[-1]


def test_bancada_run_starts_resets_records_and_stops_a_private_database(tmp_path, pet_person_db, capsys):
    path = _profile(tmp_path, "seed = 1\npets = 1000\npeople = 1000\npool_size = 4")
    code = main(["run", str(path), "--out", str(tmp_path / "out"), "--driver", "python"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "starting the database (private PostgreSQL) on local" in out.err + out.out
    with RunStore.open(_last_run()) as store:
        assert store.meta()["status"] == "complete"
        record = read_database(store)
        resets = read_resets(store)
        assert store.sample_count() == 3 * (20 + 2)
    assert record is not None
    assert (record.server, record.host, record.seed, record.pool_size, record.reset) == (
        "private",
        "local",
        1,
        4,
        "repetition",
    )
    assert record.version.split(".")[0] == find_postgres().version
    assert record.rows == {"pets": 1000, "people": 1000} and record.start_s > 0
    # one reset before every repetition, each leaving the seeded state: the fixture's server, same seed, same rows
    seeded = pet_person_db.digest()
    assert [r.repetition for r in resets] == [1, 2, 3]
    assert all((r.pets_md5, r.people_md5) == (seeded["pets"], seeded["people"]) for r in resets)
    assert all(0 < r.reset_s < 10 for r in resets)


def _run_capturing_server(runner: Runner, on_samples=None) -> tuple[list, Path]:
    """Run ``runner``; return its events and the private server's folder (taken while it ran)."""
    events, folder = [], None
    for event in runner.events():
        server = runner.database.server
        if folder is None and isinstance(server, PrivatePostgres) and server.folder is not None:
            folder = server.folder
        if isinstance(event, SamplesArrived) and on_samples is not None:
            on_samples(server)
            on_samples = None
        events.append(event)
    assert folder is not None
    return events, folder


def test_nothing_of_the_server_is_left_and_the_times_it_adds(tmp_path):
    runner = Runner(load_profile(_profile(tmp_path)), LocalHost(ROOT), driver="python", store_folder=tmp_path)
    events, folder = _run_capturing_server(runner)
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    assert processes_in(folder / "data") == [] and not folder.exists()
    timings = runner.database.timings
    assert set(timings) == {"start", "reset:1", "reset:2", "reset:3", "stop"}
    print("database seconds (bancada run, local, seed 1, 1000 pets + 1000 people):", timings)


def test_a_database_killed_mid_run_is_started_again_and_the_later_repetitions_run(tmp_path):
    profile = load_profile(_profile(tmp_path, repetitions=3, requests=400))
    killed = {}

    def kill(server):
        killed["pid"], killed["port"] = server.pid, server.port
        os.kill(server.pid, signal.SIGKILL)

    runner = Runner(profile, LocalHost(ROOT), driver="python", store_folder=tmp_path)
    events, folder = _run_capturing_server(runner, on_samples=kill)
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    assert processes_in(folder / "data") == [] and not folder.exists()  # the killed server's folder
    with RunStore.open(finished.path) as store:
        assert store.meta()["status"] == "complete"
        assert store.sample_count() == 3 * 402  # every repetition ran, the killed block to its end
        assert [r.repetition for r in read_resets(store)] == [1, 2, 3]
        (restart,) = read_restarts(store)
    assert (restart.block, restart.exit_code, restart.port_after) == (0, -9, killed["port"])
    notices = [e.text for e in events if isinstance(e, Notice) and e.level == "warning"]
    assert restart.text in notices and "died during block 1 (exit code -9)" in restart.text


def test_an_external_server_its_password_never_stored(tmp_path, monkeypatch):
    secret = "pw-never-stored-7f3a"
    monkeypatch.setenv("BANCADA_TEST_DB_PASSWORD", secret)
    with PrivatePostgres(seed=2, pets=30, people=20) as other:  # a server Bancada did not start for this run
        url = f"postgresql://bancada@127.0.0.1:{other.port}/bancada"
        table = f'server = "external"\nurl = "{url}"\npassword_env = "BANCADA_TEST_DB_PASSWORD"\npets = 30\npeople = 20'
        runner = Runner(load_profile(_profile(tmp_path, table, repetitions=2)), driver="python", store_folder=tmp_path)
        events = list(runner.events())
        finished = events[-1]
        assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
        assert other.alive() and other.counts() == {"pets": 30, "people": 20}
    with RunStore.open(finished.path) as store:
        record = read_database(store)
        assert record is not None and (record.server, record.host, record.url) == ("external", "127.0.0.1", url)
        assert [r.repetition for r in read_resets(store)] == [1, 2]
    store_bytes = b"".join(p.read_bytes() for p in tmp_path.glob(f"{Path(finished.path).stem}*"))
    assert secret.encode() not in store_bytes
    assert all(secret not in str(getattr(e, "text", "")) for e in events)


def test_an_external_server_refusing_connections_ends_the_run_before_the_workers(tmp_path):
    url = f"postgresql://bench@127.0.0.1:{free_port()}/bench"
    profile = load_profile(_profile(tmp_path, f'server = "external"\nurl = "{url}"'))
    events = list(Runner(profile, driver="python", store_folder=tmp_path).events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "incomplete"
    assert "the database (external PostgreSQL on 127.0.0.1) failed: cannot connect to the external" in finished.message
    assert not any(isinstance(e, Notice) and e.text.startswith("starting go-rest") for e in events)


def test_a_local_worker_gets_the_environment_and_arguments_given(tmp_path):
    from bancada.experiment import manifest

    host = LocalHost(ROOT)
    impl = manifest.discover(ROOT)["go-rest"]
    # a variable of its own: go-rest connects at start to a BANCADA_DATABASE_URL it is given
    worker = host.start_worker(impl, "env", 30, env={"BANCADA_TEST_VALUE": "x=1 y"}, extra_args=("--bind", "127.0.0.1"))
    try:
        environ = Path(f"/proc/{worker.pid}/environ").read_bytes().split(b"\0")
        cmdline = Path(f"/proc/{worker.pid}/cmdline").read_bytes().split(b"\0")
        assert b"BANCADA_TEST_VALUE=x=1 y" in environ
        assert cmdline[-3:-1] == [b"--bind", b"127.0.0.1"]
    finally:
        worker.stop()
        host.close()


def test_a_killed_bancada_leaves_no_postgres_process(tmp_path):
    import subprocess
    import sys

    code = (
        "from bancada.hosts.postgres import PrivatePostgres\n"
        "db = PrivatePostgres(seed=1, pets=10, people=10); db.start()\n"
        "print(db.data_dir, flush=True)\n"
        "import time; time.sleep(600)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    data_dir = Path(proc.stdout.readline().strip())
    assert processes_in(data_dir)
    proc.kill()  # as a SIGKILLed bancada run: nothing of it runs its clean-up
    proc.wait(10)
    deadline = time.monotonic() + 10
    while processes_in(data_dir) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert processes_in(data_dir) == []
    shutil.rmtree(data_dir.parent, ignore_errors=True)  # what a killed run cannot remove (docs/database.md)
