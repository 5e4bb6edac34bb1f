"""What the run says when a steady-state warm-up ends (the driver's ``warmup_end`` event).

The event (docs/driver-protocol.md) names the treatment, the repetition, the
warm-up requests it took, whether it ended steady or at a cap, and the CoV of
its last window medians; the runner stores it (driver_event table, kind
``warmup_end``) and shows this line in the window's notes and the terminal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bancada.core.i18n import integer, number, translate
from bancada.store.runstore import RunStore


def treatment_label(store: RunStore, treatment_id: object) -> str:
    """The run's label of a treatment (``java-rest / StdSize``, with its format and link when it has
    them), or the id as text when the run has no such treatment."""
    for t in store.treatments():
        if t.id == treatment_id:
            return " / ".join(x for x in (t.implementation, t.workload, t.format, t.link) if x)
    return str(treatment_id)


def warmup_end_text(event: Mapping[str, Any], label: str) -> str:
    """One line for ``event`` of the treatment called ``label``; a warm-up ended before the criterion's
    windows were full has no CoV (``cov_pct`` None) and says it had too few requests to judge."""
    n = int(event.get("warmup_requests", 0))
    rep = int(event.get("repetition", 0))
    cov = event.get("cov_pct")
    if event.get("steady"):
        return translate(
            "Runner", "{label}, repetition {rep}: steady after {n} warm-up requests (CoV of the window medians {cov} %)"
        ).format(label=label, rep=rep, n=integer(n), cov=number(float(cov or 0), 1))
    why = {
        "max_requests": translate("Runner", "the cap of warm-up requests"),
        "max_s": translate("Runner", "the cap of warm-up seconds"),
    }.get(str(event.get("reason")), translate("Runner", "a stop"))
    if cov is None:  # fewer requests than the criterion's windows: no CoV to give
        return translate(
            "Runner",
            "{label}, repetition {rep}: not steady after {n} warm-up requests, ended by {why}: "
            "too few requests to judge steadiness",
        ).format(label=label, rep=rep, n=integer(n), why=why)
    return translate(
        "Runner", "{label}, repetition {rep}: not steady after {n} warm-up requests, ended by {why} (CoV {cov})"
    ).format(label=label, rep=rep, n=integer(n), why=why, cov=f"{number(float(cov), 1)} %")
