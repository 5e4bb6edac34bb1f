"""Health check of a started worker through its ``Info`` method, over the worker's protocol
(each protocol's check is its module's in :mod:`bancada.wire.protocols`)."""

from __future__ import annotations

from typing import Any

from bancada.wire import protocols
from bancada.wire.protocols import HealthCheckError

__all__ = ["HealthCheckError", "worker_info"]


def worker_info(protocol: str, target: str, timeout_s: float = 10.0) -> dict[str, Any]:
    """Call ``Info`` on ``target`` (host:port) and return its fields as a dict.

    Raises:
        HealthCheckError: no answer within ``timeout_s``, a malformed one, or an unknown protocol.
    """
    found = protocols.find(protocol)
    if found is None:
        raise HealthCheckError(f"{target}: Bancada speaks {', '.join(protocols.names())}, not {protocol}")
    return found.info(target, timeout_s)
