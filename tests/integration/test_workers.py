"""The conformance suite: every implementation of every worker manifest, started from its
built artifact as a run starts it, answers the contract the same way.

Parametrized by the ``worker`` fixture over ``IMPLEMENTATIONS`` (tests/integration/conftest.py),
which is every ``<worker>-<protocol>`` the manifests declare: a new worker is checked by
adding its folder, nothing here."""

from __future__ import annotations

import json
import signal
import socket
import subprocess

import grpc
import pytest
import requests

from bancada.drivers.health import worker_info
from bancada.drivers.stream import parse_server_timing
from bancada.wire import bench_pb2, envelopes
from bancada.wire.protocols import graphql
from bancada.wire.payload import METHODS, build_request
from bancada.wire.select_pick import select as reference_select
from tests.conftest import ROOT
from tests.integration.conftest import IMPLEMENTATIONS

MAX = 256 * 1024 * 1024
OPTS = [("grpc.max_receive_message_length", MAX), ("grpc.max_send_message_length", MAX)]


def rpc_name(method: str) -> str:
    """The contract's rpc name of a job operation (``power_of_two`` -> ``PowerOfTwo``)."""
    return envelopes.RPC_NAMES.get(method, method)


def call(impl, target, method: str, request_msg=None, body: dict | None = None, raw: bytes | None = None):
    """Return (status, response_dict_or_msg, server_ns).

    ``method`` is a job operation (``select``, ``power_of_two``); ``body``/``raw`` the REST body.
    GraphQL sends that body as the operation's variables and gives back the REST answer
    (status 200), or its errors (status ``(http_status, "errors")``)."""
    if impl.protocol == "grpc":
        with grpc.insecure_channel(target, options=OPTS) as ch:
            stub = ch.unary_unary(f"/bancada.v1.Bench/{rpc_name(method)}")
            payload = raw if raw is not None else (request_msg.SerializeToString() if request_msg else b"")
            try:
                resp, rpc = stub.with_call(payload, timeout=60)
            except grpc.RpcError as exc:
                timing = dict(exc.trailing_metadata() or ()).get("server-timing")
                return exc.code().name, exc.details(), parse_server_timing(timing)
            timing = dict(rpc.trailing_metadata()).get("server-timing")
            return "OK", resp, parse_server_timing(timing)
    if impl.protocol == "jsonrpc":
        return jsonrpc_call(target, method, body=body, raw=raw)
    if impl.protocol == "graphql":
        return graphql_call(target, method, body=json.loads(raw) if raw is not None else body)
    url = f"http://{target}{METHODS[method][0]}" if method in METHODS else f"http://{target}/v1/{method}"
    if body is None and raw is None:
        r = requests.get(url, timeout=60)
    else:
        r = requests.post(
            url,
            data=raw if raw is not None else json.dumps(body),
            timeout=120,
            headers={"Content-Type": "application/json"},
        )
    return r.status_code, r.json(), parse_server_timing(r.headers.get("Server-Timing"))


def jsonrpc_request(method: str, params: bytes | None) -> bytes:
    """A JSON-RPC 2.0 request calling the contract's ``method`` with ``params`` (a JSON object's bytes)."""
    head = b'{"jsonrpc":"2.0","id":1,"method":"' + rpc_name(method).encode() + b'"'
    return head + (b',"params":' + params if params is not None else b"") + b"}"


