"""The JSON-RPC 2.0 server: jsonrpcserver's dispatcher on one Starlette route
(run under uvicorn by :mod:`bancada_worker.cli`).

One endpoint, ``POST /v1/jsonrpc``. The methods are the contract's operations,
``Ping``, ``Select``, ``Echo``, ``Info`` and the six methods of seed 002 (``Void``,
``Double``, ``Sum``, ``PowerOfTwo``, ``Recolor``, ``MatMul``), with params by name and the same
objects as the REST bodies and answers::

    {"jsonrpc": "2.0", "id": 1, "method": "Select", "params": {"values": [..], "k": 3, "seed": 0}}
    -> {"jsonrpc": "2.0", "id": 1, "result": {"values": [..], "positions": [..]}}

Errors use the specification's codes: -32700 parse error, -32600 invalid
request, -32601 method not found, -32602 invalid params (unknown names at any depth, wrong types,
positional params, and what the contract rejects: empty values, k above N, no
or two Echo kinds, and the database methods' invalid input), -32000 for a database
that is missing or fails (the database methods of seed 001: ``ListPets``, ``ListPeople``,
``CreatePet``, ``CreatePerson``, params and results as the REST bodies and answers).
Batches (a JSON array of requests) are answered with an array, each element checked and
answered on its own (:func:`dispatch`); a request without an id
is a notification and gets no answer (HTTP 204 when nothing is left to answer). Every HTTP answer is 200 with
``Server-Timing: app;dur=<ms>``, from the moment the whole body is read to the
moment the answer's objects are ready (parsing, validation, the methods; not
encoding), except a body above the limit: 413 with an invalid-request error,
and a method other than POST: 405.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from jsonrpcserver import Error, InvalidParams, Result, Success, async_dispatch_to_serializable
from jsonrpcserver.codes import ERROR_INVALID_REQUEST
from jsonrpcserver.methods import Methods
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bancada_worker import contract, methods, param_names, pet_person
from bancada_worker.contract import Config
from bancada_worker.errors import InvalidArgument, Unavailable
from bancada_worker.rest_app import ECHO_KINDS, BodyTooLarge, EchoRequest, SelectRequest, _read_body

PATH = "/v1/jsonrpc"
ERROR_UNAVAILABLE = -32000  # the specification's range of implementation-defined server errors
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode  # untyped: exact integers, as json.loads, in C


def _answer(status: int, start_ns: int, obj: Any) -> Response:
    timing = contract.server_timing(time.perf_counter_ns() - start_ns)
    if obj is None:
        return Response(status_code=204, headers={"Server-Timing": timing})
    return Response(_encode(obj), status_code=status, media_type="application/json", headers={"Server-Timing": timing})


def _convert(params: dict[str, Any], struct: type, method: str) -> Any:
    """``params`` as ``struct``; an unknown name (at any depth) or a wrong type raises msgspec.ValidationError."""
    param_names.check(params, struct, method)
    return msgspec.convert(params, struct)


def method_table(config: Config) -> Methods:
    """The contract's operations as JSON-RPC methods (keyword params only: params by name)."""
    info = contract.info("jsonrpc")

    async def Ping(**params: Any) -> Result:  # noqa: N802 - method names are the contract's operations
        if params:
            return InvalidParams(f"Ping takes no params, got {', '.join(sorted(params))}")
        await config.pause()
        return Success({})

    async def Select(**params: Any) -> Result:  # noqa: N802
        try:
            req = _convert(params, SelectRequest, "Select")
            await config.pause()
            values, positions = contract.select(req.values, req.k, req.seed)
        except (msgspec.ValidationError, InvalidArgument) as exc:
            return InvalidParams(str(exc))
        return Success({"values": values, "positions": positions})

    async def Echo(**params: Any) -> Result:  # noqa: N802
        try:
            req = _convert(params, EchoRequest, "Echo")
        except msgspec.ValidationError as exc:
            return InvalidParams(str(exc))
        present = [kind for kind in ECHO_KINDS if getattr(req, kind) is not None]
        if len(present) != 1:
            return InvalidParams('Echo needs exactly one of "int64s", "doubles", "strings", "records" (an array)')
        await config.pause()
        payload = getattr(req, present[0])
        if req.echo:
            return Success({"count": len(payload), present[0]: payload})
        return Success({"count": len(payload)})

    async def Info(**params: Any) -> Result:  # noqa: N802
        if params:
            return InvalidParams(f"Info takes no params, got {', '.join(sorted(params))}")
        return Success(info)

    table: dict[str, Callable[..., Awaitable[Result]]] = {"Ping": Ping, "Select": Select, "Echo": Echo, "Info": Info}
    for name in methods.JSON_METHODS:
        table[name] = _method(name)
    table.update(_database_methods(config))
    return table


