"""What runs around each block: the :class:`BlockHooks` protocol, its hooks for the database and the workers,
and :func:`block_hooks`, which registers the hooks a run's profile asks for.

The runner calls every hook's :meth:`~BlockHooks.before_block` in the order :func:`block_hooks` gives,
once the block's driver job is made and before its driver starts, then the driver, then every
:meth:`~BlockHooks.after_block` in the reverse order once the driver is done; :meth:`~BlockHooks.close`
at the end of the run, in the reverse order too. So the outermost hook (the database) resets before
and checks after all the others, and the innermost (CPU profiling) starts and stops closest to the
driver. A block whose driver fails gets no ``after_block``; the run ends and ``close`` follows.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from bancada.core.i18n import translate
from bancada.run.context import BlockRun, RunContext
from bancada.run.cpu_profiling import CpuProfiling
from bancada.run.database import RunDatabase
from bancada.run.events import Notice, RunEvent, WorkerDied
from bancada.run.locust_hosts import LocustHooks
from bancada.run.worker_start import open_link, start_workers


class BlockHooks(Protocol):
    """Something done before and after each block of a run, and once at its end."""

    def before_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        """Before ``block``'s driver starts; may change ``block.job`` or ``block.watch``; yields notices.

        Raises:
            RunError: the run cannot go on (it ends, marked incomplete).
        """
        ...

    def after_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        """Once ``block``'s driver is done and its samples stored; yields notices.

        Raises:
            RunError, WorkerDied: the run cannot go on.
        """
        ...

    def close(self) -> None:
        """At the end of the run, whatever its outcome: stop what the hook started (safe to call twice)."""
        ...


class DatabaseHooks:
    """The experiment's database (seed 001): reset before every repetition (``reset = "repetition"``),
    checked after every block, stopped at the end (:class:`bancada.run.database.RunDatabase`).

    A private server found dead after a block is started again (:meth:`RunDatabase.after_block`) and
    the run goes on with a warning; when the fresh server could not take the old port, the workers
    that read the database's address are stopped and started again (:func:`start_workers`), and the
    links opened in front of them again."""

    def __init__(self, database: RunDatabase) -> None:
        self.database = database
        self._errors_before = 0  # the run's failed samples when the block started

    def before_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        self._errors_before = ctx.tally.errors
        yield from map(Notice.info, self.database.before_block(ctx.store, block.block.repetition))

    def after_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        failed = ctx.tally.errors - self._errors_before
        restart = self.database.after_block(ctx.store, block.block.index, failed, ctx.implementations.values())
        if restart is None:
            return
        yield Notice("warning", restart.text)
        if restart.workers_restarted:
            for impl_id in restart.workers_restarted:
                worker = ctx.workers.pop(impl_id, None)
                if worker is not None:
                    worker.stop()
            yield from start_workers(ctx, only=restart.workers_restarted)
            yield from open_link(ctx)

    def close(self) -> None:
        self.database.stop()


class WorkerWatch:
    """The workers of a block: with ``on_worker_death = "stop"`` the death of one stops the block at once;
    after it, a dead worker stops the run, or (``"continue"``) is left out of the blocks to come."""

    def before_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        if ctx.options.on_worker_death == "stop":
            block.watch = {i: w for i, w in ctx.workers.items() if i not in ctx.tally.dead}
        yield from ()

    def after_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        """Raises :class:`WorkerDied` for a dead worker unless it is left out (one error notice then)."""
        for impl_id, worker in ctx.workers.items():
            if impl_id not in ctx.tally.dead and not worker.alive():
                died = WorkerDied(impl_id, worker.log_tail(10), worker.stop(0.1))
                if ctx.options.on_worker_death == "continue" and not ctx.host.disconnected:
                    ctx.tally.dead.add(impl_id)
                    yield Notice("error", str(died) + "\n" + translate("Runner", "the run goes on without it"))
                else:
                    raise died

    def close(self) -> None:
        """The workers are stopped by the runner, with or without hooks."""


def block_hooks(ctx: RunContext) -> list[BlockHooks]:
    """The hooks around each block of ``ctx``'s run, outermost first, as its profile asks: the database
    when the run has one, the workers always, the locust driver's settings and load hosts when the
    locust driver runs, CPU profiling when ``[profiling] cpu`` (or ``--profile-cpu``) is on."""
    hooks: list[BlockHooks] = []
    if ctx.database.config is not None:
        hooks.append(DatabaseHooks(ctx.database))
    hooks.append(WorkerWatch())
    if ctx.driver == "locust":
        hooks.append(LocustHooks(ctx.profile, ctx.host.root))
    if ctx.profile.profiling is not None and ctx.profile.profiling.cpu:
        hooks.append(CpuProfiling(ctx.host))
    return hooks
