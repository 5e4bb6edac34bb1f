"""A private PostgreSQL on an SSH host (seed 001) through the real loopback sshd: started over the host's
SSH connection (initdb and postgres as the unprivileged ``postgres`` user when the SSH user is root),
loaded and reset through an SSH port forward, its URL given to the workers in their environment,
stopped with nothing left; on the workers' host or on another SSH host."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import psycopg
import pytest

from bancada.cli.main import main
from bancada.experiment import manifest
from bancada.experiment.pet_person import seed_records
from bancada.experiment.profile import load_profile
from bancada.hosts import hostconfig
from bancada.hosts.postgres import PostgresError, PrivatePostgres, find_postgres, processes_in
from bancada.hosts.ssh_host import connect_saved_host
from bancada.hosts.ssh_postgres import SshPostgres
from bancada.run.events import RunFinished
from bancada.run.runner import Runner
from bancada.store.database_record import read_database, read_resets
from bancada.store.runstore import RunStore
from tests.conftest import ROOT, artifact_missing
from tests.ssh.conftest import host_key_fingerprint
from tests.ssh.sshd import worker_processes

pytestmark = pytest.mark.ssh

PROFILE = """
[experiment]
name = "db-ssh"
implementations = ["go-rest"]
repetitions = 2
requests = 10
warmup = 1
schedule = "sequential"
driver = "python"

[[workloads]]
name = "Ping"
operation = "ping"

[database]
pets = 1000
people = 1000
{extra}
"""


@pytest.fixture(autouse=True)
def _built():
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest: {reason} (run make -C workers go)")


@pytest.fixture(scope="module")
def seeded_digest():
    """The digest of seed 1's 1,000 pets and 1,000 people in a server on this computer (for comparison)."""
    with PrivatePostgres(seed=1, pets=1000, people=1000) as db:
        return db.digest()


def test_a_private_server_on_the_ssh_host_lives_and_goes(trusted_host, seeded_digest):
    host = connect_saved_host(trusted_host)
    try:
        with SshPostgres(host, seed=1, pets=1000, people=1000) as db:
            assert db.folder is not None and db.port is not None
            folder = Path(db.folder)  # the loopback host is this machine: its processes are in /proc here
            assert db.alive() and db.digest() == seeded_digest
            assert db.version == find_postgres().version
            # the workers' URL works from the host (here: the same machine's loopback)
            with psycopg.connect(db.database_url, connect_timeout=5) as conn:
                conn.execute(
                    "INSERT INTO pets (created_at, updated_at, name, age, type) VALUES (now(), now(), 'x', 1, 'cat')"
                )
            assert db.counts() == {"pets": 1001, "people": 1000}
            db.reset()
            assert db.digest() == seeded_digest
            assert processes_in(folder / "data")  # postmaster and its helpers
        assert processes_in(folder / "data") == [] and not folder.exists()
        assert not db.alive()
    finally:
        host.close()


def test_a_killed_server_on_the_ssh_host_is_started_again_on_its_port_with_its_password(trusted_host):
    host = connect_saved_host(trusted_host)
    try:
        with SshPostgres(host, seed=1, pets=5, people=5) as db:
            seeded, url, old = db.digest(), db.database_url, Path(str(db.folder))
            postmaster = int((old / "data" / "postmaster.pid").read_text().split()[0])  # the host is this machine
            os.kill(postmaster, signal.SIGKILL)
            deadline = time.monotonic() + 10
            while db.alive() and time.monotonic() < deadline:
                time.sleep(0.1)
            with pytest.raises(PostgresError, match="is not running"):
                db.check()
            db.restart()
            assert db.database_url == url and db.digest() == seeded  # same port and password, seeded again
            assert not old.exists() and processes_in(old / "data") == []
            new = Path(str(db.folder))
            assert new != old and db.alive()
        assert processes_in(new / "data") == [] and not new.exists()
    finally:
        host.close()


def test_the_password_of_the_server_is_required_over_tcp(trusted_host):
    host = connect_saved_host(trusted_host)
    try:
        with SshPostgres(host, seed=1, pets=3, people=2) as db:
            without = db.database_url.replace(db._password, "wrong")
            with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
                psycopg.connect(without, connect_timeout=5).close()
            assert len(seed_records(1, 3, 2).pets) == db.counts()["pets"]
    finally:
        host.close()


