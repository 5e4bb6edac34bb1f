"""The private PostgreSQL server of seed 001 against Debian's real postgres (scripts/setup.sh installs it)."""

from __future__ import annotations

import dataclasses
import os
import signal
import time
from pathlib import Path

import pytest

from bancada.experiment.pet_person import (
    BIOGRAPHY_PARAGRAPHS,
    BIOGRAPHY_SENTENCES,
    BIOGRAPHY_WORDS,
    seed_records,
)
from bancada.hosts.postgres import PostgresError, PrivatePostgres, find_postgres, processes_in
from bancada.hosts import pet_person_sql

pytestmark = pytest.mark.integration

PETS, PEOPLE = 60, 40


@pytest.fixture(scope="module")
def db():
    with PrivatePostgres(seed=7, pets=PETS, people=PEOPLE) as server:
        yield server


def test_the_server_runs_privately_with_the_seeds_schema(db):
    assert db.alive() and db.port and str(db.socket_dir).startswith(str(db.folder))
    assert db.data_dir.is_dir() and (db.socket_dir / f".s.PGSQL.{db.port}").exists()
    with db.connect() as conn:
        user, addr = conn.execute("SELECT current_user, inet_server_addr()::text").fetchone()
        cols = {
            t: [
                r[0]
                for r in conn.execute(
                    "SELECT column_name FROM information_schema.columns "
                    "WHERE table_schema = 'public' AND table_name = %s ORDER BY ordinal_position",
                    (t,),
                )
            ]
            for t in ("pets", "people")
        }
    assert (user, addr.split("/")[0]) == ("bancada", "127.0.0.1")
    assert cols["pets"] == ["id", "created_at", "updated_at", "deleted_at", "name", "age", "type"]
    assert cols["people"] == [
        "id", "created_at", "updated_at", "deleted_at", "first_name", "last_name",
        "email", "age", "phone", "gender", "biography",
    ]  # fmt: skip
    if os.geteuid() == 0:  # root: the server runs as Debian's unprivileged postgres user
        assert db.data_dir.stat().st_uid == __import__("pwd").getpwnam("postgres").pw_uid


def test_the_seeded_rows_are_the_seeds_and_only_the_seeds(db):
    with db.connect() as conn:
        pets, people = pet_person_sql.pets(conn), pet_person_sql.people(conn)
    assert (len(pets), len(people)) == (PETS, PEOPLE)
    assert pets == list(seed_records(7, PETS, PEOPLE).pets)
    assert people == list(seed_records(7, PETS, PEOPLE).people)
    other = seed_records(8, PETS, PEOPLE)
    assert pets != list(other.pets) and people != list(other.people)
    assert sum(a.name != b.name for a, b in zip(pets, other.pets)) > PETS // 2
    bio = people[0].biography.split("\n\n")
    assert len(bio) == BIOGRAPHY_PARAGRAPHS
    for paragraph in bio:
        sentences = [s for s in paragraph.split(". ") if s]
        assert len(sentences) == BIOGRAPHY_SENTENCES
        assert all(len(s.rstrip(".").split()) == BIOGRAPHY_WORDS for s in sentences)


def test_reset_after_inserts_and_updates_restores_the_seeded_state(db):
    seeded = db.digest()
    with db.connect() as conn:
        new_id = conn.execute(
            "INSERT INTO pets (created_at, updated_at, name, age, type) VALUES (now(), now(), 'Rex', 3, 'dog') "
            "RETURNING id"
        ).fetchone()[0]
        conn.execute("UPDATE people SET first_name = 'Changed' WHERE id = 1")
        conn.execute("DELETE FROM people WHERE id = 2")
    assert new_id == PETS + 1  # the identity follows the seeded ids
    assert db.digest() != seeded
    db.reset()
    assert db.digest() == seeded
    with db.connect() as conn:
        assert pet_person_sql.counts(conn) == {"pets": PETS, "people": PEOPLE}
        again = conn.execute(
            "INSERT INTO pets (created_at, updated_at, name, age, type) VALUES (now(), now(), 'Rex', 3, 'dog') "
            "RETURNING id"
        ).fetchone()[0]
    assert again == PETS + 1
    db.reset()


def test_another_seed_gives_other_rows_and_back(db):
    seeded = db.digest()
    db.reseed(8)
    assert db.digest() != seeded
    with db.connect() as conn:
        assert pet_person_sql.pets(conn, limit=5) == list(seed_records(8, PETS, PEOPLE).pets[:5])
    db.reseed(7)
    assert db.digest() == seeded


def test_negative_age_is_refused_by_the_schema(db):
    import psycopg

    with db.connect() as conn, pytest.raises(psycopg.errors.CheckViolation):
        conn.execute("INSERT INTO pets (created_at, updated_at, name, age, type) VALUES (now(), now(), 'x', -1, 'dog')")


def test_stop_leaves_no_process_and_no_folder():
    server = PrivatePostgres(seed=1, pets=5, people=5)
    server.start()
    with server.connect() as conn:  # a backend that stop() must end too
        conn.execute("SELECT 1")
        pid, folder, data_dir = server.pid, server.folder, server.data_dir
        assert len(processes_in(data_dir)) >= 3  # postmaster, checkpointer, this backend...
    server.stop()
    server.stop()  # twice is fine
    assert not folder.exists() and processes_in(data_dir) == []
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_killed_server_is_detected_and_its_backends_are_ended():
    server = PrivatePostgres(seed=1, pets=5, people=5)
    server.start()
    try:
        conn = server.connect()
        conn.execute("SELECT 1")
        data_dir = server.data_dir
        os.kill(server.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while server.alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not server.alive()
        with pytest.raises(PostgresError, match=r"exited with code -9") as err:
            server.check()
        assert "\n" not in str(err.value)
        with pytest.raises(PostgresError, match="exited"):
            server.reset()
    finally:
        server.stop()
    conn.close()
    assert processes_in(data_dir) == [] and not Path(data_dir).exists()


def test_missing_postgresql_names_the_debian_package(tmp_path):
    with pytest.raises(PostgresError, match=r"not installed.*package postgresql"):
        find_postgres(root=tmp_path)
    with pytest.raises(PostgresError, match=r"PostgreSQL 99 is not installed"):
        find_postgres("99")
    assert find_postgres().bin_dir.joinpath("postgres").is_file()


def test_records_are_frozen_dataclasses_of_the_seeds_fields():
    records = seed_records(3, 2, 2)
    assert [f.name for f in dataclasses.fields(records.people[0])][-1] == "biography"
    assert seed_records(3, 2, 2) == records
    with pytest.raises(ValueError, match="cannot be negative"):
        seed_records(3, -1, 0)


def test_a_taken_port_fails_with_the_servers_log_and_leaves_nothing(monkeypatch):
    import socket

    from bancada.hosts import postgres

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setattr(postgres, "free_port", lambda host="127.0.0.1": port)  # every attempt gets that port
        before = {p.name for p in Path(postgres.tempfile.gettempdir()).glob("bancada-pg-*")}
        server = PrivatePostgres(seed=1, pets=1, people=1)
        with pytest.raises(
            PostgresError, match=rf"did not start on 127.0.0.1:{port}: .*could not create any TCP/IP sockets"
        ) as err:
            server.start()
    assert "\n" not in str(err.value)
    after = {p.name for p in Path(postgres.tempfile.gettempdir()).glob("bancada-pg-*")}
    assert after <= before and server.folder is None and not server.alive()
