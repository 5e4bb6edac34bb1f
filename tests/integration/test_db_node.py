"""The Node.js worker's database methods (Sequelize + pg) on its four protocols, against a real private
PostgreSQL holding seed 001's rows (the ``pet_person_db`` fixture): lists equal the seeded rows, creates
store and answer the row, invalid input is refused with nothing written, no database and a lost one are
UNAVAILABLE, an unreachable database stops the worker at start with one line."""

from __future__ import annotations

import json
import os
import selectors
import socket
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import grpc
import pytest
import requests
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.json_format import MessageToDict
from grpc_tools import protoc

from bancada.experiment import manifest
from bancada.hosts import pet_person_sql
from tests.conftest import ROOT, artifact_missing
from tests.integration.pet_person_checks import (
    INVALID_PEOPLE,
    INVALID_PETS,
    NO_DATABASE,
    PERSON,
    PET,
    PROTOCOLS,
    assert_person,
    assert_pet,
    parse_time,
)

pytestmark = pytest.mark.integration

READY_TIMEOUT_S = 30.0
POOL_SIZE = 2
APP = "bancada-test-node"  # the application_name of a worker's connections: APP-<protocol>
PERSON_FIELDS = "id created_at updated_at deleted_at first_name last_name email age phone gender biography"
PET_FIELDS = "id created_at updated_at deleted_at name age type"
GRAPHQL = {
    "ListPets": ("query ListPets($limit: Int!) { pets(limit: $limit) { %s } }" % PET_FIELDS, "pets"),
    "ListPeople": ("query ListPeople($limit: Int!) { people(limit: $limit) { %s } }" % PERSON_FIELDS, "people"),
    "CreatePet": (
        "mutation CreatePet($input: PetInput!) { createPet(input: $input) { %s } }" % PET_FIELDS,
        "createPet",
    ),
    "CreatePerson": (
        "mutation CreatePerson($input: PersonInput!) { createPerson(input: $input) { %s } }" % PERSON_FIELDS,
        "createPerson",
    ),
}
REST = {"ListPets": "/v1/pets", "ListPeople": "/v1/people", "CreatePet": "/v1/pets", "CreatePerson": "/v1/people"}
ANSWER_KEY = {"ListPets": "pets", "ListPeople": "people", "CreatePet": "pet", "CreatePerson": "person"}


# --- bench.proto's messages in a private descriptor pool (bancada.wire.bench_pb2 may predate them) ----------------


