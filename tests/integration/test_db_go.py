"""The Go worker's database methods (bench.proto, "The database methods"; GORM on PostgreSQL).

The built Go worker (``make -C workers go``) is started by subprocess on each of its four
protocols, with ``BANCADA_DATABASE_URL`` naming the private PostgreSQL of the session fixture
``pet_person_db`` (seed 1, 1,000 pets, 1,000 people), and answers are checked against the
seeded rows and against the tables. Also: the four methods without a database, and a
database that refuses connections at start. About 10-20 s with the server's start.

``test_rest_latency_one_client`` measures one client's latency on REST (printed with ``-s``).
"""

from __future__ import annotations

import functools
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import grpc
import pytest

from bancada.experiment import manifest
from bancada.experiment.manifest import machine_arch
from bancada.hosts import pet_person_sql
from bancada.wire import bench_pb2
from tests.conftest import ROOT, artifact_missing
from tests.integration.pet_person_checks import (
    NO_DATABASE,
    PERSON,
    PET,
    PROTOCOLS,
    assert_person,
    assert_pet,
    parse_time,
)

SEEDED = 1000  # pets and people of the fixture

INVALID_CREATES = [
    ("CreatePet", dict(PET, name="")),
    ("CreatePet", dict(PET, name="   ")),
    ("CreatePet", dict(PET, age=-1)),
    ("CreatePerson", dict(PERSON, first_name="")),
    ("CreatePerson", dict(PERSON, age=-1)),
    ("CreatePerson", dict(PERSON, email="ana.lima.example.com")),
    ("CreatePerson", dict(PERSON, email="ana@example")),
]


def graphql_documents() -> dict[str, str]:
    """The database methods' documents as the schema file's header lists them."""
    header = (ROOT / "proto" / "bancada" / "v1" / "bench.graphql").read_text()
    docs = {}
    for rpc in ("ListPets", "ListPeople", "CreatePet", "CreatePerson"):
        found = re.search(rf"^#   ((?:query|mutation) {rpc}\(.*)$", header, re.MULTILINE)
        assert found, f"bench.graphql's header lists no document for {rpc}"
        docs[rpc] = found.group(1)
    return docs


GRAPHQL = graphql_documents()
GRAPHQL_FIELDS = {"ListPets": "pets", "ListPeople": "people", "CreatePet": "createPet", "CreatePerson": "createPerson"}
REST_PATHS = {"ListPets": "/v1/pets", "ListPeople": "/v1/people", "CreatePet": "/v1/pets", "CreatePerson": "/v1/people"}
ANSWER_KEYS = {"ListPets": "pets", "ListPeople": "people", "CreatePet": "pet", "CreatePerson": "person"}


@dataclass
class Outcome:
    """A call's result on any protocol: ``kind`` is ok, invalid, unavailable or other."""

    kind: str
    answer: Any = None  # ok: the REST answer's value (a list of rows or one row), dicts keyed as JSON
    message: str = ""


