"""The vus load model of the native driver against a real worker's Ping, and the database requests both
drivers send (seed 001), recorded by a small real HTTP server.

Builds nothing: run ``make -C workers go driver`` first (the tests skip otherwise). The spacing figure:
``BANCADA_VUS_SPACING=1 pytest tests/integration/test_driver_vus_db.py -k spacing -s`` prints the mean
and p99 of |actual start - planned start| for 10 VUs x pacing 1 s x 10 s against go-rest.
"""

from __future__ import annotations

import io
import json
import os
import threading
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from bancada.drivers.python import run_job
from bancada.wire import db_requests
from bancada.wire.protocols import graphql
from tests.integration.test_native_driver import parse_frames, run_driver, worker

pytestmark = pytest.mark.integration


def vus_job(target: str, vus: int, duration_s: float, **load: Any) -> dict[str, Any]:
    return {
        "version": 1,
        "treatments": [
            {"id": 0, "implementation": "go-rest", "protocol": "rest", "target": target, "operation": "ping"}
        ],
        "load": {"model": "vus", "vus": vus, "duration_s": duration_s, **load},
        "blocks": [{"repetition": 0, "treatments": [0], "warmup": 0, "requests": 0}],
    }


def by_vu(samples: list[dict[str, Any]], vus: int) -> dict[int, list[dict[str, Any]]]:
    """Samples per VU: the driver numbers VU v's iteration k as seq k*vus + v (no warm-up)."""
    out: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for s in sorted(samples, key=lambda s: s["seq"]):
        out[s["seq"] % vus].append(s)
    return out


def test_vus_pacing_against_go_rest_ping() -> None:
    with worker("rest") as target:
        rc, samples, events = run_driver(vus_job(target, 4, 2.0, pacing_s=0.1))
    assert rc == 0, events
    assert all(s["ok"] for s in samples)
    # 4 VUs x 2 s / 0.1 s: 80 iterations, one request each
    assert 78 <= len(samples) <= 80, len(samples)
    summary = next(e for e in events if e["event"] == "vus")
    assert summary["iterations"] == len(samples) and summary["interrupted_iterations"] == 0
    for vu, its in by_vu(samples, 4).items():
        assert 19 <= len(its) <= 20, (vu, len(its))
        gaps = [(b["start_ns"] - a["start_ns"]) / 1e9 for a, b in zip(its, its[1:])]
        # never early; late only by the scheduler of a shared 2-core machine
        assert all(0.0999 <= g <= 0.16 for g in gaps), (vu, gaps)
        assert sum(gaps) / len(gaps) < 0.106, (vu, gaps)
        assert all(s["latency_ns"] < 0.1e9 for s in its)  # counted from the send, not from a due time


def test_vus_ramp_up_and_think_time() -> None:
    with worker("rest") as target:
        rc, samples, events = run_driver(vus_job(target, 4, 1.0, think_time_s=0.2, ramp_up_s=0.8))
    assert rc == 0, events
    groups = by_vu(samples, 4)
    t0 = min(s["start_ns"] for s in samples)
    for vu in range(4):
        first = groups[vu][0]["start_ns"] - t0
        assert abs(first / 1e9 - 0.2 * vu) < 0.05, (vu, first)  # VU i starts at i * 0.8 / 4
        its = groups[vu]
        for a, b in zip(its, its[1:]):
            wait = (b["start_ns"] - a["start_ns"] - a["latency_ns"]) / 1e9
            assert 0.1999 <= wait <= 0.26, wait  # think time after each response


def test_vus_refused_by_the_python_driver() -> None:
    from bancada.drivers.job import JobError

    with pytest.raises(JobError, match="vus"):
        run_job(vus_job("127.0.0.1:1", 1, 1.0, pacing_s=1.0), io.BytesIO())


def test_vus_bad_fields_are_refused_by_the_native_driver() -> None:
    rc, _, events = run_driver(vus_job("127.0.0.1:1", 2, 1.0, pacing_s=1.0, think_time_s=1.0))
    assert rc == 2 and "exclusive" in events[-1]["message"]
    rc, _, events = run_driver(vus_job("127.0.0.1:1", 0, 1.0))
    assert rc == 2 and "load.vus" in events[-1]["message"]