@pytest.fixture(scope="module")
def messages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``{message name: class}`` of bancada.v1 compiled from proto/bancada/v1/bench.proto now."""
    out = tmp_path_factory.mktemp("proto") / "bench.pb"
    proto_dir = ROOT / "proto" / "bancada" / "v1"
    include = Path(protoc.__file__).parent / "_proto"
    code = protoc.main(["protoc", f"-I{proto_dir}", f"-I{include}", f"--descriptor_set_out={out}", "bench.proto"])
    assert code == 0, "protoc could not compile bench.proto"
    files = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    pool = descriptor_pool.DescriptorPool()
    for f in files.file:
        pool.Add(f)
    names = [
        f"{m}{s}" for m in ("ListPets", "ListPeople", "CreatePet", "CreatePerson") for s in ("Request", "Response")
    ]
    return {n: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"bancada.v1.{n}")) for n in names}


# --- the worker as a process --------------------------------------------------------------------------------------


class Worker:
    """A Node.js worker process started from the built artifact, as a run starts it."""

    def __init__(self, protocol: str, database_url: str | None, *extra: str) -> None:
        reason = artifact_missing(f"node-{protocol}")
        if reason:
            pytest.fail(f"node-{protocol} cannot run: {reason} (run make -C workers node)")
        impl = manifest.discover(ROOT)[f"node-{protocol}"]
        argv = impl.worker.argv(protocol, artifact=str(impl.worker.artifact_path()), port=0) + list(extra)
        env = {k: v for k, v in os.environ.items() if k != "BANCADA_DATABASE_URL"}
        if database_url is not None:
            env["BANCADA_DATABASE_URL"] = database_url
        self.protocol = protocol
        self.proc = subprocess.Popen(
            argv, env=env, cwd=impl.worker.folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.ready = self._ready_line()
        self.target = f"127.0.0.1:{self.ready['port']}"

    def _ready_line(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            if not sel.select(READY_TIMEOUT_S):
                self.stop()
                pytest.fail(f"node-{self.protocol} printed no READY line in {READY_TIMEOUT_S} s")
        line = self.proc.stdout.readline()
        if not line.startswith("READY "):
            _, err = self.proc.communicate(timeout=10)
            pytest.fail(f"node-{self.protocol} did not start (exit {self.proc.returncode}): {err.strip()}")
        ready: dict[str, Any] = json.loads(line[len("READY ") :])
        return ready

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Client:
    """The four database methods and Ping on one protocol, answers as ``(status, value)``: status "OK" with
    the answer's record(s) as JSON dicts, or "INVALID_ARGUMENT" / "UNAVAILABLE" with the error text."""

    def __init__(self, protocol: str, target: str, messages: dict[str, Any]) -> None:
        self.protocol, self.target, self.messages = protocol, target, messages
        self.http = requests.Session()

    def call(self, method: str, params: dict[str, Any]) -> tuple[str, Any]:
        answer: tuple[str, Any] = getattr(self, f"_{self.protocol}")(method, params)
        return answer

    def _grpc(self, method: str, params: dict[str, Any]) -> tuple[str, Any]:
        request = self.messages[f"{method}Request"](**params)
        response_class = self.messages[f"{method}Response"]
        with grpc.insecure_channel(self.target) as channel:
            stub: grpc.UnaryUnaryMultiCallable[Any, Any] = channel.unary_unary(
                f"/bancada.v1.Bench/{method}",
                request_serializer=lambda m: m.SerializeToString(),
                response_deserializer=response_class.FromString,
            )
            try:
                response = stub(request, timeout=30)
            except grpc.RpcError as exc:
                return exc.code().name, exc.details()
        answer = MessageToDict(response, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)
        return "OK", answer[ANSWER_KEY[method]]

    def _rest(self, method: str, params: dict[str, Any]) -> tuple[str, Any]:
        url = f"http://{self.target}{REST[method]}"
        if method.startswith("List"):
            r = self.http.get(url, params=params, timeout=30)
            ok = 200
        else:
            r = self.http.post(url, data=json.dumps(params), headers={"Content-Type": "application/json"}, timeout=30)
            ok = 201
        body = r.json()
        if r.status_code == ok:
            return "OK", body[ANSWER_KEY[method]]
        return {400: "INVALID_ARGUMENT", 503: "UNAVAILABLE"}.get(r.status_code, str(r.status_code)), body["error"]

    def _jsonrpc(self, method: str, params: dict[str, Any]) -> tuple[str, Any]:
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": 7, "method": method, "params": params}
        r = self.http.post(f"http://{self.target}/v1/jsonrpc", json=request, timeout=30)
        assert r.status_code == 200, r.text
        body = r.json()
        if "result" in body:
            return "OK", body["result"][ANSWER_KEY[method]]
        error = body["error"]
        code = {-32602: "INVALID_ARGUMENT", -32000: "UNAVAILABLE"}.get(error["code"], str(error["code"]))
        return code, error.get("data") or error["message"]

    def _graphql(self, method: str, params: dict[str, Any]) -> tuple[str, Any]:
        query, field = GRAPHQL[method]
        variables = params if method.startswith("List") else {"input": params}
        body = {"query": query, "variables": variables, "operationName": method}
        r = self.http.post(f"http://{self.target}/v1/graphql", json=body, timeout=30)
        answer = r.json()
        if answer.get("errors"):
            error = answer["errors"][0]
            return error.get("extensions", {}).get("code", f"HTTP {r.status_code}"), error["message"]
        assert r.status_code == 200, r.text
        return "OK", answer["data"][field]

    def ping(self) -> bool:
        if self.protocol == "grpc":
            with grpc.insecure_channel(self.target) as channel:
                ping: grpc.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary("/bancada.v1.Bench/Ping")
                ping(b"", timeout=30)
            return True
        if self.protocol == "rest":
            return bool(self.http.get(f"http://{self.target}/v1/ping", timeout=30).status_code == 200)
        if self.protocol == "jsonrpc":
            r = self.http.post(f"http://{self.target}/v1/jsonrpc", json={"jsonrpc": "2.0", "id": 1, "method": "Ping"})
            return bool(r.json().get("result") == {})
        r = self.http.post(f"http://{self.target}/v1/graphql", json={"query": "query { ping }"}, timeout=30)
        return bool(r.json() == {"data": {"ping": True}})


