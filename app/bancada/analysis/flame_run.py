"""A run's flame graphs: the stored CPU profiles of each treatment, labelled as the statistics label them."""

from __future__ import annotations

from dataclasses import dataclass

from bancada.store.cpu_profiles import cpu_profiles, folded_by_treatment
from bancada.store.runstore import RunStore


@dataclass(frozen=True)
class TreatmentProfile:
    """One treatment's folded stacks summed over its blocks.

    ``label`` is "implementation · workload"; ``tool`` the profiler; ``shared`` the other treatments
    of the same worker that ran in the same blocks (their samples are in these stacks too: a
    profile covers the worker over a whole block).
    """

    treatment: int
    label: str
    implementation: str
    workload: str
    tool: str
    stacks: dict[str, int]
    shared: tuple[str, ...] = ()

    @property
    def samples(self) -> int:
        return sum(self.stacks.values())


def treatment_profiles(store: RunStore) -> list[TreatmentProfile]:
    """Every profiled treatment of the run in treatment order; [] for a run without profiles."""
    rows = cpu_profiles(store)
    if not rows:
        return []
    by_id = {t.id: t for t in store.treatments()}
    stacks = folded_by_treatment(store)
    tools = {tid: r.tool for r in rows for tid in r.treatments}
    shared: dict[int, set[int]] = {}
    for r in rows:
        for tid in r.treatments:
            shared.setdefault(tid, set()).update(t for t in r.treatments if t != tid)
    out = []
    for tid in sorted(stacks):
        t = by_id.get(tid)
        if t is None:
            continue
        others = tuple(sorted(f"{by_id[o].implementation} · {by_id[o].workload}" for o in shared[tid] if o in by_id))
        out.append(
            TreatmentProfile(
                tid, f"{t.implementation} · {t.workload}", t.implementation, t.workload, tools[tid], stacks[tid], others
            )
        )
    return out
