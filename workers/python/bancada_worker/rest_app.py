"""The REST/JSON server: a Starlette application (run under uvicorn by
:mod:`bancada_worker.cli`).

Routes (HTTP/1.1 keep-alive, int64 as plain JSON numbers)::

    GET  /v1/ping    -> {}
    POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
    POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false}
                     -> {"count": N}, or with "echo": true {"count": N, "<kind>": [..]}
    GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}

and the six methods of seed 002 (:mod:`bancada_worker.methods`), each ``POST`` with a JSON
body: /v1/void, /v1/double, /v1/sum, /v1/power-of-two, /v1/recolor, /v1/matmul.

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

import time
from typing import Annotated, Any, Optional

import msgspec
from msgspec import Meta, Struct
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bancada_worker import contract, methods
from bancada_worker.contract import INT64_MAX, INT64_MIN, UINT32_MAX, Config, InvalidArgument

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


def create_app(config: Config) -> Starlette:
    """The Starlette application serving the contract with ``config``."""
    limit = config.max_message_bytes
    info = contract.info("rest")

    async def with_body(request: Request, handle) -> Response:
        try:
            body = await _read_body(request, limit)
        except BodyTooLarge:
            return _error(413, time.perf_counter_ns(), f"request body above the limit of {limit} bytes")
        start_ns = time.perf_counter_ns()  # the body is in memory: decoding starts the span
        try:
            return _answer(200, start_ns, await handle(body))
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            return _error(400, start_ns, f"malformed {request.url.path.rsplit('/', 1)[-1]} request: {exc}")
        except InvalidArgument as exc:
            return _error(400, start_ns, str(exc))

    async def select(body: bytes) -> dict:
        req = _select_decoder.decode(body)
        await config.pause()
        values, positions = contract.select(req.values, req.k, req.seed)
        return {"values": values, "positions": positions}

    async def echo(body: bytes) -> dict:
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

    async def http_error(request: Request, exc: Exception) -> Response:
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

    def method_endpoint(name: str):
        async def handle(body: bytes) -> dict:
            return methods.answer_json(name, body)

        async def endpoint(request: Request) -> Response:
            return await with_body(request, handle)

        return endpoint

    routes = [
        Route("/v1/ping", ping_endpoint, methods=["GET"]),
        Route("/v1/select", select_endpoint, methods=["POST"]),
        Route("/v1/echo", echo_endpoint, methods=["POST"]),
        Route("/v1/info", info_endpoint, methods=["GET"]),
        *(Route(path, method_endpoint(name), methods=["POST"]) for name, (path, _, _) in methods.JSON_METHODS.items()),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: http_error})
