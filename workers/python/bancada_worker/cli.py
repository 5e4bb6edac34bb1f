"""The worker's command line, the same as every Bancada worker's::

    python -m bancada_worker --protocol grpc|rest|jsonrpc|graphql [--bind 127.0.0.1] [--port 0]
                             [--delay-us 0] [--max-message-mib 128] [--db-pool-size 10] [--version]

The database methods of seed 001 use the PostgreSQL database named by the environment
variable ``BANCADA_DATABASE_URL`` (a libpq URI), with at most ``--db-pool-size``
connections; with the variable set the worker checks one connection before READY.

Once the port accepts connections it prints exactly one line on stdout,
``READY {"implementation":"python-rest","protocol":"rest","bind":"127.0.0.1","port":43121,"pid":1234}``,
and logs to stderr. SIGTERM or SIGINT stop it gracefully (connections get
:data:`STOP_GRACE_S` to finish) with exit status 0. Exit status 1: could not
listen (a port in use is named on stderr) or serve; 2: bad arguments, or a
BANCADA_DATABASE_URL that is not a PostgreSQL URI or whose database cannot be reached
(one line naming host, port and database, never the password).
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import json
import logging
import os
import signal
import socket
import sys

from bancada_worker import NAME, VERSION, contract
from bancada_worker.contract import Config
from bancada_worker.database import DEFAULT_POOL_SIZE, ENV_VAR, Database, DatabaseConfigError

PROTOCOLS = ["grpc", "rest", "jsonrpc", "graphql"]
STOP_GRACE_S = 5.0
KEEP_ALIVE_S = 75  # idle keep-alive connections stay open (a driver reuses them across blocks)

log = logging.getLogger("bancada-worker")


class ListenError(Exception):
    """The worker cannot listen on the asked address and port (message for stderr)."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="bancada-worker-python", description="Bancada's Python worker")
    p.add_argument("--protocol", choices=PROTOCOLS, help="protocol to serve (required)")
    p.add_argument("--bind", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=int, default=0, help="TCP port; 0 picks a free one")
    p.add_argument("--delay-us", type=int, default=0, help="fixed delay inside each Ping/Select/Echo handler, µs")
    p.add_argument(
        "--max-message-mib",
        type=int,
        default=contract.DEFAULT_MAX_MESSAGE_MIB,
        help="request size limit (gRPC: receive and send), MiB",
    )
    p.add_argument(
        "--db-pool-size",
        type=int,
        default=DEFAULT_POOL_SIZE,
        help=f"most connections of the database pool (the database: {ENV_VAR})",
    )
    p.add_argument("--version", action="store_true", help="print the version and exit")
    args = p.parse_args(argv)
    if args.version:
        return args
    if args.protocol is None:
        p.error(f"--protocol is required ({', '.join(PROTOCOLS)})")
    if not 0 <= args.port <= 65535:
        p.error(f"--port {args.port} out of range 0..65535")
    if args.delay_us < 0:
        p.error(f"--delay-us must be >= 0, got {args.delay_us}")
    if not 1 <= args.max_message_mib <= 2047:
        p.error(f"--max-message-mib must be in 1..2047, got {args.max_message_mib}")
    if args.db_pool_size < 1:
        p.error(f"--db-pool-size must be at least 1, got {args.db_pool_size}")
    return args


def _listen_failure(bind: str, port: int, exc: BaseException | None) -> ListenError:
    in_use = isinstance(exc, OSError) and exc.errno == errno.EADDRINUSE
    if exc is None or not isinstance(exc, OSError):  # gRPC does not say why: find out with a plain bind
        in_use = _port_in_use(bind, port)
    if in_use:
        return ListenError(f"port {port} already in use on {bind}")
    return ListenError(f"cannot listen on port {port} of {bind}: {exc or 'bind failed'}")


def _port_in_use(bind: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((bind, port))
        except OSError as exc:
            return exc.errno == errno.EADDRINUSE
    return False


def listen_socket(bind: str, port: int) -> socket.socket:
    """A listening TCP socket on ``bind``:``port`` (SO_REUSEADDR, as Go's and Java's servers set it).

    Raises:
        ListenError: naming the port.
    """
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bind, port))
        sock.listen(1024)
    except OSError as exc:
        sock.close()
        raise _listen_failure(bind, port, exc) from None
    sock.set_inheritable(False)
    return sock