class Worker:
    """A running Go worker on one protocol and a client for the four methods."""

    def __init__(self, protocol: str, proc: subprocess.Popen[str], port: int) -> None:
        self.protocol, self.proc, self.port = protocol, proc, port
        self.target = f"127.0.0.1:{port}"
        self._channel = grpc.insecure_channel(self.target) if protocol == "grpc" else None
        self._http = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.last_server_ms = 0.0  # the last HTTP answer's Server-Timing (app;dur), ms

    def close(self) -> None:
        if self._channel is not None:
            self._channel.close()
        self._http.close()

    def call(self, rpc: str, body: dict[str, Any]) -> Outcome:
        """Call ``rpc`` with the REST body (for a list: ``{"limit": N}``)."""
        outcome: Outcome = getattr(self, f"_{self.protocol}")(rpc, body)
        return outcome

    def _post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        return self._request("POST", path, json.dumps(body).encode())

    def _request(self, method: str, path: str, data: bytes | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Accept": "application/graphql-response+json, application/json"}
        self._http.request(method, path, body=data, headers=headers)
        resp = self._http.getresponse()
        raw = resp.read()
        timing = resp.getheader("Server-Timing", "")
        assert timing.startswith("app;dur="), resp.getheaders()
        self.last_server_ms = float(timing.removeprefix("app;dur="))
        return resp.status, json.loads(raw)

    def _rest(self, rpc: str, body: dict[str, Any]) -> Outcome:
        if rpc.startswith("List"):
            status, answer = self._request("GET", f"{REST_PATHS[rpc]}?limit={body['limit']}")
            ok = 200
        else:
            status, answer = self._post(REST_PATHS[rpc], body)
            ok = 201
        if status == ok:
            return Outcome("ok", answer[ANSWER_KEYS[rpc]])
        kind = {400: "invalid", 503: "unavailable"}.get(status, f"other {status}")
        return Outcome(kind, message=answer["error"])

    def _jsonrpc(self, rpc: str, body: dict[str, Any]) -> Outcome:
        status, answer = self._post("/v1/jsonrpc", {"jsonrpc": "2.0", "id": 7, "method": rpc, "params": body})
        assert status == 200 and answer["id"] == 7, answer
        if "result" in answer:
            return Outcome("ok", answer["result"][ANSWER_KEYS[rpc]])
        code = answer["error"]["code"]
        kind = {-32602: "invalid", -32000: "unavailable"}.get(code, f"other {code}")
        return Outcome(kind, message=answer["error"]["message"])

    def _graphql(self, rpc: str, body: dict[str, Any]) -> Outcome:
        variables = body if rpc.startswith("List") else {"input": body}
        status, answer = self._post(
            "/v1/graphql", {"query": GRAPHQL[rpc], "operationName": rpc, "variables": variables}
        )
        if not answer.get("errors"):
            assert status == 200, answer
            return Outcome("ok", answer["data"][GRAPHQL_FIELDS[rpc]])
        error = answer["errors"][0]
        code = error.get("extensions", {}).get("code")
        kind = {"INVALID_ARGUMENT": "invalid", "UNAVAILABLE": "unavailable"}.get(code, f"other {status} {code}")
        if kind in ("invalid", "unavailable"):  # a field error: 200, data null
            assert status == 200 and answer["data"] is None, answer
        return Outcome(kind, message=error["message"])

    def _grpc(self, rpc: str, body: dict[str, Any]) -> Outcome:
        assert self._channel is not None
        request = getattr(bench_pb2, f"{rpc}Request")(**body)
        response_type = getattr(bench_pb2, f"{rpc}Response")
        stub: grpc.UnaryUnaryMultiCallable[Any, Any] = self._channel.unary_unary(
            f"/bancada.v1.Bench/{rpc}",
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=response_type.FromString,
        )
        try:
            response = stub(request, timeout=60)
        except grpc.RpcError as exc:
            kind = {grpc.StatusCode.INVALID_ARGUMENT: "invalid", grpc.StatusCode.UNAVAILABLE: "unavailable"}
            return Outcome(kind.get(exc.code(), f"other {exc.code()}"), message=exc.details() or "")
        value = getattr(response, ANSWER_KEYS[rpc])
        rows = [_fields(m) for m in value] if rpc.startswith("List") else _fields(value)
        return Outcome("ok", rows)

    def ping(self) -> bool:
        if self.protocol == "grpc":
            assert self._channel is not None
            stub: grpc.UnaryUnaryMultiCallable[bytes, bytes] = self._channel.unary_unary("/bancada.v1.Bench/Ping")
            return bool(stub(b"", timeout=10) == b"")
        if self.protocol == "rest":
            return self._request("GET", "/v1/ping") == (200, {})
        if self.protocol == "jsonrpc":
            return bool(self._post("/v1/jsonrpc", {"jsonrpc": "2.0", "id": 1, "method": "Ping"})[1].get("result") == {})
        return self._post("/v1/graphql", {"query": "query Ping { ping }"}) == (200, {"data": {"ping": True}})


def _fields(message: Any) -> dict[str, Any]:
    """A protobuf message as a dict of every field by its proto name (defaults included)."""
    return {f.name: getattr(message, f.name) for f in message.DESCRIPTOR.fields}


@functools.cache
def _go_worker_built() -> manifest.WorkerManifest:
    """The Go worker's manifest, once its artifact is checked (the host's check takes a second or two)."""
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"the Go worker cannot run: {reason} (run make -C workers go)")
    return manifest.discover(ROOT)["go-rest"].worker


def _argv(protocol: str) -> tuple[list[str], manifest.WorkerManifest]:
    worker = _go_worker_built()
    artifact = str(worker.artifact_path("linux", machine_arch()))
    return worker.argv(protocol, artifact=artifact), worker


