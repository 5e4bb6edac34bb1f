"""The listening socket and the READY line every Python-hosted worker prints (this worker's
servers and the Flask worker's): the port checks, their one-line errors, the line's fields.
Imports nothing of the worker but its name, so a worker on another interpreter (the Flask
worker on Debian's Python, without this worker's libraries) can use it."""

from __future__ import annotations

import errno
import json
import os
import socket


class ListenError(Exception):
    """The worker cannot listen on the asked address and port (message for stderr)."""


def listen_failure(bind: str, port: int, exc: BaseException | None) -> ListenError:
    """The ListenError for a failed bind: "already in use" when the port is taken (found out
    with a plain bind when the server does not say why), else the reason."""
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
        raise listen_failure(bind, port, exc) from None
    sock.set_inheritable(False)
    return sock


def ready_line(name: str, protocol: str, bind: str, port: int) -> str:
    """The READY line (without newline) of worker ``name`` serving ``protocol``; field order is
    the documented one (implementation, protocol, bind, port, pid)."""
    fields = {
        "implementation": f"{name}-{protocol}",
        "protocol": protocol,
        "bind": bind,
        "port": port,
        "pid": os.getpid(),
    }
    return "READY " + json.dumps(fields, separators=(",", ":"))
