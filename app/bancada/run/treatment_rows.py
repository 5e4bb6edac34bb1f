"""The run file's treatment rows: what each treatment of a plan sends, and how many bytes."""

from __future__ import annotations

import json
from typing import Any

from bancada.run import targets
from bancada.experiment.plan import Plan, Treatment
from bancada.store.runstore import TreatmentRow
from bancada.wire.payload import build_request, payload_bytes


def treatment_rows(plan: Plan, prepared: dict[int, Any], custom: dict[int, dict[str, Any]]) -> list[TreatmentRow]:
    """One row per treatment of ``plan`` for the run file, with the request's size on the wire (bytes).

    ``prepared``: treatment id -> what the native driver reported for it (``request_bytes`` of a custom
    gRPC request); ``custom``: treatment id -> the job's custom request object (REST sizes from it).
    A serial workload encodes per request: its size is -1 here and per sample in the run file.
    """
    rows = []
    requests_cache: dict[tuple[str, str], Any] = {}
    for t in plan.treatments:
        impl, workload = t.implementation, t.workload
        kind, count, size = _payload(t, prepared, custom, requests_cache)
        rows.append(
            TreatmentRow(
                t.id,
                impl.id,
                impl.language,
                impl.protocol,
                impl.worker.name,
                workload.operation,
                workload.name,
                kind,
                count,
                size,
                link=t.link,
                format=t.format,  # "" but for a serial workload
            )
        )
    return rows


def _payload(
    t: Treatment,
    prepared: dict[int, Any],
    custom: dict[int, dict[str, Any]],
    requests_cache: dict[tuple[str, str], Any],
) -> tuple[str, int, int]:
    """Treatment ``t``'s payload: its kind, its count of elements and its request's bytes on the wire.

    ``requests_cache`` keeps the requests built so far, by operation and payload (built once a run).
    """
    impl, workload = t.implementation, t.workload
    if workload.operation == "custom":
        size = (
            targets.request_bytes(custom[t.id])
            if impl.protocol == "rest"
            else int(prepared.get(t.id, {}).get("request_bytes", -1))
        )
        return "custom", 0, size
    if workload.operation == "serial":  # encoded per request: sizes are per sample (sample_split)
        return workload.kind, workload.count, -1
    key = (workload.operation, json.dumps(workload.payload_spec(), sort_keys=True))
    if key not in requests_cache:
        requests_cache[key] = build_request(workload.operation, workload.payload_spec())
    return workload.kind, workload.size(), payload_bytes(requests_cache[key], impl.protocol, workload.operation)
