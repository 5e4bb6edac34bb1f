"""A request serialized once, before timing, in the contract's two forms (gRPC and REST); the other
protocols wrap one of them (:mod:`bancada.wire.protocols`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Request:
    """A serialized request: the gRPC method and body bytes, or the REST call."""

    grpc_method: str  # "/bancada.v1.Bench/Select"
    grpc_body: bytes
    http_method: str  # "GET" | "POST"
    http_path: str  # "/v1/select"
    http_body: bytes
    #: REST headers; None: the contract's (Content-Type: application/json with a body)
    http_headers: tuple[tuple[str, str], ...] | None = None
    #: A database method (seed 001; :mod:`bancada.wire.db_requests`): its job operation and its
    #: parameters (a list's ``{"limit": N}`` travels in the REST query, not a body); else "" and None.
    db_operation: str = ""
    db_params: dict[str, Any] | None = None
