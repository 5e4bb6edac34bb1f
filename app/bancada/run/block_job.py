"""The driver's job for one block (docs/driver-protocol.md): its treatments with their targets and
payloads, the load, and the block with its warm-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from bancada.drivers.job import DriverJob, JobBlock, JobTreatment
from bancada.experiment.plan import Block, Plan
from bancada.experiment.profile import Profile
from bancada.experiment.steady import warmup_until_job
from bancada.wire.operations import CREATE_OPERATIONS


def block_job(
    profile: Profile,
    plan: Plan,
    block: Block,
    ids: list[int],
    target_of: Callable[[str, str], str],
    custom: dict[int, dict[str, Any]],
    steady_warm: set[int],
) -> DriverJob:
    """The driver's job for ``block``, limited to the treatments ``ids`` of ``plan``.

    ``target_of(implementation, link)`` is the ``host:port`` a treatment's requests go to (its
    worker, or the link's proxy in front of it); ``custom`` the request object of each custom
    workload's treatment (by id); ``steady_warm`` the treatments already warmed to the steady-state
    criterion since their workers started (:func:`bancada.experiment.steady.warmup_until_job`
    reads and adds to it).
    """
    exp = profile.experiment
    treatments = []
    for i in ids:
        t = plan.treatments[i]
        is_custom = t.workload.operation == "custom"
        payload = None if is_custom else t.workload.payload_spec()
        if payload is not None and t.format:  # seed 004's data: from the run's seed and the workload's
            payload["format"] = t.format
            payload["seed"] = ((exp.seed or 0) + t.workload.seed) % 2**64
        if payload is not None and t.workload.operation in CREATE_OPERATIONS:  # seed 001: records of the run's seed
            payload["seed"] = ((exp.seed or 0) + t.workload.seed) % 2**64
        treatments.append(
            JobTreatment(
                id=t.id,
                implementation=t.implementation.id,
                protocol=t.implementation.protocol,
                target=target_of(t.implementation.id, t.link),
                operation=t.workload.operation,
                workload=t.workload.name,
                payload=payload,
                request=custom[t.id] if is_custom else None,
            )
        )
    warmup = warmup_until_job(exp.warmup_until, ids, steady_warm, profile.load.clients, profile.load.max_records)
    return DriverJob(
        treatments=treatments,
        connection=exp.connection,
        timeout_s=exp.timeout_s,
        load=cast(Any, profile.load.model_dump(exclude_none=True)),  # pydantic makes it the job type
        blocks=[JobBlock(**{**block.to_job(), "treatments": ids, **warmup})],
    )
