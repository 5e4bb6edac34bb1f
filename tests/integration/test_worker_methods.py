"""The six methods of seed 002 (Void, Double, Sum, PowerOfTwo, Recolor, MatMul) on every
implementation the manifests declare: every answer and every rejection of
proto/bancada/v1/method_vectors.json, over the implementation's own protocol, with server
timing. Runs on the same ``worker`` fixture (one running worker per implementation) as
test_workers.py."""

from __future__ import annotations

import json

import grpc
import requests
from google.protobuf import json_format

from bancada.drivers.stream import parse_server_timing
from bancada.wire import bench_pb2, graphql_mapping
from tests.conftest import ROOT
from tests.integration.test_workers import graphql_post

VECTORS = json.loads((ROOT / "proto" / "bancada" / "v1" / "method_vectors.json").read_text())["vectors"]
#: rpc name -> (operation of the drivers and of graphql_mapping, REST path)
METHODS = {
    "Void": ("void", "/v1/void"),
    "Double": ("double", "/v1/double"),
    "Sum": ("sum", "/v1/sum"),
    "PowerOfTwo": ("power_of_two", "/v1/power-of-two"),
    "Recolor": ("recolor", "/v1/recolor"),
    "MatMul": ("matmul", "/v1/matmul"),
}
INVALID = "INVALID_ARGUMENT"


def _grpc(target: str, method: str, request: dict):
    """(answer as the REST object | INVALID_ARGUMENT | another status name, server_ns)."""
    request_type = getattr(bench_pb2, f"{method}Request")
    response_type = getattr(bench_pb2, f"{method}Response")
    body = json_format.Parse(json.dumps(request), request_type()).SerializeToString()
    with grpc.insecure_channel(target) as channel:
        try:
            raw, rpc = channel.unary_unary(f"/bancada.v1.Bench/{method}").with_call(body, timeout=30)
        except grpc.RpcError as exc:
            return exc.code().name, parse_server_timing(dict(exc.trailing_metadata() or ()).get("server-timing"))
    answer = json_format.MessageToDict(response_type.FromString(raw), always_print_fields_with_no_presence=True)
    # protobuf's JSON mapping writes int64 as strings; the vectors use numbers
    want_type = response_type()
    for field in ("value", "sum"):
        if field in answer and field in want_type.DESCRIPTOR.fields_by_name:
            answer[field] = int(answer[field])
    return answer, parse_server_timing(dict(rpc.trailing_metadata()).get("server-timing"))


def _rest(target: str, method: str, request: dict):
    r = requests.post(f"http://{target}{METHODS[method][1]}", data=json.dumps(request), timeout=30)
    srv = parse_server_timing(r.headers.get("Server-Timing"))
    if r.status_code == 400 and r.json().get("error"):
        return INVALID, srv
    return (r.json() if r.status_code == 200 else f"http_{r.status_code}"), srv


def _jsonrpc(target: str, method: str, request: dict):
    call = {"jsonrpc": "2.0", "id": 7, "method": method, "params": request}
    r = requests.post(f"http://{target}/v1/jsonrpc", data=json.dumps(call), timeout=30)
    srv = parse_server_timing(r.headers.get("Server-Timing"))
    answer = r.json()
    if r.status_code != 200 or answer.get("id") != 7:
        return f"http_{r.status_code}: {answer}", srv
    if "error" in answer:
        return (INVALID if answer["error"]["code"] == -32602 else f"jsonrpc_{answer['error']['code']}"), srv
    return answer["result"], srv


def _graphql(target: str, method: str, request: dict):
    """A field error with INVALID_ARGUMENT, or a request error (400) when a required argument
    is missing (GraphQL cannot call a field without its non-null arguments), is a rejection."""
    operation = METHODS[method][0]
    r = graphql_post(target, graphql_mapping.graphql_body(operation, request), timeout_s=30)
    srv = parse_server_timing(r.headers.get("Server-Timing"))
    answer = r.json()
    errors = answer.get("errors")
    if not errors and r.status_code == 200:
        return graphql_mapping.rest_answer(operation, answer["data"]), srv
    field_error = r.status_code == 200 and answer.get("data") is None
    if field_error and errors[0].get("extensions", {}).get("code") == INVALID:
        return INVALID, srv
    missing = {"Recolor": "car", "MatMul": "b"}.get(method)
    if r.status_code == 400 and missing and missing not in request:
        return INVALID, srv
    return f"http_{r.status_code}: {errors}", srv


CALLS = {"grpc": _grpc, "rest": _rest, "jsonrpc": _jsonrpc, "graphql": _graphql}


def test_six_methods_answer_the_vectors_with_server_timing(worker):
    impl, handle = worker
    failures = []
    for v in VECTORS:
        got, srv = CALLS[impl.protocol](handle.target, v["method"], v["request"])
        want = v.get("response", INVALID)
        if got != want or srv < 0:
            failures.append(f"{v['method']} {v['name']!r}: got {got!r}, want {want!r}, server timing {srv} ns")
    assert not failures, "\n".join(failures[:20])
