"""The four implementations, started from their built binaries, answer the contract."""

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
from bancada.wire import bench_pb2
from bancada.wire.payload import build_request
from tests.conftest import ROOT

MAX = 256 * 1024 * 1024
OPTS = [("grpc.max_receive_message_length", MAX), ("grpc.max_send_message_length", MAX)]


def call(impl, target, method: str, request_msg=None, body: dict | None = None, raw: bytes | None = None):
    """Return (status, response_dict_or_msg, server_ns)."""
    if impl.protocol == "grpc":
        with grpc.insecure_channel(target, options=OPTS) as ch:
            stub = ch.unary_unary(f"/bancada.v1.Bench/{method.capitalize()}")
            payload = raw if raw is not None else (request_msg.SerializeToString() if request_msg else b"")
            try:
                resp, rpc = stub.with_call(payload, timeout=60)
            except grpc.RpcError as exc:
                timing = dict(exc.trailing_metadata() or ()).get("server-timing")
                return exc.code().name, exc.details(), parse_server_timing(timing)
            timing = dict(rpc.trailing_metadata()).get("server-timing")
            return "OK", resp, parse_server_timing(timing)
    url = f"http://{target}/v1/{method}"
    if body is None and raw is None:
        r = requests.get(url, timeout=60)
    else:
        r = requests.post(url, data=raw if raw is not None else json.dumps(body), timeout=120,
                          headers={"Content-Type": "application/json"})
    return r.status_code, r.json(), parse_server_timing(r.headers.get("Server-Timing"))


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
    assert info["implementation"] == impl.id and info["protocol"] == impl.protocol
    assert info["language"] == impl.language and int(info["pid"]) == handle.pid


def test_select_returns_members_at_positions_with_server_timing(worker):
    impl, handle = worker
    values = [(i * 7919) % 1001 for i in range(200)]
    status, (picked, positions), srv = select(impl, handle.target, values)
    assert status in ("OK", 200)
    assert len(picked) == 3 and len(set(positions)) == 3
    assert all(values[p] == v for p, v in zip(positions, picked))
    assert srv > 0


def test_seeded_select_matches_the_shared_vectors(worker):
    impl, handle = worker
    vectors = json.loads((ROOT / "proto" / "bancada" / "v1" / "select_vectors.json").read_text())
    for case in vectors["select"]:
        values = case.get("values") or [(i * 31) % 1001 for i in range(case["n"])]
        status, (picked, positions), _ = select(impl, handle.target, values, case["k"], case["seed"])
        assert status in ("OK", 200), case
        assert positions == case["positions"] and picked == case["values_out"]


def test_large_select_204800(worker):
    impl, handle = worker
    values = list(range(204800))
    status, (picked, positions), srv = select(impl, handle.target, values)
    assert status in ("OK", 200) and picked == positions and srv > 0


@pytest.mark.parametrize("kind", ["int64s", "doubles", "strings", "records"])
def test_echo_counts_each_kind(worker, kind):
    impl, handle = worker
    req = build_request("echo", {"kind": kind, "count": 37, "seed": 5})
    if impl.protocol == "grpc":
        status, raw, srv = call(impl, handle.target, "echo", raw=req.grpc_body)
        assert status == "OK" and bench_pb2.EchoResponse.FromString(raw).count == 37
    else:
        status, data, srv = call(impl, handle.target, "echo", raw=req.http_body)
        assert status == 200 and data["count"] == 37
    assert srv > 0


def test_echo_back_returns_the_payload(worker):
    impl, handle = worker
    spec = {"kind": "records", "count": 3, "seed": 2, "echo": True}
    req = build_request("echo", spec)
    if impl.protocol == "grpc":
        status, raw, _ = call(impl, handle.target, "echo", raw=req.grpc_body)
        out = bench_pb2.EchoResponse.FromString(raw)
        sent = bench_pb2.EchoRequest.FromString(req.grpc_body)
        assert list(out.records.values) == list(sent.records.values)
    else:
        status, data, _ = call(impl, handle.target, "echo", raw=req.http_body)
        assert data["records"] == json.loads(req.http_body)["records"]


