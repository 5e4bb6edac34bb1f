"""The Python driver's gRPC client: pre-serialized bytes through a raw unary method."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import grpc

from bancada.wire import bench_pb2
from bancada.wire.client import max_rows, rows_error
from bancada.wire.request import Request
from bancada.wire.server_timing import parse_server_timing

#: Message size limit of the driver's channels, both directions (bytes).
MAX_MESSAGE_BYTES = 256 * 1024 * 1024
_GRPC_OPTIONS = [
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
]


class GrpcClient:
    """A gRPC client sending pre-serialized bytes through a raw unary method; a failure's kind is
    ``grpc_<CODE>:`` (``timeout:`` and ``refused:`` as every protocol's)."""

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
        self.max_rows = max_rows(request)
        self._answer = b""  # the last list answer, for rows_error

    def set_request(self, request: Request) -> None:
        """Send ``request`` from the next call on (same method; a create's next record)."""
        self.body = request.grpc_body

    def rows_error(self) -> str:
        """ "" when the last answer has at most ``max_rows`` rows, else the failure (its rows decoded)."""
        rows = _grpc_rows(self._answer)
        return rows_error(rows, self.max_rows) if rows > self.max_rows else ""

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


def _grpc_rows(answer: bytes) -> int:
    """The rows of a ListPets/ListPeople answer: the entries of its field 1 (both lists are field 1)."""
    return len(bench_pb2.ListPetsResponse.FromString(answer).pets) if answer else 0


def _trailer_timing(metadata: Iterable[tuple[str, str | bytes]] | None) -> int:
    for key, value in metadata or ():
        if key == "server-timing" and isinstance(value, str):  # bytes only for keys ending in -bin
            return parse_server_timing(value)
    return -1


def grpc_info(target: str, timeout_s: float) -> dict[str, Any]:
    """The worker's ``Info`` fields over gRPC (``/bancada.v1.Bench/Info``).

    Raises:
        HealthCheckError: no answer within ``timeout_s`` or a malformed one.
    """
    from bancada.wire.protocols import HealthCheckError

    try:
        with grpc.insecure_channel(target) as channel:
            call: grpc.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary("/bancada.v1.Bench/Info")
            raw = call(b"", timeout=timeout_s, wait_for_ready=True)
        msg = bench_pb2.InfoResponse.FromString(raw)
    except (grpc.RpcError, ValueError) as exc:
        raise HealthCheckError(f"{target} (grpc) did not answer Info: {exc}") from None
    return {
        "implementation": msg.implementation,
        "language": msg.language,
        "runtime": msg.runtime,
        "version": msg.version,
        "protocol": msg.protocol,
        "pid": msg.pid,
    }
