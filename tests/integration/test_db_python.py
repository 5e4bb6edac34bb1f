"""The Python worker's database methods (seed 001) on each of its four protocols, against a
real private PostgreSQL with the seeded rows (the ``pet_person_db`` fixture): ListPets and
ListPeople at the study's limits, CreatePet and CreatePerson stored in the tables, invalid
input refused with nothing written, UNAVAILABLE without a database, exit 2 when the
database cannot be reached at start, and a reconnection after the database drops the
worker's connections.

The worker is started as a run starts it (the manifest's command line on the built
artifact, ``make -C workers python``), with BANCADA_DATABASE_URL in its environment."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
import requests
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

from bancada.hosts import pet_person_sql
from tests.conftest import ROOT, artifact_missing
from tests.integration.pet_person_checks import (
    INVALID_PEOPLE,
    INVALID_PETS,
    PERSON,
    PET,
    PROTOCOLS,
    assert_person,
    assert_pet,
    parse_time,
)

POOL_SIZE = 4  # --db-pool-size of the workers started here
LIMITS = (10, 100, 1000)
READY_TIMEOUT_S = 60.0
GRAPHQL = {  # bench.graphql's documents: (document, field)
    "ListPets": (
        "query ListPets($limit: Int!) { pets(limit: $limit) { id created_at updated_at deleted_at name age type } }",
        "pets",
    ),
    "ListPeople": (
        "query ListPeople($limit: Int!) { people(limit: $limit) { id created_at updated_at deleted_at "
        "first_name last_name email age phone gender biography } }",
        "people",
    ),
    "CreatePet": (
        "mutation CreatePet($input: PetInput!) { createPet(input: $input) "
        "{ id created_at updated_at deleted_at name age type } }",
        "createPet",
    ),
    "CreatePerson": (
        "mutation CreatePerson($input: PersonInput!) { createPerson(input: $input) { id created_at updated_at "
        "deleted_at first_name last_name email age phone gender biography } }",
        "createPerson",
    ),
}
REST = {  # rpc -> (HTTP method, path, key of the answer)
    "ListPets": ("GET", "/v1/pets", "pets"),
    "ListPeople": ("GET", "/v1/people", "people"),
    "CreatePet": ("POST", "/v1/pets", "pet"),
    "CreatePerson": ("POST", "/v1/people", "person"),
}


@dataclass
class Answer:
    """An answer of any protocol: the REST-shaped value, or the contract's error code."""

    value: Any = None
    code: str = ""  # "" (success), "INVALID_ARGUMENT", "UNAVAILABLE"
    message: str = ""


def _messages(tmp: Path) -> dict[str, Any]:
    """The message classes of bench.proto in a pool of their own (the app's generated code
    may predate the database methods), compiled here by grpcio-tools' protoc."""
    from grpc_tools import protoc

    out = tmp / "bench.desc"
    assert protoc.main(["protoc", f"-I{ROOT / 'proto/bancada/v1'}", f"--descriptor_set_out={out}", "bench.proto"]) == 0
    pool = descriptor_pool.DescriptorPool()
    for proto in descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file:
        pool.Add(proto)
    return {
        name: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"bancada.v1.{name}"))
        for rpc in REST
        for name in (f"{rpc}Request", f"{rpc}Response")
    }


