"""The local host ("This computer"): workers as child processes on loopback.

Workers run in their own session (``setsid``) and get SIGKILL if Bancada dies
(Linux ``PR_SET_PDEATHSIG``), so a killed ``bancada run`` leaves no server
behind. Their stderr goes to a log file whose last lines name the failure.

A worker that runs from its folder (``deploy = "bundle"``: Python, Node.js) whose folder has no
environment (an installed Bancada: its folder is read-only) is prepared once in the user's data
folder by the SSH hosts' mechanism (:mod:`bancada.hosts.local_bundle`) and started from there.
"""

from __future__ import annotations


import ctypes
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from pathlib import Path

from bancada.core import paths
from bancada.experiment.manifest import Implementation, WorkerManifest, machine_arch
from bancada.hosts import local_bundle
from bancada.core.addresses import join_host_port
from bancada.hosts.base import WorkerStartError, parse_ready_line
from bancada.hosts.facts import facts_command, parse_facts, runtime_ok, setup_ok
from bancada.hosts.host_error import HostError
from bancada.hosts.packages import missing_packages_reason
from bancada.hosts.profilers import LocalShell
from bancada.core.i18n import number, translate

if TYPE_CHECKING:
    from bancada.hosts.placement import ProcessPlacement  # imports the profile's model (pydantic)

try:  # loaded here, in the parent: a dlopen between fork and exec can hang on the loader's lock
    _libc: ctypes.CDLL | None = ctypes.CDLL("libc.so.6", use_errno=True)
except OSError:
    _libc = None


def die_with_parent() -> None:  # runs in the child between fork and exec: one prctl, nothing else
    if _libc is not None:
        _libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _child_setup(placement: ProcessPlacement | None) -> Callable[[], None]:
    """What the child runs between fork and exec: die with the parent, then the placement's two
    system calls (decided beforehand by :func:`bancada.hosts.placement.decide`)."""
    if placement is None or (placement.nice is None and placement.cpus is None):
        return die_with_parent

    def setup() -> None:
        die_with_parent()
        placement.apply_here()

    return setup


