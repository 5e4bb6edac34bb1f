"""The runner: profile -> plan -> workers -> driver processes -> run store.

:class:`Runner` is used the same way by the CLI and the GUI: iterate
:meth:`Runner.events` (for the GUI in a run process of its own,
:mod:`bancada.session.run_process`) and call
:meth:`cancel`, :meth:`pause` or :meth:`resume` from any thread. Every sample
is in the run store before the event that carries it is yielded.

One driver process runs each block of the plan (docs/driver-protocol.md), so
pausing takes effect between blocks and no driver ever shares a process with
the GUI or the store: a redraw never shows up in a latency.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import os
import subprocess
import threading
import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

from bancada import __version__
from bancada.drivers import unmeasurable_reason
from bancada.drivers.health import HealthCheckError, worker_info
from bancada.drivers.job import DriverJob
from bancada.drivers.locust.settings import with_locust
from bancada.run.locust_hosts import LoadHosts
from bancada.drivers.stream import StreamError
from bancada.run import driver_block, targets
from bancada.experiment import manifest, probe
from bancada.experiment.external import EXTERNAL_NOTE, ExternalHandle, ExternalImplementation
from bancada.experiment.plan import Block, Plan, build_plan, unplanned_workloads, with_external, with_seed
from bancada.experiment.profile import Profile
from bancada.hosts.base import Host, WorkerHandle, WorkerStartError
from bancada.hosts.link import LinkError
from bancada.hosts.link_set import LinkSet, link_notice
from bancada.hosts.local import LocalHost
from bancada.hosts.placement import PlacementDecision, decide as decide_placement
from bancada.run.cpu_profiling import CpuProfiling
from bancada.run.database import RunDatabase, check_operations_served
from bancada.run.driver_choice import choose_driver
from bancada.run.block_job import block_job
from bancada.run.reconnect import reconnect
from bancada.run.pace import BlockPace
from bancada.run.tally import RunTally
from bancada.run.treatment_rows import treatment_rows
from bancada.run.events import (
    Notice,
    RunError,
    RunEvent,
    RunFinished,
    RunStarted,  # noqa: F401
    SamplesArrived,
    WorkerDied,
)
from bancada.store.runstore import RunStore, RunStoreError, RunStoreWriteError


def _load_avg() -> str | None:
    """This computer's 1, 5 and 15 minute load averages when the run starts (getloadavg(3))."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return None


