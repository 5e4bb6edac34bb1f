"""The runner: profile -> plan -> workers -> driver processes -> run store.

:class:`Runner` is used the same way by the CLI and the GUI: iterate
:meth:`Runner.events` (for the GUI in a run process of its own,
:mod:`bancada.session.run_server`) and call
:meth:`cancel`, :meth:`pause` or :meth:`resume` from any thread. Every sample
is in the run store before the event that carries it is yielded.

One driver process runs each block of the plan (docs/driver-protocol.md), so
pausing takes effect between blocks and no driver ever shares a process with
the GUI or the store: a redraw never shows up in a latency.
"""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from bancada.core.heap import limit_malloc_arenas, release_freed_memory
from bancada.core.i18n import translate
from bancada.drivers.health import HealthCheckError
from bancada.drivers.job import DriverJob
from bancada.drivers.stream import StreamError
from bancada.experiment.profile import Profile
from bancada.hosts.base import Host, WorkerHandle, WorkerStartError
from bancada.hosts.local import LocalHost
from bancada.run import driver_block
from bancada.run.block_hooks import BlockHooks, block_hooks
from bancada.run.block_job import block_job
from bancada.run.context import BlockRun, RunContext, RunOptions
from bancada.run.database import RunDatabase
from bancada.run.events import (
    Notice,
    RunError,
    RunEvent,
    RunFinished,
    RunStarted,  # noqa: F401 - re-exported
    SamplesArrived,
    WorkerDied,
)
from bancada.run.preparation import prepare_run
from bancada.run.reconnect import reconnect
from bancada.run.run_start import announce, before_blocks, record_start
from bancada.run.worker_start import open_link, start_workers
from bancada.store.runstore import RunStoreError, RunStoreWriteError


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

    Once :meth:`events` has checked the run and made its file, the run's state is one
    :class:`~bancada.run.context.RunContext` (:attr:`ctx`), handed to each step and to the
    block hooks (:mod:`bancada.run.block_hooks`).
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
        self._profile = profile
        self.host = host or LocalHost()
        self.driver_choice = driver or profile.experiment.driver
        self.store_folder = store_folder
        self.options = RunOptions(on_worker_death, ready_timeout_s, on_disconnect, reconnect_timeout_s)
        # Where the driver runs: this computer unless an SSH host is given.
        self.driver_host = driver_host or (self.host if self.host.is_local else LocalHost(self.host.root))
        self._cancel = threading.Event()
        self._resume = threading.Event()
        self._resume.set()
        self._stop_after_block = ""  # set: no block starts after the one in progress (the reason)
        self._driver_proc: subprocess.Popen[bytes] | None = None
        self.ctx: RunContext | None = None
        #: The experiment's database (seed 001): started before the workers, reset before every repetition.
        self.database = RunDatabase()
        self._hooks: list[BlockHooks] = []

    @property
    def profile(self) -> Profile:
        """The run's profile: as given until :meth:`events` has prepared the run, then the context's
        (its block-order seed drawn, the default ``[database]`` added)."""
        return self.ctx.profile if self.ctx is not None else self._profile

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
            RunError, PlanError: before anything is stored, when the run cannot start
                (unknown implementation, one that cannot run on the host, no driver).
        """
        limit_malloc_arenas()  # before the run's threads start (bancada.core.heap)
        ctx = self.ctx = prepare_run(
            self._profile,
            self.host,
            self.driver_host,
            self.driver_choice,
            self.database,
            self.options,
            self._cancel,
            self.store_folder,
        )
        self._hooks = block_hooks(ctx)
        status, message = "incomplete", ""
        try:
            yield from record_start(ctx)
            yield from announce(ctx)
            yield from start_workers(ctx)
            yield from open_link(ctx)
            yield from before_blocks(ctx)
            yield from self._run_blocks(ctx)
            status, message = ctx.tally.outcome(self._cancel.is_set(), self._stop_after_block, self.host.name)
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
            self._end(ctx, status, message)
        yield RunFinished(status, message, ctx.store.path, ctx.tally.errors_by_kind)

    def _end(self, ctx: RunContext, status: str, message: str) -> None:
        """Stop the workers, the link and the hooks (the database last); mark the run file ``status`` and close it."""
        for worker in ctx.workers.values():
            worker.stop()
        if ctx.link is not None:
            ctx.link.close()
        for hook in reversed(self._hooks):
            hook.close()
        try:
            ctx.store.finish(status, message)
            ctx.store.close()
        except RunStoreWriteError:  # the same full disk: the file stays "running", shown as interrupted
            ctx.store.close_without_commit()

    def _run_blocks(self, ctx: RunContext) -> Iterator[RunEvent]:
        """Run the plan's blocks in order (pausing between them), counting into ``ctx.tally``."""
        started = time.monotonic()
        for block in ctx.plan.blocks:
            while not self._resume.wait(0.1):
                if self._cancel.is_set():
                    break
            if self._cancel.is_set() or self._stop_after_block:
                break
            ids = [i for i in block.treatments if ctx.plan.treatments[i].implementation.id not in ctx.tally.dead]
            pace = ctx.tally.pace
            if not ids:
                ctx.tally.done += block.request_count()
                if pace is not None:
                    pace.skip()
                continue
            job = block_job(ctx.profile, ctx.plan, block, ids, ctx.target_of, ctx.custom, ctx.steady_warm)
            if pace is not None:
                pace.start(time.monotonic())
            try:
                yield from self._run_block(ctx, BlockRun(block, ids, job, watch={}), started)
            except WorkerDied:
                if not self.host.disconnected:
                    raise
                if self.options.on_disconnect != "pause":
                    raise RunError(
                        translate(
                            "Runner",
                            "the SSH connection to {host} dropped during block {block}; the run stops and the "
                            "samples so far are kept (the worker left on the host is stopped at the next connection)",
                        ).format(host=self.host.name, block=block.index + 1)
                    ) from None
                yield from self._resume_after_disconnect(ctx, block.index)
            release_freed_memory()  # between blocks, nothing measured: the block's batches were freed
            if pace is not None:  # the block's time paces the blocks of its treatments
                now = time.monotonic()
                pace.end(now)
                yield ctx.tally.progress(now - started, now)

    def _run_block(self, ctx: RunContext, block: BlockRun, started: float) -> Iterator[RunEvent]:
        """Run ``block`` on one driver process between its hooks' ``before_block`` and ``after_block``,
        counting into ``ctx.tally`` (progress from ``started``, a monotonic time).

        Raises:
            WorkerDied: a watched worker died during the block.
        """
        for hook in self._hooks:
            yield from hook.before_block(ctx, block)
        for event in self._run_driver(ctx.driver, block.job, ctx, block.block.index, block.watch):
            yield event
            if isinstance(event, SamplesArrived):
                now = time.monotonic()
                yield ctx.tally.count(event, now - started, now)
        for hook in reversed(self._hooks):
            yield from hook.after_block(ctx, block)

    def _resume_after_disconnect(self, ctx: RunContext, block_index: int) -> Iterator[RunEvent]:
        """The host went away during block ``block_index`` (``on_disconnect = "pause"``): mark the block
        interrupted, wait for the host, then start the workers and the link again (unless cancelled)."""
        ctx.store.add_driver_event(block_index, {"event": "interrupted", "reason": "host disconnected"})
        ctx.store.commit()
        ctx.tally.interrupted.append(block_index)
        yield from reconnect(self.host, self._cancel, self.options.reconnect_timeout_s)
        if self._cancel.is_set():
            return  # the next block is not started: _run_blocks stops on the cancel
        ctx.workers.clear()
        yield from start_workers(ctx)
        yield from open_link(ctx)

    def _run_driver(
        self, driver: str, job: DriverJob, ctx: RunContext, block_index: int, watch: dict[str, WorkerHandle]
    ) -> Iterator[RunEvent]:
        """Run one driver process for one block; store and yield its samples (:func:`driver_block.drive_block`).

        ``watch`` maps implementation ids to workers whose death stops the block
        at once (``alive()`` must be cheap: it is called about every 50 ms).
        """
        proc = self.driver_host.open_driver(driver, placement=ctx.placement.driver)
        self._driver_proc = proc
        if self._cancel.is_set():
            proc.terminate()
        try:
            yield from driver_block.drive_block(
                proc, job, ctx.store, block_index, watch, ctx.profile.experiment.timeout_s, self._cancel.is_set
            )
        finally:
            self._driver_proc = None
