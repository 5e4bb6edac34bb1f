"""Everything checked before a run file exists, and the run's context made from it (:func:`prepare_run`)."""

from __future__ import annotations

import threading
from pathlib import Path

from bancada.core.i18n import translate
from bancada.experiment import manifest
from bancada.experiment.external import ExternalImplementation
from bancada.experiment.plan import build_plan, with_external, with_seed
from bancada.experiment.profile import Profile
from bancada.hosts.base import Host
from bancada.hosts.placement import decide as decide_placement
from bancada.run import targets
from bancada.run.context import RunContext, RunOptions
from bancada.run.database import RunDatabase, check_operations_served
from bancada.run.driver_choice import checked_driver, driver_refusals
from bancada.run.events import RunError
from bancada.store.runstore import RunStore


def prepare_run(
    profile: Profile,
    host: Host,
    driver_host: Host,
    driver_choice: str,
    database: RunDatabase,
    options: RunOptions,
    cancel: threading.Event,
    store_folder: Path | None = None,
) -> RunContext:
    """Check the run and make its context: the block order's seed, the plan, what can run where, the
    driver (``driver_choice``: ``python``, ``native``, ``locust`` or ``auto``), the placement, external
    services and custom requests, the database (opened, not started); last, the run file in
    ``store_folder`` (the user's runs folder when None).

    Raises:
        RunError, PlanError: the run cannot start (the message says why); nothing is stored then.
    """
    profile = with_seed(profile)  # the block order's seed: drawn now unless given, stored with the run
    impls = with_external(profile, manifest.discover(host.root))
    plan = build_plan(profile, impls)
    impls.update({t.implementation.id: t.implementation for t in plan.treatments})  # second instances (go-rest:b)
    # what the drivers refuse, asked in one pass; the checks below raise in the order a user expects
    available = driver_host.drivers_available()
    chosen_protocols = {impl_id: impls[impl_id].protocol for impl_id in profile.experiment.implementations}
    refusals = driver_refusals(driver_choice, available, plan, chosen_protocols)
    check_operations_served(plan)
    for impl_id in profile.experiment.implementations:
        why_not = refusals.unmeasurable[impl_id]
        if why_not:
            raise RunError(
                translate("Runner", "implementation {impl_id} cannot be measured: {why_not}").format(
                    impl_id=impl_id, why_not=why_not
                )
            )
        impl = impls[impl_id]
        if isinstance(impl, ExternalImplementation):
            continue  # not started by Bancada: checked for reachability below
        ok, reason = host.can_run(impl)
        if not ok:
            raise RunError(
                translate("Runner", "implementation {impl_id} cannot run on host {name}: {reason}").format(
                    impl_id=impl_id, name=host.name, reason=reason
                )
            )
    driver = checked_driver(driver_choice, available, driver_host.name, profile.load.model, plan, refusals.unsendable)
    placement = decide_placement(
        profile.placement, workers_remote=not host.is_local, driver_remote=not driver_host.is_local
    )
    # external implementations and custom requests: checked and built before anything is stored
    if driver_host.is_local:
        targets.check_externals(plan)
    custom = targets.custom_requests(plan)
    prepared = {}
    if driver == "native":
        prepared = targets.prepare_custom(
            driver_host,
            plan,
            custom,
            {e.id: e.target for e in targets.externals_of(plan)},
            profile.experiment.timeout_s,
        )
    profile = database.prepare(profile, plan, host)  # last: it may connect an SSH host
    store = RunStore.create(folder=store_folder)
    return RunContext(
        profile=profile,
        host=host,
        driver_host=driver_host,
        plan=plan,
        implementations=impls,
        driver=driver,
        store=store,
        run_id=store.meta()["run_id"],
        options=options,
        cancel=cancel,
        placement=placement,
        database=database,
        custom=custom,
        prepared=prepared,
    )
