"""The GraphQL server: Ariadne (schema-first, on graphql-core) behind one Starlette
route (run under uvicorn by :mod:`bancada_worker.cli`).

One endpoint, ``POST /v1/graphql``, with the GraphQL-over-HTTP request body
``{"query": "...", "variables": {...}, "operationName": "..."}``. The schema is
the contract's SDL file, ``proto/bancada/v1/bench.graphql``, so every worker
serves the same types; Int64 and UInt64 are JSON strings of decimal digits.

HTTP status, as the GraphQL-over-HTTP specification (graphql.github.io/graphql-over-http,
section "Response") gives it:

- a body that is not a GraphQL-over-HTTP request (not JSON, no ``query`` string,
  ``variables`` not an object): 400 with ``{"errors": [...]}``;
- a request error (the document does not parse or validate, or the variables do
  not coerce: the answer has no ``data``): 400 when the client accepts
  ``application/graphql-response+json`` (answered with that type), 200 for a
  client that accepts only ``application/json`` (the spec's legacy rule);
- a field error (what the contract rejects, raised by a resolver: ``data`` is
  present, possibly null): 200, the message in ``errors`` with
  ``extensions.code = "INVALID_ARGUMENT"``, or ``"UNAVAILABLE"`` when the database is
  missing or fails (the database fields pets, people, createPet, createPerson).

Every answer carries ``Server-Timing: app;dur=<ms>`` from the moment the whole
body is read to the moment the answer's object is ready (JSON parsing, GraphQL
parsing, validation, variable coercion and the resolvers; not encoding), as for
REST; a body above the limit is 413, a method other than POST 405.
"""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path
from typing import Any

import msgspec
from ariadne import ScalarType, graphql, make_executable_schema
from graphql import GraphQLError, GraphQLSchema, StringValueNode
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bancada_worker import contract
from bancada_worker.contract import INT64_MAX, INT64_MIN, MASK64, Config, InvalidArgument, Unavailable
from bancada_worker.rest_app import BodyTooLarge, _read_body

PATH = "/v1/graphql"
SCHEMA_PATH = Path(__file__).resolve().parents[3] / "proto" / "bancada" / "v1" / "bench.graphql"
GRAPHQL_RESPONSE = "application/graphql-response+json"
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


def _wants_graphql_response(request: Request) -> bool:
    """True when the client accepts the spec's own media type (else: the legacy application/json)."""
    return GRAPHQL_RESPONSE in request.headers.get("accept", "")


def _answer(status: int, start_ns: int, obj: Any, media_type: str) -> Response:
    timing = contract.server_timing(time.perf_counter_ns() - start_ns)
    return Response(_encode(obj), status_code=status, media_type=media_type, headers={"Server-Timing": timing})


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


def create_app(config: Config) -> Starlette:
    """The Starlette application serving the contract over GraphQL with ``config``."""
    limit = config.max_message_bytes
    schema = load_schema(config)

    async def endpoint(request: Request) -> Response:
        modern = _wants_graphql_response(request)
        media_type = GRAPHQL_RESPONSE if modern else "application/json"
        try:
            body = await _read_body(request, limit)
        except BodyTooLarge:
            error = {"message": f"request body above the limit of {limit} bytes"}
            return _answer(413, time.perf_counter_ns(), {"errors": [error]}, media_type)
        start_ns = time.perf_counter_ns()  # the body is in memory: parsing starts the span
        try:
            data = _decode(body)
        except msgspec.DecodeError as exc:
            return _answer(400, start_ns, {"errors": [{"message": f"the body is not JSON: {exc}"}]}, media_type)
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("query"), str)
            or not isinstance(data.get("variables", {}), (dict, type(None)))
        ):
            message = 'a GraphQL request is a JSON object with a "query" string and "variables" an object'
            return _answer(400, start_ns, {"errors": [{"message": message}]}, media_type)
        _, response = await graphql(schema, data, error_formatter=_error_format, logger=_log)
        if _is_request_error(response):
            response.pop("data", None)
            return _answer(400 if modern else 200, start_ns, response, media_type)
        return _answer(200, start_ns, response, media_type)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        start_ns = time.perf_counter_ns()
        message = (
            f"method {request.method} not allowed on {request.url.path}; use POST"
            if exc.status_code == 405
            else f"no route {request.url.path}; GraphQL is served at POST {PATH}"
        )
        response = _answer(exc.status_code, start_ns, {"errors": [{"message": message}]}, "application/json")
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    return Starlette(routes=[Route(PATH, endpoint, methods=["POST"])], exception_handlers={HTTPException: http_error})
