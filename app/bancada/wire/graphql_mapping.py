"""The GraphQL mapping of the contract's operations (proto/bancada/v1/bench.graphql), as
the drivers send them: one document per operation, the arguments as variables.

The request objects are the REST bodies (``{"values": [..], "k": 3}``); GraphQL's Int64
and UInt64 are JSON strings of decimal digits, so :func:`graphql_body` writes every int64
of a body as a string, and :func:`rest_answer` reads an answer's ``data`` back into the
REST answer's shape (int64 strings as ints). Reads are queries; echo and recolor are
mutations.
"""

from __future__ import annotations

from typing import Any

#: Accept header of every GraphQL request: the GraphQL-over-HTTP media type first.
ACCEPT = "application/graphql-response+json, application/json"

_RECORD = "{ id value name tags }"
_CAR = "{ brand model year colour price extras }"

#: operation -> (operationName, document); echo has one per payload kind.
DOCUMENTS: dict[str, tuple[str, str]] = {
    "ping": ("Ping", "query Ping { ping }"),
    "void": ("Void", "query Void { void }"),
    "info": ("Info", "query Info { info { implementation language runtime version protocol pid } }"),
    "select": (
        "Select",
        "query Select($values: [Int64!]!, $k: Int, $seed: UInt64) "
        "{ select(values: $values, k: $k, seed: $seed) { values positions } }",
    ),
    "double": ("Double", "query Double($value: Int64!) { double(value: $value) }"),
    "sum": ("Sum", "query Sum($values: [Int64!]!) { sum(values: $values) }"),
    "power_of_two": ("PowerOfTwo", "query PowerOfTwo($text: String!) { powerOfTwo(text: $text) }"),
    "matmul": ("MatMul", "query MatMul($a: MatrixInput!, $b: MatrixInput!) { matMul(a: $a, b: $b) { order values } }"),
    "recolor": (
        "Recolor",
        f"mutation Recolor($car: CarInput!, $colour: String!) {{ recolor(car: $car, colour: $colour) {_CAR} }}",
    ),
}
_ECHO_TYPES = {"int64s": "[Int64!]", "doubles": "[Float!]", "strings": "[String!]", "records": "[RecordInput!]"}


def echo_document(kind: str) -> str:
    """The Echo mutation for one payload kind (the others are not sent)."""
    fields = f"{kind} {_RECORD}" if kind == "records" else kind
    return (
        f"mutation Echo(${kind}: {_ECHO_TYPES[kind]}, $echo: Boolean) "
        f"{{ echo({kind}: ${kind}, echo: $echo) {{ count {fields} }} }}"
    )


def _strings(values: list[int]) -> list[str]:
    return [str(v) for v in values]


def _record_in(r: dict) -> dict:
    return {
        "id": str(r.get("id", 0)),
        "value": r.get("value", 0.0),
        "name": r.get("name", ""),
        "tags": _strings(r.get("tags", [])),
    }


def _select_variables(body: dict) -> dict:
    variables: dict[str, Any] = {"values": _strings(body.get("values", []))}
    if body.get("k") is not None:
        variables["k"] = body["k"]
    if body.get("seed") is not None:
        variables["seed"] = str(body["seed"])
    return variables


def _echo_variables(body: dict, kind: str) -> dict:
    payload = body[kind]
    if kind == "int64s":
        payload = _strings(payload)
    elif kind == "records":
        payload = [_record_in(r) for r in payload]
    return {kind: payload, "echo": bool(body.get("echo", False))}


def echo_kind(body: dict) -> str:
    """The payload kind of an Echo body.

    Raises:
        ValueError: no kind, or several.
    """
    kinds = [k for k in _ECHO_TYPES if body.get(k) is not None]
    if len(kinds) != 1:
        raise ValueError(f"an echo body holds exactly one of {', '.join(_ECHO_TYPES)}")
    return kinds[0]


def graphql_body(operation: str, body: dict | None) -> dict:
    """The GraphQL-over-HTTP request object (``query``, ``variables``, ``operationName``)
    of ``operation`` with the REST body ``body``.

    Raises:
        ValueError: an unknown operation, or an Echo body without exactly one kind.
    """
    body = body or {}
    if operation == "echo":
        kind = echo_kind(body)
        return {"query": echo_document(kind), "variables": _echo_variables(body, kind), "operationName": "Echo"}
    if operation not in DOCUMENTS:
        raise ValueError(f"no GraphQL document for operation {operation!r}; expected {', '.join(DOCUMENTS)}, echo")
    name, document = DOCUMENTS[operation]
    if operation == "select":
        variables = _select_variables(body)
    elif operation == "double":
        variables = {"value": str(body.get("value", 0))}
    elif operation == "sum":
        variables = {"values": _strings(body.get("values", []))}
    elif operation in ("ping", "void", "info"):
        variables = {}
    else:  # power_of_two, matmul, recolor: no int64 inside
        variables = dict(body)
    request: dict[str, Any] = {"query": document, "operationName": name}
    if variables:
        request["variables"] = variables
    return request


def _ints(values: list[str] | None) -> list[int] | None:
    return None if values is None else [int(v) for v in values]


def rest_answer(operation: str, data: dict) -> Any:
    """The REST answer of ``operation`` read from a GraphQL answer's ``data``."""
    if operation in ("ping", "void"):
        return {}
    if operation == "info":
        return data["info"]
    if operation == "select":
        return {"values": _ints(data["select"]["values"]), "positions": data["select"]["positions"]}
    if operation == "double":
        return {"value": int(data["double"])}
    if operation == "sum":
        return {"sum": int(data["sum"])}
    if operation == "power_of_two":
        return {"power": data["powerOfTwo"]}
    if operation == "matmul":
        return {"product": data["matMul"]}
    if operation == "recolor":
        return {"car": data["recolor"]}
    echo = data["echo"]
    out: dict[str, Any] = {"count": echo["count"]}
    for kind in _ECHO_TYPES:
        if echo.get(kind) is not None:
            payload = echo[kind]
            if kind == "int64s":
                payload = _ints(payload)
            elif kind == "records":
                payload = [{**r, "id": int(r["id"]), "tags": _ints(r["tags"])} for r in payload]
            out[kind] = payload
    return out
