"""CPU profilers of the workers, one per language, started and stopped around a measured block.

Every profiler works through a shell on the worker's host (:class:`HostShell`: ``sh -c`` on this
computer, the SSH connection on an SSH host), so the same commands serve both:

- Go (worker ``go``): the worker's own runtime/pprof, toggled by SIGUSR2
  (workers/go/cmd/bancada-worker/cpuprofile.go); 100 samples per second.
- Node.js (worker ``node``): V8's sampling profiler through the worker's in-process inspector,
  toggled by SIGUSR2 (workers/node/src/cpuprofile.js); one sample per millisecond.
- Java (workers ``java``, ``java-gson``): Java Flight Recorder through the JDK's ``jcmd``
  (``JFR.start``, ``JFR.stop``), with JFR's default settings (a Java thread sampled every 20 ms).
- Python (workers ``python``, ``flask``): py-spy (PyPI) attached to the worker's process,
  ``--nonblocking`` (it reads the interpreter's memory without pausing it), 100 samples per second.

The signal-driven workers write ``$TMPDIR/bancada-cpu-<pid>/cpu-<n>.<ext>`` (``/tmp`` without
TMPDIR); the profile comes back as base64 over the shell, and the file is removed.
"""

from __future__ import annotations

import base64
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bancada.core.i18n import translate

# How long a stopped profiler may take to write its file (py-spy and JFR write on stop).
WRITE_TIMEOUT_S = 30.0
_WAIT = (
    'i=0; while [ ! -s "$F" ]; do i=$((i+1)); [ "$i" -gt {tenths} ] && exit 3; sleep 0.1; done; '
    'base64 < "$F" && rm -f "$F"'
)


class HostShell(Protocol):
    """Runs one ``sh`` script on the worker's host: (exit status, stdout, stderr)."""

    def run(self, script: str, timeout_s: float = 30.0) -> tuple[int, str, str]: ...


class LocalShell:
    """``sh -c`` on this computer."""

    def run(self, script: str, timeout_s: float = 30.0) -> tuple[int, str, str]:
        try:
            done = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=timeout_s, check=False)
        except subprocess.TimeoutExpired:
            return 124, "", f"timed out after {timeout_s:g} s"
        return done.returncode, done.stdout, done.stderr


@dataclass(frozen=True)
class CpuProfile:
    """One worker's CPU profile over one block, as its tool wrote it.

    ``format`` is one of :func:`bancada.hosts.folded.to_folded`'s (pprof, jfr, folded, cpuprofile);
    ``duration_s`` is the wall time between start and stop (seconds).
    """

    implementation: str
    tool: str
    tool_version: str
    format: str
    data: bytes
    duration_s: float


class ProfilerError(RuntimeError):
    """A profiler that could not start or stop; the message names the implementation and the tool."""


class CpuProfiler:
    """Start/stop one worker's profiler. Subclasses give :meth:`_start` and :meth:`_stop_script`."""

    tool = ""
    format = ""

    def __init__(self, implementation: str, pid: int, shell: HostShell) -> None:
        self.implementation = implementation
        self.pid = pid
        self.shell = shell
        self.count = 0  # profiles started on this worker (the worker numbers its files the same way)
        self.version = ""
        self._started = 0.0

    def _error(self, rc: int, out: str, err: str) -> ProfilerError:
        reason = (err.strip() or out.strip() or f"exit status {rc}").splitlines()[-1][:300]
        return ProfilerError(
            translate("Profiling", "{tool} on {impl}: {reason}").format(
                tool=self.tool, impl=self.implementation, reason=reason
            )
        )

    def _sh(self, script: str, timeout_s: float = 30.0) -> str:
        rc, out, err = self.shell.run(script, timeout_s)
        if rc != 0:
            raise self._error(rc, out, err)
        return out

    def start(self) -> None:
        """Start sampling the worker. Raises :class:`ProfilerError`."""
        self.count += 1
        self._start()
        self._started = time.monotonic()

    def stop(self) -> CpuProfile:
        """Stop sampling; the profile as the tool wrote it. Raises :class:`ProfilerError`."""
        duration_s = time.monotonic() - self._started
        tenths = int(WRITE_TIMEOUT_S * 10)
        rc, out, err = self.shell.run(self._stop_script() + "; " + self._wait_script(tenths), WRITE_TIMEOUT_S + 30)
        if rc == 3:
            raise ProfilerError(
                translate("Profiling", "{tool} on {impl}: no profile written within {s} s of the stop").format(
                    tool=self.tool, impl=self.implementation, s=f"{WRITE_TIMEOUT_S:g}"
                )
            )
        if rc != 0:
            raise self._error(rc, out, err)
        try:
            data = base64.b64decode(out)
        except ValueError:
            data = b""
        if not data and not self.may_be_empty:
            raise ProfilerError(
                translate("Profiling", "{tool} on {impl}: the profile came back empty").format(
                    tool=self.tool, impl=self.implementation
                )
            )
        return CpuProfile(self.implementation, self.tool, self.version, self.format, data, duration_s)

    #: whether an empty file is a profile without samples (py-spy writes nothing for an idle worker)
    may_be_empty = False

    def _wait_script(self, tenths: int) -> str:
        """Shell that waits for "$F", prints it as base64 and removes it (exit 3: not written in time)."""
        return _WAIT.format(tenths=tenths)

    def _start(self) -> None:
        raise NotImplementedError

    def _stop_script(self) -> str:
        raise NotImplementedError


