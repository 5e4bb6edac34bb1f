"""Protocol clients of the Python driver: one call, no timing inside.

Each client sends the same pre-serialized request bytes every time and returns
``(ok, server_ns, error)``; the driver loop wraps :meth:`call` in
``time.perf_counter_ns()``. Error texts start with a kind
(``timeout:``, ``refused:``, ``reset:``, ``http_<status>:``, ``grpc_<CODE>:``,
``other:``) as docs/driver-protocol.md specifies.
"""

from __future__ import annotations

from typing import Protocol

import grpc
import requests

from bancada.drivers.stream import parse_server_timing
from bancada.wire.payload import Request

#: Message size limit of the driver's channels, both directions (bytes).
MAX_MESSAGE_BYTES = 256 * 1024 * 1024
_GRPC_OPTIONS = [
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
]


class Client(Protocol):
    def call(self) -> tuple[bool, int, str]: ...
    def close(self) -> None: ...


class GrpcClient:
    """A gRPC client sending pre-serialized bytes through a raw unary method."""

    def __init__(self, target: str, request: Request, timeout_s: float, reuse: bool = True) -> None:
        self.target = target
        self.method = request.grpc_method
        self.body = request.grpc_body
        self.timeout_s = timeout_s
        self.reuse = reuse
        self.channel = grpc.insecure_channel(target, options=_GRPC_OPTIONS) if reuse else None
        self._stub = self.channel.unary_unary(self.method) if self.channel else None

    def call(self) -> tuple[bool, int, str]:
        channel = None
        try:
            if self.reuse:
                stub = self._stub
            else:
                channel = grpc.insecure_channel(self.target, options=_GRPC_OPTIONS)
                stub = channel.unary_unary(self.method)
            _, rpc = stub.with_call(self.body, timeout=self.timeout_s)
            return True, _trailer_timing(rpc.trailing_metadata()), ""
        except grpc.RpcError as exc:
            code = exc.code() if hasattr(exc, "code") else None
            name = code.name if code is not None else "UNKNOWN"
            details = exc.details() if hasattr(exc, "details") else str(exc)
            if name == "DEADLINE_EXCEEDED":
                return False, -1, f"timeout: {details}"
            if name == "UNAVAILABLE" and details and "refused" in details.lower():
                return False, -1, f"refused: {details}"
            srv = _trailer_timing(exc.trailing_metadata()) if hasattr(exc, "trailing_metadata") else -1
            return False, srv, f"grpc_{name}: {details}"
        finally:
            if channel is not None:
                channel.close()

    def close(self) -> None:
        if self.channel is not None:
            self.channel.close()


def _trailer_timing(metadata) -> int:
    for key, value in metadata or ():
        if key == "server-timing":
            return parse_server_timing(value)
    return -1


class RestClient:
    """A REST/JSON client over HTTP/1.1 keep-alive (requests)."""

    def __init__(self, target: str, request: Request, timeout_s: float, reuse: bool = True) -> None:
        self.url = f"http://{target}{request.http_path}"
        self.method = request.http_method
        self.body = request.http_body or None
        if request.http_headers is not None:  # a custom request: its own headers, as given
            self.headers = dict(request.http_headers)
            if self.body is None and self.method in ("POST", "PUT", "PATCH"):
                self.body = b""  # Content-Length: 0
        else:
            self.headers = {"Content-Type": "application/json"} if self.body else {}
        self.timeout_s = timeout_s
        self.reuse = reuse
        self.session = requests.Session() if reuse else None
        if not reuse:
            self.headers = {**self.headers, "Connection": "close"}

    def call(self) -> tuple[bool, int, str]:
        session = self.session or requests.Session()
        try:
            resp = session.request(self.method, self.url, data=self.body, headers=self.headers, timeout=self.timeout_s)
            _ = resp.content  # the whole response is part of the latency
            srv = parse_server_timing(resp.headers.get("Server-Timing"))
            if not 200 <= resp.status_code < 300:
                return False, srv, f"http_{resp.status_code}: {resp.text[:200]}"
            return True, srv, ""
        except requests.Timeout as exc:
            return False, -1, f"timeout: {exc}"
        except requests.ConnectionError as exc:
            text = str(exc)
            low = text.lower()
            if "refused" in low:
                return False, -1, f"refused: {text[:200]}"
            if "reset" in low or "aborted" in low:
                return False, -1, f"reset: {text[:200]}"
            return False, -1, f"other: {text[:200]}"
        except requests.RequestException as exc:
            return False, -1, f"other: {exc}"[:220]
        finally:
            if self.session is None:
                session.close()

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


def make_client(protocol: str, target: str, request: Request, timeout_s: float, reuse: bool) -> Client:
    """Return the client for ``protocol`` (``grpc`` | ``rest``).

    Raises:
        ValueError: unknown protocol.
    """
    if protocol == "grpc":
        return GrpcClient(target, request, timeout_s, reuse)
    if protocol == "rest":
        return RestClient(target, request, timeout_s, reuse)
    raise ValueError(f"unknown protocol {protocol!r}; expected grpc or rest")