@pytest.mark.skipif(not os.environ.get("BANCADA_VUS_SPACING"), reason="a 10 s measurement: BANCADA_VUS_SPACING=1")
def test_vus_spacing_error_measured() -> None:
    with worker("rest") as target:
        rc, samples, _ = run_driver(vus_job(target, 10, 10.0, pacing_s=1.0))
    assert rc == 0
    late = sorted(s["queue_ns"] / 1e6 for s in samples)  # |actual start - planned start| in ms
    gaps = []
    for its in by_vu(samples, 10).values():
        gaps += [abs((b["start_ns"] - a["start_ns"]) / 1e6 - 1000.0) for a, b in zip(its, its[1:])]
    gaps.sort()
    p99 = late[min(len(late) - 1, int(0.99 * len(late)))]
    print(
        f"\n10 VUs x pacing 1 s x 10 s, go-rest Ping: {len(samples)} iterations; |actual - planned start| "
        f"mean {sum(late) / len(late):.3f} ms, p99 {p99:.3f} ms, max {late[-1]:.3f} ms; "
        f"|gap - 1 s| mean {sum(gaps) / len(gaps):.3f} ms, max {gaps[-1]:.3f} ms"
    )
    assert len(samples) == 100


# --- the database requests, recorded -------------------------------------------------------------


class Recorder(ThreadingHTTPServer):
    def __init__(self, rows: int) -> None:
        super().__init__(("127.0.0.1", 0), RecordingHandler)
        self.requests: list[tuple[str, str, bytes]] = []
        self.rows = rows  # the rows a list answer holds
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.server_address[1]}"


class RecordingHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Recorder

    def _answer(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.requests.append((self.command, self.path, body))
        rows = [{"id": i + 1, "name": "Rex", "age": 1, "type": "dog"} for i in range(self.server.rows)]
        answer: Any = {"pets": rows}
        if self.path == "/v1/jsonrpc":
            answer = {"jsonrpc": "2.0", "id": 1, "result": answer}
        elif self.path == "/v1/graphql":
            answer = {"data": {"pets": rows}}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _answer

    def log_message(self, *args: Any) -> None:
        pass


def db_job(target: str, protocol: str, operation: str, requests: int, limit: int | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = {"seed": 5}
    if limit is not None:
        payload["limit"] = limit
    return {
        "version": 1,
        "treatments": [{"id": 0, "protocol": protocol, "target": target, "operation": operation, "payload": payload}],
        "load": {"model": "sequential"},
        "blocks": [{"repetition": 0, "treatments": [0], "warmup": 1, "requests": requests}],
    }


def run_python(job: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    out = io.BytesIO()
    assert run_job(job, out) == 0
    return parse_frames(out.getvalue())


def expected_body(protocol: str, operation: str, seq: int, limit: int | None = None) -> tuple[str, str, Any]:
    """What the contract says request ``seq`` is: (method, path, JSON body or None)."""
    params = db_requests.db_params(operation, {"seed": 5, "limit": limit}, seq)
    rpc, path = db_requests.DB_METHODS[operation]
    if protocol == "rest":
        method, route, body = db_requests.rest_route(operation, params)
        return method, route, json.loads(body) if body else None
    if protocol == "jsonrpc":
        return "POST", "/v1/jsonrpc", {"jsonrpc": "2.0", "id": 1, "method": rpc, "params": params}
    return "POST", "/v1/graphql", json.loads(graphql.db_body(operation, rpc, params))


@pytest.mark.parametrize("driver", ["native", "python"])
@pytest.mark.parametrize("protocol", ["rest", "jsonrpc", "graphql"])
@pytest.mark.parametrize("operation", ["list_pets", "list_people", "create_pet", "create_person"])
def test_database_requests_as_the_contract_says(driver: str, protocol: str, operation: str) -> None:
    server = Recorder(rows=10)
    limit = 10 if operation.startswith("list_") else None
    try:
        job = db_job(server.target, protocol, operation, 3, limit)
        if driver == "native":
            rc, samples, events = run_driver(job)
            assert rc == 0, events
        else:
            samples, events = run_python(job)
        assert len(samples) == 4 and all(s["ok"] for s in samples), samples
        assert len(server.requests) == 4
        for seq, (method, path, body) in enumerate(server.requests):
            want_method, want_path, want_body = expected_body(protocol, operation, seq, limit)
            assert (method, path) == (want_method, want_path)
            assert (json.loads(body) if body else None) == want_body, (seq, body[:200])
        if operation.startswith("create_"):  # a new record per request, the same in both drivers
            assert len({b for _, _, b in server.requests}) == 4
    finally:
        server.shutdown()


@pytest.mark.parametrize("driver", ["native", "python"])
@pytest.mark.parametrize("protocol", ["rest", "jsonrpc", "graphql"])
def test_a_list_answer_with_more_rows_than_the_limit_fails(driver: str, protocol: str) -> None:
    server = Recorder(rows=11)
    try:
        job = db_job(server.target, protocol, "list_pets", 2, limit=10)
        if driver == "native":
            rc, samples, _ = run_driver(job)
            assert rc == 0
        else:
            samples, _ = run_python(job)
        assert samples and not any(s["ok"] for s in samples)
        assert all("11 rows, more than the limit 10" in s["error"] for s in samples), samples[0]["error"]
        server.rows = 10
    finally:
        server.shutdown()


def test_native_driver_refuses_a_list_without_a_limit() -> None:
    rc, _, events = run_driver(db_job("127.0.0.1:1", "rest", "list_pets", 1))
    assert rc == 2 and "needs payload.limit" in events[-1]["message"]


def test_vus_rates_from_the_stored_samples() -> None:
    from bancada.stats.vus_rates import vus_rates

    with worker("rest") as target:
        rc, samples, _ = run_driver(vus_job(target, 5, 2.0, pacing_s=0.5))
    assert rc == 0
    rates = vus_rates([s["start_ns"] for s in samples], [s["latency_ns"] for s in samples])
    assert rates.requests_per_s == (10, 10)  # 5 VUs x 2 iterations a second
    assert sum(rates.iterations_per_s) == 20


# --- gRPC, recorded ------------------------------------------------------------------------------


class GrpcRecorder:
    """A real gRPC server answering every Bench method with ``rows`` pets (a ListPetsResponse; a
    CreatePet answer has the same field 1) and recording each (method, request bytes)."""

    def __init__(self, rows: int) -> None:
        from concurrent import futures

        import grpc

        from bancada.wire import bench_pb2

        self.requests: list[tuple[str, bytes]] = []
        self.rows = rows
        recorder = self

        class Handler(grpc.GenericRpcHandler):
            def service(self, details: Any) -> Any:
                method = details.method

                def answer(request: bytes, context: Any) -> bytes:
                    recorder.requests.append((method, request))
                    pets = [bench_pb2.Pet(id=i + 1, name="Rex", type="dog") for i in range(recorder.rows)]
                    return bench_pb2.ListPetsResponse(pets=pets).SerializeToString()

                return grpc.unary_unary_rpc_method_handler(answer)

        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=2), handlers=[Handler()])
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"


@pytest.mark.parametrize("driver", ["native", "python"])
@pytest.mark.parametrize("operation", ["list_pets", "list_people", "create_pet", "create_person"])
def test_grpc_database_requests_as_the_contract_says(driver: str, operation: str) -> None:
    server = GrpcRecorder(rows=10)
    limit = 10 if operation.startswith("list_") else None
    try:
        job = db_job(server.target, "grpc", operation, 3, limit)
        if driver == "native":
            rc, samples, events = run_driver(job)
            assert rc == 0, events
        else:
            samples, events = run_python(job)
        assert len(samples) == 4 and all(s["ok"] for s in samples), samples
        rpc = db_requests.DB_METHODS[operation][0]
        for seq, (method, body) in enumerate(server.requests):
            params = db_requests.db_params(operation, {"seed": 5, "limit": limit}, seq)
            assert method == f"/bancada.v1.Bench/{rpc}"
            assert type(db_requests.db_message(operation, params)).FromString(body) == db_requests.db_message(
                operation, params
            )
        server.rows = 11  # a list answer above the limit fails; a create's answer is not counted
        job = db_job(server.target, "grpc", operation, 1, limit)
        samples = run_driver(job)[1] if driver == "native" else run_python(job)[0]
        if limit:
            assert all("11 rows, more than the limit 10" in s["error"] for s in samples), samples
        else:
            assert all(s["ok"] for s in samples)
    finally:
        server.server.stop(0)


def test_vus_graceful_stop_interrupts_late_iterations() -> None:
    """Requests of 0.4 s, iterations every 0.1 s for 0.5 s: with graceful_stop_s 0.1 the iteration in
    flight at the end is cut (interrupted); with 1 s it finishes."""
    with worker("rest", delay_us=400_000) as target:
        rc, samples, events = run_driver(vus_job(target, 2, 0.5, pacing_s=0.1, graceful_stop_s=0.1))
        assert rc == 0
        cut = [s for s in samples if s["error"].startswith("interrupted:")]
        assert len(cut) == 2 and all(not s["ok"] for s in cut)  # one per VU
        summary = next(e for e in events if e["event"] == "vus")
        assert summary["interrupted_iterations"] == 2
        assert max(s["start_ns"] + s["latency_ns"] for s in samples) - min(s["start_ns"] for s in samples) < 0.75e9
        rc, samples, events = run_driver(vus_job(target, 2, 0.5, pacing_s=0.1, graceful_stop_s=1.0))
        assert rc == 0 and all(s["ok"] for s in samples) and len(samples) == 4  # 0, 0.4 s per VU


# --- against a real database worker --------------------------------------------------------------


def _db_worker_serves(target: str) -> bool:
    """Whether the Go worker answers ListPets (the worker branches add the database methods)."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://{target}/v1/pets?limit=1", timeout=5) as resp:
            return bool(resp.status == 200)
    except OSError:
        return False


@pytest.mark.parametrize("driver", ["native", "python"])
@pytest.mark.parametrize("protocol", ["grpc", "rest", "jsonrpc", "graphql"])
def test_drivers_list_and_create_on_the_go_worker_with_postgresql(
    pet_person_db: Any, protocol: str, driver: str
) -> None:
    """Both drivers' four database operations against the Go worker on a real private
    PostgreSQL (seed 1): every sample ok, and the creates wrote the records of the job's seed."""
    import subprocess

    from tests.integration.test_native_driver import WORKER, _need

    _need(WORKER)
    pet_person_db.reset()
    env = {**os.environ, "BANCADA_DATABASE_URL": pet_person_db.database_url}
    proc = subprocess.Popen(
        [str(WORKER), "--protocol", protocol, "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line.startswith("READY "):
            pytest.skip(f"the Go worker does not start with the database methods yet: {line!r}")
        target = f"127.0.0.1:{json.loads(line[len('READY ') :])['port']}"
        if protocol == "rest" and not _db_worker_serves(target):
            pytest.skip("this Go worker does not serve the database methods yet (branch gorm)")
        treatments = [
            {"id": 0, "protocol": protocol, "target": target, "operation": "list_pets", "payload": {"limit": 100}},
            {"id": 1, "protocol": protocol, "target": target, "operation": "list_people", "payload": {"limit": 10}},
            {"id": 2, "protocol": protocol, "target": target, "operation": "create_pet", "payload": {"seed": 9}},
            {"id": 3, "protocol": protocol, "target": target, "operation": "create_person", "payload": {"seed": 9}},
        ]
        job = {
            "version": 1,
            "treatments": treatments,
            "load": {"model": "sequential"},
            "blocks": [{"repetition": 0, "treatments": [0, 1, 2, 3], "warmup": 0, "requests": 5}],
        }
        if driver == "native":
            rc, samples, events = run_driver(job)
            assert rc == 0, events
        else:
            samples, events = run_python(job)
        if any("UNIMPLEMENTED" in s["error"] or "UNAVAILABLE" in s["error"] for s in samples):
            pytest.skip(f"this Go worker does not serve the database methods yet: {samples[0]['error']}")
        assert len(samples) == 20 and all(s["ok"] for s in samples), [s["error"] for s in samples if not s["ok"]]
        with pet_person_db.connect() as conn, conn.cursor() as cur:
            cur.execute("SELECT name, age, type FROM pets ORDER BY id DESC LIMIT 5")
            stored = sorted(cur.fetchall())
            cur.execute("SELECT email FROM people ORDER BY id DESC LIMIT 5")
            emails = sorted(r[0] for r in cur.fetchall())
        want = sorted((p["name"], p["age"], p["type"]) for p in (db_requests.new_pet(9, seq) for seq in range(5)))
        assert stored == want
        assert emails == sorted(db_requests.new_person(9, seq)["email"] for seq in range(5))
    finally:
        proc.terminate()
        proc.wait(10)
        pet_person_db.reset()


def test_a_vus_run_stores_samples_whose_rates_are_the_plan(tmp_path: Any, monkeypatch: Any) -> None:
    """``bancada run`` with a vus profile (go-rest Ping, 3 VUs x 1 iteration every 0.2 s x 1 s, two
    repetitions): the stored samples give 5 requests/s per VU in each repetition."""
    from bancada.experiment.profile import parse_profile
    from bancada.run.runner import RunFinished, Runner, RunStarted
    from bancada.stats import vus_rates
    from bancada.store.runstore import RunStore
    from tests.conftest import ROOT

    monkeypatch.setenv("BANCADA_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("BANCADA_HOME", str(ROOT))
    profile = parse_profile(
        {
            "experiment": {"name": "vus", "implementations": ["go-rest"], "repetitions": 2, "warmup": 5, "seed": 3},
            "load": {"model": "vus", "vus": 3, "duration_s": 1.0, "pacing_s": 0.2},
            "workloads": [{"name": "Ping", "operation": "ping"}],
        }
    )
    events = list(Runner(profile, driver="native", store_folder=tmp_path / "runs").events())
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1]
    path = next(e for e in events if isinstance(e, RunStarted)).path
    with RunStore.open(path) as store:
        series = vus_rates.from_store(store)
    assert series is not None and len(series) == 2
    for s in series:
        assert s.rates.requests_per_s == (15,)  # 3 VUs x 5 iterations in the one second
        assert sum(s.rates.iterations_per_s) == 15
