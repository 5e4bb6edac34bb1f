"""The GraphQL server: Ariadne (schema-first, on graphql-core) behind one Starlette
route (run under uvicorn by :mod:`bancada_worker.cli`).

One endpoint, ``/v1/graphql``: ``POST`` with the GraphQL-over-HTTP request body
``{"query": "...", "variables": {...}, "operationName": "...", "extensions": {...}}``
(``Content-Type: application/json``), or ``GET`` with the same parameters in the URL
(variables and extensions as JSON strings; queries only). The schema is
the contract's SDL file, ``proto/bancada/v1/bench.graphql``, so every worker
serves the same types; Int64 and UInt64 are JSON strings of decimal digits.

HTTP, as the GraphQL-over-HTTP specification (graphql.github.io/graphql-over-http)
gives it (the request checks: :mod:`bancada_worker.graphql_http`):

- the response's media type is the highest-weighted of Accept's
  ``application/graphql-response+json`` and ``application/json`` (no Accept or a wildcard:
  ``application/json``);
  an Accept that allows neither is 406;
- a POST without ``Content-Type: application/json`` is 415;
- a request that is not a GraphQL-over-HTTP request (not JSON, no ``query`` string,
  ``operationName`` not a string, ``variables`` or ``extensions`` not a map): 400 with
  ``{"errors": [...]}``;
- a mutation over GET is 405 (``Allow: POST``), and is not run;
- a request error (the document does not parse or validate, or the variables do
  not coerce: the answer has no ``data``): 400 in ``application/graphql-response+json``,
  200 in ``application/json`` (the spec's rule for that media type);
- a field error (what the contract rejects, raised by a resolver: ``data`` is
  present, possibly null): 200, the message in ``errors`` with
  ``extensions.code = "INVALID_ARGUMENT"``, or ``"UNAVAILABLE"`` when the database is
  missing or fails (the database fields pets, people, createPet, createPerson).

Every answer carries ``Server-Timing: app;dur=<ms>`` from the moment the whole
body is read to the moment the answer's object is ready (JSON parsing, GraphQL
parsing, validation, variable coercion and the resolvers; not encoding), as for
REST; a body above the limit is 413, a method other than GET and POST 405.
"""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path
from typing import Any

import msgspec
from ariadne import ScalarType, graphql, make_executable_schema
from graphql import GraphQLError, GraphQLSchema, StringValueNode, parse
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bancada_worker import contract, graphql_http
from bancada_worker.contract import INT64_MAX, INT64_MIN, MASK64, Config
from bancada_worker.errors import InvalidArgument, Unavailable
from bancada_worker.rest_app import BodyTooLarge, _read_body

PATH = "/v1/graphql"
SCHEMA_PATH = Path(__file__).resolve().parents[3] / "proto" / "bancada" / "v1" / "bench.graphql"
GRAPHQL_RESPONSE = graphql_http.GRAPHQL_RESPONSE
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode  # untyped: exact integers, in C


_DECIMAL = re.compile(r"-?[0-9]+")


def _integer_scalar(name: str, lo: int, hi: int) -> ScalarType:
    """A scalar holding an integer in lo..hi written as a JSON string of decimal digits
    (bench.graphql: as protobuf's JSON mapping writes int64). Anything else (a number,
    "1.5", " 1", out of range) is a coercion error."""

    def parse_value(value: Any) -> int:
        if not isinstance(value, str) or not _DECIMAL.fullmatch(value):
            raise GraphQLError(f"{name} must be a string of decimal digits, got {value!r}")
        number = int(value)
        if not lo <= number <= hi:
            raise GraphQLError(f"{name} {value} is outside {lo}..{hi}")
        return number

    def parse_literal(node: Any, variables: Any = None) -> int:
        if not isinstance(node, StringValueNode):
            raise GraphQLError(f"{name} must be a string of decimal digits")
        return parse_value(node.value)

    def serialize(value: Any) -> str:
        return str(value)

    return ScalarType(name, serializer=serialize, value_parser=parse_value, literal_parser=parse_literal)


def load_schema(config: Config, protocol: str = "graphql") -> GraphQLSchema:
    """The executable schema: the contract's SDL with this worker's resolvers.

    Raises:
        OSError: the SDL file cannot be read.
    """
    from bancada_worker.graphql_resolvers import bindables

    sdl = SCHEMA_PATH.read_text(encoding="utf-8")
    scalars = [_integer_scalar("Int64", INT64_MIN, INT64_MAX), _integer_scalar("UInt64", 0, MASK64)]
    return make_executable_schema(sdl, *scalars, *bindables(config, protocol))


def _is_request_error(response: dict[str, Any]) -> bool:
    """True when the answer is a GraphQL request error: no data, or null data from errors
    without a path (variable coercion fails before any field runs)."""
    if "data" not in response:
        return True
    return response["data"] is None and all(not e.get("path") for e in response.get("errors", ()))


