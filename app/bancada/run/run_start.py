"""A run's first steps once its file exists: its design and facts stored (:func:`record_start`), its treatments
and progress planned (:func:`announce`), and what is known once the workers are up (:func:`before_blocks`)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from bancada import __version__
from bancada.core.i18n import translate
from bancada.experiment import probe
from bancada.experiment.external import EXTERNAL_NOTE, ExternalHandle
from bancada.experiment.plan import unplanned_workloads
from bancada.run import targets
from bancada.run.context import RunContext
from bancada.run.pace import BlockPace
from bancada.run.events import Notice, RunEvent, RunStarted
from bancada.run.treatment_rows import treatment_rows


def _load_avg() -> str | None:
    """This computer's 1, 5 and 15 minute load averages when the run starts (getloadavg(3))."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return None


def record_start(ctx: RunContext) -> Iterator[RunEvent]:
    """Store the run's design and facts; yield the notices about them."""
    exp = ctx.profile.experiment
    ctx.store.set_meta(
        profile_name=exp.name,
        profile_toml=ctx.profile.to_toml(),
        profile_json=ctx.profile.model_dump_json(),
        bancada_version=__version__,
        driver=ctx.driver,
        host_name=ctx.host.name,
        host_facts=ctx.host.facts(),
        driver_host=ctx.driver_host.name,
        driver_host_facts=ctx.driver_host.facts(),
        schedule=exp.schedule,
        schedule_seed=exp.seed,
        placement=ctx.placement.facts(),
        load_avg_before_run=_load_avg(),
    )
    for text in ctx.profile.notices:
        yield Notice("warning", text)
    for text in ctx.placement.refused:
        yield Notice("warning", translate("Runner", "placement refused: {why}").format(why=text))
    externals = targets.externals_of(ctx.plan)
    if externals:
        ctx.store.set_meta(
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
                for e in externals
            ]
        )


def announce(ctx: RunContext) -> Iterator[RunEvent]:
    """Store the treatments, plan the tally (requests, or seconds for a timed load), start the
    database; yield RunStarted and the notices of the plan and the database."""
    plan, tally = ctx.plan, ctx.tally
    rows = treatment_rows(plan, ctx.prepared, ctx.custom)
    ctx.store.add_treatments(rows)
    load = ctx.profile.load
    duration_s = load.duration_s if load.model != "sequential" else None
    # A run by duration has no known request count: progress then goes by time.
    blocks_run = sum(len(b.treatments) for b in plan.blocks)
    tally.planned_s = blocks_run * duration_s if duration_s is not None else None
    tally.total = 0 if duration_s is not None else plan.request_count()
    ctx.store.planned_samples = tally.total  # for the space a full disk lacks
    tally.measured_total = 0 if duration_s is not None else sum(b.requests * len(b.treatments) for b in plan.blocks)
    steady = ctx.profile.experiment.warmup_until
    tally.pace = BlockPace(
        [b.treatments for b in plan.blocks],
        # before any block has ended: the warm-up's time cap per treatment (a block's warm-up is most of it)
        prior_s=None if steady is None else steady.max_s * max(len(b.treatments) for b in plan.blocks),
    )
    yield RunStarted(ctx.run_id, ctx.store.path, rows, tally.total, ctx.driver)
    for text in unplanned_workloads(ctx.profile, plan):
        yield Notice("warning", text)
    for text in ctx.database.notices:
        yield Notice("info", text)
    for text in ctx.database.start(ctx.store):
        yield Notice("info", text)


def before_blocks(ctx: RunContext) -> Iterator[RunEvent]:
    """Once the workers are up: the native driver prepares the custom gRPC requests to them (their
    sizes stored); a load run whose driver is on this computer stores the response sizes and may
    warn of open files."""
    if ctx.driver == "native":  # custom gRPC requests to the workers Bancada started, now they are up
        late = targets.prepare_custom(
            ctx.driver_host,
            ctx.plan,
            ctx.custom,
            {i: w.target for i, w in ctx.workers.items() if not isinstance(w, ExternalHandle)},
            ctx.profile.experiment.timeout_s,
        )
        ctx.store.update_treatments("payload_bytes", {i: int(v.get("request_bytes", -1)) for i, v in late.items()})
    if ctx.profile.load.model != "sequential" and ctx.driver_host.is_local:
        # the siege/ab tables' byte fields (bancada.experiment.probe)
        by_impl = {i: w.target for i, w in ctx.workers.items() if w.target}
        ctx.store.set_meta(response_bytes=probe.response_bytes(ctx.plan.treatments, by_impl))
        yield from _open_files_notice(ctx)


def _open_files_notice(ctx: RunContext) -> Iterator[RunEvent]:
    """Record and say the open-file limit a local native driver gets: it raises its soft limit
    to this hard limit (drivers/native, checkFDs), and each client of a closed load holds one
    connection."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard == resource.RLIM_INFINITY:
        hard = 2**31 - 1
    ctx.store.set_meta(driver_open_files_limit=hard)
    load = ctx.profile.load
    clients = load.vus if load.model == "vus" and load.vus else load.concurrency  # a virtual user holds one
    yield Notice(
        "info" if clients + 32 <= hard else "warning",
        f"open-file limit for the driver: {hard} (the soft limit is raised to it); "
        f"{clients} clients need {clients} connections",
    )
