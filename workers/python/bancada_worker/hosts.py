"""The two servers a protocol's module runs on: uvicorn for an ASGI application (the module's
``create_app(config)``) and grpcio's asyncio server (the module's ``create_server(config)``).
Each serves until SIGTERM or SIGINT, then stops gracefully (connections get
:data:`STOP_GRACE_S`); ``announce(port)`` is called once the port accepts connections.
:mod:`bancada_worker.protocols` says which protocol runs on which."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import ModuleType

from bancada_worker.contract import Config
from bancada_worker.listening import ListenError, listen_failure, listen_socket

STOP_GRACE_S = 5.0
KEEP_ALIVE_S = 75  # idle keep-alive connections stay open (a driver reuses them across blocks)

log = logging.getLogger("bancada-worker")

Announce = Callable[[int], None]


@dataclass(frozen=True)
class Host:
    """A server that runs a protocol's module.

    Attributes:
        serve: ``serve(module, bind, port, config, announce)``: serve until a stop signal.
            Raises ListenError: the port cannot be bound.
        new_loop: the event loop it runs on.
    """

    serve: Callable[[ModuleType, str, int, Config, Announce], Awaitable[None]]
    new_loop: Callable[[], asyncio.AbstractEventLoop]


async def serve_asgi(module: ModuleType, bind: str, port: int, config: Config, announce: Announce) -> None:
    """Serve ``module.create_app(config)`` under uvicorn on a socket bound here, until SIGTERM/SIGINT."""
    import uvicorn

    sock = listen_socket(bind, port)
    uv_config = uvicorn.Config(
        module.create_app(config),
        loop="none",
        http="httptools",
        lifespan="off",
        access_log=False,
        log_level="warning",
        server_header=False,
        timeout_keep_alive=KEEP_ALIVE_S,
        timeout_graceful_shutdown=int(STOP_GRACE_S),
    )
    server = uvicorn.Server(uv_config)
    serving = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started:  # uvicorn has no "started" callback; it sets this once listening
        if serving.done():
            await serving
            raise ListenError(f"uvicorn stopped before serving on port {sock.getsockname()[1]} of {bind}")
        await asyncio.sleep(0.005)
    announce(sock.getsockname()[1])
    await serving  # returns after a graceful stop on SIGTERM/SIGINT (uvicorn's own handlers)
    log.info("stopped")


async def serve_grpc(module: ModuleType, bind: str, port: int, config: Config, announce: Announce) -> None:
    """Serve ``module.create_server(config)`` (grpcio's asyncio server) until SIGTERM/SIGINT."""
    server = module.create_server(config)
    address = f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"
    try:
        bound = server.add_insecure_port(address)
    except RuntimeError as exc:
        raise listen_failure(bind, port, exc) from None
    if bound == 0:
        raise listen_failure(bind, port, None)
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    announce(bound)
    await stop.wait()
    log.info("stopping (grace %g s)", STOP_GRACE_S)
    await server.stop(STOP_GRACE_S)
    log.info("stopped")


def _uvloop() -> asyncio.AbstractEventLoop:
    import uvloop  # libuv: what uvicorn runs on when it is installed

    return uvloop.new_event_loop()


UVICORN = Host(serve_asgi, _uvloop)
GRPCIO = Host(serve_grpc, asyncio.new_event_loop)  # grpcio's asyncio server supports the standard loop