def jsonrpc_call(target, method: str, body: dict | None = None, raw: bytes | None = None):
    """Call ``method`` over JSON-RPC with ``body`` (or ``raw`` JSON bytes) as params.

    Returns (200 or the JSON-RPC error code, the result or the error object, server_ns).
    """
    params = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    r = requests.post(
        f"http://{target}/v1/jsonrpc",
        data=jsonrpc_request(method, params),
        timeout=120,
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 200, r.text[:200]
    answer = r.json()
    assert answer["jsonrpc"] == "2.0" and answer["id"] == 1, answer
    status, data = (200, answer["result"]) if "result" in answer else (answer["error"]["code"], answer["error"])
    return status, data, parse_server_timing(r.headers.get("Server-Timing"))


GRAPHQL_HEADERS = {"Content-Type": "application/json", "Accept": graphql.ACCEPT}


def graphql_post(target, body: bytes) -> requests.Response:
    return requests.post(f"http://{target}/v1/graphql", data=body, timeout=300, headers=GRAPHQL_HEADERS)


def graphql_call(target, method: str, body: dict | None = None):
    """Call ``method`` over GraphQL with the REST ``body`` as variables; see :func:`call`."""
    rpc = rpc_name(method)
    r = graphql_post(target, graphql.body(rpc, body))
    srv = parse_server_timing(r.headers.get("Server-Timing"))
    assert r.headers.get("Content-Type", "").startswith("application/graphql-response+json"), r.headers
    answer = r.json()
    if answer.get("errors"):
        return (r.status_code, "errors"), answer, srv
    assert r.status_code == 200, r.text[:300]
    return 200, from_graphql(rpc, graphql.answer(rpc, answer["data"])), srv


def from_graphql(rpc: str, answer: dict) -> dict:
    """A GraphQL answer in the REST form: Int64 strings back to ints, Echo's absent kinds left out."""
    answer = {k: v for k, v in answer.items() if v is not None} if rpc == "Echo" else dict(answer)
    for path in graphql.INT64_PATHS.get(rpc, ()):
        head, _, rest = path.partition(".")
        if head in answer:
            answer[head] = _ints(answer[head], rest)
    return answer


def _ints(value, rest: str):
    if isinstance(value, list):
        return [_ints(v, rest) for v in value]
    if rest:
        return dict(value, **{rest: _ints(value[rest], "")}) if isinstance(value, dict) and rest in value else value
    return int(value) if isinstance(value, str) else value


def skip_unless_served(impl, operation: str) -> None:
    """Skip a test of ``operation`` on a worker whose manifest's operations leave it out (seed 000's
    as-published servers answer only their paper's endpoint, ping and info)."""
    if not impl.worker.serves(operation):
        pytest.skip(f"{impl.id} serves {', '.join(impl.worker.operations)} only (its manifest's operations)")


def select(impl, target, values, k=3, seed=None):
    if impl.protocol == "grpc":
        msg = bench_pb2.SelectRequest(values=values, k=k)
        if seed is not None:
            msg.seed = seed
        status, raw, srv = call(impl, target, "select", msg)
        if status != "OK":
            return status, None, srv
        out = bench_pb2.SelectResponse.FromString(raw)
        return status, (list(out.values), list(out.positions)), srv
    body = {"values": values, "k": k}
    if seed is not None:
        body["seed"] = seed
    status, data, srv = call(impl, target, "select", body=body)
    if status != 200:
        return status, None, srv
    return status, (data["values"], data["positions"]), srv


def test_info_names_the_implementation(worker):
    impl, handle = worker
    info = worker_info(impl.protocol, handle.target)
    assert set(info) >= {"implementation", "language", "runtime", "version", "protocol", "pid"}
    assert info["implementation"] == impl.id and info["protocol"] == impl.protocol
    assert info["language"] == impl.language and int(info["pid"]) == handle.pid
    assert info["version"] == impl.worker.version and info["runtime"].strip()


def test_ping_answers_empty_with_server_timing(worker):
    impl, handle = worker
    status, data, srv = call(impl, handle.target, "ping")
    assert status in ("OK", 200) and srv > 0
    if impl.protocol == "grpc":
        assert data == b""  # an empty PingResponse
    else:
        assert data == {}


def test_select_returns_members_at_positions_with_server_timing(worker):
    impl, handle = worker
    skip_unless_served(impl, "select")
    values = [(i * 7919) % 1001 for i in range(200)]
    status, (picked, positions), srv = select(impl, handle.target, values)
    assert status in ("OK", 200)
    assert len(picked) == 3 and len(set(positions)) == 3
    assert all(values[p] == v for p, v in zip(positions, picked))
    assert srv > 0


def test_seeded_select_matches_the_shared_vectors(worker):
    impl, handle = worker
    skip_unless_served(impl, "select")
    vectors = json.loads((ROOT / "proto" / "bancada" / "v1" / "select_vectors.json").read_text())
    for case in vectors["select"]:
        values = case.get("values") or [(i * 31) % 1001 for i in range(case["n"])]
        status, (picked, positions), _ = select(impl, handle.target, values, case["k"], case["seed"])
        assert status in ("OK", 200), case
        assert positions == case["positions"] and picked == case["values_out"]


def test_large_select_204800(worker):
    impl, handle = worker
    skip_unless_served(impl, "select")
    values = list(range(204800))
    status, (picked, positions), srv = select(impl, handle.target, values)
    assert status in ("OK", 200) and picked == positions and srv > 0


def test_seeded_select_is_the_reference_pick_at_int64_extremes(worker):
    """The largest seed and int64 values at both ends come back exact (no rounding through doubles)."""
    impl, handle = worker
    skip_unless_served(impl, "select")
    values = [-(2**63), 2**63 - 1, 2**53 + 1, -(2**53) - 1] * 50
    for seed, k in ((2**64 - 1, 200), (2**63 + 12345, 7)):
        status, answer, _ = select(impl, handle.target, values, k, seed)
        assert status in ("OK", 200) and answer == reference_select(values, k, seed), seed


def test_unseeded_select_picks_a_permutation(worker):
    impl, handle = worker
    skip_unless_served(impl, "select")
    values = list(range(10, 20))
    status, (picked, positions), _ = select(impl, handle.target, values, k=10)
    assert status in ("OK", 200) and sorted(positions) == list(range(10)) and picked == [10 + p for p in positions]


@pytest.mark.parametrize("kind", ["int64s", "doubles", "strings", "records"])
def test_echo_counts_each_kind(worker, kind):
    impl, handle = worker
    skip_unless_served(impl, "echo")
    req = build_request("echo", {"kind": kind, "count": 37, "seed": 5})
    if impl.protocol == "grpc":
        status, raw, srv = call(impl, handle.target, "echo", raw=req.grpc_body)
        assert status == "OK" and bench_pb2.EchoResponse.FromString(raw).count == 37
    else:
        status, data, srv = call(impl, handle.target, "echo", raw=req.http_body)
        assert status == 200 and data["count"] == 37
    assert srv > 0


EXTREMES = [-(2**63), 2**63 - 1, 0, 2**53 + 1, -(2**53) - 1]
ECHO_PAYLOADS = {
    "int64s": EXTREMES,
    "doubles": [0.0, -1.5, 1e-300, 1.7976931348623157e308, 0.1],
    "strings": ["", "ação", "x" * 1000, '"quoted" \\ back\nslash'],
    "records": [
        {"id": 2**63 - 1, "value": 0.25, "name": "r1", "tags": EXTREMES},
        {"id": -(2**63), "value": -2.5, "name": "", "tags": []},
    ],
}


@pytest.mark.parametrize("kind", list(ECHO_PAYLOADS))
@pytest.mark.parametrize("echo", [False, True])
def test_echo_sends_back_exactly_the_payload_when_asked(worker, kind, echo):
    impl, handle = worker
    skip_unless_served(impl, "echo")
    payload = ECHO_PAYLOADS[kind]
    if impl.protocol == "grpc":
        msg = bench_pb2.EchoRequest(echo=echo)
        if kind == "records":
            msg.records.values.extend(bench_pb2.Record(**r) for r in payload)
        else:
            getattr(msg, kind).values.extend(payload)
        status, raw, srv = call(impl, handle.target, "echo", raw=msg.SerializeToString())
        assert status == "OK", raw
        out = bench_pb2.EchoResponse.FromString(raw)
        assert out.count == len(payload)
        assert out.WhichOneof("payload") == (kind if echo else None)
        if echo:
            assert getattr(out, kind) == getattr(msg, kind)
    else:
        status, data, srv = call(impl, handle.target, "echo", body={kind: payload, "echo": echo})
        assert status == 200, data
        assert data == ({"count": len(payload), kind: payload} if echo else {"count": len(payload)})
    assert srv > 0


@pytest.mark.ci_sample(7)  # 64 MiB to each of 22 servers: about a minute; BANCADA_FULL=1 sends to all
def test_echo_64_mib(worker):
    impl, handle = worker
    skip_unless_served(impl, "echo")
    if impl.protocol == "grpc":
        # 8,388,608 doubles: 64 MiB of packed fixed64 (+ a few bytes of framing)
        msg = bench_pb2.EchoRequest()
        msg.doubles.values.extend([0.5] * (8 * 1024 * 1024))
        body = msg.SerializeToString()
        assert len(body) >= 64 * 1024 * 1024
        status, raw, _ = call(impl, handle.target, "echo", raw=body)
        assert status == "OK" and bench_pb2.EchoResponse.FromString(raw).count == 8 * 1024 * 1024
    elif impl.protocol == "graphql":
        # GraphQL libraries decode variables into one object per value: 64 MiB costs go-graphql
        # 30 s and 2 GB, so the suite sends 8 MiB of doubles (workers/README.md, known differences).
        n = (8 * 1024 * 1024) // 2
        body = b'{"query":"mutation E($d: [Float!]) { echo(doubles: $d) { count } }","variables":{"d":['
        r = graphql_post(handle.target, body + b"0," * (n - 1) + b"0]}}")
        assert r.status_code == 200 and r.json()["data"]["echo"]["count"] == n
    else:
        n = (64 * 1024 * 1024) // 2  # "0," per element: 64 MiB of JSON
        body = b'{"int64s":[' + b"0," * (n - 1) + b"0]}"
        assert len(body) >= 64 * 1024 * 1024
        status, data, _ = call(impl, handle.target, "echo", raw=body)
        assert status == 200 and data["count"] == n


def test_oversize_is_refused_clearly(worker):
    impl, handle = worker
    skip_unless_served(impl, "echo")
    size = 129 * 1024 * 1024  # above the default 128 MiB limit
    if impl.protocol == "grpc":
        msg = bench_pb2.EchoRequest()
        msg.strings.values.append("x" * size)
        status, details, _ = call(impl, handle.target, "echo", raw=msg.SerializeToString())
        assert status == "RESOURCE_EXHAUSTED"
    else:
        body = b'{"strings":["' + b"x" * size + b'"]}'
        if impl.protocol == "jsonrpc":
            r = requests.post(f"http://{handle.target}/v1/jsonrpc", data=jsonrpc_request("echo", body), timeout=120)
        elif impl.protocol == "graphql":
            query = b'{"query":"mutation E($s: [String!]) { echo(strings: $s) { count } }","variables":{"s":'
            r = graphql_post(handle.target, query + body[len(b'{"strings":') : -1] + b"}}")
        else:
            r = requests.post(f"http://{handle.target}/v1/echo", data=body, timeout=120)
        assert r.status_code == 413 and ("errors" if impl.protocol == "graphql" else "error") in r.json()


REST_MALFORMED = {  # case -> (operation, body)
    "empty": ("select", b'{"values": []}'),
    "k_too_large": ("select", b'{"values": [1,2], "k": 3}'),
    "default_k_too_large": ("select", b'{"values": [1,2]}'),
    "bad_json": ("select", b'{"values": [1,'),
    "wrong_type": ("select", b'{"values": ["a", "b"]}'),
    "fraction": ("select", b'{"values": [1.5, 2, 3]}'),
    "beyond_int64": ("select", b'{"values": [9223372036854775808, 2, 3]}'),
    "negative_k": ("select", b'{"values": [1,2,3], "k": -1}'),
    "negative_seed": ("select", b'{"values": [1,2,3], "seed": -1}'),
    "not_an_object": ("select", b"[1, 2, 3]"),
    "unknown_kind": ("echo", b'{"floats": [1.5]}'),
    "no_kind": ("echo", b"{}"),
    "two_kinds": ("echo", b'{"int64s": [1], "doubles": [1.0]}'),
    "kind_not_array": ("echo", b'{"int64s": 1}'),
    "record_wrong_type": ("echo", b'{"records": [{"id": "x"}]}'),
    "bad_echo_json": ("echo", b'{"strings": ["a"'),
    "double_fraction": ("double", b'{"value": 1.5}'),
    "double_string": ("double", b'{"value": "2"}'),
    "double_beyond_int64": ("double", b'{"value": 9223372036854775808}'),
    "sum_wrong_type": ("sum", b'{"values": [1, "2"]}'),
    "sum_not_array": ("sum", b'{"values": 3}'),
    "power_of_two_number": ("power_of_two", b'{"text": 3}'),
    "recolor_year_string": ("recolor", b'{"car": {"year": "1994"}, "colour": "blue"}'),
    "recolor_car_null": ("recolor", b'{"car": null, "colour": "blue"}'),
    "matmul_negative_order": ("matmul", b'{"a": {"order": -1, "values": []}, "b": {"order": 1, "values": [1]}}'),
    "matmul_value_string": ("matmul", b'{"a": {"order": 1, "values": ["x"]}, "b": {"order": 1, "values": [1]}}'),
    "bad_matmul_json": ("matmul", b'{"a": {"order": 1,'),
}
GRPC_MALFORMED = {  # case -> (operation, request bytes)
    "empty": ("select", bench_pb2.SelectRequest(k=1).SerializeToString()),
    "k_too_large": ("select", bench_pb2.SelectRequest(values=[1, 2], k=3).SerializeToString()),
    "default_k_too_large": ("select", bench_pb2.SelectRequest(values=[1, 2]).SerializeToString()),
    "bad_bytes": ("select", b"\xff\xff\xff"),  # not a protobuf message
    "bad_echo_bytes": ("echo", b"\x0a\x05\x08"),  # a field longer than the message
    "no_kind": ("echo", bench_pb2.EchoRequest(echo=True).SerializeToString()),
    "bad_double_bytes": ("double", b"\xff\xff\xff"),
    "bad_matmul_bytes": ("matmul", b"\x0a\x05\x08"),
}

GRAPHQL_SELECT = "query S($values: [Int64!]!, $k: Int) { select(values: $values, k: $k) { values positions } }"
GRAPHQL_ECHO = "mutation E($i: [Int64!], $d: [Float!]) { echo(int64s: $i, doubles: $d) { count } }"


def _graphql(query: str, variables: dict | None = None) -> bytes:
    return json.dumps({"query": query, "variables": variables or {}}).encode()


REQUEST_ERROR, FIELD_ERROR = 400, 200  # the GraphQL-over-HTTP statuses (application/graphql-response+json)
GRAPHQL_MALFORMED = {  # case -> (request body, HTTP status: a request error or a field error)
    "bad_json": (b'{"query": "{ ping }"', REQUEST_ERROR),
    "no_query": (b'{"variables": {}}', REQUEST_ERROR),
    "not_an_object": (b"[1, 2, 3]", REQUEST_ERROR),
    "syntax_error": (_graphql("{ ping "), REQUEST_ERROR),
    "unknown_field": (_graphql("{ nothing }"), REQUEST_ERROR),
    "int64_as_number": (_graphql(GRAPHQL_SELECT, {"values": [1, 2, 3]}), REQUEST_ERROR),
    "int64_fraction": (_graphql(GRAPHQL_SELECT, {"values": ["1.5"]}), REQUEST_ERROR),
    "beyond_int64": (_graphql(GRAPHQL_SELECT, {"values": ["9223372036854775808"]}), REQUEST_ERROR),
    "missing_variable": (_graphql(GRAPHQL_SELECT), REQUEST_ERROR),
    "empty": (_graphql(GRAPHQL_SELECT, {"values": []}), FIELD_ERROR),
    "k_too_large": (_graphql(GRAPHQL_SELECT, {"values": ["1", "2"], "k": 3}), FIELD_ERROR),
    "no_kind": (_graphql(GRAPHQL_ECHO), FIELD_ERROR),
    "two_kinds": (_graphql(GRAPHQL_ECHO, {"i": ["1"], "d": [1.0]}), FIELD_ERROR),
}


PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
JSONRPC_MALFORMED = {  # case -> (request bytes, the JSON-RPC error code expected)
    **{
        case: (
            jsonrpc_request(operation, body),
            PARSE_ERROR if case.startswith("bad_") else INVALID_PARAMS,
        )
        for case, (operation, body) in REST_MALFORMED.items()
    },
    "unknown_method": (jsonrpc_request("Nothing", b"{}"), METHOD_NOT_FOUND),
    "positional_params": (jsonrpc_request("Select", b"[[1, 2, 3], 1, 0]"), INVALID_PARAMS),
    "unknown_param_of_ping": (jsonrpc_request("Ping", b'{"x": 1}'), INVALID_PARAMS),
    "no_version": (b'{"id": 1, "method": "Ping"}', INVALID_REQUEST),
    "method_not_a_string": (b'{"jsonrpc": "2.0", "id": 1, "method": 7}', INVALID_REQUEST),
    "params_a_string": (b'{"jsonrpc": "2.0", "id": 1, "method": "Ping", "params": "x"}', INVALID_REQUEST),
    "empty_batch": (b"[]", INVALID_REQUEST),
}


def _malformed_graphql(target, request: bytes, want: int):
    """(ok, status, server_ns) of one GraphQL case: the status, errors with messages, and data null
    with code INVALID_ARGUMENT for a field error or no data for a request error."""
    r = graphql_post(target, request)
    srv, answer = parse_server_timing(r.headers.get("Server-Timing")), r.json()
    errors = answer.get("errors") or []
    ok = r.status_code == want and bool(errors) and all(e.get("message") for e in errors)
    if want == FIELD_ERROR:
        ok = ok and answer.get("data") is None and errors[0].get("extensions", {}).get("code") == "INVALID_ARGUMENT"
    else:
        ok = ok and "data" not in answer
    return ok, r.status_code, srv


def _malformed_jsonrpc(target, request: bytes, want: int):
    r = requests.post(f"http://{target}/v1/jsonrpc", data=request, timeout=30)
    srv = parse_server_timing(r.headers.get("Server-Timing"))
    error = r.json().get("error") or {} if r.status_code == 200 else {}
    status = (r.status_code, error.get("code"))
    return status == (200, want) and bool(error.get("message")), status, srv


def _malformed_rest(target, operation: str, body: bytes):
    path = METHODS[operation][0] if operation in METHODS else f"/v1/{operation}"
    r = requests.post(f"http://{target}{path}", data=body, timeout=30)
    srv = parse_server_timing(r.headers.get("Server-Timing"))
    return r.status_code == 400 and bool(r.json().get("error")), r.status_code, srv


def test_malformed_requests_are_client_errors_with_server_timing(worker):
    """Every malformed case of the worker's protocol: 400 with a JSON error / INVALID_ARGUMENT / the
    JSON-RPC error code / the GraphQL-over-HTTP status with errors, timed."""
    impl, handle = worker
    failures = []
    cases = {"grpc": GRPC_MALFORMED, "rest": REST_MALFORMED, "jsonrpc": JSONRPC_MALFORMED, "graphql": GRAPHQL_MALFORMED}
    for case, (first, second) in cases[impl.protocol].items():
        if impl.protocol == "rest" and not impl.worker.serves(first):
            continue  # an operation this worker does not serve (its manifest's operations)
        if impl.protocol == "graphql":
            ok, status, srv = _malformed_graphql(handle.target, first, second)
        elif impl.protocol == "jsonrpc":
            ok, status, srv = _malformed_jsonrpc(handle.target, first, second)
        elif impl.protocol == "grpc":
            status, details, srv = call(impl, handle.target, first, raw=second)
            ok = status == "INVALID_ARGUMENT" and bool(details)
        else:
            ok, status, srv = _malformed_rest(handle.target, first, second)
        if not ok or srv < 0:  # srv < 0: no server timing on the error
            failures.append(f"{case}: {status}, server timing {srv} ns")
    assert not failures, failures
    assert call(impl, handle.target, "ping")[0] in ("OK", 200)  # still serving


@pytest.mark.parametrize("impl_id", IMPLEMENTATIONS)
def test_sigterm_exits_zero(local_host, impl_id):
    """SIGTERM to the process itself (not its group), with a keep-alive connection open."""
    from bancada.experiment import manifest

    impl = manifest.discover(ROOT)[impl_id]
    handle = local_host.start_worker(impl, "sigterm", ready_timeout_s=120)
    with requests.Session() as session:
        if impl.protocol == "rest":
            assert session.get(f"http://{handle.target}/v1/ping", timeout=30).status_code == 200
        elif impl.protocol == "jsonrpc":
            assert (
                session.post(
                    f"http://{handle.target}/v1/jsonrpc", data=jsonrpc_request("ping", None), timeout=30
                ).json()["result"]
                == {}
            )
        elif impl.protocol == "graphql":
            answer = session.post(
                f"http://{handle.target}/v1/graphql",
                data=graphql.body("Ping", None),
                headers=GRAPHQL_HEADERS,
                timeout=30,
            ).json()
            assert answer["data"] == {"ping": True}
        handle.proc.send_signal(signal.SIGTERM)
        assert handle.proc.wait(15) == 0, handle.log_tail()


@pytest.mark.parametrize("impl_id", IMPLEMENTATIONS)
def test_port_in_use_fails_naming_the_port(impl_id):
    from bancada.experiment import manifest
    from bancada.experiment.manifest import machine_arch

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        impl = manifest.discover(ROOT)[impl_id]
        argv = impl.worker.argv(
            impl.protocol, artifact=str(impl.worker.artifact_path("linux", machine_arch())), port=port
        )
        proc = subprocess.run(argv, cwd=impl.worker.folder, capture_output=True, text=True, timeout=60)
        assert proc.returncode != 0
        assert str(port) in proc.stderr
        assert "READY" not in proc.stdout


METHOD_VECTORS = json.loads((ROOT / "proto" / "bancada" / "v1" / "method_vectors.json").read_text())["vectors"]
OPERATION_OF = {rpc: op for op, (_, rpc) in METHODS.items()}


def method_call(impl, target, vector: dict):
    """Call the vector's method over the worker's protocol: (ok, answer in the REST form or the error, server_ns).

    gRPC takes the request through protobuf's JSON mapping (the vectors' JSON is that form)."""
    from google.protobuf import json_format

    rpc, operation = vector["method"], OPERATION_OF[vector["method"]]
    if impl.protocol == "grpc":
        msg = json_format.ParseDict(vector["request"], getattr(bench_pb2, f"{rpc}Request")())
        status, raw, srv = call(impl, target, operation, raw=msg.SerializeToString())
        if status != "OK":
            return False, status, srv
        return True, getattr(bench_pb2, f"{rpc}Response").FromString(raw), srv
    status, data, srv = call(impl, target, operation, body=vector["request"])
    if impl.protocol == "graphql" and status != 200:
        return False, (status, data["errors"][0].get("extensions", {}).get("code"), "data" in data), srv
    return status == 200, status if status != 200 else data, srv


def method_rejected(impl, answer) -> bool:
    """Whether a failed call is the contract's rejection on this protocol."""
    if impl.protocol == "grpc":
        return answer == "INVALID_ARGUMENT"
    if impl.protocol == "jsonrpc":
        return answer == INVALID_PARAMS
    if impl.protocol == "graphql":
        (status, _), code, has_data = answer
        # a rejected value is a field error; an absent required argument (no car, no b) cannot be coerced
        return (status, code) == (FIELD_ERROR, "INVALID_ARGUMENT") or (status == REQUEST_ERROR and not has_data)
    return answer == 400


def expected_answer(impl, vector: dict):
    """The vector's answer in the protocol's form (a protobuf message for gRPC)."""
    from google.protobuf import json_format

    if impl.protocol == "grpc":
        return json_format.ParseDict(vector["response"], getattr(bench_pb2, f"{vector['method']}Response")())
    return vector["response"]


def test_the_six_methods_answer_every_vector(worker):
    """proto/bancada/v1/method_vectors.json: the same answers (floats to the bit: 19 == 19.0) and the
    same rejections (400 / INVALID_ARGUMENT / -32602 / a GraphQL error), each timed by the server."""
    impl, handle = worker
    if not impl.worker.serves("double"):
        pytest.skip(f"{impl.id} serves {', '.join(impl.worker.operations)} only (its manifest's operations)")
    failures = []
    for vector in METHOD_VECTORS:
        ok, answer, srv = method_call(impl, handle.target, vector)
        label = f"{vector['method']} {vector['name']!r}"
        if srv < 0:
            failures.append(f"{label}: no server timing")
        if "error" in vector:
            if ok or not method_rejected(impl, answer):
                failures.append(f"{label}: {answer!r}, want the contract's rejection ({vector['why']})")
        elif not ok or answer != expected_answer(impl, vector):
            failures.append(f"{label}: {answer!r}, want {vector['response']!r}")
    assert not failures, failures
    assert {v["method"] for v in METHOD_VECTORS} == set(OPERATION_OF)


def test_the_six_methods_with_the_drivers_payloads(worker):
    """The requests the drivers send (bancada.wire.payload) are answered with what the reference computes."""
    impl, handle = worker
    if not impl.worker.serves("double"):
        pytest.skip(f"{impl.id} serves {', '.join(impl.worker.operations)} only (its manifest's operations)")
    spec = {"count": 8, "order": 5, "string_length": 1000, "seed": 3, "min": -1000, "max": 1000}
    for operation in METHODS:
        req = build_request(operation, spec)
        body = json.loads(req.http_body)
        if impl.protocol == "grpc":
            status, raw, srv = call(impl, handle.target, operation, raw=req.grpc_body)
            assert status == "OK" and srv > 0, (operation, raw)
            continue
        status, data, srv = call(impl, handle.target, operation, body=body)
        assert status == 200 and srv > 0, (operation, data)
        if operation == "sum":
            assert data == {"sum": sum(body["values"])}
        if operation == "power_of_two":
            assert data == {"power": "1024"}
        if operation == "recolor":
            assert data == {"car": dict(body["car"], colour=body["colour"])}
        if operation == "matmul":
            a, b, n = body["a"]["values"], body["b"]["values"], 5
            want = []
            for i in range(n):
                for j in range(n):
                    acc = 0.0
                    for k in range(n):
                        acc = acc + a[i * n + k] * b[k * n + j]
                    want.append(acc)
            assert data == {"product": {"order": n, "values": want}}
