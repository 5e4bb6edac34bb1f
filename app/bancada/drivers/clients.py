"""Protocol clients of the Python driver: one call, no timing inside.

Each client sends the same pre-serialized request bytes every time and returns
``(ok, server_ns, error)``; the driver loop wraps :meth:`call` in
``time.perf_counter_ns()``. Error texts start with a kind
(``timeout:``, ``refused:``, ``reset:``, ``http_<status>:``, ``grpc_<CODE>:``,
``jsonrpc_<code>:``, ``graphql_<code>:``, ``other:``) as docs/driver-protocol.md specifies.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Protocol

import grpc
import requests

from bancada.drivers.stream import parse_server_timing
from bancada.wire.operations import LIST_OPERATIONS
from bancada.wire import bench_pb2, db_requests, envelopes
from bancada.wire.payload import Request

#: Message size limit of the driver's channels, both directions (bytes).
MAX_MESSAGE_BYTES = 256 * 1024 * 1024
_GRPC_OPTIONS = [
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
]


class Client(Protocol):
    """One treatment's client. ``call()`` sends the request and reads the whole answer (the timed part):
    ``(ok, server time in ns or -1, error)``; for a list (``max_rows`` > 0) the driver then asks
    ``rows_error()`` about the answer just read, outside the timed span."""

    max_rows: int

    def call(self) -> tuple[bool, int, str]: ...
    def rows_error(self) -> str: ...
    def set_request(self, request: Request) -> None: ...
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
        self._stub: grpc.UnaryUnaryMultiCallable[bytes, bytes] | None = (
            self.channel.unary_unary(self.method) if self.channel else None
        )
        self.max_rows = _max_rows(request)
        self._answer = b""  # the last list answer, for rows_error

    def set_request(self, request: Request) -> None:
        """Send ``request`` from the next call on (same method; a create's next record)."""
        self.body = request.grpc_body

    def rows_error(self) -> str:
        """ "" when the last answer has at most ``max_rows`` rows, else the failure (its rows decoded)."""
        rows = _grpc_rows(self._answer)
        return _rows_error(rows, self.max_rows) if rows > self.max_rows else ""

    def call(self) -> tuple[bool, int, str]:
        channel = None
        try:
            if self._stub is not None:  # reuse: one channel for every call
                stub = self._stub
            else:
                channel = grpc.insecure_channel(self.target, options=_GRPC_OPTIONS)
                stub = channel.unary_unary(self.method)
            answer, rpc = stub.with_call(self.body, timeout=self.timeout_s)
            if self.max_rows:
                self._answer = answer
            return True, _trailer_timing(rpc.trailing_metadata()), ""
        except grpc.RpcError as exc:
            code = exc.code() if hasattr(exc, "code") else None
            name = code.name if code is not None else "UNKNOWN"
            details = exc.details() if hasattr(exc, "details") else str(exc)
            if name == "DEADLINE_EXCEEDED":
                return False, -1, f"timeout: {details}"
            if name == "UNAVAILABLE" and details and "refused" in details.lower():
                return False, -1, f"refused: {details}"
            srv = _trailer_timing(exc.trailing_metadata()) if hasattr(exc, "trailing_metadata") else -1  # type: ignore[arg-type]  # types-grpcio has RpcError's trailers as key/value objects; grpc gives (key, value) tuples
            return False, srv, f"grpc_{name}: {details}"
        finally:
            if channel is not None:
                channel.close()

    def close(self) -> None:
        if self.channel is not None:
            self.channel.close()


def _max_rows(request: Request) -> int:
    """A list's limit (its answer holds at most that many rows), else 0."""
    params = request.db_params or {}
    return int(params.get("limit", 0)) if request.db_operation in LIST_OPERATIONS else 0


def _grpc_rows(answer: bytes) -> int:
    """The rows of a ListPets/ListPeople answer: the entries of its field 1 (both lists are field 1)."""
    return len(bench_pb2.ListPetsResponse.FromString(answer).pets) if answer else 0


def _rows_error(rows: int, limit: int) -> str:
    return f"other: the list answer has {rows} rows, more than the limit {limit}"


def _trailer_timing(metadata: Iterable[tuple[str, str | bytes]] | None) -> int:
    for key, value in metadata or ():
        if key == "server-timing" and isinstance(value, str):  # bytes only for keys ending in -bin
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
        self.max_rows = _max_rows(request)
        self.envelope_ids = 0
        self._answer = b""  # the last list answer, for rows_error

    def set_request(self, request: Request) -> None:
        """Send ``request``'s body from the next call on (same route; a create's next record)."""
        self.body = request.http_body or None

    def call(self) -> tuple[bool, int, str]:
        session = self.session or requests.Session()
        try:
            resp = session.request(self.method, self.url, data=self.body, headers=self.headers, timeout=self.timeout_s)
            content = resp.content  # the whole response is part of the latency
            srv = parse_server_timing(resp.headers.get("Server-Timing"))
            if not 200 <= resp.status_code < 300:
                return False, srv, f"http_{resp.status_code}: {resp.text[:200]}"
            error = self.answer_error(content)
            if not error and self.max_rows:
                self._answer = content
            return (False, srv, error) if error else (True, srv, "")
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

    def answer_error(self, content: bytes) -> str:
        """The error a 2xx answer carries ("" for none): REST has none."""
        return ""

    def rows_error(self) -> str:
        """ "" when the last answer has at most ``max_rows`` rows, else the failure. Every row has one
        "id" member (a string cannot hold those bytes); JSON-RPC's envelope has one of its own."""
        rows = self._answer.count(b'"id":') - self.envelope_ids
        return _rows_error(rows, self.max_rows) if rows > self.max_rows else ""

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


def _rpc_and_params(request: Request) -> tuple[str, dict[str, Any] | None]:
    """The contract's rpc name of a request and its REST body as params (None: no body).

    Raises:
        ValueError: a custom request (it has no JSON-RPC or GraphQL form).
    """
    if not request.grpc_method:
        raise ValueError("a custom request has no JSON-RPC or GraphQL form; use protocol rest")
    if request.db_params is not None:  # a database method: a list's limit is not in a body
        return request.grpc_method.rsplit("/", 1)[-1], request.db_params
    return request.grpc_method.rsplit("/", 1)[-1], (json.loads(request.http_body) if request.http_body else None)


def _error_member(content: bytes, key: bytes) -> bool:
    """True when the JSON answer has the member ``key`` (e.g. ``b'"error":'``). Inside a JSON
    string every quote is escaped, so the bytes ``"error":`` can only be a member name; servers
    write no space before the colon (Python's, Node's and Go's encoders)."""
    return key in content


class JsonRpcClient(RestClient):
    """A JSON-RPC 2.0 client: POST /v1/jsonrpc with the call built once (bancada.wire.envelopes:
    method = the rpc name, params by name = the REST body); an answer with an ``error`` member
    is a failure, ``jsonrpc_<code>: <message>``."""

    def __init__(self, target: str, request: Request, timeout_s: float, reuse: bool = True) -> None:
        super().__init__(target, self._envelope(request), timeout_s, reuse)
        self.max_rows = _max_rows(request)
        self.envelope_ids = 1

    @staticmethod
    def _envelope(request: Request) -> Request:
        rpc, params = _rpc_and_params(request)
        return Request("", b"", "POST", envelopes.JSONRPC_PATH, envelopes.jsonrpc_body(rpc, params))

    def set_request(self, request: Request) -> None:
        self.body = self._envelope(request).http_body

    def answer_error(self, content: bytes) -> str:
        if not _error_member(content, b'"error":'):
            return ""
        try:
            error = json.loads(content)["error"]
            return f"jsonrpc_{error['code']}: {error.get('message', '')} {error.get('data', '')}".strip()[:220]
        except (ValueError, KeyError, TypeError):
            return f"other: not a JSON-RPC answer: {content[:200]!r}"


class GraphqlClient(RestClient):
    """A GraphQL-over-HTTP client: POST /v1/graphql with the document and variables built once
    (bancada.wire.envelopes), ``Accept: application/graphql-response+json, application/json``.
    A request error is ``http_400``; a field error (HTTP 200 with ``errors``) is
    ``graphql_<extensions.code>: <message>`` (``graphql_error`` without a code), as the native driver says."""

    def __init__(self, target: str, request: Request, timeout_s: float, reuse: bool = True) -> None:
        super().__init__(target, self._envelope(request), timeout_s, reuse)
        self.headers["Accept"] = envelopes.GRAPHQL_ACCEPT
        self.max_rows = _max_rows(request)

    @staticmethod
    def _envelope(request: Request) -> Request:
        rpc, params = _rpc_and_params(request)
        if request.db_operation and params is not None:
            body = db_requests.graphql_body(request.db_operation, params)
        else:
            body = envelopes.graphql_body(rpc, params)
        return Request("", b"", "POST", envelopes.GRAPHQL_PATH, body)

    def set_request(self, request: Request) -> None:
        self.body = self._envelope(request).http_body

    def answer_error(self, content: bytes) -> str:
        if not _error_member(content, b'"errors":'):
            return ""
        try:
            first = json.loads(content)["errors"][0]
            code = (first.get("extensions") or {}).get("code") or "error"
            return f"graphql_{code}: {first.get('message', '')}"[:320]
        except (ValueError, KeyError, TypeError, IndexError):
            return f"other: not a GraphQL answer: {content[:200]!r}"


def make_client(protocol: str, target: str, request: Request, timeout_s: float, reuse: bool) -> Client:
    """Return the client for ``protocol`` (``grpc`` | ``rest`` | ``jsonrpc`` | ``graphql``); the
    request bodies are built here, before any timing.

    Raises:
        ValueError: unknown protocol, or a custom request over JSON-RPC or GraphQL.
    """
    if protocol == "grpc":
        return GrpcClient(target, request, timeout_s, reuse)
    if protocol == "rest":
        return RestClient(target, request, timeout_s, reuse)
    if protocol == "jsonrpc":
        return JsonRpcClient(target, request, timeout_s, reuse)
    if protocol == "graphql":
        return GraphqlClient(target, request, timeout_s, reuse)
    raise ValueError(f"unknown protocol {protocol!r}; expected grpc, rest, jsonrpc or graphql")
