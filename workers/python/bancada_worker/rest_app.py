"""The REST/JSON server: a Starlette application (run under uvicorn by
:mod:`bancada_worker.cli`).

Routes (HTTP/1.1 keep-alive, int64 as plain JSON numbers)::

    GET  /v1/ping    -> {}
    POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
    POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false}
                     -> {"count": N}, or with "echo": true {"count": N, "<kind>": [..]}
    GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}

and the six methods of seed 002 (:mod:`bancada_worker.methods`), each ``POST`` with a JSON
body: /v1/void, /v1/double, /v1/sum, /v1/power-of-two, /v1/recolor, /v1/matmul; and the
database methods of seed 001 (:mod:`bancada_worker.database`)::

    GET  /v1/pets?limit=10    -> 200 {"pets": [Pet, ..]}
    GET  /v1/people?limit=10  -> 200 {"people": [Person, ..]}
    POST /v1/pets    {"name", "age", "type"} -> 201 {"pet": Pet}
    POST /v1/people  {"first_name", "last_name", "email", "age", "phone", "gender", "biography"}
                     -> 201 {"person": Person}

A database that is missing or fails is 503 with ``{"error": "..."}``.

Every answer, errors included, carries ``Server-Timing: app;dur=<ms>``: the
time from the moment the whole body has been read to the moment the answer's
object is ready (decoding, validation and the handler; not encoding the
answer), on the monotonic clock. Malformed input is HTTP 400 and a body above
the limit 413, both with ``{"error": "..."}``; an unknown route is 404 and a
wrong method 405, also as JSON.

Bodies are decoded by msgspec into typed structs: integers must be JSON
integers within int64 (``1.0``, ``true`` or ``"1"`` are refused), unknown keys
are ignored.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Optional

import msgspec
from msgspec import Meta, Struct
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bancada_worker import contract, methods, pet_person
from bancada_worker.contract import INT64_MAX, INT64_MIN, UINT32_MAX, Config
from bancada_worker.errors import InvalidArgument, Unavailable

Int64 = Annotated[int, Meta(ge=INT64_MIN, le=INT64_MAX)]
# msgspec bounds must fit an int64, so the seed's upper bound (2^64 - 1) is checked by contract.select.
Uint64 = Annotated[int, Meta(ge=0)]


class SelectRequest(Struct):
    values: list[Int64] = []
    k: Annotated[int, Meta(ge=0, le=UINT32_MAX)] = 0
    seed: Optional[Uint64] = None


class Record(Struct):
    """A nested record: ``{"id": 1, "value": 0.5, "name": "x", "tags": [1, 2]}``; absent keys are zero."""

    id: Int64 = 0
    value: float = 0.0
    name: str = ""
    tags: list[Int64] = []


class EchoRequest(Struct):
    int64s: Optional[list[Int64]] = None
    doubles: Optional[list[float]] = None
    strings: Optional[list[str]] = None
    records: Optional[list[Record]] = None
    echo: bool = False


ECHO_KINDS = ("int64s", "doubles", "strings", "records")
_select_decoder = msgspec.json.Decoder(SelectRequest)
_echo_decoder = msgspec.json.Decoder(EchoRequest)
_pet_decoder = msgspec.json.Decoder(pet_person.CreatePetRequest)
_person_decoder = msgspec.json.Decoder(pet_person.CreatePersonRequest)
_DECIMAL = re.compile(r"-?[0-9]+")
_encode = msgspec.json.Encoder().encode


class BodyTooLarge(Exception):
    """The request body is above the configured limit."""


def _answer(status: int, start_ns: int, obj: Any) -> Response:
    """A JSON response whose Server-Timing runs from ``start_ns`` to now."""
    timing = contract.server_timing(time.perf_counter_ns() - start_ns)
    return Response(_encode(obj), status_code=status, media_type="application/json", headers={"Server-Timing": timing})


def _error(status: int, start_ns: int, message: str) -> Response:
    return _answer(status, start_ns, {"error": message})


async def _read_body(request: Request, limit: int) -> bytes:
    """The whole request body.

    A body above the limit is still read to its end, and dropped: answering
    while the client is still sending would close the connection under it,
    and the client would see a broken pipe instead of the 413.

    Raises:
        BodyTooLarge: Content-Length or the bytes received exceed ``limit``.
    """
    length = request.headers.get("content-length")
    too_large = length is not None and length.isdigit() and int(length) > limit
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        too_large = too_large or size > limit
        if not too_large:
            chunks.append(chunk)
    if too_large:
        raise BodyTooLarge()
    return b"".join(chunks)


def query_limit(request: Request) -> int:
    """The ``limit`` of ``GET /v1/pets?limit=N`` (absent: 0, which the contract refuses).

    Raises:
        InvalidArgument: not a decimal integer.
    """
    text = request.query_params.get("limit")
    if text is None:
        return 0
    if not _DECIMAL.fullmatch(text) or len(text) > 12:
        raise InvalidArgument(f"limit must be a decimal integer in 1..1000, got {text!r}")
    return int(text)


async def answer_body(
    request: Request, handle: Callable[[bytes], Awaitable[Any]], limit: int, status: int = 200
) -> Response:
    """Read the body (at most ``limit`` bytes) and answer ``await handle(body)`` with ``status``;
    413 for a body above the limit, 400 for malformed or invalid input, 503 for Unavailable."""
    try:
        body = await _read_body(request, limit)
    except BodyTooLarge:
        return _error(413, time.perf_counter_ns(), f"request body above the limit of {limit} bytes")
    start_ns = time.perf_counter_ns()  # the body is in memory: decoding starts the span
    try:
        return _answer(status, start_ns, await handle(body))
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        return _error(400, start_ns, f"malformed {request.url.path.rsplit('/', 1)[-1]} request: {exc}")
    except InvalidArgument as exc:
        return _error(400, start_ns, str(exc))
    except Unavailable as exc:
        return _error(503, start_ns, str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    start_ns = time.perf_counter_ns()
    if exc.status_code == 405:
        message = f"method {request.method} not allowed on {request.url.path}"
    elif exc.status_code == 404:
        message = f"no route {request.url.path}"
    else:
        message = exc.detail
    response = _error(exc.status_code, start_ns, message)
    if exc.headers:
        response.headers.update(exc.headers)  # Allow: on a 405
    return response


def create_app(config: Config) -> Starlette:
    """The Starlette application serving the contract with ``config``."""
    limit = config.max_message_bytes
    info = contract.info("rest")

    async def with_body(request: Request, handle: Callable[[bytes], Awaitable[Any]], status: int = 200) -> Response:
        return await answer_body(request, handle, limit, status)

    async def select(body: bytes) -> dict[str, Any]:
        req = _select_decoder.decode(body)
        await config.pause()
        values, positions = contract.select(req.values, req.k, req.seed)
        return {"values": values, "positions": positions}

    async def echo(body: bytes) -> dict[str, Any]:
        req = _echo_decoder.decode(body)
        present = [kind for kind in ECHO_KINDS if getattr(req, kind) is not None]
        if len(present) != 1:
            raise InvalidArgument('echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array)')
        await config.pause()
        payload = getattr(req, present[0])
        if req.echo:
            return {"count": len(payload), present[0]: payload}
        return {"count": len(payload)}

    async def ping_endpoint(request: Request) -> Response:
        start_ns = time.perf_counter_ns()
        await config.pause()
        return _answer(200, start_ns, {})

    async def info_endpoint(request: Request) -> Response:
        return _answer(200, time.perf_counter_ns(), info)

    async def select_endpoint(request: Request) -> Response:
        return await with_body(request, select)

    async def echo_endpoint(request: Request) -> Response:
        return await with_body(request, echo)

    def method_endpoint(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def handle(body: bytes) -> dict[str, Any]:
            return methods.answer_json(name, body)

        async def endpoint(request: Request) -> Response:
            return await with_body(request, handle)

        return endpoint

    routes = [
        Route("/v1/ping", ping_endpoint, methods=["GET"]),
        *_database_routes(config),
        Route("/v1/select", select_endpoint, methods=["POST"]),
        Route("/v1/echo", echo_endpoint, methods=["POST"]),
        Route("/v1/info", info_endpoint, methods=["GET"]),
        *(Route(path, method_endpoint(name), methods=["POST"]) for name, (path, _, _) in methods.JSON_METHODS.items()),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: _http_error})


Rows = list[dict[str, Any]]


def _database_routes(config: Config) -> list[Route]:
    """The routes of the database methods of seed 001 (bancada_worker.database)."""
    database = config.database

    async def listing(
        request: Request, key: str, list_rows: Callable[[int], Awaitable[list[dict[str, Any]]]]
    ) -> Response:
        start_ns = time.perf_counter_ns()
        try:
            return _answer(200, start_ns, {key: await list_rows(query_limit(request))})
        except InvalidArgument as exc:
            return _error(400, start_ns, str(exc))
        except Unavailable as exc:
            return _error(503, start_ns, str(exc))

    async def list_pets_endpoint(request: Request) -> Response:
        return await listing(request, "pets", database.list_pets)

    async def list_people_endpoint(request: Request) -> Response:
        return await listing(request, "people", database.list_people)

    async def create_pet(body: bytes) -> dict[str, Any]:
        req = _pet_decoder.decode(body) if body and not body.isspace() else pet_person.CreatePetRequest()
        return {"pet": await database.create_pet(req.name, req.age, req.type)}

    async def create_person(body: bytes) -> dict[str, Any]:
        req = _person_decoder.decode(body) if body and not body.isspace() else pet_person.CreatePersonRequest()
        return {"person": await database.create_person(req)}

    async def create_pet_endpoint(request: Request) -> Response:
        return await answer_body(request, create_pet, config.max_message_bytes, 201)

    async def create_person_endpoint(request: Request) -> Response:
        return await answer_body(request, create_person, config.max_message_bytes, 201)

    return [
        Route("/v1/pets", list_pets_endpoint, methods=["GET"]),
        Route("/v1/pets", create_pet_endpoint, methods=["POST"]),
        Route("/v1/people", list_people_endpoint, methods=["GET"]),
        Route("/v1/people", create_person_endpoint, methods=["POST"]),
    ]
