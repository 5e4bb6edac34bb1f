"""A protocol Bancada does not ship, added through the registry alone (bancada.wire.protocols):
``plainhttp`` calls a contract method as ``POST /plain/<Rpc>`` with the REST body and answers
``{"ok": true, ...}`` or ``{"ok": false, "why": ...}``; a small http.server in the test serves it.

Nothing else of the app is changed for it: its module here is what a new module in
app/bancada/wire/protocols/ would hold.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from bancada.wire import protocols
from bancada.wire.envelopes import rpc_and_params
from bancada.wire.request import Request

NAME = "plainhttp"
INFO = {"implementation": "fake-plainhttp", "language": "python", "runtime": "http.server", "protocol": NAME}
SERVER_TIMING_MS = 0.25


def envelope(request: Request) -> Request:
    rpc, params = rpc_and_params(request, "Plain HTTP")
    return Request("", b"", "POST", f"/plain/{rpc}", json.dumps(params or {}).encode())


def answer_error(content: bytes) -> str:
    answer = json.loads(content)
    return "" if answer.get("ok") else f"plain_failed: {answer.get('why', '')}"


def client(target: str, request: Request, timeout_s: float, reuse: bool) -> Any:
    from bancada.wire.http_client import HttpClient

    return HttpClient(target, request, timeout_s, reuse, envelope=envelope, answer_error=answer_error)


def info(target: str, timeout_s: float) -> dict[str, Any]:
    from bancada.wire.http_client import http_info

    return http_info(NAME, target, "/plain/Info", timeout_s, body=b"{}")


PROTOCOL = protocols.Protocol(
    name=NAME,
    written="PlainHTTP",
    label="Plain HTTP/JSON",
    rank=50,
    client=client,
    info=info,
    envelope=envelope,
    drivers=("python",),
    operations=("ping", "double", "info"),
)


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        params = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        rpc = self.path.removeprefix("/plain/")
        if rpc == "Info":
            answer: dict[str, Any] = INFO
        elif rpc == "Double" and abs(params.get("value", 0)) > 2**62:
            answer = {"ok": False, "why": "double is outside int64"}
        elif rpc == "Double":
            answer = {"ok": True, "value": 2 * params["value"]}
        elif rpc == "Ping":
            answer = {"ok": True}
        else:
            self.send_error(404)
            return
        body = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Server-Timing", f"app;dur={SERVER_TIMING_MS}")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's signature
        pass


@contextmanager
def served() -> Iterator[str]:
    """The fake protocol registered and its server listening on loopback: yields ``host:port``."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    protocols.register(PROTOCOL)
    try:
        yield f"127.0.0.1:{server.server_address[1]}"
    finally:
        protocols.unregister(NAME)
        server.shutdown()
        server.server_close()
