"""GraphQL over HTTP: ``POST /v1/graphql`` with ``{"query": <the operation's document>, "operationName":
"<Rpc>", "variables": {...}}``, ``Accept: application/graphql-response+json, application/json``.

The variables are the REST body with every int64 written as a decimal string (the schema's ``Int64``);
a database method's (seed 001) are ``{"limit": N}`` for a list, ``{"input": <record>}`` for a create.
The documents are those of ``proto/bancada/v1/bench.graphql``'s header and of the native driver
(``workers/go/graphqlapi``, ``drivers/native/internal/payload/dbops.go``). A request error is
``http_400``; a field error (HTTP 200 with ``errors``) is ``graphql_<extensions.code>: <message>``
(``graphql_error`` without a code), as the native driver says.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from bancada.wire.envelopes import error_member, rpc_and_params
from bancada.wire.operations import LIST_OPERATIONS
from bancada.wire.protocols import Protocol, register
from bancada.wire.request import Request

if TYPE_CHECKING:
    from bancada.wire.client import Client

PATH = "/v1/graphql"
WRITTEN = "GraphQL"
#: What a GraphQL client asks for: the spec's media type first (statuses per the
#: GraphQL-over-HTTP spec), application/json as the fallback.
ACCEPT = "application/graphql-response+json, application/json"

#: rpc name -> (GraphQL document, root field, REST answer key or "" for the field's value itself).
DOCUMENTS = {
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

#: Database method (job operation, seed 001) -> its GraphQL document.
DB_DOCUMENTS = {
    "list_pets": (
        "query ListPets($limit: Int!) { pets(limit: $limit) { id created_at updated_at deleted_at name age type } }"
    ),
    "list_people": (
        "query ListPeople($limit: Int!) { people(limit: $limit) { id created_at updated_at deleted_at first_name "
        "last_name email age phone gender biography } }"
    ),
    "create_pet": (
        "mutation CreatePet($input: PetInput!) { createPet(input: $input) { id created_at updated_at deleted_at "
        "name age type } }"
    ),
    "create_person": (
        "mutation CreatePerson($input: PersonInput!) { createPerson(input: $input) { id created_at updated_at "
        "deleted_at first_name last_name email age phone gender biography } }"
    ),
}

#: rpc name -> the variables (or REST answer keys) whose values are int64 (nested: "records.id").
INT64_PATHS = {
    "Select": ("values", "seed"),
    "Double": ("value",),
    "Sum": ("values", "sum"),
    "Echo": ("int64s", "records.id", "records.tags"),
}


def variables(rpc: str, rest_body: dict[str, Any] | None) -> dict[str, Any]:
    """The GraphQL variables of ``rpc`` for a REST body: int64 values as decimal strings."""
    values: dict[str, Any] = json.loads(json.dumps(rest_body or {}))
    for path in INT64_PATHS.get(rpc, ()):
        head, _, rest = path.partition(".")
        if head in values:
            values[head] = _stringify(values[head], rest)
    return values


def body(rpc: str, rest_body: dict[str, Any] | None) -> bytes:
    """The GraphQL-over-HTTP request body calling ``rpc`` with the REST body's values."""
    document = DOCUMENTS[rpc][0]
    call = {"query": document, "operationName": rpc, "variables": variables(rpc, rest_body)}
    return json.dumps(call, separators=(",", ":")).encode()


def db_variables(operation: str, params: dict[str, Any]) -> dict[str, Any]:
    """A database method's variables: ``{"limit": N}`` for a list, ``{"input": <record>}`` for a create."""
    return params if operation in LIST_OPERATIONS else {"input": params}


def db_body(operation: str, rpc: str, params: dict[str, Any]) -> bytes:
    """The GraphQL-over-HTTP body of a database method (its document, operationName ``rpc``, variables)."""
    call = {"query": DB_DOCUMENTS[operation], "operationName": rpc, "variables": db_variables(operation, params)}
    return json.dumps(call, separators=(",", ":")).encode()


def answer(rpc: str, data: dict[str, Any]) -> dict[str, Any]:
    """The REST answer of ``rpc`` from a GraphQL ``data`` object (Int64 strings stay strings)."""
    _, field, key = DOCUMENTS[rpc]
    value = data[field]
    if key is None:
        return {}
    return value if key == "" else {key: value}


def envelope(request: Request) -> Request:
    """The GraphQL request of the contract's ``request`` (raises ValueError for a custom request)."""
    rpc, params = rpc_and_params(request, WRITTEN)
    if request.db_operation and params is not None:
        return Request("", b"", "POST", PATH, db_body(request.db_operation, rpc, params))
    if rpc not in DOCUMENTS:
        raise ValueError(f"{rpc} has no GraphQL document")
    return Request("", b"", "POST", PATH, body(rpc, params))


def answer_error(content: bytes) -> str:
    """The error of a 2xx answer ("" for none): its first ``errors`` entry, ``graphql_<code>: <message>``."""
    if not error_member(content, b'"errors":'):
        return ""
    try:
        first = json.loads(content)["errors"][0]
        code = (first.get("extensions") or {}).get("code") or "error"
        return f"graphql_{code}: {first.get('message', '')}"[:320]
    except (ValueError, KeyError, TypeError, IndexError):
        return f"other: not a GraphQL answer: {content[:200]!r}"


def client(target: str, request: Request, timeout_s: float, reuse: bool) -> Client:
    """The Python driver's GraphQL client: the document and variables built once."""
    from bancada.wire.http_client import HttpClient

    return HttpClient(
        target, request, timeout_s, reuse, envelope=envelope, answer_error=answer_error, headers={"Accept": ACCEPT}
    )


def info(target: str, timeout_s: float) -> dict[str, Any]:
    """The ``info`` query (its ``data.info``; raises HealthCheckError)."""
    from bancada.wire.http_client import http_info

    headers = {"Content-Type": "application/json", "Accept": ACCEPT}
    return http_info(
        "graphql",
        target,
        PATH,
        timeout_s,
        body=body("Info", None),
        headers=headers,
        pick=lambda a: (a.get("data") or {}).get("info"),
    )


def _stringify(value: Any, rest: str) -> Any:
    if isinstance(value, list):
        return [_stringify(v, rest) for v in value]
    if rest:
        head, _, tail = rest.partition(".")
        if isinstance(value, dict) and head in value:
            value = dict(value, **{head: _stringify(value[head], tail)})
        return value
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


PROTOCOL = register(
    Protocol(
        name="graphql",
        written=WRITTEN,
        rank=40,
        client=client,
        info=info,
        envelope=envelope,
        headers=(("Accept", ACCEPT),),
    )
)