class SignalProfiler(CpuProfiler):
    """A worker that profiles itself on SIGUSR2 (Go, Node.js) and writes ``cpu-<n>.<ext>``."""

    def __init__(self, implementation: str, pid: int, shell: HostShell, tool: str, fmt: str, ext: str) -> None:
        super().__init__(implementation, pid, shell)
        self.tool, self.format, self.ext = tool, fmt, ext

    def _file(self) -> str:
        return f'"${{TMPDIR:-/tmp}}"/bancada-cpu-{self.pid}/cpu-{self.count}.{self.ext}'

    def _start(self) -> None:
        self._sh(f"rm -f {self._file()}; kill -USR2 {self.pid}")

    def _stop_script(self) -> str:
        return f"F={self._file()}; kill -USR2 {self.pid}"


class JfrProfiler(CpuProfiler):
    """Java Flight Recorder through ``jcmd`` (the JDK's, on the worker's host)."""

    tool = "jfr"
    format = "jfr"

    def _name(self) -> str:
        return f"bancada-{self.count}"

    def _start(self) -> None:
        if not self.version:
            out = self._sh(f"jcmd {self.pid} VM.version")
            self.version = next((ln.strip() for ln in out.splitlines() if "version" in ln.lower()), "")[:200]
        self._sh(f"jcmd {self.pid} JFR.start name={self._name()}")

    def _stop_script(self) -> str:
        return (
            f'F="${{TMPDIR:-/tmp}}/bancada-cpu-{self.pid}-{self.count}.jfr"; rm -f "$F"; '
            f'jcmd {self.pid} JFR.stop name={self._name()} filename="$F" >/dev/null'
        )


def local_py_spy() -> str:
    """The py-spy next to this Python (Bancada's environment), else the one on PATH, else ""."""
    here = Path(sys.executable).with_name("py-spy")
    return str(here) if here.exists() else (shutil.which("py-spy") or "")


class PySpyProfiler(CpuProfiler):
    """py-spy attached to the worker (``record --nonblocking --function --format raw``)."""

    tool = "py-spy"
    format = "folded"

    def __init__(self, implementation: str, pid: int, shell: HostShell, py_spy: str) -> None:
        super().__init__(implementation, pid, shell)
        self.py_spy = py_spy
        self._spy_pid = 0

    def _file(self) -> str:
        return f'"${{TMPDIR:-/tmp}}/bancada-cpu-{self.pid}-{self.count}.txt"'

    def _start(self) -> None:
        spy = shlex.quote(self.py_spy)
        if not self.version:
            self.version = self._sh(f"{spy} --version").strip()
        out = self._sh(
            f'F={self._file()}; rm -f "$F"; nohup {spy} record --pid {self.pid} --rate 100 --nonblocking '
            f'--function --format raw -o "$F" >"$F.log" 2>&1 </dev/null & echo $!'
        )
        self._spy_pid = int(out.strip() or 0)

    may_be_empty = True

    def _stop_script(self) -> str:
        return f"F={self._file()}; kill -INT {self._spy_pid}"

    def _wait_script(self, tenths: int) -> str:
        # py-spy writes its file as it exits (a zombie has exited), and writes nothing when it sampled nothing
        return (
            f"i=0; while ps -o stat= -p {self._spy_pid} 2>/dev/null | grep -q '^[^Z]'; do i=$((i+1)); "
            f'[ "$i" -gt {tenths} ] && exit 3; sleep 0.1; done; '
            'touch "$F"; base64 < "$F"; rm -f "$F" "$F.log"'
        )


#: worker name -> (tool, how to check it is there); Go and Node.js need only the worker itself.
PROFILED_WORKERS = {
    "go": "pprof",
    "node": "v8",
    "java": "jfr",
    "java-gson": "jfr",
    "python": "py-spy",
    "flask": "py-spy",
}


def check_profiler(worker: str, shell: HostShell, local: bool) -> str:
    """Why ``worker``'s implementations cannot be profiled on this host ("" when they can).

    Checks the tool is there (jcmd on the host and jfr here for Java; py-spy for Python).
    """
    tool = PROFILED_WORKERS.get(worker)
    if tool is None:
        return translate("Profiling", "no CPU profiler for the {worker} worker yet").format(worker=worker)
    if tool == "jfr":
        if not shutil.which("jfr"):
            return translate("Profiling", "the JDK's jfr tool is not on this computer's PATH")
        if shell.run("command -v jcmd")[0] != 0:
            return translate("Profiling", "the JDK's jcmd is not on the host's PATH")
    if tool == "py-spy":
        found = local_py_spy() if local else shell.run("command -v py-spy")[1].strip()
        if not found:
            return translate("Profiling", "py-spy is not installed on the host (pip install py-spy)")
    return ""


def profiler_for(worker: str, implementation: str, pid: int, shell: HostShell, local: bool) -> CpuProfiler:
    """The profiler of one started worker (``worker``: its manifest name). Raises KeyError for others."""
    tool = PROFILED_WORKERS[worker]
    if tool == "pprof":
        return SignalProfiler(implementation, pid, shell, "runtime/pprof", "pprof", "pb.gz")
    if tool == "v8":
        return SignalProfiler(implementation, pid, shell, "v8-inspector", "cpuprofile", "cpuprofile")
    if tool == "jfr":
        return JfrProfiler(implementation, pid, shell)
    spy = local_py_spy() if local else (shell.run("command -v py-spy")[1].strip() or "py-spy")
    return PySpyProfiler(implementation, pid, shell, spy)