class Runner:
    """Runs one profile on one host.

    Args:
        profile: the validated profile (overrides already applied).
        host: where the workers run (default: :class:`LocalHost`).
        driver: ``python``, ``native`` or ``auto`` (native where its binary exists).
        store_folder: where the run file goes (default: the user's runs dir).
        on_worker_death: ``stop`` (mark incomplete) or ``continue`` (skip the dead
            worker's treatments for the rest of the run).
        on_disconnect: SSH hosts: ``incomplete`` (end the run, marked incomplete) or
            ``pause`` (keep reconnecting for ``reconnect_timeout_s``, restart the
            workers, go on with the next block; the interrupted block stays partial).
        driver_host: where the driver runs: None for this computer, or an SSH host
            (only the native driver; it is deployed there and its frames come back
            over the SSH channel), to load a server from a machine next to it.
            Either way the driver is started by ``driver_host.open_driver(name)``.
    """

    def __init__(
        self,
        profile: Profile,
        host: Host | None = None,
        *,
        driver: str | None = None,
        store_folder: Path | None = None,
        on_worker_death: str = "stop",
        ready_timeout_s: float = 120.0,
        on_disconnect: str = "incomplete",
        reconnect_timeout_s: float = 300.0,
        driver_host: Host | None = None,
    ) -> None:
        self.profile = profile
        self.host = host or LocalHost()
        self.driver_choice = driver or profile.experiment.driver
        self.store_folder = store_folder
        self.on_worker_death = on_worker_death
        self.ready_timeout_s = ready_timeout_s
        self.on_disconnect = on_disconnect
        self.reconnect_timeout_s = reconnect_timeout_s
        # Where the driver runs: this computer unless an SSH host is given.
        self.driver_host = driver_host or (self.host if isinstance(self.host, LocalHost) else LocalHost(self.host.root))
        self._cancel = threading.Event()
        self._resume = threading.Event()
        self._resume.set()
        self._stop_after_block = ""  # set: no block starts after the one in progress (the reason)
        self._driver_proc: subprocess.Popen[bytes] | None = None
        self.store: RunStore | None = None
        self.plan: Plan | None = None
        self.placement = PlacementDecision()
        self._link: LinkSet | None = None
        self._load_hosts: LoadHosts | None = None  # the locust driver's SSH load hosts, opened at the first block
        # (implementation id, link name) -> the link proxy's address the driver uses
        self._via: dict[tuple[str, str], str] = {}
        self._custom: dict[int, dict[str, Any]] = {}  # treatment id -> the job's request object (custom workloads)
        # treatments warmed to warmup_until's criterion since their workers started (warmup_until.once)
        self._steady_warm: set[int] = set()
        #: The experiment's database (seed 001): started before the workers, reset before every repetition.
        self.database = RunDatabase()
        self.cpu_profiling = CpuProfiling(bool(profile.profiling and profile.profiling.cpu), self.host)

    # -- control (any thread) ------------------------------------------------
    def cancel(self) -> None:
        """Stop as soon as possible; the run is kept, marked ``cancelled``."""
        self._cancel.set()
        self._resume.set()
        proc = self._driver_proc
        if proc is not None and proc.poll() is None:
            proc.terminate()

    def stop_after_block(self, reason: str) -> None:
        """Let the block in progress finish (every sample of it stored), start no other; the run is
        kept, marked ``incomplete`` with ``reason``. Used when the window that started the run is gone."""
        self._stop_after_block = reason
        self._resume.set()

    def pause(self) -> None:
        """Pause before the next block."""
        self._resume.clear()

    def resume(self) -> None:
        self._resume.set()

    @property
    def paused(self) -> bool:
        return not self._resume.is_set()

    # -- the run ---------------------------------------------------------------
    def events(self) -> Iterator[RunEvent]:
        """Run the profile, yielding events. The last event is always :class:`RunFinished`.

        Raises:
            RunError: before anything is stored, when the run cannot start
                (unknown implementation, one that cannot run on the host, no driver).
        """
        plan, impls, driver_name, prepared = self._prepare()
        store = RunStore.create(folder=self.store_folder)
        self.store = store
        run_id = store.meta()["run_id"]
        workers: dict[str, WorkerHandle] = {}
        status, message = "incomplete", ""
        tally = RunTally()
        try:
            yield from self._record_start(store, plan, driver_name)
            yield from self._announce(store, plan, prepared, driver_name, tally)
            yield from self._start_workers(impls, run_id, store, workers)
            yield from self._open_link(store, workers)
            yield from self._before_blocks(plan, driver_name, store, workers)
            yield from self._run_blocks(plan, impls, driver_name, store, workers, run_id, tally)
            status, message = tally.outcome(self._cancel.is_set(), self._stop_after_block, self.host.name)
        except (WorkerStartError, HealthCheckError, RunError, StreamError, RunStoreError) as exc:
            status, message = (
                ("cancelled", "stopped by the user") if self._cancel.is_set() else ("incomplete", str(exc))
            )
            yield Notice("error", message)
        except GeneratorExit:
            status, message = "cancelled", "the run was abandoned"
            raise
        except KeyboardInterrupt:
            status, message = "cancelled", "interrupted (Ctrl-C)"
            raise
        finally:
            self._end(store, workers, status, message)
        yield RunFinished(status, message, store.path, tally.errors_by_kind)

    def _announce(
        self, store: RunStore, plan: Plan, prepared: dict[int, Any], driver_name: str, tally: RunTally
    ) -> Iterator[RunEvent]:
        """Store the treatments, plan the tally (requests, or seconds for a timed load), start the
        database; yield RunStarted and the notices of the plan and the database."""
        rows = treatment_rows(plan, prepared, self._custom)
        store.add_treatments(rows)
        load = self.profile.load
        duration_s = load.duration_s if load.model != "sequential" else None
        timed = duration_s is not None
        # A run by duration has no known request count: progress then goes by time.
        blocks_run = sum(len(b.treatments) for b in plan.blocks)
        tally.planned_s = blocks_run * duration_s if duration_s is not None else None
        tally.total = 0 if timed else plan.request_count()
        store.planned_samples = tally.total  # for the space a full disk lacks
        tally.measured_total = 0 if timed else sum(b.requests * len(b.treatments) for b in plan.blocks)
        steady = self.profile.experiment.warmup_until
        tally.pace = BlockPace(
            [b.treatments for b in plan.blocks],
            # before any block has ended: the warm-up's time cap per treatment (a block's warm-up is most of it)
            prior_s=None if steady is None else steady.max_s * max(len(b.treatments) for b in plan.blocks),
        )
        yield RunStarted(store.meta()["run_id"], store.path, rows, tally.total, driver_name)
        for text in unplanned_workloads(self.profile, plan):
            yield Notice("warning", text)
        for text in self.database.notices:
            yield Notice("info", text)
        for text in self.database.start(store):
            yield Notice("info", text)

    def _before_blocks(
        self, plan: Plan, driver_name: str, store: RunStore, workers: dict[str, WorkerHandle]
    ) -> Iterator[RunEvent]:
        """Once the workers are up: the native driver prepares the custom gRPC requests to them (their
        sizes stored); a load run on this computer stores the response sizes and may warn of open files."""
        if driver_name == "native":  # custom gRPC requests to the workers Bancada started, now they are up
            late = targets.prepare_custom(
                self.driver_host,
                plan,
                self._custom,
                {i: w.target for i, w in workers.items() if not isinstance(w, ExternalHandle)},
                self.profile.experiment.timeout_s,
            )
            store.update_treatments("payload_bytes", {i: int(v.get("request_bytes", -1)) for i, v in late.items()})
        if self.profile.load.model != "sequential" and isinstance(self.driver_host, LocalHost):
            # the siege/ab tables' byte fields (bancada.experiment.probe)
            store.set_meta(response_bytes=probe.response_bytes(plan.treatments, self._targets(workers)))
            yield from self._open_files_notice(store)

    def _end(self, store: RunStore, workers: dict[str, WorkerHandle], status: str, message: str) -> None:
        """Stop the workers, the link and the database; mark the run file ``status`` and close it."""
        for worker in workers.values():
            worker.stop()
        if self._link is not None:
            self._link.close()
        if self._load_hosts is not None:
            self._load_hosts.close()
        self.database.stop()
        try:
            store.finish(status, message)
            store.close()
        except RunStoreWriteError:  # the same full disk: the file stays "running", shown as interrupted
            store.close_without_commit()

    # -- the parts of a run ------------------------------------------------------------
    def _prepare(self) -> tuple[Plan, dict[str, Any], str, dict[int, Any]]:
        """Everything checked before a run file exists: the seed, the plan, what can run where,
        the driver, the placement, external services and custom requests.

        Returns ``(plan, implementations by id, driver name, custom requests prepared by the driver)``.

        Raises:
            RunError, PlanError: the run cannot start (the message says why).
        """
        self.profile = with_seed(self.profile)  # the block order's seed: drawn now unless given, stored below
        impls = with_external(self.profile, manifest.discover(self.host.root))
        plan = build_plan(self.profile, impls)
        impls.update({t.implementation.id: t.implementation for t in plan.treatments})  # second instances (go-rest:b)
        self.plan = plan
        check_operations_served(plan)
        for impl_id in self.profile.experiment.implementations:
            why_not = unmeasurable_reason(impls[impl_id].protocol)
            if why_not:
                raise RunError(
                    translate("Runner", "implementation {impl_id} cannot be measured: {why_not}").format(
                        impl_id=impl_id, why_not=why_not
                    )
                )
            impl = impls[impl_id]
            if isinstance(impl, ExternalImplementation):
                continue  # not started by Bancada: checked for reachability below
            ok, reason = self.host.can_run(impl)
            if not ok:
                raise RunError(
                    translate("Runner", "implementation {impl_id} cannot run on host {name}: {reason}").format(
                        impl_id=impl_id, name=self.host.name, reason=reason
                    )
                )
        driver_name = choose_driver(
            self.driver_choice,
            self.driver_host.drivers_available(),
            self.driver_host.name,
            self.profile.load.model,
            self.plan,
        )
        self.placement = decide_placement(
            self.profile.placement,
            workers_remote=not isinstance(self.host, LocalHost),
            driver_remote=not isinstance(self.driver_host, LocalHost),
        )
        # external implementations and custom requests: checked and built before anything is stored
        if isinstance(self.driver_host, LocalHost):
            targets.check_externals(plan)
        self._custom = targets.custom_requests(plan)
        prepared = {}
        if driver_name == "native":
            prepared = targets.prepare_custom(
                self.driver_host,
                plan,
                self._custom,
                {e.id: e.target for e in targets.externals_of(plan)},
                self.profile.experiment.timeout_s,
            )
        self.profile = self.database.prepare(self.profile, plan, self.host)  # last: it may connect an SSH host
        return plan, impls, driver_name, prepared

    def _record_start(self, store: RunStore, plan: Plan, driver_name: str) -> Iterator[RunEvent]:
        """Store the run's design and facts; yield the notices about them."""
        exp = self.profile.experiment
        store.set_meta(
            profile_name=exp.name,
            profile_toml=self.profile.to_toml(),
            profile_json=self.profile.model_dump_json(),
            bancada_version=__version__,
            driver=driver_name,
            host_name=self.host.name,
            host_facts=self.host.facts(),
            driver_host=self.driver_host.name,
            driver_host_facts=self.driver_host.facts(),
            schedule=exp.schedule,
            schedule_seed=exp.seed,
            placement=self.placement.facts(),
            load_avg_before_run=_load_avg(),
        )
        for text in self.profile.notices:
            yield Notice("warning", text)
        for text in self.placement.refused:
            yield Notice("warning", translate("Runner", "placement refused: {why}").format(why=text))
        if targets.externals_of(plan):
            store.set_meta(
                external_implementations=[
                    {
                        "id": e.id,
                        "protocol": e.protocol,
                        "address": e.address,
                        "target": e.target,
                        "language": e.language,
                        "description": e.description,
                        "note": EXTERNAL_NOTE,
                    }
                    for e in targets.externals_of(plan)
                ]
            )

    def _run_blocks(
        self,
        plan: Plan,
        impls: dict[str, Any],
        driver_name: str,
        store: RunStore,
        workers: dict[str, Any],
        run_id: str,
        tally: RunTally,
    ) -> Iterator[RunEvent]:
        """Run the plan's blocks in order (pausing between them), counting into ``tally``."""
        started = time.monotonic()
        for block in plan.blocks:
            while not self._resume.wait(0.1):
                if self._cancel.is_set():
                    break
            if self._cancel.is_set() or self._stop_after_block:
                break
            ids = [i for i in block.treatments if plan.treatments[i].implementation.id not in tally.dead]
            if not ids:
                tally.done += block.request_count()
                if tally.pace is not None:
                    tally.pace.skip()
                continue
            if tally.pace is not None:
                tally.pace.start(time.monotonic())
            try:
                yield from self._run_block(plan, block, ids, driver_name, store, workers, tally, started)
            except WorkerDied:
                if not (self._host_disconnected() and self.on_disconnect == "pause"):
                    raise
                yield from self._resume_after_disconnect(block.index, impls, store, workers, run_id, tally)
            if tally.pace is not None:  # the block's time paces the blocks of its treatments
                now = time.monotonic()
                tally.pace.end(now)
                yield tally.progress(now - started, now)

    def _run_block(
        self,
        plan: Plan,
        block: Block,
        ids: list[int],
        driver_name: str,
        store: RunStore,
        workers: dict[str, Any],
        tally: RunTally,
        started: float,
    ) -> Iterator[RunEvent]:
        """Run treatments ``ids`` of ``block`` on one driver process, counting into ``tally`` (progress
        from ``started``, a monotonic time); then check the workers and the database.

        Raises:
            WorkerDied: a watched worker died during the block.
        """
        for text in self.database.before_block(store, block.repetition):
            yield Notice("info", text)
        job = block_job(
            self.profile,
            plan,
            block,
            ids,
            lambda impl, link: self._via.get((impl, link), workers[impl].target),
            self._custom,
            self._steady_warm,
        )
        if driver_name == "locust":  # the Locust settings ride in the job (bancada.drivers.locust)
            job = yield from self._locust_job(job)
        watch = {i: w for i, w in workers.items() if i not in tally.dead} if self.on_worker_death == "stop" else {}
        yield from map(Notice.info, self.cpu_profiling.before_block(plan, block, ids, workers, store))
        for event in self._run_driver(driver_name, job, store, block.index, watch):
            yield event
            if isinstance(event, SamplesArrived):
                now = time.monotonic()
                yield tally.count(event, now - started, now)
        yield from map(Notice.info, self.cpu_profiling.after_block(store, block.index))
        yield from self._check_workers(workers, tally)
        self.database.check()

    def _resume_after_disconnect(
        self,
        block_index: int,
        impls: dict[str, Any],
        store: RunStore,
        workers: dict[str, Any],
        run_id: str,
        tally: RunTally,
    ) -> Iterator[RunEvent]:
        """The host went away during block ``block_index`` (``on_disconnect = "pause"``): mark the block
        interrupted, wait for the host, then start the workers and the link again (unless cancelled)."""
        store.add_driver_event(block_index, {"event": "interrupted", "reason": "host disconnected"})
        store.commit()
        tally.interrupted.append(block_index)
        yield from reconnect(self.host, self._cancel, self.reconnect_timeout_s)
        if self._cancel.is_set():
            return  # the next block is not started: _run_blocks stops on the cancel
        workers.clear()
        yield from self._start_workers(impls, run_id, store, workers)
        yield from self._open_link(store, workers)

    def _open_link(self, store: RunStore, workers: dict[str, Any]) -> Iterator[RunEvent]:
        """With a ``[link]`` or ``experiment.links``: the link emulators and one proxy per (link, worker),
        then the calibration of each link (stored, and said); the driver is sent to the proxies.

        Raises:
            RunError: an emulator cannot start, open a proxy or carry the calibration.
        """
        whole_run = self.profile.link
        levels = {"": whole_run} if whole_run is not None else {t.name: t for t in self.profile.link_levels()}
        if not levels:
            return
        if self._link is None:
            self._link = LinkSet(levels)
        targets_by_impl = {impl_id: w.target for impl_id, w in workers.items()}
        try:
            self._via = self._link.open(targets_by_impl)
            facts = self._link.facts()
            store.set_meta(**({"link": facts[whole_run.name]} if whole_run is not None else {"links": facts}))
            calibration = self._link.calibrate()
        except LinkError as exc:
            raise RunError(str(exc)) from None
        store.set_meta(link_calibration={c.name: c.as_dict() for c in calibration.values()})
        for name, link in levels.items():
            yield Notice("info", link_notice(link, emulated=name in self._link.emulators))
        for c in calibration.values():
            yield Notice("info", c.line())

    def _check_workers(self, workers: dict[str, Any], tally: RunTally) -> Iterator[RunEvent]:
        """After a block: a dead worker stops the run, or (``on_worker_death="continue"``) is left out."""
        for impl_id, worker in workers.items():
            if impl_id not in tally.dead and not worker.alive():
                died = WorkerDied(impl_id, worker.log_tail(10), worker.stop(0.1))
                if self.on_worker_death == "continue" and not self._host_disconnected():
                    tally.dead.add(impl_id)
                    yield Notice("error", str(died) + "\n" + translate("Runner", "the run goes on without it"))
                else:
                    raise died

    def _start_workers(
        self, impls: dict[str, Any], run_id: str, store: RunStore, workers: dict[str, Any]
    ) -> Iterator[RunEvent]:
        """Start every implementation of the profile, health-check it, record it."""
        assert self.plan is not None
        self._steady_warm.clear()  # new worker processes: cold again
        for impl_id in self.profile.experiment.implementations:
            if self._cancel.is_set():
                break
            impl = impls[impl_id]
            if isinstance(impl, ExternalImplementation):
                yield Notice("info", f"{impl_id} at {impl.target}: {EXTERNAL_NOTE}")
                workers[impl_id] = ExternalHandle(impl)
                contract = any(
                    t.implementation.id == impl_id and t.workload.operation != "custom" for t in self.plan.treatments
                )
                info, warning = targets.external_info(impl, contract)
                if warning:
                    yield Notice("warning", warning)
                store.set_worker_info(impl_id, info)
                continue
            yield Notice(
                "info", translate("Runner", "starting {impl} on {host}").format(impl=impl_id, host=self.host.name)
            )
            if text := self.host.setup_notice(impls[impl_id]):  # this computer: a worker's environment made first
                yield Notice("info", text)
            env, extra_args = self.database.worker_env(impls[impl_id])
            worker = self.host.start_worker(
                impls[impl_id],
                run_id,
                self.ready_timeout_s,
                placement=self.placement.worker,
                env=env,
                extra_args=extra_args,
            )
            workers[impl_id] = worker
            if text := self.host.setup_done_notice(impls[impl_id]):
                yield Notice("info", text)
            if worker.warning:
                yield Notice("warning", worker.warning)
            info = worker_info(impls[impl_id].protocol, worker.target, timeout_s=30)
            store.set_worker_info(impl_id, {**info, "target": worker.target})
        store.update_treatments(
            "target",
            {t.id: workers[t.implementation.id].target for t in self.plan.treatments if t.implementation.id in workers},
        )

    def _open_files_notice(self, store: RunStore) -> Iterator[RunEvent]:
        """Record and say the open-file limit a local native driver gets: it raises its soft limit
        to this hard limit (drivers/native, checkFDs), and each client of a closed load holds one
        connection."""
        import resource

        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        if hard == resource.RLIM_INFINITY:
            hard = 2**31 - 1
        store.set_meta(driver_open_files_limit=hard)
        load = self.profile.load
        clients = load.vus if load.model == "vus" and load.vus else load.concurrency  # a virtual user holds one
        yield Notice(
            "info" if clients + 32 <= hard else "warning",
            f"open-file limit for the driver: {hard} (the soft limit is raised to it); "
            f"{clients} clients need {clients} connections",
        )

    @staticmethod
    def _targets(workers: dict[str, Any]) -> dict[str, str]:
        """``host:port`` of every started or external implementation."""
        return {i: w.target for i, w in workers.items() if getattr(w, "target", None)}

    def _host_disconnected(self) -> bool:
        return self.host.disconnected

    def _locust_job(self, job: DriverJob) -> Generator[RunEvent, None, DriverJob]:
        """``job`` with the locust driver's settings; the profile's SSH load hosts deployed (first block)
        and their Locust workers started for this block (bancada.run.locust_hosts)."""
        job = with_locust(job, self.profile, getattr(self.driver_host, "root", None))
        if not self.profile.load_hosts:
            return job
        if self._load_hosts is None:
            self._load_hosts = LoadHosts(
                self.profile.load_hosts, self.host.root, users=self.profile.experiment.load_users
            )
            for line in self._load_hosts.open():
                yield Notice("info", line)
        return self._load_hosts.before_block(job)

    def _run_driver(
        self, driver: str, job: DriverJob, store: RunStore, block_index: int, watch: dict[str, Any]
    ) -> Iterator[RunEvent]:
        """Run one driver process for one block; store and yield its samples (:func:`driver_block.drive_block`).

        ``watch`` maps implementation ids to workers whose death stops the block
        at once (``alive()`` must be cheap: it is called about every 50 ms).
        """
        proc = self.driver_host.open_driver(driver, placement=self.placement.driver)
        self._driver_proc = proc
        if self._cancel.is_set():
            proc.terminate()
        try:
            yield from driver_block.drive_block(
                proc, job, store, block_index, watch, self.profile.experiment.timeout_s, self._cancel.is_set
            )
        finally:
            self._driver_proc = None
