"""The protocols Bancada measures, in one registry: one module of this package per protocol.

Each module describes its protocol with a :class:`Protocol` and calls :func:`register` when it is
imported; this package imports every module in it the first time it is imported itself (the package
``bancada`` imports it, so every part of the app sees the same list). Adding a protocol is one module
here, plus its package in the native driver and one per worker language: nothing else in the app
names it. The Python driver's clients, the health check, the request's size on the wire, the panel's
and the guide's labels and the drivers' lists all come from here.

A module imports no protocol library when it loads (grpc and requests load with the first client):
the command line lists protocols without them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bancada.core.i18n import add_proper_names

if TYPE_CHECKING:
    from bancada.wire.client import Client
    from bancada.wire.request import Request

#: The drivers that send requests (``native``: the Go driver; ``python``: the reference driver).
DRIVERS = ("native", "python")


class HealthCheckError(RuntimeError):
    """The worker did not answer ``Info`` correctly."""


class UnknownProtocolError(ValueError):
    """No registered protocol has the name asked for."""


def _same(request: Request) -> Request:
    return request


@dataclass(frozen=True)
class Protocol:
    """One protocol as Bancada speaks it.

    Attributes:
        name: its name in a worker's manifest, an implementation's id (``go-<name>``), the factor
            ``protocol``'s level and the driver job's ``protocol`` (``grpc``).
        written: its name as reports write it (``gRPC``).
        label: its name in the panel and the guide (``REST/JSON``); ``written`` when empty.
        rank: its place in every list (lower first).
        client: the Python driver's client of a treatment: ``(target, request, timeout_s, reuse) ->
            Client``; the request's bytes are built here, before timing. Raises ValueError when the
            protocol has no form for the request.
        info: the health check: ``(target, timeout_s) -> the worker's Info fields``. Raises
            :class:`HealthCheckError`.
        envelope: the request this protocol sends for the contract's ``request`` (path, method, body,
            headers; the gRPC form for a protocol not over HTTP). Raises ValueError when it has no form.
        request_bytes: the request body's bytes on the wire (``len`` of the enveloped body).
        http: whether it travels over HTTP (a link's proxy and the REST engines apply).
        drivers: the drivers that speak it.
        operations: the operations it carries; None: every one a driver sends.
        custom_requests: whether a user's own request (operation ``custom``) travels over it.
        headers: the HTTP headers it adds to every request (GraphQL's ``Accept``), as pairs.
    """

    name: str
    written: str
    rank: int
    client: Callable[[str, Request, float, bool], Client]
    info: Callable[[str, float], dict[str, Any]]
    envelope: Callable[[Request], Request] = _same
    request_bytes: Callable[[Request], int] | None = None
    label: str = ""
    http: bool = True
    drivers: tuple[str, ...] = DRIVERS
    operations: tuple[str, ...] | None = None
    custom_requests: bool = False
    headers: tuple[tuple[str, str], ...] = ()

    @property
    def shown(self) -> str:
        """Its name in the panel and the guide."""
        return self.label or self.written

    def body_bytes(self, request: Request) -> int:
        """The bytes of ``request``'s body on the wire over this protocol; -1 when it has no form."""
        if self.request_bytes is not None:
            return self.request_bytes(request)
        try:
            return len(self.envelope(request).http_body)
        except ValueError:
            return -1

    def carries(self, operation: str) -> bool:
        """Whether the protocol carries ``operation``."""
        return self.operations is None or operation in self.operations


_REGISTRY: dict[str, Protocol] = {}


def register(protocol: Protocol, *, replace: bool = False) -> Protocol:
    """Add ``protocol`` to the registry (its module calls this when it is imported).

    Raises:
        ValueError: a protocol of that name is registered already (and ``replace`` is False).
    """
    if protocol.name in _REGISTRY and not replace:
        raise ValueError(f"protocol {protocol.name!r} is registered twice")
    _REGISTRY[protocol.name] = protocol
    add_proper_names({protocol.name: protocol.written})
    return protocol


def unregister(name: str) -> None:
    """Remove the protocol ``name`` (a test's own protocol); nothing when it is not registered."""
    _REGISTRY.pop(name, None)


def all_protocols() -> tuple[Protocol, ...]:
    """Every registered protocol, by rank."""
    return tuple(sorted(_REGISTRY.values(), key=lambda p: (p.rank, p.name)))


def names() -> tuple[str, ...]:
    """Every registered protocol's name, by rank (``grpc``, ``rest``, ...)."""
    return tuple(p.name for p in all_protocols())


def find(name: str) -> Protocol | None:
    """The protocol ``name``, or None."""
    return _REGISTRY.get(name)


def get(name: str) -> Protocol:
    """The protocol ``name``.

    Raises:
        UnknownProtocolError: no protocol of that name (the message lists those known).
    """
    found = _REGISTRY.get(name)
    if found is None:
        raise UnknownProtocolError(f"unknown protocol {name!r}; expected {', '.join(names())}")
    return found


def spoken_by(driver: str) -> tuple[str, ...]:
    """The protocols ``driver`` (``native`` | ``python``) speaks, by rank."""
    return tuple(p.name for p in all_protocols() if driver in p.drivers)


def label(name: str) -> str | None:
    """The protocol's name in the panel and the guide (``rest`` -> ``REST/JSON``); None: not a protocol."""
    found = _REGISTRY.get(name)
    return found.shown if found is not None else None


def _load_modules() -> None:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_load_modules()
