"""An SSH target host: facts, deployment, detached workers, clean-up.

``connect_saved_host(name)`` returns a connected :class:`SshHost` that the
runner uses like ``LocalHost``. On connect it creates the remote work
directory and stops the workers of earlier Bancada sessions whose SSH
connection is gone (pidfiles in ``<workdir>/run``). Workers are started
detached (``setsid``, optionally ``nice``/``taskset``), log to
``<workdir>/logs/<run>-<impl>.log`` and are stopped by process group.
The driver runs on this computer and connects to the worker directly.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import logging
import posixpath
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn
from pathlib import Path

from bancada.core import paths
from bancada.experiment.manifest import Implementation, WorkerManifest, machine_arch
from bancada.hosts.base import WorkerStartError, parse_ready_line
from bancada.hosts.bundle import deploy_bundle
from bancada.hosts.deploy import deploy
from bancada.hosts.facts import facts_command, install_hint, parse_facts, runtime_ok, setup_ok
from bancada.hosts.packages import DPKG_FORMAT, installed_in
from bancada.hosts.placement import ProcessPlacement
from bancada.hosts.hostconfig import HostProfile, get_host
from bancada.hosts.knownhosts import HostError, HostKeyChanged, UnknownHostKey  # noqa: F401 - re-exported
from bancada.hosts.remote_driver import RemoteDriverProcess
from bancada.hosts.vendor import vendor_archive
from bancada.hosts.remote_worker import TUNNEL_WARNING, RemoteWorker, Tunnel, port_reachable
from bancada.hosts.ssh_connect import (
    CONNECT_TIMEOUT_S,
    Ask,
    AuthFailed,
    PassphraseNeeded,  # noqa: F401
    Unreachable,
    _close_all,
    connect_profile,
    resolve,
    tty_ask,
)
from bancada.hosts.ssh_exec import (
    ALIVE,
    CLEAN_STALE,
    PREPARE,
    START,
    EXPORT_STDIN,
    HostDisconnected,
    env_lines,
    active_transport,
    q,
    run_script,
    with_env,
)

log = logging.getLogger(__name__)

MONITOR_INTERVAL_S = 1.0


def _workdir_expr(workdir: str) -> str:
    """Shell assignment of W, expanding a leading ``~/`` to the remote $HOME."""
    if workdir == "~":
        return 'W="$HOME"\n'
    if workdir.startswith("~/"):
        return f'W="$HOME"/{q(workdir[2:])}\n'
    return f"W={q(workdir)}\n"


class SshShell:
    """Shell scripts over an SSH host's connection, in its work directory (a
    :class:`~bancada.hosts.profilers.HostShell`)."""

    def __init__(self, host: SshHost) -> None:
        self.host = host

    def run(self, script: str, timeout_s: float = 30.0) -> tuple[int, str, str]:
        return self.host._run(script, timeout_s)


class SshHost:
    """A connected SSH host (the Host protocol of :mod:`bancada.hosts.base`).

    Attributes:
        name: the saved profile's name.
        address: the host's IP address as reached from here (the driver connects there).
        root: the local Bancada tree (manifests, artifacts).
        workdir: the absolute remote work directory.
        timings: seconds spent in ``connect``, and per implementation ``deploy:<id>`` and ``start:<id>``.
    """

    is_local = False  # the Host protocol: another machine, reached over SSH

    def __init__(
        self,
        profile: HostProfile,
        *,
        accept_fingerprint: str | None = None,
        accept: dict[str, str] | None = None,
        passphrase: str | None = None,
        password: str | None = None,
        ask: Ask | None = tty_ask,
        timeout_s: float = CONNECT_TIMEOUT_S,
        clean_stale: bool = True,
    ) -> None:
        t0 = time.monotonic()
        self.profile = profile
        self.name = profile.name
        self.root = paths.home()
        self.timings: dict[str, float] = {}
        self.cleaned: list[str] = []
        self._facts: dict[str, Any] | None = None
        self._workers: list[RemoteWorker] = []
        self._deployed: dict[Path, str] = {}  # local artifact -> its remote path, this connection
        self._vendors: dict[Path, Path | None] = {}  # bundle worker's folder -> what is sent with it
        self._dpkg: dict[str, bool] = {}  # Debian package -> installed on the host (True where there is no dpkg)
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self.client, self._jumps = connect_profile(
            profile,
            accept_fingerprint=accept_fingerprint,
            accept=accept,
            passphrase=passphrase,
            password=password,
            ask=ask,
            timeout_s=timeout_s,
        )
        try:
            transport = active_transport(self.client, self.name)
            self.address = resolve(profile).address if profile.jump else transport.getpeername()[0]
            code, out, err = run_script(self.client, _workdir_expr(profile.workdir) + PREPARE, 30, self.name)
            if code != 0:
                raise HostError(
                    translate("Hosts", "{name}: cannot create the work directory {workdir}: {v}").format(
                        name=self.name, workdir=profile.workdir, v=err.strip()
                    )
                )
            info = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
            self.os = info.get("uname", "").lower() or "linux"
            self.workdir = info["workdir"]
            self.bind = info.get("server_ip") or "0.0.0.0"
            if clean_stale:
                self.cleaned = self.clean_stale()
        except Exception:
            self._close_clients()
            raise
        self.timings["connect"] = time.monotonic() - t0
        threading.Thread(target=self._monitor, daemon=True, name=f"bancada-ssh-monitor-{self.name}").start()

    # -- connection --------------------------------------------------------------
    def connected(self) -> bool:
        transport = self.client.get_transport()
        return not self._closed.is_set() and transport is not None and transport.is_active()

    @property
    def disconnected(self) -> bool:
        """True when the SSH connection dropped (not when :meth:`close` was called)."""
        return not self._closed.is_set() and not self.connected()

    def reconnect(self, timeout_s: float = CONNECT_TIMEOUT_S) -> list[str]:
        """Connect again after a drop (the host key must still match); stop the workers left behind.

        The workers of the dropped connection are stale now: they are stopped, their handles
        report ``alive() == False``. Returns the clean-up lines (as ``cleaned``).

        Raises:
            HostError: as for the first connect.
        """
        old = self.client
        self.client, jumps = connect_profile(self.profile, ask=None, timeout_s=timeout_s)
        _close_all([old, *self._jumps])
        self._jumps = jumps
        with self._lock:
            for w in self._workers:
                w._alive = False
                w._stopped = True
            self._workers.clear()
        self.cleaned = self.clean_stale()
        return self.cleaned

    def _run(self, script: str, timeout_s: float = 30.0) -> tuple[int, str, str]:
        return run_script(self.client, with_env("", W=self.workdir) + script, timeout_s, self.name)

    def clean_stale(self) -> list[str]:
        """Stop workers whose starting SSH connection is gone; return what was done, one line each."""
        _, out, _ = self._run(CLEAN_STALE, 120)
        return [line for line in out.splitlines() if line.startswith("stale ")]

    def _monitor(self) -> None:
        """Refresh each worker's alive flag about once a second."""
        while not self._closed.wait(MONITOR_INTERVAL_S):
            with self._lock:
                workers = [w for w in self._workers if w._alive]
            if not workers:
                continue
            if not self.connected():
                for w in workers:
                    w._alive = False
                continue
            try:
                _, out, _ = self._run(with_env(ALIVE, PIDS=" ".join(str(w.pid) for w in workers)), 10)
            except HostDisconnected:
                continue
            except HostError:  # no answer: treat the connection as lost
                log.warning("%s: no answer to the liveness check; closing the connection", self.name)
                active_transport(self.client, self.name).close()
                continue
            living = {int(p) for p in out.split() if p.isdigit()}
            for w in workers:
                if w.pid not in living:
                    w._alive = False

    # -- the Host protocol --------------------------------------------------------------
    def facts(self) -> dict[str, Any]:
        """Host facts (see :mod:`bancada.hosts.facts`) plus ``host``, ``address``, ``workdir``; cached."""
        if self._facts is None:
            _, out, _ = run_script(self.client, facts_command(self.workdir), 30, self.name)
            self._facts = parse_facts(out)
            self._facts.update(host=self.name, address=self.address, workdir=self.workdir, ssh=True, os_name=self.os)
        return self._facts

    def arch(self) -> str:
        return machine_arch(self.facts().get("arch") or "")

    def can_run(self, impl: Implementation) -> tuple[bool, str]:
        """Whether ``impl`` can start here: it deploys (as one file, or as a bundle whose setup
        finds what it needs), its runtime and its manifest's ``debian_packages`` are installed on
        the host (the reason names the missing ones and their ``apt install`` line), and a file
        artifact is built locally."""
        if impl.worker.deploy == "local":
            return False, translate(
                "Hosts",
                "the {name} worker runs from its folder with its own environment ({runtime}) and is not "
                "deployed to SSH hosts: run it on this computer",
            ).format(name=impl.worker.name, runtime=impl.worker.runtime)
        ok, reason = runtime_ok(impl.worker.runtime, self.facts())
        if not ok:
            return False, reason
        missing = self.missing_packages(impl.worker.debian_packages)
        if missing:
            listed = " ".join(missing)
            return False, translate("Hosts", "needs the Debian package(s) {packages} ({fix})").format(
                packages=listed, fix=install_hint(listed)
            )
        if impl.worker.deploy == "bundle":
            return self._bundle_ok(impl.worker)
        artifact = impl.worker.artifact_path(self.os, self.arch())
        if not artifact.exists():
            return False, translate(
                "Hosts", "not built for {os}/{arch}: {artifact} is missing (run: make -C workers)"
            ).format(os=self.os, arch=self.arch(), artifact=artifact)
        return True, ""

    def missing_packages(self, names: Sequence[str]) -> list[str]:
        """The Debian packages among ``names`` that the host's dpkg does not list as installed, in
        their order (asked once per package and connection); [] on a host without dpkg, where the
        worker's setup names what it lacks."""
        unknown = [n for n in names if n not in self._dpkg]
        if unknown:
            script = (
                "command -v dpkg-query >/dev/null 2>&1 || { echo NO-DPKG; exit 0; }\n"
                f"dpkg-query -W -f={q(DPKG_FORMAT)} {' '.join(q(n) for n in unknown)} 2>/dev/null\nexit 0"
            )
            _, out, _ = self._run(script, 30)
            installed = installed_in(out)
            for name in unknown:
                self._dpkg[name] = "NO-DPKG" in out.split() or name in installed
        return [n for n in names if not self._dpkg[n]]

    def _bundle_ok(self, worker: WorkerManifest) -> tuple[bool, str]:
        """Whether a bundle worker's setup can run here: what it needs on the host (a venv module;
        npm only when node_modules is not built here to be sent), then the packages sent with it
        (:mod:`bancada.hosts.vendor`: the wheels for this host's Python, fetched here once)."""
        requires = worker.setup_requires
        if worker.vendor == "node-modules" and (worker.folder / "node_modules" / ".package-lock.json").exists():
            requires = tuple(r for r in requires if r != "npm")
        ok, reason = setup_ok(requires, self.facts())
        if not ok:
            return ok, reason
        try:
            self._vendor_for(worker)
        except HostError as exc:
            return False, str(exc)
        return True, ""

    def _vendor_for(self, worker: WorkerManifest) -> Path | None:
        """The archive sent with ``worker``'s bundle to this host (once per connection), or None.

        Raises:
            HostError: the wheels for this host's Python cannot be had.
        """
        if worker.folder not in self._vendors:
            self._vendors[worker.folder] = vendor_archive(worker, self.facts())
        return self._vendors[worker.folder]

    def setup_notice(self, impl: Implementation) -> str:
        """ "": a bundle worker's environment on an SSH host is made by its deploy, which says so itself."""
        return ""

    def setup_done_notice(self, impl: Implementation) -> str:
        """ "" (see :meth:`setup_notice`)."""
        return ""

    def start_worker(
        self,
        impl: Implementation,
        run_id: str,
        ready_timeout_s: float = 60.0,
        placement: ProcessPlacement | None = None,
        env: Mapping[str, str] | None = None,
        extra_args: Sequence[str] = (),
    ) -> RemoteWorker:
        """Deploy ``impl``'s artifact (once), start it detached and wait for its READY line.

        ``env`` is added to the worker's environment: sent as ``NAME=value`` lines on the starting
        script's stdin (never on a command line the host's process list shows); ``extra_args``
        follow the manifest's command.

        Raises:
            WorkerStartError: it cannot run here, exits early, is not ready in time,
                or its port cannot be reached (and tunnels are not allowed).
            HostDisconnected: the connection dropped.
        """
        ok, reason = self.can_run(impl)
        if not ok:
            raise WorkerStartError(
                translate("Hosts", "worker {id} cannot run on host {name}: {reason}").format(
                    id=impl.id, name=self.name, reason=reason
                )
            )
        t0 = time.monotonic()
        remote_artifact = self._deploy_for_start(impl)
        t1 = time.monotonic()
        self.timings[f"deploy:{impl.id}"] = t1 - t0
        argv = impl.worker.argv(impl.protocol, artifact=remote_artifact, bind=self.bind, port=0) + list(extra_args)
        prefix = self._placement_prefix(placement)
        tag = f"{run_id}-{impl.id}"
        log_path = posixpath.join(self.workdir, "logs", f"{tag}.log")
        pid_path = posixpath.join(self.workdir, "run", f"{tag}.pid")
        script = with_env(
            (EXPORT_STDIN if env else "") + START.replace("@CMD@", " ".join(q(a) for a in prefix + argv)),
            W=self.workdir,
            LOG=log_path,
            PIDF=pid_path,
            RUN=run_id,
            IMPL=impl.id,
            TENTHS=max(1, int(ready_timeout_s * 10)),
        )
        try:
            stdin = env_lines(dict(env)) if env else None
        except ValueError as exc:
            raise WorkerStartError(translate("Hosts", "worker {id}: {exc}").format(id=impl.id, exc=exc)) from None
        code, out, err = run_script(self.client, script, ready_timeout_s + 30, self.name, stdin=stdin)
        pid = next((int(line.split()[1]) for line in out.splitlines() if line.startswith("PID ")), 0)
        worker = RemoteWorker(self, impl.id, pid, self.address, 0, log_path, pid_path)
        if pid:
            with self._lock:
                self._workers.append(worker)
        ready_line = next((line for line in out.splitlines() if line.startswith("READY ")), None)
        if code != 0 or ready_line is None:
            self._fail_start(worker, impl, code, err, ready_timeout_s)
        self._read_ready(worker, impl, ready_line)
        self._reach_or_tunnel(worker, impl)
        self.timings[f"start:{impl.id}"] = time.monotonic() - t1
        return worker

    def _deploy_for_start(self, impl: Implementation) -> str:
        """The worker's artifact on the host; WorkerStartError if the deploy fails (not a dropped connection)."""
        try:
            remote_artifact = self._deploy_worker(impl)
        except HostDisconnected:
            raise
        except HostError as exc:
            raise WorkerStartError(translate("Hosts", "worker {id}: {exc}").format(id=impl.id, exc=exc)) from None
        return remote_artifact

    def _placement_prefix(self, placement: ProcessPlacement | None) -> list[str]:
        """The command's prefix (nice, taskset) of ``placement``, else of the saved host's nice and cpus."""
        # the run's placement (the profile's [placement]) wins over the saved host's nice/cpus
        prefix = placement.shell_prefix() if placement is not None else []
        if not prefix:
            if self.profile.nice is not None:
                prefix += ["nice", "-n", str(self.profile.nice)]
            if self.profile.cpus:
                prefix += ["taskset", "-c", self.profile.cpus]
        return prefix

    def _fail_start(
        self, worker: RemoteWorker, impl: Implementation, code: int, err: str, ready_timeout_s: float
    ) -> NoReturn:
        """Stop ``worker`` and raise WorkerStartError saying why it did not start, with its last log lines."""
        what = {
            3: translate("Hosts", "exited before becoming ready"),
            4: translate("Hosts", "did not print its READY line within {t:g} s").format(t=ready_timeout_s),
            90: translate("Hosts", "cannot enter {folder}").format(folder=self.workdir),
        }.get(code, translate("Hosts", "could not start (status {code}: {err})").format(code=code, err=err.strip()))
        tail = worker.log_tail(10)
        worker.stop(1.0)
        message = translate("Hosts", "worker {id} on {host} {what}").format(id=impl.id, host=self.name, what=what)
        if tail:
            message += translate("Hosts", "; its last log lines:\n{tail}").format(tail=tail)
        raise WorkerStartError(message)

    def _read_ready(self, worker: RemoteWorker, impl: Implementation, ready_line: str) -> None:
        """Set ``worker``'s port from its READY line; stop it and raise WorkerStartError if the line is bad."""
        try:
            ready = parse_ready_line(ready_line)
            if ready is None:
                raise ValueError(
                    translate("Hosts", "its first line is not a READY line: {v!r}").format(v=ready_line.strip()[:120])
                )
            worker.port = worker.remote_port = ready.port
        except ValueError as exc:
            worker.stop(1.0)
            raise WorkerStartError(
                translate("Hosts", "worker {id} on {name}: {exc}").format(id=impl.id, name=self.name, exc=exc)
            ) from None

    def _reach_or_tunnel(self, worker: RemoteWorker, impl: Implementation) -> None:
        """Reach ``worker``'s port directly, or through an SSH tunnel if the host allows one.

        Raises:
            WorkerStartError: the port cannot be reached and tunnels are not allowed (the worker is stopped).
        """
        if not port_reachable(self.address, worker.port):
            if not self.profile.allow_tunnel:
                worker.stop(1.0)
                raise WorkerStartError(
                    translate(
                        "Hosts",
                        "worker {id} is running on {name} but port {port} of {address} cannot be reached "
                        "from here (firewall?). Open the port, or allow an SSH tunnel (bancada hosts add "
                        "{name} ... --allow-tunnel): its encryption is then in every latency",
                    ).format(id=impl.id, name=self.name, port=worker.port, address=self.address)
                )
            worker.tunnel = Tunnel(
                active_transport(self.client, self.name),
                self.bind if self.bind != "0.0.0.0" else "127.0.0.1",
                worker.port,
            )
            worker.address, worker.port = "127.0.0.1", worker.tunnel.port
            worker.warning = TUNNEL_WARNING
            log.warning("%s %s: %s", self.name, impl.id, TUNNEL_WARNING)

    def _deploy_worker(self, impl: Implementation) -> str:
        """The worker's artifact on the host, deployed once per connection (a file by hash; a
        bundle unpacked by hash with its environment made there).

        Raises:
            HostError: the upload or the bundle's setup failed.
        """
        worker = impl.worker
        if worker.deploy != "bundle":
            return deploy(self.client, worker.artifact_path(self.os, self.arch()), self.workdir, self.name)[0]
        folder = self._deployed.get(worker.folder)
        if folder is None:
            folder, _ = deploy_bundle(self.client, worker, self.workdir, self.name, self._vendor_for(worker))
            self._deployed[worker.folder] = folder
        return posixpath.join(folder, worker.artifact.format(os=self.os, arch=self.arch()))

    def native_driver_artifact(self) -> Path:
        """The local native driver binary built for this host's architecture (may not exist)."""
        return self.root / "drivers" / "native" / "dist" / f"bancada-driver-{self.os}-{self.arch()}"

    def drivers_available(self) -> list[str]:
        """``["native"]`` where the native driver is built for this host, else ``[]``."""
        return ["native"] if self.native_driver_artifact().exists() else []

    def open_driver(self, driver: str, placement: ProcessPlacement | None = None) -> RemoteDriverProcess:
        """Deploy (once) and start the native driver on this host, to load a server next to it.

        Raises:
            HostError: only the native driver runs on SSH hosts, or it is not built
                for this host's architecture, or the upload failed.
        """
        if driver != "native":
            raise HostError(
                translate("Hosts", "only the native driver runs on an SSH host ({name}); not {driver!r}").format(
                    name=self.name, driver=driver
                )
            )
        local = self.native_driver_artifact()
        if not local.exists():
            raise HostError(
                translate(
                    "Hosts",
                    "the native driver is not built for {os}/{v}: {local} is missing (run: make -C workers driver)",
                ).format(os=self.os, v=self.arch(), local=local)
            )
        remote = self._deployed.get(local)
        if remote is None:  # once per connection: the runner opens a driver for every block
            remote, _ = deploy(self.client, local, self.workdir, self.name)
            self._deployed[local] = remote
        return RemoteDriverProcess(
            self.client, remote, self.name, prefix=placement.shell_prefix() if placement is not None else None
        )

    def forget(self, worker: RemoteWorker) -> None:
        with self._lock:
            if worker in self._workers:
                self._workers.remove(worker)

    def shell(self) -> SshShell:
        """A shell on the host for the CPU profilers (the Host protocol)."""
        return SshShell(self)

    def close(self) -> None:
        """Stop every worker this host started (when still connected) and close the connection."""
        if self._closed.is_set():
            return
        for w in list(self._workers):
            w.stop()
        self._closed.set()
        self._close_clients()

    def _close_clients(self) -> None:
        _close_all([self.client, *reversed(self._jumps)])

    def __enter__(self) -> "SshHost":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect_saved_host(
    name: str,
    *,
    accept_fingerprint: str | None = None,
    accept: dict[str, str] | None = None,
    passphrase: str | None = None,
    password: str | None = None,
    ask: Ask | None = tty_ask,
    timeout_s: float = CONNECT_TIMEOUT_S,
) -> SshHost:
    """Connect to the saved host ``name``.

    ``accept_fingerprint`` trusts that host key for ``name``; ``accept`` maps
    saved host names (``name`` and its jump hosts) to accepted fingerprints.

    Raises:
        HostError (a ``RunError``): unknown host, unknown or changed host key,
            authentication, DNS, refused, unreachable, timeout: one line each.
    """
    return SshHost(
        get_host(name),
        accept_fingerprint=accept_fingerprint,
        accept=accept,
        passphrase=passphrase,
        password=password,
        ask=ask,
        timeout_s=timeout_s,
    )


__all__ = [
    "SshHost",
    "connect_saved_host",
    "HostError",
    "HostDisconnected",
    "HostKeyChanged",
    "UnknownHostKey",
    "AuthFailed",
    "PassphraseNeeded",
    "Unreachable",
]
