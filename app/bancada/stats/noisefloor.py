"""The noise floor: the change this machine produces with nothing changed.

When two runs share the profile and the host, each run already holds a
comparison in which nothing changed: its repetitions split in two halves.
For each run and treatment the floor takes two such splits of the
repetitions (in repetition order):

- first half against second half (``[1 .. h]`` vs ``[h+1 .. r]``, ``h = r // 2``),
  which sees the machine's drift during the run;
- odd against even repetitions, which sees block-to-block noise without drift;

computes the change between the medians of the two halves' pooled samples as
``max/min - 1`` in %, and keeps the largest over both splits and both runs.
A change between the runs smaller than that floor is within what splitting
one run in two already produced.

Why repetitions: a repetition is one block of n requests with its own warm-up,
the experimental unit of the design (Jain 1991, *The Art of Computer Systems
Performance Analysis*, ch. 18: replications carry the error term); the spread
between blocks is what a sample-level test misses (docs/statistics.md,
"Wilcoxon rank-sum, repetition medians", the A/A rates).  Each half holds about
half the samples of a run, so the floor is somewhat wider than the noise of a
whole-run median: a guard, not a test.  It does not see what changes *between*
runs (another program starting on the machine in between); the A/A example in
docs/compare.md shows how much that can be here.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd


def change_pct(a: float, b: float) -> float | None:
    """``max/min - 1`` in % of two positive medians; None when one is not positive or not finite."""
    if not (np.isfinite(a) and np.isfinite(b) and a > 0 and b > 0):
        return None
    return (max(a, b) / min(a, b) - 1.0) * 100.0


def split_half_changes(df: pd.DataFrame, response: str = "latency_s") -> dict | None:
    """The two split-half changes (%) of one treatment in one run:
    ``{"first_vs_second_half_pct", "odd_vs_even_pct"}``; None with fewer than two
    repetitions (or no ``repetition`` column)."""
    if "repetition" not in df.columns:
        return None
    reps = np.sort(pd.unique(df["repetition"]))
    if len(reps) < 2:
        return None
    y = df[response].to_numpy(dtype=float)
    rep = df["repetition"].to_numpy()
    h = len(reps) // 2

    def split(first) -> float | None:
        mask = np.isin(rep, first)
        return change_pct(float(np.median(y[mask])), float(np.median(y[~mask])))

    return {"first_vs_second_half_pct": split(reps[:h]), "odd_vs_even_pct": split(reps[0::2])}


def noise_floor(base, other, treatments: Sequence[str]) -> dict | None:
    """Per treatment, the floor over both runs (:class:`bancada.stats.compare.Side`).

    Returns ``{"method", "per_treatment": {treatment: floor_pct}, "splits":
    {treatment: {label: {"first_vs_second_half_pct", "odd_vs_even_pct"}}},
    "median_floor_pct", "max_floor_pct"}``, or None when no treatment has two
    repetitions in either run."""
    per, splits = {}, {}
    for key in treatments:
        found = {s.label: split_half_changes(s.treatments[key]) for s in (base, other)}
        found = {label: v for label, v in found.items() if v is not None}
        values = [x for v in found.values() for x in v.values() if x is not None]
        if values:
            per[key] = max(values)
            splits[key] = found
    if not per:
        return None
    floors = list(per.values())
    return {"method": "largest change between two halves of one run's repetitions (first vs second half, "
                      "odd vs even), over both runs",
            "per_treatment": per, "splits": splits,
            "median_floor_pct": float(np.median(floors)), "max_floor_pct": float(max(floors))}
