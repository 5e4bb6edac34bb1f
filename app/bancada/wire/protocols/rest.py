"""REST/JSON over HTTP/1.1: the contract's routes (``/v1/select``, ``/v1/pets?limit=N``, ...) and JSON bodies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bancada.wire.protocols import Protocol, register

if TYPE_CHECKING:
    from bancada.wire.client import Client
    from bancada.wire.request import Request


def client(target: str, request: Request, timeout_s: float, reuse: bool) -> Client:
    """The Python driver's REST client of ``request`` (a custom request as the job writes it)."""
    from bancada.wire.http_client import HttpClient

    return HttpClient(target, request, timeout_s, reuse)


def info(target: str, timeout_s: float) -> dict[str, Any]:
    """``GET /v1/info`` (raises HealthCheckError)."""
    from bancada.wire.http_client import http_info

    return http_info("rest", target, "/v1/info", timeout_s)


PROTOCOL = register(
    Protocol(name="rest", written="REST", label="REST/JSON", rank=20, client=client, info=info, custom_requests=True)
)
