"""What the RPC-style envelopes share: a contract operation's rpc name and its parameters.

A protocol that calls the contract's methods by name (a module of :mod:`bancada.wire.protocols`) wraps
the REST body of an operation (its parameters) under the operation's rpc name
(workers/README.md); the database methods' (seed 001) parameters are their own (a list's limit
travels in REST's query, not in a body).
"""

from __future__ import annotations

import json
from typing import Any

from bancada.wire.request import Request

#: Job operation -> the contract's rpc name (the method an envelope names).
RPC_NAMES = {
    "ping": "Ping",
    "select": "Select",
    "echo": "Echo",
    "info": "Info",
    "void": "Void",
    "double": "Double",
    "sum": "Sum",
    "power_of_two": "PowerOfTwo",
    "recolor": "Recolor",
    "matmul": "MatMul",
}


def rpc_and_params(request: Request, written: str) -> tuple[str, dict[str, Any] | None]:
    """The contract's rpc name of a request and its parameters (None: no body).

    ``written``: the protocol's name, for the error.

    Raises:
        ValueError: a custom request (it has no form in a protocol that calls methods by name).
    """
    if not request.grpc_method:
        raise ValueError(f"a custom request has no {written} form; use protocol rest")
    rpc = request.grpc_method.rsplit("/", 1)[-1]
    if request.db_params is not None:  # a database method: a list's limit is not in a body
        return rpc, request.db_params
    return rpc, (json.loads(request.http_body) if request.http_body else None)


def error_member(content: bytes, key: bytes) -> bool:
    """True when the JSON answer has the member ``key`` (e.g. ``b'"error":'``). Inside a JSON
    string every quote is escaped, so the bytes ``"error":`` can only be a member name; servers
    write no space before the colon (Python's, Node's and Go's encoders)."""
    return key in content