def test_bancada_run_with_the_database_on_the_ssh_host(trusted_host, remote_workdir, tmp_path, capsys, seeded_digest):
    path = tmp_path / "db.toml"
    path.write_text(PROFILE.format(extra=""))
    code = main(["run", str(path), "--host", trusted_host, "--out", str(tmp_path / "out")])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "starting the database (private PostgreSQL) on lab" in out.err + out.out
    with RunStore.open(sorted((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))[-1]) as store:
        assert store.meta()["status"] == "complete"
        record, resets = read_database(store), read_resets(store)
    assert record is not None and (record.server, record.host, record.rows) == (
        "private",
        "lab",
        {"pets": 1000, "people": 1000},
    )
    assert [(r.repetition, r.pets_md5, r.people_md5) for r in resets] == [
        (i, seeded_digest["pets"], seeded_digest["people"]) for i in (1, 2)
    ]
    assert worker_processes(remote_workdir) == []


def _run_and_watch(profile, host) -> tuple[RunFinished, Path, dict]:
    runner = Runner(profile, host)
    folder = None
    for event in runner.events():
        server = runner.database.server
        if folder is None and isinstance(server, SshPostgres) and server.folder is not None:
            folder = Path(server.folder)
    assert isinstance(event, RunFinished) and folder is not None
    return event, folder, runner.database.timings


def test_the_database_on_another_ssh_host_than_the_workers(trusted_host, sshd2, ssh_keys, remote_workdir, tmp_path):
    hostconfig.save_host(
        hostconfig.HostProfile(
            "dbhost", "127.0.0.1", port=sshd2.port, user="root", key=str(ssh_keys), workdir=str(tmp_path / "dbw")
        )
    )
    connect_saved_host("dbhost", accept_fingerprint=host_key_fingerprint(sshd2)).close()
    path = tmp_path / "db.toml"
    path.write_text(PROFILE.format(extra='host = "dbhost"'))
    host = connect_saved_host(trusted_host)
    try:
        finished, folder, timings = _run_and_watch(load_profile(path), host)
    finally:
        host.close()
    assert finished.status == "complete", finished.message
    with RunStore.open(finished.path) as store:
        record = read_database(store)
    assert record is not None and record.host == "dbhost"
    assert processes_in(folder / "data") == [] and not folder.exists()
    print("database seconds (bancada run, loopback SSH host, seed 1, 1000 pets + 1000 people):", timings)


def test_a_remote_worker_gets_the_environment_off_its_command_line(trusted_host, remote_workdir):
    host = connect_saved_host(trusted_host)
    secret = "s3cret-value"  # a variable of its own: go-rest connects at start to a BANCADA_DATABASE_URL
    try:
        worker = host.start_worker(manifest.discover(ROOT)["go-rest"], "env", 30, env={"BANCADA_TEST_SECRET": secret})
        environ = Path(f"/proc/{worker.pid}/environ").read_bytes().split(b"\0")
        assert f"BANCADA_TEST_SECRET={secret}".encode() in environ
        assert secret.encode() not in Path(f"/proc/{worker.pid}/cmdline").read_bytes()
        worker.stop()
    finally:
        host.close()


def test_a_server_left_by_a_dropped_connection_is_stopped_at_the_next_connect(trusted_host, sshd):
    host = connect_saved_host(trusted_host)
    db = SshPostgres(host, seed=1, pets=5, people=5)
    try:
        db.start()
        assert db.folder is not None
        folder = Path(db.folder)
        assert processes_in(folder / "data")
        assert sshd.kill_sessions()  # the connection drops; the server outlives it
        assert processes_in(folder / "data")
    finally:
        host.close()
    again = connect_saved_host(trusted_host)  # the connect's clean-up stops what the dropped connection left
    try:
        assert any(line.startswith(f"stale database {folder}") for line in again.cleaned), again.cleaned
    finally:
        again.close()
    assert processes_in(folder / "data") == [] and not folder.exists()


def test_list_and_create_pets_on_go_rest_with_the_database_on_the_ssh_host(trusted_host, remote_workdir, tmp_path):
    """The workers on the SSH host reach its private server with the URL in their environment (needs the
    Go worker's database methods, branch gorm, and the driver's, branch driverdb)."""
    path = tmp_path / "db.toml"
    text = PROFILE.replace(
        'name = "Ping"\noperation = "ping"', 'name = "ListPets10"\noperation = "list_pets"\nlimit = 10'
    )
    text = text.replace("{extra}", "") + '\n[[workloads]]\nname = "CreatePet"\noperation = "create_pet"\n'
    path.write_text(text.replace('driver = "python"', 'driver = "native"'))
    host = connect_saved_host(trusted_host)
    try:
        finished, folder, _ = _run_and_watch(load_profile(path), host)
    finally:
        host.close()
    assert finished.status == "complete", finished.message
    with RunStore.open(finished.path) as store:
        frame = store.samples_frame()
    assert len(frame) == 2 * 2 * (10 + 1) and frame["ok"].astype(bool).all(), frame["error"].unique()
    assert processes_in(folder / "data") == [] and not folder.exists()
    assert worker_processes(remote_workdir) == []