def _database_methods(config: Config) -> dict[str, Any]:
    """ListPets, ListPeople, CreatePet, CreatePerson (bancada_worker.database), params by name."""
    database = config.database

    async def call(name: str, struct: type, params: dict[str, Any], run: Any) -> Any:
        try:
            return Success(await run(_convert(params, struct, name)))
        except (msgspec.ValidationError, InvalidArgument) as exc:
            return InvalidParams(str(exc))
        except Unavailable as exc:
            return Error(ERROR_UNAVAILABLE, str(exc))

    async def ListPets(**params: Any) -> Result:  # noqa: N802
        return await call("ListPets", pet_person.ListRequest, params, _list("pets", database.list_pets))

    async def ListPeople(**params: Any) -> Result:  # noqa: N802
        return await call("ListPeople", pet_person.ListRequest, params, _list("people", database.list_people))

    async def CreatePet(**params: Any) -> Result:  # noqa: N802
        async def run(req: pet_person.CreatePetRequest) -> dict[str, Any]:
            return {"pet": await database.create_pet(req.name, req.age, req.type)}

        return await call("CreatePet", pet_person.CreatePetRequest, params, run)

    async def CreatePerson(**params: Any) -> Result:  # noqa: N802
        async def run(req: pet_person.CreatePersonRequest) -> dict[str, Any]:
            return {"person": await database.create_person(req)}

        return await call("CreatePerson", pet_person.CreatePersonRequest, params, run)

    return {"ListPets": ListPets, "ListPeople": ListPeople, "CreatePet": CreatePet, "CreatePerson": CreatePerson}


def _list(key: str, list_rows: Any) -> Any:
    async def run(req: pet_person.ListRequest) -> dict[str, Any]:
        return {key: await list_rows(req.limit)}

    return run


def _method(name: str) -> Callable[..., Awaitable[Result]]:
    """The JSON-RPC method of one of the six methods of seed 002 (params by name)."""

    async def method(**params: Any) -> Result:
        try:
            param_names.check(params, methods.JSON_METHODS[name][1], name)
            return Success(methods.answer_params(name, params))
        except (msgspec.ValidationError, InvalidArgument) as exc:
            return InvalidParams(str(exc))

    method.__name__ = name
    return method


async def dispatch(body: bytes, table: Methods) -> Any:
    """The answer to a request body: a response object, a list of them, or None (nothing to answer).

    jsonrpcserver validates a batch as a whole (one invalid element makes the batch one
    -32600), so a non-empty batch is split here and each element goes through the library's
    dispatch on its own, as the specification's section 6 answers it: an answer per element
    that is not a notification, in the batch's order, None when none is left. A body that is
    not JSON, a single request and the empty batch go to the library as they are.
    """
    try:
        parsed = _decode(body)
    except msgspec.DecodeError:
        return await async_dispatch_to_serializable(body, table, deserializer=_decode)  # -32700
    if not isinstance(parsed, list) or not parsed:
        return await async_dispatch_to_serializable(body, table, deserializer=lambda _: parsed)
    answers = await asyncio.gather(
        *(async_dispatch_to_serializable(body, table, deserializer=lambda _, e=element: e) for element in parsed)
    )
    sent = [answer for answer in answers if answer is not None]
    return sent or None


def create_app(config: Config) -> Starlette:
    """The Starlette application serving the contract over JSON-RPC 2.0 with ``config``."""
    limit = config.max_message_bytes
    table = method_table(config)

    async def endpoint(request: Request) -> Response:
        try:
            body = await _read_body(request, limit)
        except BodyTooLarge:
            error = {
                "code": ERROR_INVALID_REQUEST,
                "message": "Invalid Request",
                "data": f"request body above the limit of {limit} bytes",
            }
            return _answer(413, time.perf_counter_ns(), {"jsonrpc": "2.0", "error": error, "id": None})
        start_ns = time.perf_counter_ns()  # the body is in memory: parsing starts the span
        return _answer(200, start_ns, await dispatch(body, table))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        start_ns = time.perf_counter_ns()
        message = (
            f"method {request.method} not allowed on {request.url.path}; use POST"
            if exc.status_code == 405
            else f"no route {request.url.path}; JSON-RPC is served at POST {PATH}"
        )
        response = _answer(exc.status_code, start_ns, {"error": message})
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    return Starlette(routes=[Route(PATH, endpoint, methods=["POST"])], exception_handlers={HTTPException: http_error})