def ready_line(protocol: str, bind: str, port: int) -> str:
    """The READY line (without newline); field order is the documented one."""
    fields = {
        "implementation": f"{NAME}-{protocol}",
        "protocol": protocol,
        "bind": bind,
        "port": port,
        "pid": os.getpid(),
    }
    return "READY " + json.dumps(fields, separators=(",", ":"))


def announce(protocol: str, bind: str, port: int, config: Config) -> None:
    print(ready_line(protocol, bind, port), flush=True)
    log.info(
        "%s-%s serving on %s port %d (limit %d MiB, delay %g µs, %s)",
        NAME,
        protocol,
        bind,
        port,
        config.max_message_bytes >> 20,
        config.delay_s * 1e6,
        _database_note(config.database),
    )


def _database_note(database: Database) -> str:
    if database.description is None:
        return f"no database: {ENV_VAR} not set"
    return f"{database.description}, pool of {database.pool_size}"


async def serve(protocol: str, bind: str, port: int, config: Config) -> None:
    """Open the database pool (checking one connection), serve ``protocol``, close the pool.

    Raises:
        DatabaseConfigError: the database cannot be reached.
        ListenError: the port cannot be bound.
    """
    await config.database.open()
    try:
        if protocol == "grpc":
            await serve_grpc(protocol, bind, port, config)
        else:
            await serve_http(protocol, bind, port, config)
    finally:
        await config.database.close()


async def serve_http(protocol: str, bind: str, port: int, config: Config) -> None:
    """Serve REST, JSON-RPC or GraphQL under uvicorn on a socket bound here, until SIGTERM/SIGINT."""
    import uvicorn

    if protocol == "rest":
        from bancada_worker.rest_app import create_app
    elif protocol == "jsonrpc":
        from bancada_worker.jsonrpc_app import create_app
    else:
        from bancada_worker.graphql_app import create_app

    sock = listen_socket(bind, port)
    uv_config = uvicorn.Config(
        create_app(config),
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
    announce(protocol, bind, sock.getsockname()[1], config)
    await serving  # returns after a graceful stop on SIGTERM/SIGINT (uvicorn's own handlers)
    log.info("stopped")


async def serve_grpc(protocol: str, bind: str, port: int, config: Config) -> None:
    """Serve gRPC on grpcio's asyncio server until SIGTERM/SIGINT."""
    from bancada_worker.grpc_server import create_server

    server = create_server(config)
    address = f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"
    try:
        bound = server.add_insecure_port(address)
    except RuntimeError as exc:
        raise _listen_failure(bind, port, exc) from None
    if bound == 0:
        raise _listen_failure(bind, port, None)
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    announce("grpc", bind, bound, config)
    await stop.wait()
    log.info("stopping (grace %g s)", STOP_GRACE_S)
    await server.stop(STOP_GRACE_S)
    log.info("stopped")


def _new_loop(protocol: str) -> asyncio.AbstractEventLoop:
    if protocol != "grpc":  # uvloop (libuv) is what uvicorn runs on when it is installed
        import uvloop

        return uvloop.new_event_loop()
    return asyncio.new_event_loop()  # grpcio's asyncio server supports the standard loop


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.version:
        print(f"bancada-worker-python {VERSION} ({contract.runtime()})")
        return 0
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s bancada-worker-python: %(message)s")
    try:
        database = Database(
            os.environ.get(ENV_VAR) or None, args.db_pool_size, f"bancada-worker-{NAME}-{args.protocol}"
        )
    except DatabaseConfigError as exc:
        print(f"bancada-worker-python: {exc}", file=sys.stderr)
        return 2
    config = Config(delay_s=args.delay_us / 1e6, max_message_bytes=args.max_message_mib << 20, database=database)
    # uvicorn restores the handlers it found and re-raises the signal it stopped on:
    # a handler that ignores it turns that re-raise into a plain exit 0.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: None)
    loop = _new_loop(args.protocol)
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(serve(args.protocol, args.bind, args.port, config))
    except ListenError as exc:
        print(f"bancada-worker-python: {exc}", file=sys.stderr)
        return 1
    except DatabaseConfigError as exc:
        print(f"bancada-worker-python: {exc}", file=sys.stderr)
        return 2
    finally:
        loop.close()
    return 0
