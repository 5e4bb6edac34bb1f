"""The noise floor: the change this machine produces with nothing changed.

When two runs share the profile and the host, the repetitions of each run are
themselves runs of the same code on the same machine.  For a treatment with
per-repetition medians ``m_1 .. m_r`` (in either run) the floor is the largest
change between two of them, ``max_{i != j} (max(m_i, m_j) / min(m_i, m_j) - 1)``
in %, over both runs.  A change between the runs smaller than that floor is
within what repeating the same measurement already produced.

Why repetitions: a repetition is one block of n requests with its own warm-up,
the experimental unit of the design (Jain 1991, ch. 18, replications as the
unit of error); block-to-block spread is what a sample-level test misses
(docs/statistics.md, "Wilcoxon rank-sum, repetition medians", the A/A rates).
The floor compares medians of n requests while the comparison uses medians of
n·r, so it is on the generous side; with r repetitions per run it is the
maximum of up to r(r - 1) pairs, which grows with r.  Like benchstat's
advice to repeat a benchmark (golang.org/x/perf/cmd/benchstat docs), it is a
guard, not a test.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np


def largest_change_pct(medians: Sequence[float]) -> float | None:
    """Largest ``max/min - 1`` in % between two of ``medians`` (positive values);
    None with fewer than two usable values."""
    m = [float(v) for v in medians if np.isfinite(v) and v > 0]
    if len(m) < 2:
        return None
    return max((max(a, b) / min(a, b) - 1.0) * 100.0 for a, b in itertools.combinations(m, 2))


def noise_floor(base, other, treatments: Sequence[str]) -> dict | None:
    """Per treatment, the floor over the repetitions of ``base`` and ``other``
    (:class:`bancada.stats.compare.Side`).  Returns ``{"method", "per_treatment":
    {treatment: floor_pct}, "repetition_medians_s": {treatment: {label: [s, ...]}},
    "median_floor_pct", "max_floor_pct"}``, or None when no treatment has two
    repetitions in either run."""
    from .compare import repetition_medians

    per, medians = {}, {}
    for key in treatments:
        reps = {s.label: repetition_medians(s.treatments[key]) for s in (base, other)}
        floors = [f for f in (largest_change_pct(r) for r in reps.values()) if f is not None]
        if floors:
            per[key] = max(floors)
            medians[key] = {label: r.tolist() for label, r in reps.items()}
    if not per:
        return None
    values = list(per.values())
    return {"method": "largest change between the medians of two repetitions of one run, over both runs",
            "per_treatment": per, "repetition_medians_s": medians,
            "median_floor_pct": float(np.median(values)), "max_floor_pct": float(max(values))}