class Client:
    """The four database methods (and Ping) of one running worker, on its protocol."""

    def __init__(self, protocol: str, port: int, messages: dict[str, Any]) -> None:
        self.protocol, self.port, self.base = protocol, port, f"http://127.0.0.1:{port}"
        self.http = requests.Session()
        self.messages = messages
        self.channel = grpc.insecure_channel(f"127.0.0.1:{port}") if protocol == "grpc" else None

    def close(self) -> None:
        self.http.close()
        if self.channel is not None:
            self.channel.close()

    def call(self, rpc: str, params: dict[str, Any]) -> Answer:
        """``rpc`` with ``params`` (the REST body, or {"limit": n}); the REST-shaped answer's value."""
        answer: Answer = getattr(self, "_" + self.protocol)(rpc, params)
        return answer

    def ping(self) -> bool:
        if self.channel is not None:
            empty: Any = self.channel.unary_unary("/bancada.v1.Bench/Ping", lambda _: b"", lambda b: b)
            return bool(empty(b"", timeout=10) == b"")
        if self.protocol == "rest":
            return self.http.get(self.base + "/v1/ping", timeout=10).status_code == 200
        if self.protocol == "jsonrpc":
            body: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": "Ping", "params": {}}
            return bool(self.http.post(self.base + "/v1/jsonrpc", json=body, timeout=10).json().get("result") == {})
        answer = self.http.post(self.base + "/v1/graphql", json={"query": "query Ping { ping }"}, timeout=10)
        return bool(answer.json() == {"data": {"ping": True}})

    def _rest(self, rpc: str, params: dict[str, Any]) -> Answer:
        method, path, key = REST[rpc]
        if method == "GET":
            answer = self.http.get(self.base + path, params=params, timeout=30)
        else:
            answer = self.http.post(self.base + path, json=params, timeout=30)
        body = answer.json()
        if answer.status_code in (200, 201):
            assert answer.status_code == (200 if method == "GET" else 201), answer.status_code
            return Answer(body[key])
        code = {400: "INVALID_ARGUMENT", 503: "UNAVAILABLE"}.get(answer.status_code, str(answer.status_code))
        return Answer(code=code, message=body["error"])

    def _jsonrpc(self, rpc: str, params: dict[str, Any]) -> Answer:
        body: dict[str, Any] = {"jsonrpc": "2.0", "id": 7, "method": rpc, "params": params}
        answer = self.http.post(self.base + "/v1/jsonrpc", json=body, timeout=30).json()
        if "result" in answer:
            return Answer(answer["result"][REST[rpc][2]])
        error = answer["error"]
        code = {-32602: "INVALID_ARGUMENT", -32000: "UNAVAILABLE"}.get(error["code"], str(error["code"]))
        return Answer(code=code, message=f"{error['message']} {error.get('data', '')}")

    def _graphql(self, rpc: str, params: dict[str, Any]) -> Answer:
        document, field = GRAPHQL[rpc]
        variables = params if rpc.startswith("List") else {"input": params}
        answer = self.http.post(
            self.base + "/v1/graphql",
            json={"query": document, "variables": variables, "operationName": rpc},
            headers={"Accept": "application/graphql-response+json, application/json"},
            timeout=30,
        )
        assert answer.status_code == 200, answer.text
        body = answer.json()
        if body.get("errors"):
            error = body["errors"][0]
            assert error["path"] == [field], body
            return Answer(code=error["extensions"]["code"], message=error["message"])
        return Answer(body["data"][field])

    def _grpc(self, rpc: str, params: dict[str, Any]) -> Answer:
        assert self.channel is not None
        request_type, response_type = self.messages[f"{rpc}Request"], self.messages[f"{rpc}Response"]
        stub: Any = self.channel.unary_unary(
            f"/bancada.v1.Bench/{rpc}",
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=response_type.FromString,
        )
        try:
            response = stub(request_type(**params), timeout=30)
        except grpc.RpcError as exc:
            return Answer(code=exc.code().name, message=exc.details() or "")
        as_dict = json_format.MessageToDict(
            response, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
        )
        return Answer(as_dict[REST[rpc][2]])


@contextmanager
def running(protocol: str, database_url: str | None, messages: dict[str, Any]) -> Iterator[Client]:
    """The Python worker serving ``protocol`` (BANCADA_DATABASE_URL = ``database_url``, or unset)."""
    with tempfile.TemporaryFile("w+") as log:  # a file, not a pipe: a full pipe would stop the worker
        proc = start(protocol, database_url, log)
        line = _ready_line(proc, log)
        client = Client(protocol, json.loads(line.removeprefix("READY "))["port"], messages)
        try:
            yield client
        finally:
            client.close()
            proc.send_signal(signal.SIGTERM)
            try:
                assert proc.wait(15) == 0
            finally:
                proc.kill()
                proc.communicate()


def start(protocol: str, database_url: str | None, stderr: Any = subprocess.PIPE) -> subprocess.Popen[str]:
    from bancada.experiment import manifest

    reason = artifact_missing(f"python-{protocol}")
    if reason:
        pytest.fail(f"python-{protocol} cannot run: {reason} (run make -C workers python)")
    worker = manifest.discover(ROOT)[f"python-{protocol}"].worker
    env = {k: v for k, v in os.environ.items() if k != "BANCADA_DATABASE_URL"}
    if database_url is not None:
        env["BANCADA_DATABASE_URL"] = database_url
    argv = [*worker.argv(protocol, artifact=str(worker.artifact_path())), "--db-pool-size", str(POOL_SIZE)]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env)


def _ready_line(proc: subprocess.Popen[str], log: Any) -> str:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], READY_TIMEOUT_S)
    line = proc.stdout.readline() if ready else ""
    if not line.startswith("READY "):
        proc.kill()
        proc.communicate()
        log.seek(0)
        pytest.fail(f"the worker did not print READY: {line!r}; stderr: {log.read()}")
    return line


@pytest.fixture(scope="module")
def messages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _messages(tmp_path_factory.mktemp("proto"))


@pytest.fixture(scope="module", params=PROTOCOLS)
def client(request: pytest.FixtureRequest, pet_person_db: Any, messages: dict[str, Any]) -> Iterator[Client]:
    with running(request.param, pet_person_db.database_url, messages) as client:
        yield client


def test_lists_equal_the_seeded_rows(client: Client, pet_person_db: Any) -> None:
    records = pet_person_db.records
    for limit in LIMITS:
        pets = client.call("ListPets", {"limit": limit})
        assert not pets.code, pets
        assert len(pets.value) == limit
        for answer, want in zip(pets.value, records.pets[:limit]):
            assert_pet(answer, want)
        people = client.call("ListPeople", {"limit": limit})
        assert not people.code, people
        assert len(people.value) == limit
        for answer, want in zip(people.value, records.people[:limit]):
            assert_person(answer, want)


