"""The Python driver's JSON-RPC and GraphQL clients: the bodies built once, before timing, from the
contract's envelopes (bancada.wire.protocols' modules, the native driver's too), and errors found inside a
2xx answer with the native driver's kinds (docs/driver-protocol.md, "Error kinds")."""

from __future__ import annotations

import json

import pytest

from bancada.drivers.clients import make_client
from bancada.wire.protocols import graphql, jsonrpc
from bancada.wire.payload import METHODS, build_request, custom_rest_request

SPEC = {"kind": "int64s", "count": 8, "min": -(2**62), "max": 2**62, "seed": 7, "string_length": 30, "order": 3}


@pytest.mark.parametrize("operation", ["ping", "select", "echo", "info", *METHODS])
def test_the_bodies_are_the_envelopes_of_the_rest_body(operation):
    request = build_request(operation, SPEC)
    rpc = request.grpc_method.rsplit("/", 1)[-1]
    params = json.loads(request.http_body) if request.http_body else None
    rpc_client = make_client("jsonrpc", "127.0.0.1:1", request, 1.0, True)
    gql_client = make_client("graphql", "127.0.0.1:1", request, 1.0, True)
    try:
        assert rpc_client.url.endswith("/v1/jsonrpc") and rpc_client.method == "POST"
        assert rpc_client.body == jsonrpc.body(rpc, params)
        assert gql_client.url.endswith("/v1/graphql") and gql_client.body == graphql.body(rpc, params)
        assert gql_client.headers["Accept"] == graphql.ACCEPT
        assert json.loads(gql_client.body)["operationName"] == rpc
    finally:
        rpc_client.close()
        gql_client.close()


def test_a_custom_request_has_no_jsonrpc_or_graphql_form():
    custom = custom_rest_request({"method": "GET", "path": "/orders"})
    for protocol in ("jsonrpc", "graphql"):
        with pytest.raises(ValueError, match="custom request"):
            make_client(protocol, "127.0.0.1:1", custom, 1.0, True)


def test_errors_inside_a_2xx_answer_are_failures_with_the_native_drivers_kinds():
    request = build_request("double", SPEC)
    rpc, gql = (
        make_client("jsonrpc", "127.0.0.1:1", request, 1.0, True),
        make_client("graphql", "127.0.0.1:1", request, 1.0, True),
    )
    assert rpc.answer_error(b'{"jsonrpc":"2.0","id":1,"result":{"value":2}}') == ""
    assert rpc.answer_error(b'{"jsonrpc":"2.0","result":{"strings":["\\"error\\": no"]},"id":1}') == ""
    error = b'{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params","data":"overflow"}}'
    assert rpc.answer_error(error) == "jsonrpc_-32602: Invalid params overflow"
    assert gql.answer_error(b'{"data":{"double":"4"}}') == ""
    field = (
        b'{"data":null,"errors":[{"message":"double of 9 is outside int64","extensions":{"code":"INVALID_ARGUMENT"}}]}'
    )
    assert gql.answer_error(field) == "graphql_INVALID_ARGUMENT: double of 9 is outside int64"
    assert gql.answer_error(b'{"data":null,"errors":[{"message":"boom"}]}') == "graphql_error: boom"
    rpc.close()
    gql.close()
