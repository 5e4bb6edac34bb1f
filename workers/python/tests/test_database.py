"""The database methods of seed 001 without a database: the contract's validation, the
answers of a worker started without BANCADA_DATABASE_URL on each protocol, and the start
refused (exit 2, one line) for a URI that is not PostgreSQL's or a database that cannot be
reached. The answers against a real PostgreSQL are tests/integration/test_db_python.py."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import unittest
import urllib.error
import urllib.request
from collections.abc import Awaitable
from datetime import datetime, timedelta, timezone
from typing import Any

import grpc
from graphql import graphql

from bancada_worker import bench_pb2 as pb
from bancada_worker import pet_person
from bancada_worker.contract import Config
from bancada_worker.errors import InvalidArgument, Unavailable
from bancada_worker.database import NO_DATABASE, Database, DatabaseConfigError, parse_uri
from bancada_worker.graphql_app import _error_format, load_schema
from bancada_worker.grpc_server import Bench
from tests.test_cli import FOLDER, start, stop

PERSON = pet_person.CreatePersonRequest(first_name="Ana", last_name="Lima", email="ana@example.com", age=30)


def without_database() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "BANCADA_DATABASE_URL"}


class ValidationTest(unittest.TestCase):
    def test_limit_is_1_to_1000(self) -> None:
        for limit in (1, 10, 100, 1000):
            self.assertEqual(pet_person.check_limit(limit), limit)
        for limit in (0, -1, 1001, 2**31 - 1):
            with self.subTest(limit=limit), self.assertRaisesRegex(InvalidArgument, "limit must be in 1..1000"):
                pet_person.check_limit(limit)

    def test_pet(self) -> None:
        pet_person.check_pet("Rex", 0, "dog")
        pet_person.check_pet(" Rex ", 200, "dog")
        for name, age, type_ in [
            ("", 3, "dog"),
            (" \t", 3, "dog"),
            ("Rex", -1, "dog"),
            ("Rex", 201, "dog"),
            ("Rex", 3, " "),
        ]:
            with self.subTest(name=name, age=age, type=type_), self.assertRaises(InvalidArgument):
                pet_person.check_pet(name, age, type_)

    def test_person_email_follows_the_contract(self) -> None:
        for email in ["ana@example.com", "a.b+c@mail.example.org", "x@a.b", "ana@ex-ample.co.uk"]:
            with self.subTest(email=email):
                pet_person.check_person("Ana", "Lima", email, 30)
        for email in [
            "",
            "ana",
            "ana@example",
            "@example.com",
            "ana@@example.com",
            "ana@exa@mple.com",
            "ana @example.com",
            "ana@example.com ",
            "ana@example.com\n",
            "ana@.example.com",
            "ana@example.com.",
        ]:
            with self.subTest(email=email), self.assertRaisesRegex(InvalidArgument, "not an address"):
                pet_person.check_person("Ana", "Lima", email, 30)

    def test_person_names_and_age(self) -> None:
        for first, last, age in [(" ", "Lima", 30), ("Ana", "", 30), ("Ana", "Lima", -1), ("Ana", "Lima", 201)]:
            with self.subTest(first=first, last=last, age=age), self.assertRaises(InvalidArgument):
                pet_person.check_person(first, last, "ana@example.com", age)

    def test_times_are_rfc3339_utc_with_z(self) -> None:
        brasilia = timezone(timedelta(hours=-3))
        self.assertEqual(pet_person.rfc3339(datetime(2024, 1, 1, tzinfo=timezone.utc)), "2024-01-01T00:00:00Z")
        self.assertEqual(
            pet_person.rfc3339(datetime(2026, 11, 23, 14, 40, 1, 123456, tzinfo=brasilia)),
            "2026-11-23T17:40:01.123456Z",
        )
        self.assertEqual(pet_person.rfc3339(datetime(2026, 1, 2, 3, 4, 5, 1000, tzinfo=timezone.utc))[-8:], ".001000Z")


class UriTest(unittest.TestCase):
    def test_description_names_host_port_database_never_the_password(self) -> None:
        cases = {
            "postgresql://bench:s3cret@db.example:6543/benchdb": "database benchdb on db.example port 6543",
            "postgres://bench@127.0.0.1/bancada": "database bancada on 127.0.0.1 port 5432",
            "postgresql://bench@/d?host=/var/run/postgresql": "database d on /var/run/postgresql port 5432",
            "postgresql://bench@h": "database bench on h port 5432",
        }
        for uri, want in cases.items():
            with self.subTest(uri=uri):
                self.assertEqual(parse_uri(uri), want)
                self.assertNotIn("s3cret", Database(uri).description or "")

    def test_other_schemes_are_refused(self) -> None:
        for uri in ["mysql://u@h/d", "h:5432/d", "", "postgresql+psycopg://u@h/d"]:
            with self.subTest(uri=uri), self.assertRaisesRegex(DatabaseConfigError, "postgresql://"):
                Database(uri)


class OrmUrlTest(unittest.TestCase):
    def test_the_libpq_uri_becomes_sqlalchemys_psycopg_url(self) -> None:
        from bancada_worker.orm import sqlalchemy_url

        url = sqlalchemy_url("postgres://bench:p%40ss%3Aword@db.example:5433/bench?sslmode=disable&connect_timeout=2")
        self.assertEqual(url.drivername, "postgresql+psycopg")
        self.assertEqual((url.username, url.password, url.host, url.port), ("bench", "p@ss:word", "db.example", 5433))
        self.assertEqual((url.database, dict(url.query)), ("bench", {"sslmode": "disable", "connect_timeout": "2"}))

    def test_a_database_error_is_one_line_without_the_documentation_link(self) -> None:
        import psycopg
        import sqlalchemy.exc

        from bancada_worker.orm import one_line

        orig = psycopg.OperationalError('connection to server at "h", port 1 failed: refused\n\tIs the server running?')
        wrapped = sqlalchemy.exc.OperationalError("SELECT 1", {}, orig)
        self.assertEqual(
            one_line(wrapped), 'connection to server at "h", port 1 failed: refused Is the server running?'
        )
        timeout = sqlalchemy.exc.TimeoutError("QueuePool limit of size 2 overflow 0 reached", code="3o7r")
        self.assertEqual(one_line(timeout), "QueuePool limit of size 2 overflow 0 reached")


class NoDatabaseTest(unittest.TestCase):
    """Validation comes first (InvalidArgument with or without a database), then Unavailable."""

    database = Database(None)

    def run_all(self) -> list[object]:
        calls = [
            self.database.list_pets(10),
            self.database.list_people(1000),
            self.database.create_pet("Rex", 3, "dog"),
            self.database.create_person(PERSON),
        ]
        return [asyncio.run(self.result_of(call)) for call in calls]

    @staticmethod
    async def result_of(call: Awaitable[object]) -> object:
        try:
            return await call
        except (InvalidArgument, Unavailable) as exc:
            return exc

    def test_every_method_is_unavailable(self) -> None:
        for outcome in self.run_all():
            self.assertIsInstance(outcome, Unavailable)
            self.assertEqual(str(outcome), NO_DATABASE)

    def test_invalid_input_is_invalid_without_a_database_too(self) -> None:
        with self.assertRaises(InvalidArgument):
            asyncio.run(self.database.list_pets(0))
        with self.assertRaises(InvalidArgument):
            asyncio.run(self.database.create_pet("", 3, "dog"))

    def test_grpc_servicer(self) -> None:
        bench = Bench(Config())
        with self.assertRaisesRegex(Unavailable, "BANCADA_DATABASE_URL"):
            asyncio.run(bench.list_pets(pb.ListPetsRequest(limit=10)))
        with self.assertRaises(InvalidArgument):
            asyncio.run(bench.create_person(pb.CreatePersonRequest(first_name="Ana", last_name="Lima", email="x")))

    def test_graphql_field_errors_carry_the_code(self) -> None:
        schema = load_schema(Config())
        for document, variables, code in [
            ("query($l: Int!) { pets(limit: $l) { id } }", {"l": 10}, "UNAVAILABLE"),
            ("query($l: Int!) { people(limit: $l) { id } }", {"l": 1001}, "INVALID_ARGUMENT"),
            (
                "mutation($i: PetInput!) { createPet(input: $i) { id } }",
                {"i": {"name": "Rex", "age": 3, "type": "dog"}},
                "UNAVAILABLE",
            ),
            (
                "mutation($i: PetInput!) { createPet(input: $i) { id } }",
                {"i": {"name": "Rex", "age": -3, "type": "dog"}},
                "INVALID_ARGUMENT",
            ),
        ]:
            with self.subTest(document=document, variables=variables):
                result = asyncio.run(graphql(schema, str(document), variable_values=dict(variables)))  # type: ignore[call-overload]
                self.assertIsNone(result.data)
                assert result.errors is not None
                self.assertEqual(_error_format(result.errors[0])["extensions"], {"code": code})


class NoDatabaseProcessTest(unittest.TestCase):
    """A worker started without BANCADA_DATABASE_URL: the four methods answer UNAVAILABLE as the
    contract maps it on REST (503) and JSON-RPC (-32000), invalid input is still refused, Ping works."""

    def _start(self, protocol: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
        saved = os.environ.pop("BANCADA_DATABASE_URL", None)
        try:
            return start("--protocol", protocol, "--db-pool-size", "3")
        finally:
            if saved is not None:
                os.environ["BANCADA_DATABASE_URL"] = saved

    def test_rest(self) -> None:
        proc, ready = self._start("rest")
        base = f"http://127.0.0.1:{ready['port']}"

        def http(method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
            data = None if body is None else json.dumps(body).encode()
            req = urllib.request.Request(base + path, data=data, method=method)
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    return resp.status, json.loads(resp.read())
            except urllib.error.HTTPError as exc:
                return exc.code, json.loads(exc.read())

        try:
            self.assertEqual(http("GET", "/v1/ping"), (200, {}))
            for method, path, body in [
                ("GET", "/v1/pets?limit=10", None),
                ("GET", "/v1/people?limit=1000", None),
                ("POST", "/v1/pets", {"name": "Rex", "age": 3, "type": "dog"}),
                ("POST", "/v1/people", {"first_name": "Ana", "last_name": "Lima", "email": "a@b.co"}),
            ]:
                with self.subTest(method=method, path=path):
                    self.assertEqual(http(method, path, body), (503, {"error": NO_DATABASE}))
            for method, path, body in [
                ("GET", "/v1/pets", None),
                ("GET", "/v1/pets?limit=1001", None),
                ("GET", "/v1/people?limit=1e2", None),
                ("POST", "/v1/pets", {"name": "Rex", "age": "3", "type": "dog"}),
                ("POST", "/v1/pets", {"name": "Rex", "age": 3}),
                ("POST", "/v1/people", {"first_name": "Ana", "last_name": "Lima", "email": "a@b"}),
            ]:
                with self.subTest(method=method, path=path, body=body):
                    status, answer = http(method, path, body)
                    self.assertEqual(status, 400, answer)
                    self.assertIn("error", answer)
        finally:
            self.assertEqual(stop(proc), 0)

    def test_jsonrpc(self) -> None:
        proc, ready = self._start("jsonrpc")
        url = f"http://127.0.0.1:{ready['port']}/v1/jsonrpc"

        def call(method: str, params: dict[str, Any]) -> Any:
            body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
            with urllib.request.urlopen(urllib.request.Request(url, data=body, method="POST"), timeout=30) as resp:
                return json.loads(resp.read())

        try:
            unavailable: list[tuple[str, dict[str, Any]]] = [
                ("ListPets", {"limit": 10}),
                ("CreatePet", {"name": "Rex", "age": 3, "type": "x"}),
            ]
            for method, params in unavailable:
                with self.subTest(method=method):
                    self.assertEqual(call(method, params)["error"], {"code": -32000, "message": NO_DATABASE})
            invalid: list[tuple[str, dict[str, Any]]] = [
                ("ListPeople", {"limit": 0}),
                ("CreatePerson", {"first_name": "A"}),
                ("ListPets", {"lim": 1}),
            ]
            for method, params in invalid:
                with self.subTest(method=method, params=params):
                    self.assertEqual(call(method, params)["error"]["code"], -32602)
        finally:
            self.assertEqual(stop(proc), 0)

    def test_grpc(self) -> None:
        proc, ready = self._start("grpc")
        try:
            with grpc.insecure_channel(f"127.0.0.1:{ready['port']}") as channel:
                list_pets = channel.unary_unary(
                    "/bancada.v1.Bench/ListPets",
                    request_serializer=pb.ListPetsRequest.SerializeToString,
                    response_deserializer=pb.ListPetsResponse.FromString,
                )
                for limit, code in [(10, grpc.StatusCode.UNAVAILABLE), (0, grpc.StatusCode.INVALID_ARGUMENT)]:
                    with self.subTest(limit=limit), self.assertRaises(grpc.RpcError) as caught:
                        list_pets(pb.ListPetsRequest(limit=limit), timeout=30)
                    self.assertEqual(caught.exception.code(), code)
        finally:
            self.assertEqual(stop(proc), 0)


class StartRefusedTest(unittest.TestCase):
    def run_worker(self, database_url: str, *args: str) -> subprocess.CompletedProcess[str]:
        env = {**without_database(), "BANCADA_DATABASE_URL": database_url}
        return subprocess.run(
            [sys.executable, "-m", "bancada_worker", "--protocol", "rest", *args],
            cwd=FOLDER,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    def test_unreachable_database_exits_2_with_one_line(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]  # closed again below: nothing listens there
        proc = self.run_worker(f"postgresql://bench:s3cret@127.0.0.1:{port}/benchdb")
        self.assertEqual(proc.returncode, 2, proc.stderr)
        self.assertEqual(proc.stdout, "")
        self.assertEqual(len(proc.stderr.strip().splitlines()), 1, proc.stderr)
        self.assertIn(f"cannot connect to the database benchdb on 127.0.0.1 port {port}", proc.stderr)
        self.assertNotIn("s3cret", proc.stderr)

    def test_not_a_postgresql_uri_exits_2(self) -> None:
        proc = self.run_worker("mysql://bench:s3cret@db/bench")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("BANCADA_DATABASE_URL has the scheme 'mysql'", proc.stderr)
        self.assertNotIn("s3cret", proc.stderr)

    def test_pool_size_must_be_positive(self) -> None:
        proc = subprocess.run(
            [sys.executable, "-m", "bancada_worker", "--protocol", "rest", "--db-pool-size", "0"],
            cwd=FOLDER,
            env=without_database(),
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertEqual(proc.returncode, 2)
        self.assertIn("--db-pool-size must be at least 1", proc.stderr)


if __name__ == "__main__":
    unittest.main()
