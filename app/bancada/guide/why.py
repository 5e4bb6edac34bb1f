"""The guide's optional step "Why?": where the slowest and the fastest treatment spent their CPU.

Shown after the rank tests when the main run was profiled (``[profiling] cpu``). For the larger
payload of the run (the workload with the most bytes), it takes the treatments with the highest
and the lowest median latency (measured, successful requests) among those with a CPU profile, and
says which functions have the most samples of their own (the tops of the flames: the work itself,
not its callers) in each one's flame graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bancada.analysis.flame import widest
from bancada.analysis.flame_run import TreatmentProfile, treatment_profiles
from bancada.core.i18n import number, percent, significant, translate
from bancada.store.runstore import RunStore


@dataclass(frozen=True)
class WhyReading:
    """What the step says (``text``, plain, in the current language) and the two treatments' labels
    (as :class:`bancada.analysis.flame_run.TreatmentProfile` gives them; "" when there is nothing to show)."""

    text: str
    slow: str = ""
    fast: str = ""


def _medians_ms(store: RunStore) -> dict[int, float]:
    cols = store.sample_columns(["treatment", "phase", "ok", "latency_ns"])
    keep = (cols["phase"] == 1) & cols["ok"]
    t, lat = cols["treatment"][keep], cols["latency_ns"][keep]
    return {int(i): float(np.median(lat[t == i])) / 1e6 for i in np.unique(t)}


def _frames_text(p: TreatmentProfile) -> str:
    top = widest(p.stacks)
    return ", ".join(f"{name} ({percent(share * 100)})" for name, share in top) or "–"


def why_reading(run_path: str | Path) -> WhyReading:
    """The step's reading of the run file ``run_path``.

    Raises:
        bancada.store.runstore.RunStoreError: the file is not a run.
    """
    with RunStore.open(run_path) as store:
        profiles = [p for p in treatment_profiles(store) if p.samples]
        if not profiles:
            return WhyReading(
                translate(
                    "Wizard",
                    "This run has no CPU profiles. Tick “Profile the servers' CPU” on the main run's step and run "
                    "it again to see where the servers spend their time; this step is optional.",
                )
            )
        medians = _medians_ms(store)
        bytes_of = {t.workload: t.payload_bytes for t in store.treatments()}
    larger = max({p.workload for p in profiles}, key=lambda w: bytes_of.get(w, 0))
    ranked = sorted((p for p in profiles if p.workload == larger and p.treatment in medians),
                    key=lambda p: medians[p.treatment])  # fmt: skip
    if len(ranked) < 2:
        return WhyReading(
            translate("Wizard", "Only one treatment of {payload} has a CPU profile: nothing to compare.").format(
                payload=larger
            )
        )
    fast, slow = ranked[0], ranked[-1]
    text = translate(
        "Wizard",
        "In {payload}, the slowest treatment is {slow} (median {ms_slow} ms) and the fastest is {fast} (median "
        "{ms_fast} ms). The functions with most samples of their own in {slow}'s flame graph: {frames_slow}. In "
        "{fast}'s: {frames_fast}. These are where each server spent its CPU: in a REST server, often decoding "
        "and encoding JSON text number by number; in a gRPC server, protobuf's binary fields. The Flame graphs "
        "tab shows {slow} coloured against {fast}: red frames take a larger share in {slow}, blue a smaller.",
    ).format(
        payload=larger,
        slow=slow.implementation,
        fast=fast.implementation,
        ms_slow=significant(medians[slow.treatment]),
        ms_fast=significant(medians[fast.treatment]),
        frames_slow=_frames_text(slow),
        frames_fast=_frames_text(fast),
    )
    note = ""
    if slow.shared or fast.shared:
        note = " " + translate(
            "Wizard", "A worker's profile covers every payload it served in a block ({n} samples here)."
        ).format(n=number(slow.samples, 0))
    return WhyReading(text + note, slow.label, fast.label)
