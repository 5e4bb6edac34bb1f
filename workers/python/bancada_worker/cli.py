"""The worker's command line, the same as every Bancada worker's::

    python -m bancada_worker --protocol NAME [--bind 127.0.0.1] [--port 0]
                             [--delay-us 0] [--max-message-mib 128] [--db-pool-size 10] [--version]

The database methods of seed 001 use the PostgreSQL database named by the environment
variable ``BANCADA_DATABASE_URL`` (a libpq URI), with at most ``--db-pool-size``
connections; with the variable set the worker checks one connection before READY.

Once the port accepts connections it prints exactly one line on stdout,
``READY {"implementation":"python-rest","protocol":"rest","bind":"127.0.0.1","port":43121,"pid":1234}``,
and logs to stderr. The protocols (``--protocol``'s names) are :mod:`bancada_worker.protocols`'.
SIGTERM or SIGINT stop it gracefully (connections get :data:`~bancada_worker.hosts.STOP_GRACE_S`
to finish) with exit status 0. Exit status 1: could not listen (a port in use is named on
stderr) or serve; 2: bad arguments, or a
BANCADA_DATABASE_URL that is not a PostgreSQL URI or whose database cannot be reached
(one line naming host, port and database, never the password).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys

from bancada_worker import NAME, VERSION, contract, protocols
from bancada_worker.command_line import check_common
from bancada_worker.contract import Config
from bancada_worker.database import DEFAULT_POOL_SIZE, ENV_VAR, Database, DatabaseConfigError
from bancada_worker.listening import ListenError, ready_line
from bancada_worker.protocols import Protocol

log = logging.getLogger("bancada-worker")


def parse_args(argv: list[str]) -> argparse.Namespace:
    names = protocols.names()
    p = argparse.ArgumentParser(prog="bancada-worker-python", description="Bancada's Python worker")
    p.add_argument("--protocol", choices=names, help="protocol to serve (required)")
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
    check_common(p, args, names)
    if args.db_pool_size < 1:
        p.error(f"--db-pool-size must be at least 1, got {args.db_pool_size}")
    return args


def announce(protocol: str, bind: str, port: int, config: Config) -> None:
    print(ready_line(NAME, protocol, bind, port), flush=True)
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


async def serve(protocol: Protocol, bind: str, port: int, config: Config) -> None:
    """Open the database pool (checking one connection), serve ``protocol`` on its host, close the pool.

    Raises:
        DatabaseConfigError: the database cannot be reached.
        ListenError: the port cannot be bound.
    """
    await config.database.open()
    try:
        module = protocol.load()
        await protocol.host.serve(
            module, bind, port, config, lambda bound: announce(protocol.name, bind, bound, config)
        )
    finally:
        await config.database.close()


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
    protocol = protocols.get(args.protocol)
    loop = protocol.host.new_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(serve(protocol, args.bind, args.port, config))
    except ListenError as exc:
        print(f"bancada-worker-python: {exc}", file=sys.stderr)
        return 1
    except DatabaseConfigError as exc:
        print(f"bancada-worker-python: {exc}", file=sys.stderr)
        return 2
    finally:
        loop.close()
    return 0
