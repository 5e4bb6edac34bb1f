"""The Flask worker's command line, the same as every Bancada worker's (REST only)::

    python3 -m bancada_flask --protocol rest [--bind 127.0.0.1] [--port 0] [--delay-us 0]
                             [--max-message-mib 128] [--version]

Serves on gevent's ``pywsgi.WSGIServer`` (HTTP/1.1 keep-alive, one process, greenlets). Once
listening it prints ``READY {...}``; SIGTERM or SIGINT stop it (connections get
:data:`STOP_GRACE_S`) with exit status 0. Exit 1: cannot listen (a port in use is named); 2: bad
arguments.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys

from bancada_flask import NAME, VERSION
from bancada_worker import contract
from bancada_worker.listening import ListenError, listen_socket, ready_line
from bancada_worker.command_line import check_common
from bancada_worker.contract import Config

STOP_GRACE_S = 5.0
log = logging.getLogger("bancada-worker-flask")


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="bancada-worker-flask", description="Bancada's Flask worker")
    p.add_argument("--protocol", choices=["rest"], help="protocol to serve (rest)")
    p.add_argument("--bind", default="127.0.0.1")
    p.add_argument("--port", type=int, default=0, help="TCP port; 0 picks a free one")
    p.add_argument("--delay-us", type=int, default=0, help="fixed delay inside Ping/Select/Echo, µs")
    p.add_argument("--max-message-mib", type=int, default=contract.DEFAULT_MAX_MESSAGE_MIB)
    p.add_argument("--version", action="store_true")
    args = p.parse_args(argv)
    if args.version:
        return args
    check_common(p, args, ["rest"])
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.version:
        print(f"bancada-worker-flask {VERSION} ({contract.runtime()})")
        return 0
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s bancada-worker-flask: %(message)s")
    import gevent
    from gevent.pywsgi import WSGIServer

    from bancada_flask.app import create_app

    config = Config(delay_s=args.delay_us / 1e6, max_message_bytes=args.max_message_mib << 20)
    try:
        sock = listen_socket(args.bind, args.port)
    except ListenError as exc:
        print(f"bancada-worker-flask: {exc}", file=sys.stderr)
        return 1
    import gevent.socket

    listener = gevent.socket.socket(sock.family, sock.type, fileno=sock.detach())  # cooperative accept
    server = WSGIServer(listener, create_app(config), log=None, error_log=log)
    server.start()
    port = listener.getsockname()[1]
    for sig in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(sig, lambda: gevent.spawn(server.stop, STOP_GRACE_S))
    print(ready_line(NAME, "rest", args.bind, port), flush=True)
    log.info("%s-rest serving on %s port %d", NAME, args.bind, port)
    server.serve_forever()
    log.info("stopped")
    return 0
