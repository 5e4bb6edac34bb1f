"""The warm-up in the report's design table: a count, or a steady-state criterion and the warm-up
requests each implementation took (the run file's ``warmup_end`` events; bancada.experiment.steady)."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from bancada.core.i18n import number, translate
from bancada.experiment.profile import clients_of
from bancada.experiment.steady import SteadyState


def warmup_rows(
    exp: Mapping[str, Any], events: Sequence[Mapping[str, Any]], load: Mapping[str, Any] | None = None
) -> list[tuple[str, str]]:
    """The design table's warm-up rows: ``(label, text)``.

    ``exp`` is the profile's ``[experiment]`` as run, ``events`` the run's ``warmup_end`` events,
    each with its treatment's ``label`` (:attr:`bancada.report.inputs.ReportRun.warmups`), ``load``
    the profile's ``[load]`` (its clients set the criterion's default window).
    """
    count = (translate("Report", "Warm-up requests per block"), number(exp.get("warmup", 0), 0))
    spec = exp.get("warmup_until")
    if not spec:
        return [count]
    try:
        # a run stored before window_s existed closed its windows by the count alone
        load = load or {}
        clients = clients_of(load.get("model", "sequential"), load.get("concurrency"), load.get("vus"))
        criterion = SteadyState(**{"window_s": 0.0, **spec}).describe(clients, load.get("max_records"))
    except (TypeError, ValidationError):
        criterion = str(spec)
    rows = [
        (translate("Report", "Warm-up requests per block (at least)"), count[1]),
        (translate("Report", "Warm-up"), criterion),
    ]
    taken = warmup_taken_text(events)
    if taken:
        rows.append((translate("Report", "Warm-up requests it took (per block)"), taken))
    return rows


def warmup_taken_text(events: Sequence[Mapping[str, Any]]) -> str:
    """Per treatment (its ``label``): the median and range of the warm-up requests of its blocks, and
    how many blocks ended steady; "" without events."""
    by_impl: dict[str, list[Mapping[str, Any]]] = {}
    for e in events:
        by_impl.setdefault(str(e.get("label") or e.get("treatment")), []).append(e)
    parts = []
    for impl, evs in sorted(by_impl.items()):
        counts = [int(e.get("warmup_requests", 0)) for e in evs]
        steady = sum(1 for e in evs if e.get("steady"))
        parts.append(
            translate(
                "Report", "{treatment}: median {median} ({low}–{high}), {steady} of {blocks} blocks steady"
            ).format(
                treatment=impl,
                median=number(statistics.median(counts), 0),
                low=number(min(counts), 0),
                high=number(max(counts), 0),
                steady=steady,
                blocks=len(evs),
            )
        )
    return "; ".join(parts)
