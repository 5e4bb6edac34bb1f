"""Effect sizes of a pair of treatments: Cliff's delta and Vargha-Delaney A12."""

from __future__ import annotations

import math

#: Magnitude thresholds on |delta| (Romano et al. 2006, "Appropriate statistics
#: for ordinal level data", Florida AIR): negligible < 0.147 <= small < 0.33
#: <= medium < 0.474 <= large.
THRESHOLDS = ((0.147, "negligible"), (0.33, "small"), (0.474, "medium"))


def a12_from_w(w: float, n_a: int, n_b: int) -> float:
    """Vargha & Delaney (2000) A12 = P(A > B) + P(A = B) / 2, from R's rank-sum
    statistic ``W`` of (A, B): ``A12 = W / (n_a n_b)``.  Dimensionless, 0..1."""
    return w / (n_a * n_b)


def cliffs_delta_from_w(w: float, n_a: int, n_b: int) -> float:
    """Cliff's (1993) delta = P(A > B) - P(A < B) = 2 A12 - 1, from ``W``.

    Positive when A tends to be larger (for latency: A slower).  -1..1."""
    return 2.0 * a12_from_w(w, n_a, n_b) - 1.0


def magnitude(delta: float) -> str:
    """Label of |delta|: negligible, small, medium or large (see :data:`THRESHOLDS`)."""
    if delta is None or math.isnan(delta):
        return "undefined"
    d = abs(delta)
    for limit, label in THRESHOLDS:
        if d < limit:
            return label
    return "large"
