"""The six methods of seed 002 and the JSON-RPC and GraphQL bodies of the Python driver:
built once from a payload spec, the same request in every protocol."""

from __future__ import annotations

import json

import pytest
from google.protobuf import json_format

from bancada.drivers.clients import GraphqlClient, JsonRpcClient, make_client
from bancada.wire import bench_pb2, graphql_mapping
from bancada.wire.payload import (
    SEED_002_METHODS,
    build_request,
    graphql_request_body,
    jsonrpc_body,
    method_body,
    payload_bytes,
)

SPEC = {"kind": "int64s", "count": 8, "min": -(2**62), "max": 2**62, "seed": 7, "string_length": 300, "order": 3}


@pytest.mark.parametrize("operation", list(SEED_002_METHODS))
def test_every_protocol_carries_the_same_request(operation):
    request = build_request(operation, SPEC)
    rpc, path = SEED_002_METHODS[operation]
    body = json.loads(request.http_body)
    assert request.http_path == path and request.grpc_method == f"/bancada.v1.Bench/{rpc}"
    grpc_msg = getattr(bench_pb2, f"{rpc}Request").FromString(request.grpc_body)
    assert grpc_msg == json_format.ParseDict(body, getattr(bench_pb2, f"{rpc}Request")())
    call = json.loads(jsonrpc_body(request, 9))
    assert call == {"jsonrpc": "2.0", "id": 9, "method": rpc, "params": body}
    gql = json.loads(graphql_request_body(request))
    assert gql == graphql_mapping.graphql_body(operation, body) and gql["operationName"] == rpc
    assert payload_bytes(request, "graphql") == len(graphql_request_body(request))


def test_method_payloads_follow_the_spec():
    assert method_body("void", SPEC) == {}
    assert -(2**62) <= method_body("double", SPEC)["value"] <= 2**62
    assert len(method_body("sum", SPEC)["values"]) == 8
    assert len(method_body("power_of_two", SPEC)["text"]) == 300
    recolor = method_body("recolor", SPEC)
    assert recolor["colour"] == "blue" and len(recolor["car"]["extras"]) == 8
    matmul = method_body("matmul", SPEC)
    assert [matmul[m]["order"] for m in "ab"] == [3, 3]
    assert len(matmul["a"]["values"]) == len(matmul["b"]["values"]) == 9
    assert matmul["a"]["values"] != matmul["b"]["values"]  # one stream: b follows a
    assert method_body("sum", SPEC) == method_body("sum", dict(SPEC))  # drawn from the seed, the same every time


def test_graphql_writes_int64_as_decimal_strings_and_reads_them_back():
    body = {"values": [2**63 - 1, -(2**63)], "k": 2, "seed": 2**64 - 1}
    gql = graphql_mapping.graphql_body("select", body)
    int64s = ["9223372036854775807", "-9223372036854775808"]
    assert gql["variables"] == {"values": int64s, "k": 2, "seed": str(2**64 - 1)}
    data = {"select": {"values": ["9223372036854775807"], "positions": [0]}}
    assert graphql_mapping.rest_answer("select", data) == {"values": [2**63 - 1], "positions": [0]}
    records = {"records": [{"id": 2**63 - 1, "value": 0.5, "name": "r", "tags": [-1]}], "echo": True}
    gql = graphql_mapping.graphql_body("echo", records)
    assert gql["variables"]["records"] == [{"id": str(2**63 - 1), "value": 0.5, "name": "r", "tags": ["-1"]}]
    assert "mutation Echo" in gql["query"]
    with pytest.raises(ValueError, match="exactly one"):
        graphql_mapping.graphql_body("echo", {"int64s": [1], "strings": ["a"]})


def test_clients_find_errors_in_a_2xx_answer():
    request = build_request("double", SPEC)
    rpc = make_client("jsonrpc", "127.0.0.1:1", request, 1.0, True)
    gql = make_client("graphql", "127.0.0.1:1", request, 1.0, True)
    assert isinstance(rpc, JsonRpcClient) and isinstance(gql, GraphqlClient)
    assert gql.headers["Accept"] == graphql_mapping.ACCEPT and gql.url.endswith("/v1/graphql")
    assert rpc.answer_error(b'{"jsonrpc":"2.0","id":1,"result":{"value":2}}') == ""
    assert rpc.answer_error(b'{"jsonrpc":"2.0","result":{"strings":["\\"error\\":"]},"id":1}') == ""
    error = b'{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params","data":"overflow"}}'
    assert rpc.answer_error(error) == "jsonrpc_-32602: Invalid params overflow"
    assert gql.answer_error(b'{"data":{"double":"4"}}') == ""
    field_error = b'{"data":null,"errors":[{"message":"double of 9 is outside int64","path":["double"]}]}'
    assert gql.answer_error(field_error) == "graphql: double of 9 is outside int64"
    rpc.close()
    gql.close()
