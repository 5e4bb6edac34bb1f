"""The profile's [database] table (bancada.experiment.database), the host facts' PostgreSQL, and the
runner's refusals before anything starts: an operation a worker does not serve, a private database
on a host without PostgreSQL's server programs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bancada.core.errors import RunError
from bancada.experiment.database import DatabaseConfig, DatabaseConfigError
from bancada.experiment.profile import ProfileError, parse_profile
from bancada.hosts.facts import parse_facts, postgres_ok
from bancada.hosts.local import LocalHost
from bancada.hosts.postgres import PrivatePostgres
from bancada.run.runner import Runner
from tests.conftest import ROOT


def _data(database: dict | None = None, operation: str = "ping", impls: list[str] | None = None) -> dict:
    data: dict = {
        "experiment": {
            "name": "db",
            "implementations": impls or ["go-rest"],
            "repetitions": 1,
            "requests": 2,
            "seed": 1,
        },
        "workloads": [{"name": "W", "operation": operation}],
    }
    if database is not None:
        data["database"] = database
    return data


def test_defaults_and_the_fields_read():
    profile = parse_profile(_data({}))
    db = profile.database
    assert db is not None
    assert (db.server, db.host, db.seed, db.pets, db.people, db.pool_size, db.reset) == (
        "private",
        None,
        1,
        1000,
        1000,
        10,
        "repetition",
    )
    profile = parse_profile(
        _data({"host": "lab", "seed": 7, "pets": 10, "people": 5, "pool_size": 3, "reset": "never"})
    )
    assert profile.database == DatabaseConfig(host="lab", seed=7, pets=10, people=5, pool_size=3, reset="never")
    assert parse_profile(_data()).database is None
    assert "[database]" in profile.to_toml() and 'reset = "never"' in profile.to_toml()


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ({"server": "external"}, 'database: server = "external" needs url'),
        (
            {"server": "external", "url": "postgresql://u@h/db", "password_env": "X", "password_file": "f"},
            "give password_env or password_file, not both",
        ),
        ({"url": "postgresql://u@h/db"}, 'url is for server = "external"'),
        ({"server": "external", "url": "mysql://u@h/db"}, "is not a PostgreSQL URI"),
        ({"server": "external", "url": "postgresql://u:secret@h/db"}, "url holds a password"),
        ({"pool_size": 0}, "database.pool_size = 0: Input should be greater than or equal to 1"),
        ({"reset": "always"}, "database.reset = 'always'"),
        ({"sever": "private"}, "database.sever = 'private': unknown field"),
    ],
)
def test_bad_tables_are_one_line_naming_the_problem(table, expected):
    with pytest.raises(ProfileError) as err:
        parse_profile(_data(table), "p.toml")
    text = str(err.value)
    assert text.startswith("p.toml: database") and expected in text and "\n" not in text
    assert "secret" not in text


def test_the_password_from_the_environment_or_a_private_file(tmp_path: Path):
    env = DatabaseConfig(server="external", url="postgresql://bench@db.example:5432/bench", password_env="PW")
    assert env.url_with_password({"PW": "s3c r/t"}) == "postgresql://bench:s3c%20r%2Ft@db.example:5432/bench"
    with pytest.raises(DatabaseConfigError, match="the environment variable PW .password_env. is not set"):
        env.password({})
    path = tmp_path / "pw"
    file = DatabaseConfig(server="external", url="postgresql://bench@db/bench", password_file=str(path))
    with pytest.raises(DatabaseConfigError, match=f"the password file {path} does not exist"):
        file.password()
    path.write_text("hunter2\n")
    os.chmod(path, 0o644)
    with pytest.raises(DatabaseConfigError, match=r"readable by every user; make it private \(chmod 600"):
        file.password()
    os.chmod(path, 0o600)
    assert file.password() == "hunter2"
    assert file.url_with_password() == "postgresql://bench:hunter2@db/bench"
    path.write_text("\n")
    with pytest.raises(DatabaseConfigError, match="is empty"):
        file.password()
    # without a password: the URL as given (trust or a .pgpass on the worker's side)
    assert DatabaseConfig(server="external", url="postgresql://b@h/d").url_with_password() == "postgresql://b@h/d"


def test_facts_say_whether_postgresql_is_installed():
    facts = parse_facts("os=Debian\npostgresql=13 15 \n")
    assert facts["postgresql_versions"] == ["13", "15"] and facts["postgresql"] == "15"
    assert postgres_ok(facts) == (True, "")
    bare = parse_facts("os=Debian\npostgresql=\n")
    assert bare["postgresql"] is None and bare["postgresql_versions"] == []
    ok, reason = postgres_ok(bare)
    assert not ok and "Debian's package postgresql" in reason
    here = LocalHost(ROOT).facts()  # this computer: scripts/setup.sh installs Debian's postgresql
    assert here["postgresql"] == PrivatePostgres().version or here["postgresql"] in here["postgresql_versions"]


def test_an_operation_the_worker_does_not_serve_is_refused_before_anything_starts(tmp_path: Path):
    profile = parse_profile(_data(operation="create_pet", impls=["java-rest"]))
    with pytest.raises(RunError) as err:
        next(Runner(profile, LocalHost(ROOT), driver="python", store_folder=tmp_path).events())
    text = str(err.value)
    assert "implementation java-rest does not serve the operation create_pet (workload W)" in text
    assert "its worker serves ping, select, echo, info, void" in text
    assert list(tmp_path.iterdir()) == []  # no run file


def test_a_workload_on_the_database_gets_the_default_table_and_says_so_once():
    from bancada.experiment import manifest
    from bancada.experiment.plan import build_plan
    from bancada.run.database import RunDatabase

    profile = parse_profile(_data(operation="create_pet"))
    plan = build_plan(profile, manifest.discover(ROOT))
    database = RunDatabase()
    profile = database.prepare(profile, plan, LocalHost(ROOT))
    assert profile.database == DatabaseConfig()
    assert len(database.notices) == 1 and "no [database] table: using the default" in database.notices[0]
    assert database.server is not None and database.server.kind == "private"
    go_rest = plan.treatments[0].implementation
    assert database.wants_database(go_rest)
    # a profile without database operations and without [database] has none
    ping = parse_profile(_data())
    none = RunDatabase()
    assert none.prepare(ping, build_plan(ping, manifest.discover(ROOT)), LocalHost(ROOT)) is ping
    assert none.server is None and none.notices == [] and none.worker_env(go_rest) == (None, ())


def test_a_private_database_on_a_host_without_postgresql_is_refused_before_anything_starts(tmp_path: Path):
    host = LocalHost(ROOT)
    # the facts a host without Debian's postgresql reports (its facts script prints an empty postgresql line)
    host._facts = {**host.facts(), **{k: v for k, v in parse_facts("postgresql=\n").items() if "postgres" in k}}
    profile = parse_profile(_data({}))
    with pytest.raises(RunError) as err:
        next(Runner(profile, host, driver="python", store_folder=tmp_path).events())
    assert "the database cannot run on host local: PostgreSQL's server programs are not installed" in str(err.value)
    assert "install Debian's package postgresql" in str(err.value)
    assert list(tmp_path.iterdir()) == []


def test_a_private_database_on_this_computer_for_workers_elsewhere_is_refused():
    from bancada.hosts.database_server import open_database
    from bancada.hosts.postgres import PostgresError

    class Elsewhere:  # any host that is not this computer (only its name and is_local are read)
        name = "lab"
        is_local = False

    with pytest.raises(PostgresError, match="listens on its loopback only and the workers run on lab"):
        open_database(DatabaseConfig(host="local"), LocalHost(ROOT), Elsewhere())  # type: ignore[arg-type]