@pytest.fixture(scope="module")
def workers(pet_person_db: Any) -> Iterator[dict[tuple[str, bool], Worker]]:
    """``{(protocol, with a database): Worker}``, the eight started at once (a start takes seconds here). With a
    database: BANCADA_DATABASE_URL of the seeded one, its own application_name, at most POOL_SIZE connections."""

    def start(protocol: str, with_database: bool) -> Worker:
        if not with_database:
            return Worker(protocol, None)
        url = f"{pet_person_db.database_url}?application_name={APP}-{protocol}"
        return Worker(protocol, url, "--db-pool-size", str(POOL_SIZE))

    keys = [(protocol, with_database) for protocol in PROTOCOLS for with_database in (True, False)]
    with ThreadPoolExecutor(len(keys)) as pool:
        futures = {key: pool.submit(start, *key) for key in keys}
    started = {key: future.result() for key, future in futures.items() if future.exception() is None}
    try:
        for future in futures.values():
            future.result()  # the first start that failed fails the tests
        yield started
    finally:
        for worker in started.values():
            worker.stop()


@pytest.fixture(scope="module", params=PROTOCOLS)
def client(request: pytest.FixtureRequest, workers: dict[tuple[str, bool], Worker], messages: dict[str, Any]) -> Client:
    """A client of the worker of one protocol with the seeded database."""
    return Client(request.param, workers[(request.param, True)].target, messages)


# --- lists and creates --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [10, 100, 1000])
def test_lists_are_the_seeded_rows(client: Client, pet_person_db: Any, limit: int) -> None:
    status, pets = client.call("ListPets", {"limit": limit})
    assert status == "OK", pets
    assert len(pets) == limit
    for answer, want in zip(pets, pet_person_db.records.pets[:limit], strict=True):
        assert_pet(answer, want)
    status, people = client.call("ListPeople", {"limit": limit})
    assert status == "OK", people
    assert len(people) == limit
    for answer, want in zip(people, pet_person_db.records.people[:limit], strict=True):
        assert_person(answer, want)


def test_a_limit_outside_1_to_1000_is_refused(client: Client) -> None:
    for limit in (0, 1001, -1):
        for method in ("ListPets", "ListPeople"):
            status, message = client.call(method, {"limit": limit})
            assert status == "INVALID_ARGUMENT", (method, limit, status, message)
            assert "limit" in message
    if client.protocol == "rest":  # REST's query string: a limit that is not a decimal integer is a 400 too
        for query in ("limit=ten", "limit=1.5", "limit=", "", "limit=1&limit=2"):
            r = requests.get(f"http://{client.target}/v1/pets?{query}", timeout=30)
            assert r.status_code == 400 and "limit" in r.json()["error"], (query, r.text)


def _near_now(text: str) -> None:
    when = parse_time(text)
    assert abs(datetime.now(timezone.utc) - when) < timedelta(minutes=1), text