class LocalWorker:
    """A worker process started by :class:`LocalHost`."""

    def __init__(self, implementation: str, proc: subprocess.Popen[bytes], log_path: Path, address: str) -> None:
        self.implementation = implementation
        self.proc = proc
        self.log_path = log_path
        self.address = address
        self.port = 0
        self.pid = proc.pid
        self.warning = ""
        self.info: dict[str, Any] = {}
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stdout_tail: deque[str] = deque(maxlen=50)
        threading.Thread(target=self._pump, daemon=True, name=f"stdout-{implementation}").start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self._stdout_tail.append(line)
            self._lines.put(line)
        self._lines.put(None)

    def wait_ready(self, timeout_s: float) -> None:
        """Block until the READY line; raise :class:`WorkerStartError` otherwise."""
        deadline = time.monotonic() + timeout_s
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.stop(1.0)
                raise WorkerStartError(self._failure(f"did not print its READY line within {timeout_s:g} s"))
            try:
                line = self._lines.get(timeout=min(remaining, 0.2))
            except queue.Empty:
                continue
            if line is None:
                code = self.proc.wait()
                raise WorkerStartError(self._failure(f"exited with code {code} before becoming ready"))
            try:
                ready = parse_ready_line(line)
            except ValueError as exc:
                self.stop(1.0)
                raise WorkerStartError(self._failure(str(exc))) from None
            if ready:
                self.port = ready.port
                self.info = ready.extra  # the READY line's whole object (port, pid and what the worker adds)
                return

    def _failure(self, what: str) -> str:
        tail = self.log_tail(10)
        return f"worker {self.implementation} {what}" + (f"; its last log lines:\n{tail}" if tail else "")

    @property
    def target(self) -> str:
        return join_host_port(self.address, self.port)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self, timeout_s: float = 5.0) -> int | None:
        """SIGTERM the worker's process group, SIGKILL after ``timeout_s``; return its exit code."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout_s)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(5)
        return self.proc.returncode

    def log_tail(self, lines: int = 20) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        out = text.splitlines()[-lines:]
        return "\n".join(out)


class LocalHost:
    """This computer. Workers bind to 127.0.0.1 on a free port."""

    name = "local"
    address = "127.0.0.1"
    disconnected = False  # this computer never drops its connection
    is_local = True  # the Host protocol: this computer

    def reconnect(self) -> list[str]:
        """Nothing to reconnect to (the :class:`~bancada.hosts.base.Host` protocol): nothing cleaned."""
        return []

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or paths.home()
        self._facts: dict[str, Any] | None = None
        self._workers: list[LocalWorker] = []
        self.log_dir = Path(tempfile.mkdtemp(prefix="bancada-workers-"))
        self._copies: dict[Path, local_bundle.PreparedFolder] = {}  # worker folder -> its copy in the data folder
        # seconds each bundle worker's setup took in this process (worker name -> s), when it was made now
        self.setup_s: dict[str, float] = {}

    def facts(self) -> dict[str, Any]:
        """Host facts (see :mod:`bancada.hosts.facts`); cached."""
        if self._facts is None:
            out = subprocess.run(
                ["sh", "-c", facts_command(str(self.root))], capture_output=True, text=True, timeout=20
            ).stdout
            self._facts = parse_facts(out)
            self._facts["host"] = "local"
            self._facts["python_driver"] = sys.version.split()[0]
        return self._facts

    def can_run(self, impl: Implementation) -> tuple[bool, str]:
        """Whether ``impl`` can start here; ``(False, reason)`` when not.

        A bundle worker without its environment (see :meth:`needs_setup`) answers ``(True, note)``
        when this computer has what its setup needs, the note saying that its first start downloads
        its packages; ``(False, what is missing; the note)`` otherwise.
        """
        try:
            copy = self.needs_setup(impl)
        except HostError as exc:  # an installation missing some of the worker's sources
            return False, str(exc)
        if copy is not None:
            return self._can_prepare(impl.worker, copy)
        ok, reason = runtime_ok(impl.worker.runtime, self.facts())
        if not ok:
            return False, reason
        reason = missing_packages_reason(impl.worker.debian_packages)
        if reason:
            return False, reason
        artifact = impl.worker.artifact_path("linux", machine_arch())
        if not artifact.exists():
            if self.root == paths.BUNDLE_DIR:
                return False, translate(
                    "Hosts", "not in this installation: {artifact} is missing (the package was built without it)"
                ).format(artifact=artifact)
            return False, translate("Hosts", "not built: {artifact} is missing (run: make -C workers)").format(
                artifact=artifact
            )
        if impl.worker.command[:1] == ("{artifact}",) and not os.access(artifact, os.X_OK):
            return False, translate("Hosts", "{artifact} is not executable (chmod +x it, or reinstall Bancada)").format(
                artifact=artifact
            )
        return True, ""

    def needs_setup(self, impl: Implementation) -> local_bundle.PreparedFolder | None:
        """The copy in the data folder a bundle worker starts from, when its own folder has no
        environment (its artifact is missing: always so in an installation); None for a built
        folder (a clone after ``make -C workers``) or a worker of another kind.

        Raises:
            HostError: a bundle path is missing from the worker's sources.
        """
        worker = impl.worker
        if worker.deploy != "bundle" or worker.artifact_path("linux", machine_arch()).exists():
            return None
        if worker.folder not in self._copies:
            self._copies[worker.folder] = local_bundle.prepared_folder(worker)
        return self._copies[worker.folder]

    def _can_prepare(self, worker: WorkerManifest, copy: local_bundle.PreparedFolder) -> tuple[bool, str]:
        ok, missing = runtime_ok(worker.runtime, self.facts())
        if ok:
            ok, missing = setup_ok(worker.setup_requires, self.facts())
        if ok and copy.ready:
            return True, ""
        note = _first_start_note(worker, copy)
        return ok, note if ok else f"{missing}; {note}"

    def setup_notice(self, impl: Implementation) -> str:
        """The run's notice before starting ``impl``, when its start makes its environment first
        (translated); "" when it starts at once."""
        try:
            copy = self.needs_setup(impl)
        except HostError:
            return ""
        return "" if copy is None or copy.ready else _first_start_note(impl.worker, copy)

    def setup_done_notice(self, impl: Implementation) -> str:
        """The run's notice after ``impl`` started, when its environment was made by this start
        (how long it took; translated); "" otherwise."""
        seconds = self.setup_s.pop(impl.worker.name, None)
        if seconds is None:
            return ""
        text = translate("LocalHost", "the {worker} worker's environment is ready ({s} s); later starts reuse it")
        return text.format(worker=impl.worker.name, s=number(seconds, 0))

    def start_worker(
        self,
        impl: Implementation,
        run_id: str,
        ready_timeout_s: float = 60.0,
        placement: ProcessPlacement | None = None,
        env: Mapping[str, str] | None = None,
        extra_args: Sequence[str] = (),
    ) -> LocalWorker:
        """Start ``impl`` (with ``placement``'s nice level and CPU set, ``env`` added to this process's
        environment, ``extra_args`` after its manifest's command) and wait for its READY line.

        Raises:
            WorkerStartError: it cannot run here, exits early or is not ready in time.
        """
        ok, reason = self.can_run(impl)
        if not ok:
            raise WorkerStartError(
                translate("Hosts", "worker {id} cannot run on this computer: {reason}").format(
                    id=impl.id, reason=reason
                )
            )
        artifact, folder = self._artifact(impl)
        argv = impl.worker.argv(impl.protocol, artifact=str(artifact), bind=self.address, port=0) + list(extra_args)
        log_path = self.log_dir / f"{run_id}-{impl.id}.log"
        log = open(log_path, "wb")
        try:
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=log,
                cwd=folder,
                start_new_session=True,
                preexec_fn=_child_setup(placement),
                env={**os.environ, **env} if env else None,
            )
        except OSError as exc:
            raise WorkerStartError(
                translate("Hosts", "worker {id} cannot start: {exc}").format(id=impl.id, exc=exc)
            ) from None
        finally:
            log.close()
        worker = LocalWorker(impl.id, proc, log_path, self.address)
        self._workers.append(worker)
        worker.wait_ready(ready_timeout_s)
        return worker

    def _artifact(self, impl: Implementation) -> tuple[Path, Path]:
        """``(artifact, folder to start in)``: the worker's own, or its copy made in the data folder now.

        Raises:
            WorkerStartError: the copy's setup failed (with the last lines of its log).
        """
        worker = impl.worker
        try:
            copy = self.needs_setup(impl)
            if copy is None:
                return worker.artifact_path("linux", machine_arch()), worker.folder
            t0 = time.monotonic()
            copy, made = local_bundle.prepare(worker)
        except HostError as exc:
            raise WorkerStartError(
                translate("Hosts", "worker {id} cannot start on this computer: {exc}").format(id=impl.id, exc=exc)
            ) from None
        if made:
            self.setup_s[worker.name] = time.monotonic() - t0
        return copy.folder / worker.artifact.format(os="linux", arch=machine_arch()), copy.folder

    def _driver_argv(self, driver: str) -> list[str] | None:
        if driver == "python":
            return [sys.executable, "-m", "bancada.drivers.python"]
        if driver == "locust":  # Locust's own environment: make -C workers locust
            launcher = self.root / "workers" / "locust" / ".venv" / "bin" / "bancada-locust"
            return [sys.executable, "-m", "bancada.drivers.locust"] if launcher.exists() else None
        if driver == "native":
            binary = self.root / "drivers" / "native" / "dist" / f"bancada-driver-linux-{machine_arch()}"
            return [str(binary)] if binary.exists() else None
        return None

    def drivers_available(self) -> list[str]:
        """The drivers that can run here: ``native`` where its binary is built, ``python``, and ``locust``
        where its environment is built."""
        return [d for d in ("native", "python", "locust") if self._driver_argv(d)]

    def open_driver(self, driver: str, placement: ProcessPlacement | None = None) -> subprocess.Popen[bytes]:
        """Start ``driver`` as a child process (job on stdin, frames on stdout), with ``placement``.

        Raises:
            WorkerStartError: the driver is not available here.
        """
        argv = self._driver_argv(driver)
        if argv is None:
            raise WorkerStartError(
                translate(
                    "Hosts", "the {driver} driver is not built on this computer (run: make -C workers driver)"
                ).format(driver=driver)
            )
        return subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=_child_setup(placement),
        )

    def shell(self) -> LocalShell:
        """This computer's shell, for the CPU profilers (the Host protocol)."""
        return LocalShell()

    def close(self) -> None:
        """Stop every worker this host started."""
        for w in self._workers:
            w.stop()
        self._workers.clear()


def _first_start_note(worker: WorkerManifest, copy: local_bundle.PreparedFolder) -> str:
    """What the first start of a bundle worker does (translated)."""
    if "npm" in worker.setup_requires:
        text = translate(
            "LocalHost",
            "first start: npm ci downloads its packages from the npm registry into {folder} (once, a minute or more)",
        )
    else:
        text = translate(
            "LocalHost",
            "first start: pip downloads its packages from PyPI into a virtual environment in {folder} "
            "(once, a minute or more)",
        )
    return text.format(folder=copy.target.parent)
