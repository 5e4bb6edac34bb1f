"""The run's workers and links: every implementation started and recorded (:func:`start_workers`), the link
emulators opened in front of them and calibrated (:func:`open_link`); both again after a reconnection."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from bancada.core.i18n import translate
from bancada.drivers.health import worker_info
from bancada.experiment.external import EXTERNAL_NOTE, ExternalHandle, ExternalImplementation
from bancada.hosts.link import LinkError
from bancada.hosts.link_set import LinkSet, link_notice
from bancada.run import targets
from bancada.run.context import RunContext
from bancada.run.events import Notice, RunError, RunEvent


def start_workers(ctx: RunContext, only: Collection[str] | None = None) -> Iterator[RunEvent]:
    """Start every implementation of the profile (or those of ``only``) on ``ctx.host`` (an external one
    stands as it is), health-check it, record it in ``ctx.workers`` and the run file.

    Raises:
        WorkerStartError, HealthCheckError: a worker did not start or does not answer.
    """
    ctx.steady_warm.clear()  # new worker processes: cold again
    for impl_id in ctx.profile.experiment.implementations:
        if only is not None and impl_id not in only:
            continue
        if ctx.cancel.is_set():
            break
        impl = ctx.implementations[impl_id]
        if isinstance(impl, ExternalImplementation):
            yield Notice("info", f"{impl_id} at {impl.target}: {EXTERNAL_NOTE}")
            ctx.workers[impl_id] = ExternalHandle(impl)
            contract = any(
                t.implementation.id == impl_id and t.workload.operation != "custom" for t in ctx.plan.treatments
            )
            info, warning = targets.external_info(impl, contract)
            if warning:
                yield Notice("warning", warning)
            ctx.store.set_worker_info(impl_id, info)
            continue
        yield Notice("info", translate("Runner", "starting {impl} on {host}").format(impl=impl_id, host=ctx.host.name))
        if text := ctx.host.setup_notice(impl):  # this computer: a worker's environment made first
            yield Notice("info", text)
        env, extra_args = ctx.database.worker_env(impl)
        worker = ctx.host.start_worker(
            impl,
            ctx.run_id,
            ctx.options.ready_timeout_s,
            placement=ctx.placement.worker,
            env=env,
            extra_args=extra_args,
        )
        ctx.workers[impl_id] = worker
        if text := ctx.host.setup_done_notice(impl):
            yield Notice("info", text)
        if worker.warning:
            yield Notice("warning", worker.warning)
        info = worker_info(impl.protocol, worker.target, timeout_s=30)
        ctx.store.set_worker_info(impl_id, {**info, "target": worker.target})
    started = {
        t.id: ctx.workers[t.implementation.id].target for t in ctx.plan.treatments if t.implementation.id in ctx.workers
    }
    ctx.store.update_treatments("target", started)


def open_link(ctx: RunContext) -> Iterator[RunEvent]:
    """With a ``[link]`` or ``experiment.links``: the link emulators and one proxy per (link, worker),
    then the calibration of each link (stored, and said); the driver is sent to the proxies (``ctx.via``).

    Raises:
        RunError: an emulator cannot start, open a proxy or carry the calibration.
    """
    whole_run = ctx.profile.link
    levels = {"": whole_run} if whole_run is not None else {t.name: t for t in ctx.profile.link_levels()}
    if not levels:
        return
    if ctx.link is None:
        ctx.link = LinkSet(levels)
    targets_by_impl = {impl_id: w.target for impl_id, w in ctx.workers.items()}
    try:
        ctx.via = ctx.link.open(targets_by_impl)
        facts = ctx.link.facts()
        ctx.store.set_meta(**({"link": facts[whole_run.name]} if whole_run is not None else {"links": facts}))
        calibration = ctx.link.calibrate()
    except LinkError as exc:
        raise RunError(str(exc)) from None
    ctx.store.set_meta(link_calibration={c.name: c.as_dict() for c in calibration.values()})
    for name, link in levels.items():
        yield Notice("info", link_notice(link, emulated=name in ctx.link.emulators))
    for c in calibration.values():
        yield Notice("info", c.line())