def _answer(status: int, start_ns: int, obj: Any, media_type: str, headers: dict[str, str] | None = None) -> Response:
    timing = contract.server_timing(time.perf_counter_ns() - start_ns)
    return Response(
        _encode(obj),
        status_code=status,
        media_type=f"{media_type}; charset=utf-8",
        headers={"Server-Timing": timing, **(headers or {})},
    )


def _error(
    status: int, start_ns: int, message: str, media_type: str, headers: dict[str, str] | None = None
) -> Response:
    return _answer(status, start_ns, {"errors": [{"message": message}]}, media_type, headers)


class _ContractErrors(logging.Filter):
    """Drops Ariadne's log records of the field errors the contract defines (InvalidArgument,
    Unavailable): they are answers, not faults, and a traceback on stderr for each one would
    cost every refused request (and flood the log while a database is down)."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        original = getattr(error, "original_error", None) or getattr(error, "__cause__", None)
        return not isinstance(original, (InvalidArgument, Unavailable))


_log = logging.getLogger("bancada-worker.graphql")
_log.addFilter(_ContractErrors())


def _error_format(error: GraphQLError, debug: bool = False) -> dict[str, Any]:
    formatted: dict[str, Any] = dict(error.formatted)
    if isinstance(error.original_error, InvalidArgument):
        formatted["extensions"] = {"code": "INVALID_ARGUMENT"}
    elif isinstance(error.original_error, Unavailable):
        formatted["extensions"] = {"code": "UNAVAILABLE"}
    return formatted


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    start_ns = time.perf_counter_ns()
    message = (
        f"method {request.method} not allowed on {request.url.path}; use POST (or GET for a query)"
        if exc.status_code == 405
        else f"no route {request.url.path}; GraphQL is served at POST {PATH}"
    )
    response = _error(exc.status_code, start_ns, message, "application/json")
    if exc.headers:
        response.headers.update(exc.headers)
    return response


def create_app(config: Config) -> Starlette:
    """The Starlette application serving the contract over GraphQL with ``config``."""
    limit = config.max_message_bytes
    schema = load_schema(config)

    async def run(data: dict[str, Any], start_ns: int, media_type: str, document: Any = None) -> Response:
        _, response = await graphql(schema, data, error_formatter=_error_format, logger=_log, query_document=document)
        if _is_request_error(response):
            response.pop("data", None)
            return _answer(400 if media_type == GRAPHQL_RESPONSE else 200, start_ns, response, media_type)
        return _answer(200, start_ns, response, media_type)

    async def endpoint(request: Request) -> Response:
        start_ns = time.perf_counter_ns()
        media_type = graphql_http.response_media(request.headers.get("accept"))
        if media_type is None:
            message = f"the Accept header allows neither {GRAPHQL_RESPONSE} nor application/json"
            return _error(406, start_ns, message, "application/json")
        if request.method == "GET":
            return await get(request, start_ns, media_type)
        try:
            body = await _read_body(request, limit)
        except BodyTooLarge:
            return _error(413, time.perf_counter_ns(), f"request body above the limit of {limit} bytes", media_type)
        start_ns = time.perf_counter_ns()  # the body is in memory: parsing starts the span
        if not graphql_http.is_json_body(request.headers.get("content-type")):
            message = "a GraphQL POST needs Content-Type: application/json"
            return _error(415, start_ns, message, media_type, {"Accept-Post": "application/json"})
        try:
            data = _decode(body)
        except msgspec.DecodeError as exc:
            return _error(400, start_ns, f"the body is not JSON: {exc}", media_type)
        problem = graphql_http.request_problem(data)
        if problem is not None:
            return _error(400, start_ns, problem, media_type)
        return await run(data, start_ns, media_type)

    async def get(request: Request, start_ns: int, media_type: str) -> Response:
        """GET: the request in the URL's parameters; queries only (a mutation is 405)."""
        data = graphql_http.get_parameters(dict(request.query_params))
        if isinstance(data, str):
            return _error(400, start_ns, data, media_type)
        try:
            document = parse(data["query"])
        except GraphQLError as exc:
            return _answer(
                400 if media_type == GRAPHQL_RESPONSE else 200, start_ns, {"errors": [exc.formatted]}, media_type
            )
        if graphql_http.is_mutation(document, data["operationName"]):
            message = "a mutation cannot run over GET; use POST"
            return _error(405, start_ns, message, media_type, {"Allow": "POST"})
        return await run(data, start_ns, media_type, document)

    return Starlette(
        routes=[Route(PATH, endpoint, methods=["GET", "POST"])], exception_handlers={HTTPException: _http_error}
    )
