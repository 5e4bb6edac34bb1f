"""JSON-RPC 2.0 and GraphQL request bodies of the contract's operations, built once, before timing.

The mappings are the contract's (workers/README.md, proto/bancada/v1/bench.graphql):

- JSON-RPC: ``{"jsonrpc": "2.0", "id": 1, "method": "<Rpc>", "params": <the REST body>}``
  (no ``params`` for Ping and Info), to ``POST /v1/jsonrpc``;
- GraphQL: ``{"query": <the operation's document>, "operationName": "<Rpc>", "variables": {...}}``
  to ``POST /v1/graphql``, the variables being the REST body with every int64 written as a
  decimal string (the schema's ``Int64``). The documents are those of the schema file's
  header and of the native driver (``workers/go/graphqlapi``).
"""

from __future__ import annotations

import json
from typing import Any

JSONRPC_PATH = "/v1/jsonrpc"
GRAPHQL_PATH = "/v1/graphql"
#: What a GraphQL client asks for: the spec's media type first (statuses per the
#: GraphQL-over-HTTP spec), application/json as the fallback.
GRAPHQL_ACCEPT = "application/graphql-response+json, application/json"

#: Job operation -> the contract's rpc name (the JSON-RPC method, the GraphQL operation name).
RPC_NAMES = {
    "ping": "Ping",
    "select": "Select",
    "echo": "Echo",
    "info": "Info",
    "void": "Void",
    "double": "Double",
    "sum": "Sum",
    "power_of_two": "PowerOfTwo",
    "recolor": "Recolor",
    "matmul": "MatMul",
}

#: rpc name -> (GraphQL document, root field, REST answer key or "" for the field's value itself).
GRAPHQL_DOCUMENTS = {
    "Ping": ("query Ping { ping }", "ping", None),
    "Void": ("query Void { void }", "void", None),
    "Info": ("query Info { info { implementation language runtime version protocol pid } }", "info", ""),
    "Select": (
        "query Select($values: [Int64!]!, $k: Int, $seed: UInt64) "
        "{ select(values: $values, k: $k, seed: $seed) { values positions } }",
        "select",
        "",
    ),
    "Double": ("query Double($value: Int64!) { double(value: $value) }", "double", "value"),
    "Sum": ("query Sum($values: [Int64!]!) { sum(values: $values) }", "sum", "sum"),
    "PowerOfTwo": ("query PowerOfTwo($text: String!) { powerOfTwo(text: $text) }", "powerOfTwo", "power"),
    "MatMul": (
        "query MatMul($a: MatrixInput!, $b: MatrixInput!) { matMul(a: $a, b: $b) { order values } }",
        "matMul",
        "product",
    ),
    "Recolor": (
        "mutation Recolor($car: CarInput!, $colour: String!) "
        "{ recolor(car: $car, colour: $colour) { brand model year colour price extras } }",
        "recolor",
        "car",
    ),
    "Echo": (
        "mutation Echo($int64s: [Int64!], $doubles: [Float!], $strings: [String!], $records: [RecordInput!], "
        "$echo: Boolean) { echo(int64s: $int64s, doubles: $doubles, strings: $strings, records: $records, "
        "echo: $echo) { count int64s doubles strings records { id value name tags } } }",
        "echo",
        "",
    ),
}

#: rpc name -> the variables (or REST answer keys) whose values are int64 (nested: "records.id").
INT64_PATHS = {
    "Select": ("values", "seed"),
    "Double": ("value",),
    "Sum": ("values", "sum"),
    "Echo": ("int64s", "records.id", "records.tags"),
}


def jsonrpc_body(rpc: str, params: dict[str, Any] | None, request_id: int = 1) -> bytes:
    """A JSON-RPC 2.0 request calling ``rpc`` with ``params`` by name (None: no params)."""
    call: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": rpc}
    if params is not None:
        call["params"] = params
    return json.dumps(call, separators=(",", ":")).encode()


def graphql_variables(rpc: str, rest_body: dict[str, Any] | None) -> dict[str, Any]:
    """The GraphQL variables of ``rpc`` for a REST body: int64 values as decimal strings."""
    variables: dict[str, Any] = json.loads(json.dumps(rest_body or {}))
    for path in INT64_PATHS.get(rpc, ()):
        head, _, rest = path.partition(".")
        if head in variables:
            variables[head] = _stringify(variables[head], rest)
    return variables


def graphql_body(rpc: str, rest_body: dict[str, Any] | None) -> bytes:
    """The GraphQL-over-HTTP request body calling ``rpc`` with the REST body's values."""
    document = GRAPHQL_DOCUMENTS[rpc][0]
    body = {"query": document, "operationName": rpc, "variables": graphql_variables(rpc, rest_body)}
    return json.dumps(body, separators=(",", ":")).encode()


def graphql_answer(rpc: str, data: dict[str, Any]) -> dict[str, Any]:
    """The REST answer of ``rpc`` from a GraphQL ``data`` object (Int64 strings stay strings)."""
    _, field, key = GRAPHQL_DOCUMENTS[rpc]
    value = data[field]
    if key is None:
        return {}
    return value if key == "" else {key: value}


def _stringify(value: Any, rest: str) -> Any:
    if isinstance(value, list):
        return [_stringify(v, rest) for v in value]
    if rest:
        head, _, tail = rest.partition(".")
        if isinstance(value, dict) and head in value:
            value = dict(value, **{head: _stringify(value[head], tail)})
        return value
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value
