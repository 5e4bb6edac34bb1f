"""What every protocol client of the Python driver is, and the list check they share.

A client sends the same pre-serialized request bytes every time and returns ``(ok, server_ns, error)``;
the driver loop wraps :meth:`Client.call` in ``time.perf_counter_ns()``. Error texts start with a kind
(``timeout:``, ``refused:``, ``reset:``, ``http_<status>:``, ``other:`` and the protocol's own, e.g.
``grpc_<CODE>:``) as docs/driver-protocol.md specifies.
"""

from __future__ import annotations

from typing import Protocol

from bancada.wire.operations import LIST_OPERATIONS
from bancada.wire.request import Request


class Client(Protocol):
    """One treatment's client. ``call()`` sends the request and reads the whole answer (the timed part):
    ``(ok, server time in ns or -1, error)``; for a list (``max_rows`` > 0) the driver then asks
    ``rows_error()`` about the answer just read, outside the timed span."""

    max_rows: int

    def call(self) -> tuple[bool, int, str]: ...
    def rows_error(self) -> str: ...
    def set_request(self, request: Request) -> None: ...
    def close(self) -> None: ...


def max_rows(request: Request) -> int:
    """A list's limit (its answer holds at most that many rows), else 0."""
    params = request.db_params or {}
    return int(params.get("limit", 0)) if request.db_operation in LIST_OPERATIONS else 0


def rows_error(rows: int, limit: int) -> str:
    """The failure of a list answer with ``rows`` rows over ``limit``."""
    return f"other: the list answer has {rows} rows, more than the limit {limit}"
