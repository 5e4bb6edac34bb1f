"""The noise floor: the change this machine produces with nothing changed.

When two runs share the profile and the host, the repetitions of each run are
the same measurement repeated on the same machine.  For one treatment in one
run with per-repetition medians ``m_1 .. m_r``, the spread
``max(m) / min(m) - 1`` (in %) is the largest change that repeating the
measurement produced with nothing changed; the floor of the treatment is the
larger of the two runs' spreads.  A change between the runs smaller than that
floor is within what the repetitions alone already produced, and is flagged.

Why repetitions: a repetition is one block of n requests with its own warm-up,
the experimental unit of the design (Jain 1991, *The Art of Computer Systems
Performance Analysis*, ch. 18: replications carry the error term); the spread
between blocks is what a sample-level test misses (docs/statistics.md,
"Wilcoxon rank-sum, repetition medians", the A/A rates).

What it is not: a test.  Each repetition median rests on n requests while the
comparison uses n·r, and the range grows with r, so the floor is generous; but
it also cannot see what changes only *between* runs (fresh worker processes,
another program starting on the machine in between).  A first try with a
narrower floor (the change between two halves of one run's repetitions) left
A/A changes of 9-13 % above it on this 2-core machine (docs/compare.md), which
is why the floor is the full spread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from bancada.stats.side import Side


def spread_pct(medians: Sequence[float] | np.ndarray) -> float | None:
    """``max/min - 1`` in % of the positive, finite values of ``medians``;
    None with fewer than two of them."""
    m = np.asarray([v for v in medians if np.isfinite(v) and v > 0], dtype=float)
    if len(m) < 2:
        return None
    return float((m.max() / m.min() - 1.0) * 100.0)


def noise_floor(base: Side, other: Side, treatments: Sequence[str]) -> dict[str, Any] | None:
    """Per treatment, the larger spread of the two runs (:class:`bancada.stats.side.Side`).

    Returns ``{"method", "per_treatment": {treatment: floor_pct},
    "repetition_medians_s": {treatment: {label: [s, ...]}}, "median_floor_pct",
    "max_floor_pct"}``, or None when no treatment has two repetitions in either run."""
    from bancada.stats.side import repetition_medians

    per, medians = {}, {}
    for key in treatments:
        reps = {s.label: repetition_medians(s.treatments[key]) for s in (base, other)}
        spreads = [f for f in (spread_pct(r) for r in reps.values()) if f is not None]
        if spreads:
            per[key] = max(spreads)
            medians[key] = {label: r.tolist() for label, r in reps.items()}
    if not per:
        return None
    floors = list(per.values())
    return {
        "method": "largest spread max/min - 1 of the per-repetition medians of one run, over both runs",
        "per_treatment": per,
        "repetition_medians_s": medians,
        "median_floor_pct": float(np.median(floors)),
        "max_floor_pct": float(max(floors)),
    }
