"""A driver process on an SSH host, streaming its frames back over the SSH channel.

The native driver is a static binary that needs only stdin and stdout
(docs/driver-protocol.md), so it is deployed like a worker artifact and run
with ``exec`` on a session channel. :class:`RemoteDriverProcess` offers the
part of :class:`subprocess.Popen` the runner uses (``stdin``, ``stdout``,
``stderr``, ``poll``, ``wait``, ``terminate``), so the runner treats a local and
a remote driver alike. The first line on stdout is ``PID <n>`` (written by the
shell before it ``exec``s the driver); the frames follow.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import subprocess
import time

import paramiko

from bancada.hosts.ssh_exec import HostError, active_transport, q, run_script


class ChannelOutput:
    """An SSH channel's stdout as the frame reader wants it: ``read1`` returns the bytes that
    have arrived (one ``recv``) instead of waiting for a whole buffer, as a pipe's does."""

    def __init__(self, chan: paramiko.Channel) -> None:
        self.chan = chan
        self._buf = b""

    def read1(self, n: int = 1 << 16) -> bytes:
        if self._buf:
            out, self._buf = self._buf[:n], self._buf[n:]
            return out
        return self.chan.recv(n)

    def readline(self) -> bytes:
        while b"\n" not in self._buf:
            data = self.chan.recv(1 << 16)
            if not data:
                break
            self._buf += data
        line, sep, self._buf = self._buf.partition(b"\n")
        return line + sep


class RemoteDriverProcess:
    """The native driver running on an SSH host (a Popen-like handle)."""

    def __init__(
        self,
        client: paramiko.SSHClient,
        remote_binary: str,
        host: str,
        timeout_s: float = 30.0,
        prefix: list[str] | None = None,
    ) -> None:
        transport = active_transport(client, host)
        self.client = client
        self.host = host
        self.chan = transport.open_session(timeout=timeout_s)
        command = " ".join(q(a) for a in [*(prefix or []), remote_binary])  # prefix: nice/taskset (placement)
        self.chan.exec_command("sh -c " + q(f"echo PID $$; exec {command}"))
        self.stdin = self.chan.makefile_stdin("wb")
        self.stdout = ChannelOutput(self.chan)
        self.stderr = self.chan.makefile_stderr("rb")
        first = self.stdout.readline().decode("ascii", "replace").split()
        if len(first) != 2 or first[0] != "PID" or not first[1].isdigit():
            self.chan.close()
            raise HostError(
                translate("Hosts", "{host}: the driver did not start (got {names!r})").format(
                    host=host, names=" ".join(first)
                )
            )
        self.pid = int(first[1])
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and self.chan.exit_status_ready():
            self.returncode = self.chan.recv_exit_status()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if self.chan.closed and not self.chan.exit_status_ready():
                self.returncode = -1  # the connection dropped: the exit status is lost
                break
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(
                    translate("Hosts", "driver on {host}").format(host=self.host), timeout or 0.0
                )
            time.sleep(0.02)
        self.chan.close()
        return self.returncode  # type: ignore[return-value]

    def terminate(self) -> None:
        """SIGTERM the remote driver: it stops after the requests in flight and says ``done``."""
        if self.poll() is None:
            try:
                run_script(self.client, f"kill -TERM {self.pid} 2>/dev/null || true", 10, self.host)
            except HostError:
                self.chan.close()

    kill = terminate
