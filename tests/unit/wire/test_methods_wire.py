"""The six methods of seed 002 on the Python side: payloads, JSON-RPC/GraphQL envelopes,
workload defaults and which driver speaks what."""

import json

import pytest

from bancada.drivers import unmeasurable_reason, unsupported_by_driver
from bancada.experiment.profile import Workload
from bancada.wire import bench_pb2
from bancada.wire.protocols import graphql, jsonrpc
from bancada.wire.payload import METHODS, build_request, method_body, payload_bytes


@pytest.mark.parametrize("operation", list(METHODS))
def test_each_method_serializes_the_same_values_for_rest_and_grpc(operation):
    spec = {"count": 3, "order": 2, "string_length": 5, "seed": 7, "min": -5, "max": 5}
    req = build_request(operation, spec)
    path, rpc = METHODS[operation]
    assert (req.http_method, req.http_path, req.grpc_method) == ("POST", path, f"/bancada.v1.Bench/{rpc}")
    body = json.loads(req.http_body)
    assert body == method_body(operation, spec)
    msg = getattr(bench_pb2, f"{rpc}Request").FromString(req.grpc_body)
    if operation == "sum":
        assert list(msg.values) == body["values"] and len(body["values"]) == 3
        assert all(-5 <= v <= 5 for v in body["values"])
    if operation == "power_of_two":
        assert msg.text == body["text"] and len(body["text"]) == 5
    if operation == "recolor":
        assert msg.car.extras == body["car"]["extras"] and len(body["car"]["extras"]) == 3
        assert msg.colour == "blue" and msg.car.colour == "red"
    if operation == "matmul":
        assert msg.a.order == msg.b.order == 2 and len(msg.a.values) == len(msg.b.values) == 4
        assert list(msg.a.values) == body["a"]["values"] and body["a"]["values"] != body["b"]["values"]


def test_method_payloads_are_reproducible_and_seeded():
    assert method_body("matmul", {"seed": 3}) == method_body("matmul", {"seed": 3})
    assert method_body("matmul", {"seed": 3}) != method_body("matmul", {"seed": 4})
    assert method_body("power_of_two", {"string_length": 0}) == {"text": ""}
    assert method_body("void", {}) == {} and build_request("void", {}).grpc_body == b""


def test_graphql_variables_write_int64_as_strings():
    v = graphql.variables("Echo", {"records": [{"id": 1, "value": 0.5, "name": "x", "tags": [2]}]})
    assert v == {"records": [{"id": "1", "value": 0.5, "name": "x", "tags": ["2"]}]}
    assert graphql.variables("Select", {"values": [1, -9223372036854775808], "k": 3, "seed": 2**64 - 1}) == {
        "values": ["1", "-9223372036854775808"],
        "k": 3,
        "seed": "18446744073709551615",
    }
    body = json.loads(graphql.body("Double", {"value": 21}))
    assert body["operationName"] == "Double" and body["variables"] == {"value": "21"}
    assert body["query"].startswith("query Double(")
    assert graphql.answer("Double", {"double": "42"}) == {"value": "42"}
    assert graphql.answer("Void", {"void": None}) == {}


def test_envelope_sizes_count_in_payload_bytes():
    req = build_request("sum", {"count": 8})
    assert payload_bytes(req, "rest", "sum") == len(req.http_body)
    rpc = jsonrpc.body("Sum", json.loads(req.http_body))
    assert payload_bytes(req, "jsonrpc", "sum") == len(rpc) > len(req.http_body)
    assert payload_bytes(req, "graphql", "sum") == len(graphql.body("Sum", json.loads(req.http_body)))
    ping = build_request("ping", {})
    assert json.loads(jsonrpc.body("Ping", None)) == {"jsonrpc": "2.0", "id": 1, "method": "Ping"}
    assert payload_bytes(ping, "jsonrpc", "ping") == len(jsonrpc.body("Ping", None))


def test_method_workload_defaults_and_sizes():
    assert Workload(name="s", operation="sum").count == 8
    assert Workload(name="s", operation="sum", count=100).size() == 100
    assert Workload(name="r", operation="recolor").count == 2
    assert Workload(name="m", operation="matmul", order=16).size() == 16
    assert Workload(name="p", operation="power_of_two", string_length=0).size() == 0
    assert Workload(name="m", operation="matmul").payload_spec()["order"] == 4
    with pytest.raises(ValueError, match="string_length"):
        Workload(name="e", operation="echo", kind="strings", string_length=0)
    with pytest.raises(ValueError):
        Workload(name="m", operation="matmul", order=0)


def test_which_driver_speaks_what():
    for protocol in ("grpc", "rest", "jsonrpc", "graphql"):
        assert unmeasurable_reason(protocol) == ""
        assert unmeasurable_reason(protocol, "native") == ""
    assert "not soap" in unmeasurable_reason("soap")
    assert unsupported_by_driver("native", "graphql", "matmul") == ""
    assert unsupported_by_driver("python", "graphql", "matmul") == ""  # the reference path speaks everything
    assert "does not send the operation nothing" in unsupported_by_driver("python", "grpc", "nothing")


def test_graphql_documents_are_the_schemas_header(root):
    """The documents the drivers send are those proto/bancada/v1/bench.graphql lists
    (the native driver's contract/go/graphqlapi is held to the same list by its Go test)."""
    header = (root / "proto" / "bancada" / "v1" / "bench.graphql").read_text().splitlines()
    listed = {line[4:] for line in header if line.startswith(("#   query ", "#   mutation "))}
    documents = {doc for doc, _, _ in graphql.DOCUMENTS.values()}
    documents |= set(graphql.DB_DOCUMENTS.values())  # the database methods (seed 001)
    assert documents == listed
