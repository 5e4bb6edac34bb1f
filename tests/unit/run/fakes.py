"""Fakes at the runner's typed boundaries: a Host and its WorkerHandles (bancada.hosts.base).

:class:`FakeHost` follows the :class:`~bancada.hosts.base.Host` protocol; its
workers are in-process HTTP servers answering the REST contract's ``Info`` and
``Ping`` (proto/bancada/v1/bench.proto, REST mapping), so the real Python
driver (a real subprocess, opened through a real :class:`LocalHost`) measures
them and the real store keeps the samples. A test kills a worker
(:meth:`FakeWorker.kill`) or drops the host's connection
(:meth:`FakeHost.drop`) and reads what the host was asked to do in
:attr:`FakeHost.calls`.
"""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bancada.core.errors import RunError
from bancada.experiment.manifest import Implementation
from bancada.hosts.local import LocalHost


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path == "/v1/info":
            body = json.dumps(
                {"implementation": "fake", "language": "python", "runtime": "test", "protocol": "rest", "pid": 1}
            ).encode()
        elif self.path == "/v1/ping":
            body = b"{}"
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Server-Timing", "app;dur=0.001")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args) -> None:
        pass


class FakeWorker:
    """A :class:`~bancada.hosts.base.WorkerHandle` serving Info and Ping over HTTP on 127.0.0.1."""

    def __init__(self, implementation: str, warning: str = "") -> None:
        self.implementation = implementation
        self.address = "127.0.0.1"
        self.warning = warning
        self.pid = os.getpid()
        self._server = ThreadingHTTPServer((self.address, 0), _Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self._alive = True
        self.stops = 0

    @property
    def target(self) -> str:
        return f"{self.address}:{self.port}"

    def alive(self) -> bool:
        return self._alive

    def kill(self) -> None:
        """The worker dies: it stops answering and ``alive()`` is False."""
        if self._alive:
            self._alive = False
            self._server.shutdown()
            self._server.server_close()

    def stop(self, timeout_s: float = 5.0) -> int | None:
        self.stops += 1
        was_alive = self._alive
        self.kill()
        return 0 if was_alive else -9

    def log_tail(self, lines: int = 20) -> str:
        return "fake worker log line"


class FakeHost:
    """A :class:`~bancada.hosts.base.Host` whose workers are :class:`FakeWorker` s; drivers run locally."""

    name = "fake"
    address = "127.0.0.1"
    is_local = False  # like an SSH host: its own driver host (a LocalHost) runs the driver

    def __init__(self, root: Path, *, warning: str = "", reconnects: int = 0) -> None:
        self.root = root
        self.warning = warning
        self.workers: list[FakeWorker] = []
        self.calls: list[str] = []
        self._disconnected = False
        self._reconnect_failures = reconnects  # how many reconnect() calls fail before one works
        self._local = LocalHost(root)
        self.on_start = None  # called with each new worker (a test's hook)

    # -- Host protocol --------------------------------------------------------------
    @property
    def disconnected(self) -> bool:
        return self._disconnected

    def reconnect(self) -> list[str]:
        self.calls.append("reconnect")
        if self._reconnect_failures > 0:
            self._reconnect_failures -= 1
            raise RunError("fake: still unreachable")
        self._disconnected = False
        return ["stopped 1 stale worker"]

    def facts(self) -> dict:
        return {"host": "fake"}

    def setup_notice(self, impl: Implementation) -> str:
        return ""

    def setup_done_notice(self, impl: Implementation) -> str:
        return ""

    def can_run(self, impl: Implementation) -> tuple[bool, str]:
        return True, ""

    def start_worker(
        self, impl: Implementation, run_id: str, ready_timeout_s: float = 60.0, placement=None, env=None, extra_args=()
    ):
        self.calls.append(
            f"start {impl.id}" + (f" env {sorted(env)}" if env else "") + "".join(f" {a}" for a in extra_args)
        )
        worker = FakeWorker(impl.id, self.warning)
        self.workers.append(worker)
        if self.on_start is not None:
            self.on_start(worker)
        return worker

    def drivers_available(self) -> list[str]:
        return ["python"]

    def shell(self) -> None:
        return None  # no shell: its workers cannot be CPU-profiled

    def open_driver(self, driver: str, placement=None):
        self.calls.append(f"driver {driver}")
        return self._local.open_driver(driver, placement)

    def close(self) -> None:
        self.calls.append("close")
        for w in self.workers:
            w.stop()

    # -- what a test does ------------------------------------------------------------
    def drop(self) -> None:
        """The connection drops: every worker is gone and ``disconnected`` is True."""
        self._disconnected = True
        for w in self.workers:
            w.kill()
