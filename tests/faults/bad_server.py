"""A REST server that misbehaves on purpose, for the fault suite.

It speaks enough HTTP/1.1 for the contract's ``GET /v1/ping`` (keep-alive,
``Server-Timing``) and, on every ``every``-th request, does one of:

- ``slow``: answers after ``delay_s`` (past the client's timeout);
- ``close``: sends the status line and half the headers, then closes the connection;
- ``garbage``: sends bytes that are not HTTP, then closes;
- ``reset``: closes the connection with a TCP reset (SO_LINGER 0) without answering.

Loopback only; it stops with :meth:`close`.
"""

from __future__ import annotations

import socket
import struct
import threading
import time

OK = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nServer-Timing: app;dur=0.010\r\nContent-Length: 2\r\n\r\n{}"
MODES = ("slow", "close", "garbage", "reset")


class BadServer:
    """Serve on 127.0.0.1 (a free port); ``address`` is ``host:port``."""

    def __init__(self, mode: str, every: int = 10, delay_s: float = 2.0) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")
        self.mode, self.every, self.delay_s = mode, every, delay_s
        self.count = 0
        self.misbehaved = 0
        self._lock = threading.Lock()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(64)
        self._stop = threading.Event()
        self.address = f"127.0.0.1:{self._sock.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        buf = b""
        with conn:
            while not self._stop.is_set():
                while b"\r\n\r\n" not in buf:
                    try:
                        chunk = conn.recv(65536)
                    except OSError:
                        return
                    if not chunk:
                        return
                    buf += chunk
                head, _, buf = buf.partition(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value.strip() or 0)
                while len(buf) < length:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buf += chunk
                buf = buf[length:]
                with self._lock:
                    self.count += 1
                    bad = self.count % self.every == 0
                    self.misbehaved += bad
                try:
                    if not bad:
                        conn.sendall(OK)
                    elif self.mode == "slow":
                        time.sleep(self.delay_s)
                        conn.sendall(OK)
                    elif self.mode == "close":
                        conn.sendall(OK[:40])
                        return
                    elif self.mode == "garbage":
                        conn.sendall(b"\x00\xffnot http at all\r\n\r\n")
                        return
                    else:  # reset
                        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                        return
                except OSError:
                    return

    def close(self) -> None:
        self._stop.set()
        self._sock.close()
