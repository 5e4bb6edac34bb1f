"""Locust's master and workers as child processes of the locust driver.

Each child gets ``PR_SET_PDEATHSIG`` (SIGKILL): when the driver ends, however it ends, no Locust
process is left behind. Their output goes to log files in the run's folder; a failure quotes their tails.
"""

from __future__ import annotations

import ctypes
import os
import re
import signal
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path

from bancada.core.i18n import translate
from bancada.drivers.job import JobError
from bancada.drivers.locust import MIN_LOCUST_VERSION

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # between fork and exec: one prctl, nothing else
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on ``host`` now (the kernel's choice)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def parse_version(text: str) -> tuple[int, ...] | None:
    """``(2, 47, 0)`` from ``locust --version``'s "locust 2.47.0 from ..." (None when absent)."""
    m = re.search(r"locust\s+(\d+)\.(\d+)(?:\.(\d+))?", text)
    return tuple(int(g) for g in m.groups() if g is not None) if m else None


def check_version(text: str, where: str) -> tuple[int, ...]:
    """The Locust version ``locust --version`` printed on ``where``.

    Raises:
        JobError: no version in the text, or older than :data:`MIN_LOCUST_VERSION`.
    """
    version = parse_version(text)
    need = ".".join(map(str, MIN_LOCUST_VERSION))
    if version is None:
        raise JobError(
            translate("Locust", "Locust is not installed on {where} (expected Locust {need} or newer): {text}").format(
                where=where, need=need, text=text.strip()[:200]
            )
        )
    if version[:2] < MIN_LOCUST_VERSION:
        raise JobError(
            translate(
                "Locust",
                "Locust {found} on {where} is too old: the locust driver needs {need} or newer "
                "(its request event and worker messages)",
            ).format(found=".".join(map(str, version)), where=where, need=need)
        )
    return version


class LocustProcesses:
    """One Locust run's processes: the master (headless) and the local workers.

    ``launcher``: the command that runs Locust (``workers/locust/.venv/bin/bancada-locust``);
    ``folder``: where the locustfile is and the logs go.
    """

    def __init__(self, launcher: list[str], locustfile: Path, folder: Path) -> None:
        # a launcher given by a relative path is found from here, not from the run's folder (the cwd)
        self.launcher = [str(Path(launcher[0]).resolve()) if "/" in launcher[0] else launcher[0], *launcher[1:]]
        self.locustfile = locustfile
        self.folder = folder
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []

    def _start(self, name: str, args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
        log = open(self.folder / f"{name}.log", "wb")  # noqa: SIM115 - the child keeps it
        try:
            proc = subprocess.Popen(
                [*self.launcher, "-f", str(self.locustfile), *args],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **env},
                preexec_fn=_die_with_parent,
                cwd=self.folder,
            )
        finally:
            log.close()
        self.procs.append((name, proc))
        return proc

    def start_master(
        self, bind_host: str, port: int, workers: int, users: int, spawn_rate: float, sink: str, wait_s: float
    ) -> subprocess.Popen[bytes]:
        """Start the headless master on ``bind_host:port``, waiting ``wait_s`` s for ``workers`` workers."""
        args = ["--master", "--headless", "--master-bind-host", bind_host, "--master-bind-port", str(port)]
        args += ["--expect-workers", str(workers), "--expect-workers-max-wait", f"{wait_s:g}"]
        args += ["-u", str(users), "-r", f"{spawn_rate:g}", "--only-summary", "--exit-code-on-error", "0"]
        return self._start("master", args, {"BANCADA_LOCUST_SINK": sink})

    def start_worker(self, index: int, master_host: str, port: int) -> subprocess.Popen[bytes]:
        """Start local worker ``index``, connecting to ``master_host:port``."""
        args = ["--worker", "--master-host", master_host, "--master-port", str(port)]
        return self._start(f"worker{index}", args, {"BANCADA_LOAD_HOST": socket.gethostname()})

    def log_tail(self, name: str, lines: int = 8) -> str:
        """The last ``lines`` lines of a process's log ("" when none)."""
        path = self.folder / f"{name}.log"
        if not path.exists():
            return ""
        return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])

    def stop(self, grace_s: float = 3.0, on_each: Callable[[str, int | None], None] | None = None) -> None:
        """End every process (SIGTERM, then SIGKILL after ``grace_s``) and reap it."""
        for _, proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for name, proc in self.procs:
            try:
                code: int | None = proc.wait(grace_s)
            except subprocess.TimeoutExpired:
                proc.kill()
                code = proc.wait()
            if on_each is not None:
                on_each(name, code)
