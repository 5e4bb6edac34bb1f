"""A real OpenSSH server for tests: generated keys, absolute paths, loopback or a netns."""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

SSHD = "/usr/sbin/sshd"


def _die_with_parent() -> None:  # in the child, between fork and exec
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def keygen(path: Path, kind: str = "ed25519") -> Path:
    subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-C", "bancada-test", "-f", str(path)], check=True)
    return path


def wait_port(address: str, port: int, timeout_s: float = 10.0, netns: str | None = None) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((address, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"sshd did not listen on {address}:{port}")


class Sshd:
    """``sshd -D`` in the foreground as our child; ``stop()`` ends it (and its sessions) by pid."""

    def __init__(
        self,
        folder: Path,
        user_pub: Path,
        *,
        address: str = "127.0.0.1",
        port: int | None = None,
        host_key: Path | None = None,
        netns: str | None = None,
        launch: Callable[[list[str]], tuple[list[str], dict[str, str]]] | None = None,
    ) -> None:
        """``launch`` turns sshd's command into the command (and environment) that starts it, e.g.
        inside a lab host's namespaces (:mod:`tests.ssh.lab_host`)."""
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder.resolve()
        self.address = address
        self.port = port or free_port()
        self.host_key = host_key or keygen(self.folder / "ssh_host_ed25519_key")
        self.netns = netns
        auth = self.folder / "authorized_keys"
        auth.write_text(user_pub.read_text())
        auth.chmod(0o600)
        Path("/run/sshd").mkdir(parents=True, exist_ok=True)
        self.config = self.folder / "sshd_config"
        self.pidfile = self.folder / "sshd.pid"
        self.log = self.folder / "sshd.log"
        self.config.write_text(
            "\n".join(
                [
                    f"ListenAddress [{address}]:{self.port}"
                    if ":" in address
                    else f"ListenAddress {address}:{self.port}",
                    f"HostKey {self.host_key}",
                    f"AuthorizedKeysFile {auth}",
                    f"PidFile {self.pidfile}",
                    "PermitRootLogin prohibit-password",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "UsePAM no",
                    "StrictModes no",
                    "AllowTcpForwarding yes",
                    "Subsystem sftp internal-sftp",
                    "MaxSessions 50",
                    "MaxStartups 50",
                    "LogLevel VERBOSE",
                    "",
                ]
            )
        )
        argv = [SSHD, "-D", "-e", "-f", str(self.config), "-E", str(self.log)]
        env = None
        if netns:
            argv = ["ip", "netns", "exec", netns, *argv]
        if launch:
            argv, env = launch(argv)
        # sshd dies with the test process even when pytest is killed (PR_SET_PDEATHSIG, as LocalHost does)
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
            env=env,
        )
        try:
            wait_port(address, self.port)
        except RuntimeError:
            self.stop()
            raise RuntimeError(f"sshd did not start: {self.log.read_text() if self.log.exists() else ''}") from None

    def session_pids(self) -> list[int]:
        """Pids of the per-connection sshd processes (children of the listener)."""
        out = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    status = (entry / "status").read_text()
                except OSError:
                    continue
                ppid = int(status.split("PPid:")[1].split()[0])
                if ppid == self.proc.pid and "sshd" in status.split("\n", 1)[0]:
                    out.append(int(entry.name))
        return out

    def kill_sessions(self) -> list[int]:
        pids = self.session_pids()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return pids

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        for pid in self.session_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def worker_processes(workdir: str) -> list[tuple[int, str]]:
    """Live (non-zombie) processes whose command line runs an artifact (or a bundle's worker) from ``workdir``."""
    found = []
    markers = (workdir.rstrip("/") + "/artifacts/", workdir.rstrip("/") + "/bundles/")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            state = [ln for ln in (entry / "status").read_text().splitlines() if ln.startswith("State:")]
        except OSError:
            continue
        if any(m in cmd for m in markers) and state and "Z" not in state[0].split()[1]:
            found.append((int(entry.name), cmd.strip()))
    return found
