"""The protocols this worker serves, in one registry: a protocol's name (``--protocol``, the
READY line, the implementation id ``python-<name>``), the module that builds its server, and
the server that module runs on (:mod:`bancada_worker.hosts`). Nothing else in the worker
branches on a protocol's name: adding one is its module plus one :class:`Protocol` here.

Today: gRPC on grpcio's asyncio server (:mod:`bancada_worker.grpc_server`), and on Starlette
under uvicorn REST/JSON (:mod:`bancada_worker.rest_app`), JSON-RPC 2.0 with jsonrpcserver
(:mod:`bancada_worker.jsonrpc_app`) and GraphQL with Ariadne (:mod:`bancada_worker.graphql_app`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from bancada_worker.hosts import GRPCIO, UVICORN, Host


@dataclass(frozen=True)
class Protocol:
    """One protocol of the worker.

    Attributes:
        name: what ``--protocol`` takes and the READY line says.
        module: the module that builds the server, imported when the protocol is served:
            ``create_app(config)`` for :data:`~bancada_worker.hosts.UVICORN`,
            ``create_server(config)`` for :data:`~bancada_worker.hosts.GRPCIO`.
        host: the server the module runs on.
    """

    name: str
    module: str
    host: Host

    def load(self) -> ModuleType:
        """The protocol's module (imported now: its libraries load only for the protocol served)."""
        return importlib.import_module(self.module)


REGISTRY: dict[str, Protocol] = {}


def register(protocol: Protocol) -> None:
    """Add ``protocol`` to the registry (the order of registration is the order of ``--help``).

    Raises:
        ValueError: a protocol of that name is already registered.
    """
    if protocol.name in REGISTRY:
        raise ValueError(f"protocol {protocol.name!r} is registered twice")
    REGISTRY[protocol.name] = protocol


def names() -> list[str]:
    """The registered protocols' names, in registration order."""
    return list(REGISTRY)


def get(name: str) -> Protocol:
    """The registered protocol ``name``.

    Raises:
        KeyError: no protocol of that name (the command line refuses it before).
    """
    return REGISTRY[name]


register(Protocol("grpc", "bancada_worker.grpc_server", GRPCIO))
register(Protocol("rest", "bancada_worker.rest_app", UVICORN))
register(Protocol("jsonrpc", "bancada_worker.jsonrpc_app", UVICORN))
register(Protocol("graphql", "bancada_worker.graphql_app", UVICORN))