def test_echo_64_mib(worker):
    impl, handle = worker
    if impl.protocol == "grpc":
        # 8,388,608 doubles: 64 MiB of packed fixed64 (+ a few bytes of framing)
        msg = bench_pb2.EchoRequest()
        msg.doubles.values.extend([0.5] * (8 * 1024 * 1024))
        body = msg.SerializeToString()
        assert len(body) >= 64 * 1024 * 1024
        status, raw, _ = call(impl, handle.target, "echo", raw=body)
        assert status == "OK" and bench_pb2.EchoResponse.FromString(raw).count == 8 * 1024 * 1024
    else:
        n = (64 * 1024 * 1024) // 2  # "0," per element: 64 MiB of JSON
        body = b'{"int64s":[' + b"0," * (n - 1) + b'0]}'
        assert len(body) >= 64 * 1024 * 1024
        status, data, _ = call(impl, handle.target, "echo", raw=body)
        assert status == 200 and data["count"] == n


def test_oversize_is_refused_clearly(worker):
    impl, handle = worker
    size = 129 * 1024 * 1024  # above the default 128 MiB limit
    if impl.protocol == "grpc":
        msg = bench_pb2.EchoRequest()
        msg.strings.values.append("x" * size)
        status, details, _ = call(impl, handle.target, "echo", raw=msg.SerializeToString())
        assert status == "RESOURCE_EXHAUSTED"
    else:
        body = b'{"strings":["' + b"x" * size + b'"]}'
        r = requests.post(f"http://{handle.target}/v1/echo", data=body, timeout=120)
        assert r.status_code == 413 and "error" in r.json()


@pytest.mark.parametrize("case", ["empty", "k_too_large", "bad_json", "wrong_type", "unknown_kind"])
def test_malformed_requests_are_client_errors(worker, case):
    impl, handle = worker
    if impl.protocol == "grpc":
        if case in ("bad_json", "wrong_type"):
            raw = b"\xff\xff\xff"  # not a protobuf message
            status, _, _ = call(impl, handle.target, "select", raw=raw)
        elif case == "unknown_kind":
            status, _, _ = call(impl, handle.target, "echo", raw=bench_pb2.EchoRequest().SerializeToString())
        else:
            values = [] if case == "empty" else [1, 2]
            status, _, _ = select(impl, handle.target, values, k=3)
        assert status == "INVALID_ARGUMENT"
    else:
        url = f"http://{handle.target}/v1/"
        body = {"empty": b'{"values": []}', "k_too_large": b'{"values": [1,2], "k": 3}', "bad_json": b'{"values": [1,',
                "wrong_type": b'{"values": ["a", "b"]}', "unknown_kind": b'{"floats": [1.5]}'}[case]
        r = requests.post(url + ("echo" if case == "unknown_kind" else "select"), data=body, timeout=30)
        assert r.status_code == 400 and r.json()["error"]
        assert parse_server_timing(r.headers.get("Server-Timing")) >= 0


def test_sigterm_exits_zero(local_host):
    from bancada.experiment import manifest

    for impl_id in ("go-rest", "java-grpc"):
        impl = manifest.discover(ROOT)[impl_id]
        handle = local_host.start_worker(impl, "sigterm")
        handle.proc.send_signal(signal.SIGTERM)
        assert handle.proc.wait(15) == 0, handle.log_tail()


def test_port_in_use_fails_naming_the_port():
    from bancada.experiment import manifest
    from bancada.experiment.manifest import machine_arch

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        for impl_id in ("go-grpc", "java-rest"):
            impl = manifest.discover(ROOT)[impl_id]
            argv = impl.worker.argv(impl.protocol, artifact=str(impl.worker.artifact_path("linux", machine_arch())),
                                    port=port)
            proc = subprocess.run(argv, cwd=impl.worker.folder, capture_output=True, text=True, timeout=60)
            assert proc.returncode != 0
            assert str(port) in proc.stderr
            assert "READY" not in proc.stdout