def test_limits_outside_1_to_1000_are_refused(client: Client) -> None:
    for rpc in ("ListPets", "ListPeople"):
        for limit in (0, 1001, -1):
            answer = client.call(rpc, {"limit": limit})
            assert answer.code == "INVALID_ARGUMENT", (rpc, limit, answer)
            assert "limit" in answer.message
    if client.protocol == "rest":
        for text in ("ten", "1.5", ""):
            assert client.http.get(f"{client.base}/v1/pets?limit={text}", timeout=10).status_code == 400


def _stored(pet_person_db: Any, table: str, row_id: int) -> Any:
    with pet_person_db.connect() as conn:
        rows = pet_person_sql.pets(conn) if table == "pets" else pet_person_sql.people(conn)
    found = [row for row in rows if row.id == row_id]
    assert len(found) == 1, f"{table} has no row {row_id}"
    return found[0]


def test_creates_return_the_stored_row(client: Client, pet_person_db: Any) -> None:
    try:
        started = time.time()
        pet = client.call("CreatePet", PET)
        assert not pet.code, pet
        assert int(pet.value["id"]) > 1000
        assert pet.value["deleted_at"] in (None, "")
        created = parse_time(pet.value["created_at"])
        assert parse_time(pet.value["updated_at"]) == created
        assert abs(created.timestamp() - started) < 60
        assert_pet(pet.value, _stored(pet_person_db, "pets", int(pet.value["id"])))
        assert {k: pet.value[k] for k in PET} == PET

        person = client.call("CreatePerson", PERSON)
        assert not person.code, person
        assert int(person.value["id"]) > 1000
        assert_person(person.value, _stored(pet_person_db, "people", int(person.value["id"])))
        assert {k: person.value[k] for k in PERSON} == PERSON
    finally:
        pet_person_db.reset()


def test_invalid_creates_are_refused_and_write_nothing(client: Client, pet_person_db: Any) -> None:
    before = pet_person_db.digest()
    for fields in INVALID_PETS:
        answer = client.call("CreatePet", fields)
        assert answer.code == "INVALID_ARGUMENT", (fields, answer)
    for fields in INVALID_PEOPLE:
        answer = client.call("CreatePerson", fields)
        assert answer.code == "INVALID_ARGUMENT", (fields, answer)
    assert pet_person_db.digest() == before


def test_the_pool_reconnects_after_the_database_drops_its_connections(client: Client, pet_person_db: Any) -> None:
    assert not client.call("ListPets", {"limit": 10}).code
    with pet_person_db.connect() as conn:
        with conn.cursor() as cur:
            cur.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
            )
            row = cur.fetchone()
        conn.commit()
    assert row is not None and row[0] >= 1  # the worker's pooled connection(s)
    answer = client.call("ListPets", {"limit": 10})
    assert not answer.code, answer
    assert len(answer.value) == 10


def _worker_connections(pet_person_db: Any) -> int:
    with pet_person_db.connect() as conn:
        with conn.cursor() as cur:
            cur.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND application_name LIKE 'bancada-worker-python-%'"
            )
            row = cur.fetchone()
        conn.commit()
    return int(row[0]) if row else 0


def test_the_pool_opens_at_most_db_pool_size_connections(client: Client, pet_person_db: Any) -> None:
    def list_three_times(_: int) -> list[str]:
        own = Client(client.protocol, client.port, client.messages)
        try:
            return [own.call("ListPets", {"limit": 1000}).code for _ in range(3)]
        finally:
            own.close()

    seen = []
    with ThreadPoolExecutor(max_workers=3 * POOL_SIZE) as pool:
        calls = pool.map(list_three_times, range(3 * POOL_SIZE))
        for _ in range(20):
            seen.append(_worker_connections(pet_person_db))
            time.sleep(0.05)
        codes = [code for three in calls for code in three]
    assert codes == [""] * (9 * POOL_SIZE)
    seen.append(_worker_connections(pet_person_db))
    assert 1 <= max(seen) <= POOL_SIZE, seen


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_without_a_database_the_methods_are_unavailable(protocol: str, messages: dict[str, Any]) -> None:
    with running(protocol, None, messages) as client:
        assert client.ping()
        for rpc, params in (
            ("ListPets", {"limit": 10}),
            ("ListPeople", {"limit": 10}),
            ("CreatePet", PET),
            ("CreatePerson", PERSON),
        ):
            answer = client.call(rpc, params)
            assert answer.code == "UNAVAILABLE", (rpc, answer)
            assert "BANCADA_DATABASE_URL" in answer.message


def test_an_unreachable_database_exits_2_with_one_line() -> None:
    from bancada.hosts.postgres import free_port

    port = free_port()
    proc = start("rest", f"postgresql://bench:s3cret@127.0.0.1:{port}/benchdb")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, (out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "127.0.0.1" in lines[0] and str(port) in lines[0] and "benchdb" in lines[0], lines[0]
    assert "s3cret" not in err
