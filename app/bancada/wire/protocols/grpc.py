"""gRPC: the contract's service ``bancada.v1.Bench`` (proto/bancada/v1/bench.proto), protobuf bodies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bancada.wire.protocols import Protocol, register

if TYPE_CHECKING:
    from bancada.wire.client import Client
    from bancada.wire.request import Request


def client(target: str, request: Request, timeout_s: float, reuse: bool) -> Client:
    """The Python driver's gRPC client of ``request`` (the library loads with the first client)."""
    from bancada.wire.grpc_client import GrpcClient

    return GrpcClient(target, request, timeout_s, reuse)


def info(target: str, timeout_s: float) -> dict[str, Any]:
    """``Info`` over gRPC (raises HealthCheckError)."""
    from bancada.wire.grpc_client import grpc_info

    return grpc_info(target, timeout_s)


def request_bytes(request: Request) -> int:
    """The protobuf body's bytes."""
    return len(request.grpc_body)


PROTOCOL = register(
    Protocol(
        name="grpc",
        written="gRPC",
        rank=10,
        client=client,
        info=info,
        request_bytes=request_bytes,
        http=False,
        custom_requests=True,
    )
)