def test_creates_answer_and_store_the_row(client: Client, pet_person_db: Any) -> None:
    try:
        status, pet = client.call("CreatePet", PET)
        assert status == "OK", pet
        assert int(pet["id"]) > 1000 and pet["deleted_at"] in (None, "")
        assert {k: pet[k] for k in ("name", "type")} == {"name": "Rex", "type": "dog"} and int(pet["age"]) == 3
        _near_now(pet["created_at"])
        assert pet["updated_at"] == pet["created_at"]
        status, person = client.call("CreatePerson", PERSON)
        assert status == "OK", person
        assert int(person["id"]) > 1000 and person["deleted_at"] in (None, "")
        assert {k: person[k] for k in PERSON if k != "age"} == {k: v for k, v in PERSON.items() if k != "age"}
        _near_now(person["created_at"])
        with pet_person_db.connect() as conn:
            stored_pet = pet_person_sql.pets(conn)[-1]
            stored_person = pet_person_sql.people(conn)[-1]
            assert pet_person_sql.counts(conn) == {"pets": 1001, "people": 1001}
        assert_pet(pet, stored_pet)
        assert_person(person, stored_person)
    finally:
        pet_person_db.reset()


def test_invalid_creates_are_refused_and_write_nothing(client: Client, pet_person_db: Any) -> None:
    before = pet_person_db.digest()
    for method, bodies in (("CreatePet", INVALID_PETS), ("CreatePerson", INVALID_PEOPLE)):
        for body in bodies:
            status, message = client.call(method, body)
            assert status == "INVALID_ARGUMENT", (method, body, status, message)
            assert message
    assert pet_person_db.digest() == before


# --- without a database, a lost one, an unreachable one -----------------------------------------------------------


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_without_a_database_the_methods_are_unavailable_and_ping_works(
    protocol: str, workers: dict[tuple[str, bool], Worker], messages: dict[str, Any]
) -> None:
    client = Client(protocol, workers[(protocol, False)].target, messages)
    for method, params in (("ListPets", {"limit": 10}), ("ListPeople", {"limit": 10})):
        assert client.call(method, params) == ("UNAVAILABLE", NO_DATABASE), method
    assert client.call("CreatePet", PET) == ("UNAVAILABLE", NO_DATABASE)
    assert client.call("CreatePerson", PERSON) == ("UNAVAILABLE", NO_DATABASE)
    assert client.ping()


def _backends(pet_person_db: Any, app: str) -> int:
    with pet_person_db.connect() as conn:
        row = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", (app,)).fetchone()
        return int(row[0]) if row else 0


def test_the_pool_is_bounded_and_recovers_from_lost_connections(client: Client, pet_person_db: Any) -> None:
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda _: client.call("ListPets", {"limit": 100}), range(12)))
    assert {status for status, _ in answers} == {"OK"}
    app = f"{APP}-{client.protocol}"
    assert 1 <= _backends(pet_person_db, app) <= POOL_SIZE
    with pet_person_db.connect() as conn:  # the database drops the worker's connections, as when it restarts
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s", (app,))
        conn.commit()
    statuses = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        status, answer = client.call("ListPets", {"limit": 10})
        statuses.append(status)
        if status == "OK":
            break
        assert status == "UNAVAILABLE" and answer.startswith("database: "), answer
    assert statuses[-1] == "OK" and len(statuses) <= 3, statuses


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_database_stops_the_start_with_one_line() -> None:
    protocol = "rest"  # the database is opened before any protocol's server
    port = _closed_port()
    impl = manifest.discover(ROOT)[f"node-{protocol}"]
    argv = impl.worker.argv(protocol, artifact=str(impl.worker.artifact_path()), port=0)
    env = {**os.environ, "BANCADA_DATABASE_URL": f"postgresql://bench:s3cr3t-pw@127.0.0.1:{port}/petshop"}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done
    assert "READY" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "petshop" in lines[0] and "127.0.0.1" in lines[0] and f"port {port}" in lines[0], lines[0]
    assert "s3cr3t" not in done.stderr
