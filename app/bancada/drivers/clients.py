"""Protocol clients of the Python driver: one call, no timing inside.

Each protocol's client is its module's in :mod:`bancada.wire.protocols` (the registry); this module
looks it up by the treatment's protocol. What a client is: :class:`bancada.wire.client.Client`.
"""

from __future__ import annotations

from bancada.wire import protocols
from bancada.wire.client import Client
from bancada.wire.request import Request

__all__ = ["Client", "make_client"]


def make_client(protocol: str, target: str, request: Request, timeout_s: float, reuse: bool) -> Client:
    """Return the client for ``protocol`` (a registered protocol's name); the request bodies are built
    here, before any timing.

    Raises:
        ValueError: unknown protocol (the message lists the known ones), or a request the protocol has
            no form for (a custom request over a protocol that calls methods by name).
    """
    return protocols.get(protocol).client(target, request, timeout_s, reuse)
