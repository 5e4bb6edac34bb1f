"""Seed 001's microservice for real: ``bancada run`` of list_pets (limit 10) and create_pet on go-rest (GORM)
through the native driver, against the session's PostgreSQL (``pet_person_db``, named as an external server
so its tables can be read after the run): no failed sample, every repetition started from the seeded state
(the digest recorded after each reset), and after the run the seeded rows are untouched and the only other
rows are the last repetition's creates."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bancada.cli.main import main
from bancada.hosts import pet_person_sql
from bancada.store.database_record import read_database, read_resets
from bancada.store.runstore import RunStore
from tests.conftest import ROOT, artifact_missing

PROFILE = """
[experiment]
name = "microservices-go-rest"
implementations = ["go-rest"]
repetitions = 2
requests = 40
warmup = 5
schedule = "sequential"
driver = "native"

[[workloads]]
name = "ListPets10"
operation = "list_pets"
limit = 10

[[workloads]]
name = "CreatePet"
operation = "create_pet"

[database]
server = "external"
url = "{url}"
seed = 1
pets = 1000
people = 1000
pool_size = 4
"""


@pytest.fixture(autouse=True)
def _built():
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest: {reason} (run make -C workers go)")
    if not list((ROOT / "drivers" / "native" / "dist").glob("bancada-driver-linux-*")):
        pytest.fail("the native driver is not built (run make -C workers driver)")


def test_list_and_create_pets_on_go_rest_through_the_native_driver(tmp_path, pet_person_db, capsys):
    seeded = pet_person_db.digest()
    path = tmp_path / "microservices.toml"
    path.write_text(PROFILE.format(url=pet_person_db.database_url))
    try:
        code = main(["run", str(path), "--out", str(tmp_path / "out"), "--quiet"])
        err = capsys.readouterr().err
        assert code == 0, err
        run = sorted((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))[-1]
        with RunStore.open(run) as store:
            assert store.meta()["status"] == "complete", store.meta().get("message")
            frame = store.samples_frame()
            record, resets = read_database(store), read_resets(store)
        assert len(frame) == 2 * 2 * (40 + 5)
        failed = frame[~frame["ok"].astype(bool)]
        assert failed.empty, failed["error"].head().tolist()
        assert record is not None and record.pool_size == 4 and record.rows == {"pets": 1000, "people": 1000}
        assert [(r.repetition, r.pets_md5, r.people_md5) for r in resets] == [
            (1, seeded["pets"], seeded["people"]),
            (2, seeded["pets"], seeded["people"]),
        ]
        creates = frame[(frame["workload"] == "CreatePet") & (frame["repetition"] == 2)]  # warm-up included
        with pet_person_db.connect() as conn:
            assert pet_person_sql.pets(conn, 1000) == list(pet_person_db.records.pets)  # the seeded rows, untouched
            assert pet_person_sql.counts(conn) == {"pets": 1000 + len(creates), "people": 1000}
    finally:
        pet_person_db.reset()


def test_a_database_killed_mid_run_gives_failed_samples_and_is_started_again(tmp_path):
    import signal

    from bancada.experiment.profile import load_profile
    from bancada.hosts.local import LocalHost
    from bancada.hosts.postgres import PrivatePostgres, processes_in
    from bancada.run.events import RunFinished, SamplesArrived
    from bancada.run.runner import Runner
    from bancada.store.database_record import read_restarts

    path = tmp_path / "microservices.toml"
    text = PROFILE.replace("repetitions = 2", "repetitions = 1").replace("requests = 40", "requests = 3000")
    text = text[: text.index("[database]")] + "[database]\npets = 1000\npeople = 1000\n"
    path.write_text(text)
    runner = Runner(load_profile(path), LocalHost(ROOT), store_folder=tmp_path)
    folder = None
    for event in runner.events():
        server = runner.database.server
        if isinstance(server, PrivatePostgres) and server.folder is not None and folder is None:
            folder = server.folder
        if isinstance(event, SamplesArrived) and folder is not None and server.folder == folder and server.alive():
            os.kill(server.pid, signal.SIGKILL)  # the database dies while go-rest answers list_pets
    assert isinstance(event, RunFinished) and folder is not None
    # the private server is started again after the block (docs/reliability.md), and the run ends whole
    assert event.status == "complete", event.message
    assert processes_in(folder / "data") == [] and not folder.exists()
    with RunStore.open(event.path) as store:
        frame = store.samples_frame()
        (restart,) = read_restarts(store)
    assert (restart.block, restart.exit_code) == (0, -9) and restart.failed > 0, restart
    ok = frame["ok"].astype(bool)
    assert ok.any() and (~ok).any()  # answers before the kill, failures (the worker's 503s) after it
    assert event.errors_by_kind, event
