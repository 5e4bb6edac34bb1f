"""The experiment's database within a run (seed 001): what :class:`bancada.run.runner.Runner` does with it.

Before anything starts (:meth:`RunDatabase.prepare`): the profile's ``[database]`` table (the
default one when the workloads use the database and the profile has none; said once), the
host it runs on (``host``: the workers' host by default, ``local``, or another saved SSH host),
whether that host has PostgreSQL's server programs, and the external server's password.
During the run: :meth:`start` before the workers (schema, seeded records; recorded without a
password), :meth:`worker_env` for each worker whose treatments use the database
(``BANCADA_DATABASE_URL`` and ``--db-pool-size``), :meth:`reset` before every repetition
(``reset = "repetition"``; the digest after it recorded), :meth:`after_block` after every block,
:meth:`stop` at the end (no process left).

A private server (Bancada's own, on this computer or an SSH host) found dead after a block is
started again, fresh and seeded as at the run's start, on the same port when it is free; the
restart is stored (:class:`bancada.store.database_record.DatabaseRestart`) and the run goes on.
The requests of that block served while the server was down are failed samples already (the
workers answer 503 without their database); nothing else is marked. After :data:`MAX_RESTARTS`
restarts, when the restart fails, or for an external server (``server = "external"``, never
restarted by Bancada), a dead server ends the run, marked incomplete, its samples kept.

Every error is a :class:`bancada.core.errors.RunError` with one translated line naming the database.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from bancada.core.errors import RunError
from bancada.experiment.database import (
    DATABASE_OPERATIONS,
    DATABASE_URL_ENV,
    POOL_SIZE_FLAG,
    DatabaseConfig,
    DatabaseConfigError,
    default_database_notice,
    uses_database,
)
from bancada.experiment.external import ExternalImplementation
from bancada.experiment.manifest import Implementation
from bancada.hosts.database_server import DatabaseServer, open_database
from bancada.hosts.facts import postgres_ok
from bancada.hosts.host_error import HostError
from bancada.hosts.local import LocalHost
from bancada.hosts.postgres import PostgresError
from bancada.core.i18n import integer, number, translate
from bancada.store.database_record import (
    DatabaseRecord,
    DatabaseReset,
    DatabaseRestart,
    add_reset,
    add_restart,
    record_database,
)
from bancada.store.runstore import RunStore

if TYPE_CHECKING:
    from bancada.experiment.plan import Plan
    from bancada.experiment.profile import Profile
    from bancada.hosts.base import Host


#: The most restarts of a private server in one run: one that keeps dying is not measured on.
MAX_RESTARTS = 3


def check_operations_served(plan: Plan) -> None:
    """Refuse a treatment whose implementation's worker does not serve its workload's operation
    (:meth:`bancada.experiment.manifest.WorkerManifest.serves`, the manifest's ``operations``).

    Raises:
        RunError: naming the implementation, the operation and what the worker serves (translated).
    """
    for t in plan.treatments:
        impl = t.implementation
        if isinstance(impl, ExternalImplementation):  # no manifest: what it serves is not Bancada's to say
            continue
        worker = impl.worker
        if worker.serves(t.workload.operation):
            continue
        raise RunError(
            translate(
                "Runner",
                "implementation {impl} does not serve the operation {operation} (workload {workload}); "
                "its worker serves {served}",
            ).format(
                impl=impl.id,
                operation=t.workload.operation,
                workload=t.workload.name,
                served=", ".join(worker.operations),
            )
        )


class RunDatabase:
    """The database of one run (none when the profile has no ``[database]`` and uses no database operation)."""

    def __init__(self) -> None:
        self.config: DatabaseConfig | None = None
        self.server: DatabaseServer | None = None
        self.notices: list[str] = []  # said once when the run starts
        self.timings: dict[str, float] = {}  # seconds: "start" (with the load), "reset:<repetition>", "stop"
        self._uses: set[str] = set()  # implementations whose treatments use the database
        self._own_host: Host | None = None  # an SSH host connected for the database only (closed at the end)
        self._last_reset: int | None = None
        self.max_restarts = MAX_RESTARTS
        self.restarts: list[DatabaseRestart] = []

    # -- before anything starts ------------------------------------------------------------------------------------
    def prepare(self, profile: Profile, plan: Plan, workers_host: Host) -> Profile:
        """Check the profile's database and open (not start) its server; return the profile, with the
        default ``[database]`` added when the workloads need one.

        Raises:
            RunError: PostgreSQL missing on the database's host, an unknown or unreachable host, a password
                that cannot be read, or a private database on this computer for workers on an SSH host.
        """
        config = profile.database
        if config is None:
            if not uses_database(w.operation for w in profile.workloads):
                return profile
            config = DatabaseConfig()
            profile = profile.model_copy(update={"database": config})
            self.notices.append(default_database_notice())
        self.config = config
        self._uses = {t.implementation.id for t in plan.treatments if t.workload.operation in DATABASE_OPERATIONS}
        db_host = workers_host
        if config.server == "private":
            db_host = self._host(config.host, workers_host)
            ok, reason = postgres_ok(db_host.facts())
            if not ok:
                raise RunError(
                    translate("Runner", "the database cannot run on host {host}: {reason}").format(
                        host=db_host.name, reason=reason
                    )
                )
        try:
            self.server = open_database(config, db_host, workers_host)
        except (DatabaseConfigError, PostgresError) as exc:
            self.close()
            raise RunError(str(exc)) from None
        return profile

    def _host(self, name: str | None, workers_host: Host) -> Host:
        if name is None or name == workers_host.name:
            return workers_host
        if name == "local":
            return LocalHost(workers_host.root)
        from bancada.hosts.ssh_host import connect_saved_host

        try:
            self._own_host = connect_saved_host(name, ask=None)
        except HostError as exc:
            raise RunError(
                translate("Runner", "the database's host {host} cannot be reached: {why}").format(host=name, why=exc)
            ) from None
        return self._own_host

    # -- the run -----------------------------------------------------------------------------------------------------
    def start(self, store: RunStore) -> Iterator[str]:
        """Start the server and load the seeded records; record it in ``store``; yield the lines to show.

        Raises:
            RunError: the server did not start or refuses connections.
        """
        server, config = self.server, self.config
        if server is None or config is None:
            return
        yield translate("Runner", "starting the database ({server}) on {host}").format(
            server=_server_label(server.kind), host=server.host_name
        )
        t0 = time.monotonic()
        try:
            server.start()
            version = server.server_version()
            rows = server.counts()
        except PostgresError as exc:
            raise RunError(self._failed(exc)) from None
        self.timings["start"] = time.monotonic() - t0
        record_database(
            store,
            DatabaseRecord(
                server=config.server,
                version=version,
                host=server.host_name,
                seed=config.seed,
                rows=rows,
                pool_size=config.pool_size,
                reset=config.reset,
                url=config.url or "",
                start_s=round(self.timings["start"], 3),
            ),
        )
        yield translate(
            "Runner", "database ready: PostgreSQL {version} on {host}, {pets} pets and {people} people ({s} s)"
        ).format(
            version=version.split()[0],
            host=server.host_name,
            pets=rows.get("pets", 0),
            people=rows.get("people", 0),
            s=number(self.timings["start"], 1),
        )

    def worker_env(self, impl: Implementation) -> tuple[dict[str, str] | None, tuple[str, ...]]:
        """``(environment, extra arguments)`` of ``impl``'s worker: the database's URL and pool size when its
        treatments use the database or its manifest lists a database operation; ``(None, ())`` otherwise."""
        server, config = self.server, self.config
        if server is None or config is None or not self.wants_database(impl):
            return None, ()
        return {DATABASE_URL_ENV: server.database_url}, (POOL_SIZE_FLAG, str(config.pool_size))

    def wants_database(self, impl: Implementation) -> bool:
        """Whether ``impl``'s worker gets the database (see :meth:`worker_env`)."""
        if self.server is None:
            return False
        return impl.id in self._uses or any(op in impl.worker.operations for op in DATABASE_OPERATIONS)

    def before_block(self, store: RunStore, repetition: int) -> Iterator[str]:
        """Reset the tables before the first block of ``repetition`` (``reset = "repetition"``) and record the
        digest; yield nothing or one line when the reset was slow.

        Raises:
            RunError: the server is gone or the reset failed.
        """
        server, config = self.server, self.config
        if server is None or config is None or config.reset != "repetition" or repetition == self._last_reset:
            return
        self._last_reset = repetition
        t0 = time.monotonic()
        try:
            server.reset()
            digest = server.digest()
        except PostgresError as exc:
            raise RunError(self._failed(exc)) from None
        seconds = time.monotonic() - t0
        self.timings[f"reset:{repetition}"] = seconds
        add_reset(store, DatabaseReset(repetition, digest.get("pets", ""), digest.get("people", ""), round(seconds, 4)))
        if seconds > 5:
            yield translate("Runner", "resetting the database before repetition {r} took {s} s").format(
                r=repetition, s=number(seconds, 1)
            )

    def after_block(
        self, store: RunStore, block: int, failed: int, implementations: Iterable[object]
    ) -> DatabaseRestart | None:
        """After block ``block`` (0-based, ``failed`` of its samples failed): None while the server runs;
        when it died, start a fresh private server, store the restart and return it. Its ``text`` is the
        notice to show; its ``workers_restarted`` the ids of ``implementations`` (the run's) whose workers
        read the database's address, which the caller starts again when that address changed (its port
        was taken).

        Raises:
            RunError: the server is external (never restarted), died more than :attr:`max_restarts`
                times, or could not be started again; the run ends, marked incomplete, its samples kept.
        """
        server = self.server
        if server is None:
            return None
        try:
            server.check()
        except PostgresError as exc:
            reason = str(exc)
        else:
            return None
        if server.kind != "private":
            raise RunError(
                self._failed_for_good(reason, translate("Runner", "Bancada does not restart an external server"))
            )
        if len(self.restarts) >= self.max_restarts:
            raise RunError(
                self._failed_for_good(
                    reason,
                    translate(
                        "Runner",
                        "it is not started again: it died {n} times in this run (a server that keeps dying is not "
                        "measured on)",
                    ).format(n=len(self.restarts) + 1),
                )
            )
        exit_code, port_before, url_before = server.exit_code, server.port, server.database_url
        t0 = time.monotonic()
        try:
            server.restart()
            digest = server.digest()
        except PostgresError as exc:
            why = translate("Runner", "starting it again failed: {why}").format(why=exc)
            raise RunError(self._failed_for_good(reason, why)) from None
        restart = DatabaseRestart(
            block=block,
            exit_code=exit_code,
            reason=reason,
            port_before=port_before,
            port_after=server.port,
            failed=failed,
            pets_md5=digest.get("pets", ""),
            people_md5=digest.get("people", ""),
            restart_s=round(time.monotonic() - t0, 3),
            workers_restarted=self._readers(implementations) if server.database_url != url_before else (),
        )
        restart = dataclasses.replace(restart, text=restart_text(server.kind, server.host_name, restart))
        self.restarts.append(restart)
        add_restart(store, restart)
        return restart

    def _failed(self, exc: Exception) -> str:
        server = self.server
        kind, host = (server.kind, server.host_name) if server is not None else ("private", "")
        return translate(
            "Runner", "the database ({server} on {host}) failed: {why}; the samples so far are kept"
        ).format(server=_server_label(kind), host=host, why=exc)

    def _readers(self, implementations: Iterable[object]) -> tuple[str, ...]:
        """The ids of ``implementations`` whose workers get the database's address (:meth:`worker_env`)."""
        return tuple(sorted(i.id for i in implementations if isinstance(i, Implementation) and self.wants_database(i)))

    def _failed_for_good(self, reason: str, why_not_again: str) -> str:
        """The run's end message for a server that died and is not started again (translated)."""
        server = self.server
        kind, host = (server.kind, server.host_name) if server is not None else ("private", "")
        return translate(
            "Runner", "the database ({server} on {host}) failed: {why}; {why_not_again}; the samples so far are kept"
        ).format(server=_server_label(kind), host=host, why=reason, why_not_again=why_not_again)

    def stop(self) -> None:
        """Stop the server (no process left) and close a host connected for it; safe to call twice."""
        if self.server is not None:
            t0 = time.monotonic()
            try:
                self.server.stop()
            finally:
                self.timings["stop"] = time.monotonic() - t0
                self.server = None
        self.close()

    def close(self) -> None:
        if self._own_host is not None:
            self._own_host.close()
            self._own_host = None


def _server_label(kind: str) -> str:
    """``private PostgreSQL`` or ``external PostgreSQL`` (translated)."""
    if kind == "external":
        return translate("Runner", "external PostgreSQL")
    return translate("Runner", "private PostgreSQL")


def restart_text(kind: str, host: str, restart: DatabaseRestart) -> str:
    """The notice of ``restart`` (translated): which server died during which block (1-based) and with
    which exit status, that it runs again and the run goes on, and the block's failed samples."""
    code = (
        translate("Runner", "exit code {code}").format(code=restart.exit_code)
        if restart.exit_code is not None
        else translate("Runner", "exit code not known")
    )
    text = translate(
        "Runner",
        "the {server} server on {host} died during block {block} ({code}); it was started again, seeded as at the "
        "run's start, and the run goes on; block {block}'s requests after the death failed ({failed} failed samples)",
    ).format(server=_server_label(kind), host=host, block=restart.block + 1, code=code, failed=integer(restart.failed))
    if restart.port_before != restart.port_after:
        text += translate(
            "Runner",
            "; its port {old} was taken: it listens on port {new} now, and the workers that read its address were "
            "started again ({workers})",
        ).format(old=restart.port_before, new=restart.port_after, workers=", ".join(restart.workers_restarted) or "—")
    return text
