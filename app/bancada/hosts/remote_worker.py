"""A worker started on an SSH host, and the optional SSH tunnel to it.

:meth:`RemoteWorker.alive` is cheap: it reads a flag that the host's monitor
thread refreshes about once a second, and the transport's ``is_active()``.
"""

from __future__ import annotations

import logging
import select
import socket
import threading

from typing import Protocol

import paramiko

from bancada.core.addresses import join_host_port
from bancada.hosts.knownhosts import HostError
from bancada.hosts.ssh_exec import STOP, HostDisconnected, q, run_script, with_env

log = logging.getLogger(__name__)

TUNNEL_WARNING = (
    "the worker's port is not reachable directly, so the driver reaches it through an SSH tunnel: "
    "the tunnel's encryption and forwarding are in every measured latency"
)


class WorkerSession(Protocol):
    """What a remote worker needs of its SSH host (:class:`bancada.hosts.ssh_host.SshHost`): the
    connection, the host's name and working folder, and a way to be forgotten once stopped."""

    client: paramiko.SSHClient
    name: str
    workdir: str

    def connected(self) -> bool: ...

    def forget(self, worker: RemoteWorker) -> None: ...


class RemoteWorker:
    """One worker process on an SSH host (its own process group)."""

    def __init__(
        self, host: WorkerSession, implementation: str, pid: int, address: str, port: int, log_path: str, pid_path: str
    ) -> None:
        self.host = host
        self.implementation = implementation
        self.pid = pid
        self.address = address
        self.port = port
        self.remote_port = port
        self.log_path = log_path
        self.pid_path = pid_path
        self.warning = ""
        self.tunnel: Tunnel | None = None
        self._alive = True
        self._stopped = False
        self._last_tail = ""

    @property
    def target(self) -> str:
        return join_host_port(self.address, self.port)

    def alive(self) -> bool:
        """False once the process is gone or the SSH connection dropped (cheap: no I/O)."""
        return self._alive and not self._stopped and self.host.connected()

    def stop(self, timeout_s: float = 5.0) -> int | None:
        """SIGTERM the process group, SIGKILL after ``timeout_s``; remove the pidfile.

        Returns None (a remote exit code is not known). With the connection gone,
        returns at once: the worker is left for the next connect's clean-up.
        """
        if self.tunnel:
            self.tunnel.close()
        if self._stopped:
            return None
        self._last_tail = self.log_tail(10) if self.host.connected() else self._last_tail
        self._stopped = True
        if not self.host.connected():
            return None
        try:
            run_script(
                self.host.client,
                with_env(
                    STOP, W=self.host.workdir, PID=self.pid, PIDF=self.pid_path, TENTHS=max(1, int(timeout_s * 10))
                ),
                timeout_s + 15,
                self.host.name,
            )
        except HostError as exc:
            log.warning("stopping %s on %s: %s", self.implementation, self.host.name, exc)
        self.host.forget(self)
        return None

    def log_tail(self, lines: int = 20) -> str:
        if not self.host.connected():
            return (
                self._last_tail + "\n" if self._last_tail else ""
            ) + f"(the SSH connection to {self.host.name} dropped; the worker is left for the next connect's clean-up)"
        try:
            _, out, _ = run_script(self.host.client, f"tail -n {int(lines)} -- {q(self.log_path)}", 15, self.host.name)
            return out.rstrip("\n")
        except HostError as exc:
            return str(exc)


def port_reachable(address: str, port: int, timeout_s: float = 3.0) -> bool:
    """Whether a TCP connection from here to ``address:port`` opens."""
    try:
        with socket.create_connection((address, port), timeout=timeout_s):
            return True
    except OSError:
        return False


class Tunnel:
    """A local port forwarded through the SSH transport to ``remote_host:remote_port`` (direct-tcpip)."""

    def __init__(self, transport: paramiko.Transport, remote_host: str, remote_port: int) -> None:
        self.transport = transport
        self.remote = (remote_host, remote_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self._closed = threading.Event()
        threading.Thread(target=self._accept, daemon=True, name="bancada-tunnel").start()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                conn, peer = self.listener.accept()
            except OSError:
                return
            try:
                chan = self.transport.open_channel("direct-tcpip", self.remote, peer, timeout=10)
            except (paramiko.SSHException, OSError):
                conn.close()
                continue
            threading.Thread(target=self._pump, args=(conn, chan), daemon=True).start()

    def _pump(self, conn: socket.socket, chan: paramiko.Channel) -> None:
        ends: list[socket.socket | paramiko.Channel] = [conn, chan]
        try:
            while not self._closed.is_set():
                r, _, _ = select.select(ends, [], [], 0.5)
                if conn in r:
                    data = conn.recv(65536)
                    if not data:
                        break
                    chan.sendall(data)
                if chan in r:
                    data = chan.recv(65536)
                    if not data:
                        break
                    conn.sendall(data)
        except (OSError, EOFError, paramiko.SSHException):
            pass  # either end went away (a dropped SSH transport raises EOFError): the tunnel's
            # connection ends, the worker's client sees it closed
        finally:
            try:
                chan.close()
            except (OSError, EOFError, paramiko.SSHException):
                pass  # the transport is already gone
            conn.close()

    def close(self) -> None:
        self._closed.set()
        self.listener.close()


__all__ = ["RemoteWorker", "Tunnel", "TUNNEL_WARNING", "HostDisconnected", "port_reachable"]
