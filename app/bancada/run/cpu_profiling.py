"""The runner's hook for CPU profiles: start each worker's profiler before a block, stop and store after.

:class:`CpuProfiling` is a block hook (:class:`bancada.run.block_hooks.BlockHooks`), registered when
``[profiling] cpu`` (or ``--profile-cpu``) is on: :meth:`CpuProfiling.before_block` runs just before a
block's driver starts and :meth:`CpuProfiling.after_block` once the driver is done; both yield notices
(one line each) for the run to show.

The first :meth:`before_block` says, in one line, which implementations get no profile and why
(a worker without a profiler, a missing tool, a host without a shell); the run goes on without them.
A profiler that fails later is dropped for the rest of the run with one line. Each profile is stored
(:mod:`bancada.store.cpu_profiles`) with its folded stacks (:mod:`bancada.hosts.folded`), and
the run's meta gets ``cpu_profiled = 1``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from bancada.core.i18n import translate
from bancada.experiment.plan import Block, Plan
from bancada.hosts.base import Host
from bancada.hosts.folded import ProfileFormatError, folded_text, to_folded
from bancada.hosts.profilers import CpuProfiler, ProfilerError, check_profiler, profiler_for
from bancada.run.events import Notice, RunEvent
from bancada.store.cpu_profiles import StoredCpuProfile, add_cpu_profile
from bancada.store.runstore import RunStore

if TYPE_CHECKING:
    from bancada.run.context import BlockRun, RunContext


class CpuProfiling:
    """Profiles of the workers on ``host`` during each block (registered for ``[profiling] cpu``, ``--profile-cpu``)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.shell = host.shell()
        self._checked: dict[str, str] = {}  # worker name -> why not ("" = can)
        self._profilers: dict[str, CpuProfiler] = {}  # implementation id -> its profiler (same worker pid)
        self._dropped: set[str] = set()
        self._running: dict[str, tuple[CpuProfiler, tuple[int, ...]]] = {}
        self._said = False

    def before_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        """Start the profilers of the implementations run in ``block``; yield the notices."""
        yield from map(Notice.info, self.start(ctx.plan, block.block, block.ids, ctx.workers, ctx.store))

    def after_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        """Stop the running profilers and store their profiles; yield the notices."""
        yield from map(Notice.info, self.stop(ctx.store, block.block.index))

    def close(self) -> None:
        """Nothing: a block's profilers stop after it."""

    def start(self, plan: Plan, block: Block, ids: list[int], workers: Mapping[str, Any], store: RunStore) -> list[str]:
        """Start the profilers of the implementations ``ids`` run in ``block``; notices to show."""
        notices = [] if self._said else self._first_notice(plan, store)
        by_impl: dict[str, list[int]] = {}
        for tid in ids:
            by_impl.setdefault(plan.treatments[tid].implementation.id, []).append(tid)
        for impl_id, tids in by_impl.items():
            profiler = self._profiler(plan, tids[0], workers.get(impl_id))
            if profiler is None:
                continue
            try:
                profiler.start()
            except ProfilerError as exc:
                notices.append(self._drop(impl_id, str(exc)))
                continue
            self._running[impl_id] = (profiler, tuple(tids))
        return notices

    def stop(self, store: RunStore, block_index: int) -> list[str]:
        """Stop the running profilers and store their profiles; notices to show."""
        notices: list[str] = []
        running, self._running = self._running, {}
        for impl_id, (profiler, tids) in running.items():
            try:
                profile = profiler.stop()
                folded = folded_text(to_folded(profile.format, profile.data))
            except (ProfilerError, ProfileFormatError) as exc:
                notices.append(self._drop(impl_id, str(exc)))
                continue
            row = StoredCpuProfile(
                block_index, impl_id, tids, profile.tool, profile.tool_version, profile.format,
                profile.data, folded, profile.duration_s,
            )  # fmt: skip
            add_cpu_profile(store, row)
        return notices

    def _drop(self, impl_id: str, reason: str) -> str:
        self._dropped.add(impl_id)
        self._profilers.pop(impl_id, None)
        return translate("Profiling", "no more CPU profiles of {impl}: {reason}").format(impl=impl_id, reason=reason)

    def _profiler(self, plan: Plan, tid: int, worker: Any) -> CpuProfiler | None:
        impl = plan.treatments[tid].implementation
        if impl.id in self._dropped or worker is None or self.shell is None:
            return None
        name = impl.worker.name
        if self._checked.get(name, "x") != "":
            return None
        current = self._profilers.get(impl.id)
        if current is None or current.pid != worker.pid:  # a restarted worker gets a new profiler
            current = profiler_for(name, impl.id, worker.pid, self.shell, self.host.is_local)
            self._profilers[impl.id] = current
        return current

    def _first_notice(self, plan: Plan, store: RunStore) -> list[str]:
        self._said = True
        store.set_meta(cpu_profiled="1")
        missing: dict[str, list[str]] = {}
        for treatment in plan.treatments:
            impl = treatment.implementation
            name = impl.worker.name
            if name not in self._checked:
                if self.shell is None:
                    self._checked[name] = translate("Profiling", "this kind of host cannot be profiled")
                elif not name:
                    self._checked[name] = translate("Profiling", "Bancada does not start this service")
                else:
                    self._checked[name] = check_profiler(name, self.shell, self.host.is_local)
            if self._checked[name]:
                missing.setdefault(self._checked[name], [])
                if impl.id not in missing[self._checked[name]]:
                    missing[self._checked[name]].append(impl.id)
        if not missing:
            return []
        parts = "; ".join(f"{', '.join(ids)} ({why})" for why, ids in missing.items())
        return [translate("Profiling", "no CPU profile for {parts}; the run goes on without them").format(parts=parts)]
