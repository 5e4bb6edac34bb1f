"""JSON-RPC 2.0 over HTTP: ``POST /v1/jsonrpc`` with
``{"jsonrpc": "2.0", "id": 1, "method": "<Rpc>", "params": <the REST body>}`` (no ``params`` for Ping
and Info), the contract's mapping (workers/README.md). An answer with an ``error`` member is a failure,
``jsonrpc_<code>: <message> <data>`` (docs/driver-protocol.md, "Error kinds").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from bancada.wire.envelopes import error_member, rpc_and_params
from bancada.wire.request import Request
from bancada.wire.protocols import Protocol, register

if TYPE_CHECKING:
    from bancada.wire.client import Client

PATH = "/v1/jsonrpc"
WRITTEN = "JSON-RPC"


def body(rpc: str, params: dict[str, Any] | None, request_id: int = 1) -> bytes:
    """A JSON-RPC 2.0 request calling ``rpc`` with ``params`` by name (None: no params)."""
    call: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": rpc}
    if params is not None:
        call["params"] = params
    return json.dumps(call, separators=(",", ":")).encode()


def envelope(request: Request) -> Request:
    """The JSON-RPC call of the contract's ``request`` (raises ValueError for a custom request)."""
    rpc, params = rpc_and_params(request, WRITTEN)
    return Request("", b"", "POST", PATH, body(rpc, params))


def answer_error(content: bytes) -> str:
    """The error of a 2xx answer ("" for none): ``jsonrpc_<code>: ...``, ``other:`` for a malformed one."""
    if not error_member(content, b'"error":'):
        return ""
    try:
        error = json.loads(content)["error"]
        return f"jsonrpc_{error['code']}: {error.get('message', '')} {error.get('data', '')}".strip()[:220]
    except (ValueError, KeyError, TypeError):
        return f"other: not a JSON-RPC answer: {content[:200]!r}"


def client(target: str, request: Request, timeout_s: float, reuse: bool) -> Client:
    """The Python driver's JSON-RPC client: the call built once; the envelope's ``id`` is not a row."""
    from bancada.wire.http_client import HttpClient

    return HttpClient(target, request, timeout_s, reuse, envelope=envelope, answer_error=answer_error, envelope_ids=1)


def info(target: str, timeout_s: float) -> dict[str, Any]:
    """The ``Info`` method (its ``result``; raises HealthCheckError)."""
    from bancada.wire.http_client import http_info

    headers = {"Content-Type": "application/json"}
    return http_info(
        "jsonrpc", target, PATH, timeout_s, body=body("Info", None), headers=headers, pick=lambda a: a.get("result")
    )


PROTOCOL = register(Protocol(name="jsonrpc", written=WRITTEN, rank=30, client=client, info=info, envelope=envelope))