def _environment(database_url: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "BANCADA_DATABASE_URL"}
    if database_url is not None:
        env["BANCADA_DATABASE_URL"] = database_url
    return env


@contextmanager
def go_worker(protocol: str, database_url: str | None, *extra: str) -> Iterator[Worker]:
    """The Go worker serving ``protocol``, started as a run starts it (the manifest's command line)."""
    argv, worker_manifest = _argv(protocol)
    proc = subprocess.Popen(
        [*argv, *extra],
        cwd=worker_manifest.folder,
        env=_environment(database_url),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    worker = None
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("READY "), (
            f"no READY line: {line!r}; stderr: {proc.stderr.read() if proc.stderr else ''}"
        )
        worker = Worker(protocol, proc, json.loads(line[len("READY ") :])["port"])
        yield worker
    finally:
        if worker is not None:
            worker.close()
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture(scope="module", params=PROTOCOLS)
def db_worker(request: pytest.FixtureRequest, pet_person_db: Any) -> Iterator[Worker]:
    """The Go worker on one protocol with the fixture's database, pool of 4."""
    with go_worker(request.param, pet_person_db.database_url, "--db-pool-size", "4") as worker:
        yield worker


def test_lists_are_the_seeded_rows(db_worker: Worker, pet_person_db: Any) -> None:
    records = pet_person_db.records
    for limit in (10, 100, 1000):
        pets = db_worker.call("ListPets", {"limit": limit})
        assert pets.kind == "ok", pets
        assert len(pets.answer) == limit
        for answer, want in zip(pets.answer, records.pets[:limit], strict=True):
            assert_pet(answer, want)
        people = db_worker.call("ListPeople", {"limit": limit})
        assert people.kind == "ok", people
        assert len(people.answer) == limit
        for answer, want in zip(people.answer, records.people[:limit], strict=True):
            assert_person(answer, want)


@pytest.mark.parametrize("rpc", ["ListPets", "ListPeople"])
def test_limits_outside_1_to_1000_are_refused(db_worker: Worker, rpc: str) -> None:
    for limit in (0, 1001):
        outcome = db_worker.call(rpc, {"limit": limit})
        assert outcome.kind == "invalid", outcome
        assert "limit must be between 1 and 1000" in outcome.message


def test_creates_answer_the_stored_row(db_worker: Worker, pet_person_db: Any) -> None:
    try:
        pet = db_worker.call("CreatePet", PET)
        person = db_worker.call("CreatePerson", PERSON)
        assert pet.kind == "ok" and person.kind == "ok", (pet, person)
        with pet_person_db.connect() as conn:
            stored_pets = {p.id: p for p in pet_person_sql.pets(conn)}
            stored_people = {p.id: p for p in pet_person_sql.people(conn)}
        for answer, stored, fields in (
            (pet.answer, stored_pets, PET),
            (person.answer, stored_people, PERSON),
        ):
            row_id = int(answer["id"])
            assert row_id > SEEDED, answer
            assert row_id in stored, f"row {row_id} is not in the table"
            row = stored[row_id]
            assert parse_time(answer["created_at"]) == row.created_at == row.updated_at
            assert parse_time(answer["updated_at"]) == row.updated_at
            assert answer.get("deleted_at") in (None, "") and row.deleted_at is None
            assert {k: answer[k] for k in fields} == fields
            assert {k: getattr(row, k) for k in fields} == fields
        assert_pet(pet.answer, stored_pets[int(pet.answer["id"])])
        assert_person(person.answer, stored_people[int(person.answer["id"])])
    finally:
        pet_person_db.reset()


def test_invalid_creates_write_nothing(db_worker: Worker, pet_person_db: Any) -> None:
    with pet_person_db.connect() as conn:
        before = pet_person_sql.counts(conn)
    for rpc, body in INVALID_CREATES:
        outcome = db_worker.call(rpc, body)
        assert outcome.kind == "invalid", (rpc, body, outcome)
        assert outcome.message and "\n" not in outcome.message
    with pet_person_db.connect() as conn:
        assert pet_person_sql.counts(conn) == before == {"pets": SEEDED, "people": SEEDED}


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_without_a_database_the_methods_are_unavailable(protocol: str) -> None:
    with go_worker(protocol, None) as worker:
        for rpc, body in (
            ("ListPets", {"limit": 10}),
            ("ListPeople", {"limit": 1000}),
            ("CreatePet", PET),
            ("CreatePerson", PERSON),
        ):
            outcome = worker.call(rpc, body)
            assert (outcome.kind, outcome.message) == ("unavailable", NO_DATABASE), (rpc, outcome)
        # Checked before the database is asked for: still refused as invalid.
        assert worker.call("ListPets", {"limit": 0}).kind == "invalid"
        assert worker.ping()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_database_that_refuses_connections_exits_2(protocol: str) -> None:
    port = _closed_port()
    argv, worker_manifest = _argv(protocol)
    url = f"postgresql://bancada:s3cret@127.0.0.1:{port}/petsdb"
    proc = subprocess.run(
        argv, cwd=worker_manifest.folder, env=_environment(url), capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "READY" not in proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert f"127.0.0.1:{port}" in lines[0] and '"petsdb"' in lines[0], lines[0]
    assert "s3cret" not in lines[0]


class TcpProxy:
    """Forwards 127.0.0.1:<port> to the database; ``stop()`` drops every connection and closes
    the port, ``start()`` listens on the same port again: a database server that dies and comes back."""

    def __init__(self, target_port: int) -> None:
        self.target_port, self.port = target_port, 0
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen()
        self.port = listener.getsockname()[1]
        with self._lock:
            self._sockets.append(listener)
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                return
            with self._lock:
                self._sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def stop(self) -> None:
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for s in sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


@pytest.mark.parametrize("protocol", ["rest", "grpc"])
def test_the_worker_outlives_its_database(protocol: str, pet_person_db: Any) -> None:
    """The database dies while the worker serves (UNAVAILABLE, Ping still works) and comes back (answers again)."""
    proxy = TcpProxy(pet_person_db.port)
    proxy.start()
    url = f"postgresql://bancada@127.0.0.1:{proxy.port}/bancada?sslmode=disable"
    try:
        with go_worker(protocol, url) as worker:
            assert worker.call("ListPets", {"limit": 10}).kind == "ok"
            proxy.stop()
            for rpc, body in (("ListPets", {"limit": 10}), ("CreatePet", PET), ("ListPeople", {"limit": 10})):
                outcome = worker.call(rpc, body)
                assert outcome.kind == "unavailable", (rpc, outcome)
                assert outcome.message.startswith("database: ") and "\n" not in outcome.message, outcome
            assert worker.ping()
            proxy.start()
            back = worker.call("ListPets", {"limit": 10})
            assert back.kind == "ok" and [int(p["id"]) for p in back.answer] == list(range(1, 11)), back
    finally:
        proxy.stop()
    with pet_person_db.connect() as conn:
        assert pet_person_sql.counts(conn) == {"pets": SEEDED, "people": SEEDED}


def test_rest_latency_one_client(pet_person_db: Any) -> None:
    """One client, one keep-alive connection, on REST: median and p90 of N calls after a warm-up, and the
    median of the worker's own time (Server-Timing: decoding, GORM and the database, not encoding)."""
    calls, warmup = 200, 20
    figures = {}
    try:
        with go_worker("rest", pet_person_db.database_url) as worker:
            cases: list[tuple[str, str, dict[str, Any]]] = [
                (f"ListPets{n}", "ListPets", {"limit": n}) for n in (10, 100, 1000)
            ]
            for name, rpc, body in [*cases, ("CreatePet", "CreatePet", PET)]:
                latencies_ms, server_ms = [], []
                for i in range(warmup + calls):
                    start = time.perf_counter_ns()
                    outcome = worker.call(rpc, body)
                    elapsed = time.perf_counter_ns() - start
                    assert outcome.kind == "ok", outcome
                    if i >= warmup:
                        latencies_ms.append(elapsed / 1e6)
                        server_ms.append(worker.last_server_ms)
                deciles = statistics.quantiles(latencies_ms, n=10)
                figures[name] = (statistics.median(latencies_ms), deciles[8], statistics.median(server_ms))
    finally:
        pet_person_db.reset()
    print(f"\nGo worker, REST, one client (Python http.client, keep-alive), {calls} calls after {warmup}:")
    print(f"  {'':12s} {'median':>11s} {'p90':>11s} {'server median':>15s}")
    for name, (median, p90, server) in figures.items():
        print(f"  {name:12s} {median:8.3f} ms {p90:8.3f} ms {server:12.3f} ms")
    assert figures["ListPets1000"][0] > figures["ListPets10"][0]
