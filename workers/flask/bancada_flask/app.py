"""The Flask application: the Bench contract's REST mapping and the study's ``GET /json``.

Routes (HTTP/1.1 keep-alive, int64 as plain JSON numbers)::

    GET  /v1/ping    -> {}
    POST /v1/select  {"values": [..], "k": 3, "seed": 0} -> {"values": [..], "positions": [..]}
    POST /v1/echo    {"int64s"|"doubles"|"strings"|"records": [..], "echo": false} -> {"count": N[, "<kind>": [..]]}
    GET  /v1/info    -> {"implementation", "language", "runtime", "version", "protocol", "pid"}
    GET  /json       -> {"Ola": "Mundo!"}   (the seed's small JSON object with one string)

Every answer, errors included, carries ``Server-Timing: app;dur=<ms>`` from the moment the
whole body is read to the moment the answer's object is ready. Malformed input is 400, a
body above the limit 413, an unknown route 404 and a wrong method 405, all ``{"error": ".."}``.
"""

from __future__ import annotations

import json
import os
import time

import gevent
from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from bancada_flask import LANGUAGE, NAME, VERSION, bodies
from bancada_worker import contract
from bancada_worker.contract import Config
from bancada_worker.errors import InvalidArgument

SMALL_JSON = {"Ola": "Mundo!"}
_dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def _answer(status: int, start_ns: int, obj) -> Response:
    timing = contract.server_timing(time.perf_counter_ns() - start_ns)
    return Response(_dumps(obj), status=status, mimetype="application/json", headers={"Server-Timing": timing})


def _read_body(limit: int) -> bytes | None:
    """The whole body, or None when it is above ``limit`` (then it is read to its end and dropped:
    answering while the client still sends would show it a broken pipe instead of the 413)."""
    length = request.content_length
    if length is not None and length <= limit:
        return request.get_data(cache=False)
    stream, kept, size = request.stream, [], 0
    while chunk := stream.read(1 << 20):
        size += len(chunk)
        if size <= limit:
            kept.append(chunk)
    return b"".join(kept) if size <= limit else None


def create_app(config: Config) -> Flask:
    """The Flask application serving the contract with ``config``."""
    app = Flask(NAME)
    info = {
        "implementation": f"{NAME}-rest",
        "language": LANGUAGE,
        "runtime": f"{contract.runtime()}, Flask on gevent pywsgi",
        "version": VERSION,
        "protocol": "rest",
        "pid": os.getpid(),
    }
    limit = config.max_message_bytes

    def pause() -> None:
        if config.delay_s > 0:
            gevent.sleep(config.delay_s)

    def with_body(handle) -> Response:
        body = _read_body(limit)
        start_ns = time.perf_counter_ns()
        if body is None:
            return _answer(413, start_ns, {"error": f"request body above the limit of {limit} bytes"})
        try:
            return _answer(200, start_ns, handle(body))
        except InvalidArgument as exc:
            return _answer(400, start_ns, {"error": str(exc)})

    @app.get("/v1/ping")
    def ping():
        start_ns = time.perf_counter_ns()
        pause()
        return _answer(200, start_ns, {})

    @app.get("/v1/info")
    def info_endpoint():
        return _answer(200, time.perf_counter_ns(), info)

    @app.get("/json")
    def small_json():
        return _answer(200, time.perf_counter_ns(), SMALL_JSON)

    def select(body: bytes) -> dict:
        values, k, seed = bodies.select_request(body)
        pause()
        picked, positions = contract.select(values, k, seed)
        return {"values": picked, "positions": positions}

    def echo(body: bytes) -> dict:
        kind, payload, echo_back = bodies.echo_request(body)
        pause()
        return {"count": len(payload), kind: payload} if echo_back else {"count": len(payload)}

    app.add_url_rule("/v1/select", "select", lambda: with_body(select), methods=["POST"])
    app.add_url_rule("/v1/echo", "echo", lambda: with_body(echo), methods=["POST"])

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        start_ns = time.perf_counter_ns()
        if exc.code == 405:
            message = f"method {request.method} not allowed on {request.path}"
        elif exc.code == 404:
            message = f"no route {request.path}"
        else:
            message = exc.description or exc.name
        response = _answer(exc.code or 500, start_ns, {"error": message})
        allow = exc.get_response().headers.get("Allow")
        if allow:
            response.headers["Allow"] = allow
        return response

    return app
