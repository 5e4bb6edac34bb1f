"""What a rank-sum test could have found: the smallest p its sample sizes allow, and the repetitions it needs.

The exact two-sided Wilcoxon rank-sum test of m against n values without ties has C(m+n, m)
equally likely arrangements of the ranks under the null hypothesis; the most extreme one (every
value of one sample below every value of the other) has probability 1/C(m+n, m), and the two-sided
p doubles it (Mann & Whitney 1947; Hollander, Wolfe & Chicken, *Nonparametric Statistical Methods*,
3rd ed., §4.1). No outcome gives a smaller p. Holm's procedure (Holm 1979) multiplies the smallest
of ``comparisons`` p-values by ``comparisons``, so the smallest Holm-adjusted p of a family is
``comparisons × 2/C(m+n, m)`` (at most 1). With 2 repetitions a treatment this is 1/3 for one
comparison and 1 for the 6 pairs of a 2 × 2 design; r = 5 is the least r that reaches 0.05 there
(6 × 2/252 = 0.048).
"""

from __future__ import annotations

import math

#: The largest r :func:`repetitions_needed` looks at.
MAX_REPETITIONS = 1000


def smallest_rank_sum_p(m: int, n: int) -> float:
    """The smallest two-sided p of the exact rank-sum test of ``m`` against ``n`` values: 2/C(m+n, m), at most 1.

    Raises ValueError when a size is below 1."""
    if m < 1 or n < 1:
        raise ValueError(f"sample sizes must be >= 1, got {m} and {n}")
    return min(1.0, 2.0 / math.comb(m + n, m))


def smallest_holm_p(m: int, n: int, comparisons: int) -> float:
    """The smallest Holm-adjusted p of the exact rank-sum test of ``m`` against ``n`` values in a family of
    ``comparisons`` tests: ``comparisons`` × 2/C(m+n, m), at most 1. Raises ValueError for a count below 1."""
    if comparisons < 1:
        raise ValueError(f"comparisons must be >= 1, got {comparisons}")
    return min(1.0, comparisons * smallest_rank_sum_p(m, n))


def can_decide(m: int, n: int, comparisons: int, alpha: float) -> bool:
    """Whether the test could reach ``alpha`` at all: its smallest Holm-adjusted p is ≤ ``alpha``."""
    return smallest_holm_p(m, n, comparisons) <= alpha


def repetitions_needed(comparisons: int, alpha: float) -> int | None:
    """The least r such that the exact rank-sum test of r against r values, Holm-adjusted over
    ``comparisons`` tests, can reach ``alpha`` (None above :data:`MAX_REPETITIONS`): 5 for the 6 pairs of a
    2 × 2 design at 0.05, 4 for one comparison. Raises ValueError unless 0 < alpha < 1."""
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha}")
    for r in range(1, MAX_REPETITIONS + 1):
        if can_decide(r, r, comparisons, alpha):
            return r
    return None
