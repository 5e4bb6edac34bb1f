"""Ranking of treatments by median, ties decided by the pairwise rank-sum tests.

Rule (as the seed's Table 2.4, where every pair differed and the ranking is
simply the order of the medians): treatments are sorted by median, smallest
first (for latency, best first).  A treatment's position is 1 plus the number
of treatments with a smaller median that differ from it significantly
(Holm-adjusted Wilcoxon p < alpha).  Treatments whose difference is not
significant therefore share a position; when every pair differs the positions
are 1, 2, 3, ...
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def rank_treatments(
    medians: Sequence[float], p_holm: dict[tuple[int, int], float], alpha: float = 0.05
) -> list[dict[str, Any]]:
    """Rank treatments by median with ties from the pairwise tests.

    ``medians``: one per treatment (index = treatment index); ``p_holm``:
    Holm-adjusted p per unordered pair ``(i, j)`` with ``i < j``.  A pair with
    no p-value (NaN) counts as not different.  Returns
    ``[{"treatment": index, "position": int, "median": float}]`` ordered by
    median (ties in the median broken by treatment index).
    """
    order = sorted(range(len(medians)), key=lambda i: (medians[i], i))
    out = []
    for pos_i, i in enumerate(order):
        lower = order[:pos_i]
        better = 0
        for j in lower:
            p = p_holm.get((min(i, j), max(i, j)), math.nan)
            if p is not None and not math.isnan(p) and p < alpha and medians[j] < medians[i]:
                better += 1
        out.append({"treatment": i, "position": better + 1, "median": medians[i]})
    return out
