"""Sample size from a pilot: for the mean (Jain 1991, ch. 13, §13.9) and for the median (the
order-statistic interval of Conover 1999, §3.2)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from scipy import stats


def z_two_sided(confidence: float) -> float:
    """Two-sided standard normal quantile ``z[1 - alpha/2]``, ``alpha = 1 - confidence``
    (1.960 for 0.95).  Jain §13.9 uses this normal variate."""
    return float(stats.norm.ppf(1 - (1 - confidence) / 2))


def required_n(
    mean: float, sd: float, error_pct: float, confidence: float = 0.95, z: float | None = None
) -> int | None:
    """Observations needed so that the mean is known within ``error_pct`` percent
    with the given confidence: ``n = ceil((100 z s / (r xbar))^2)``
    (Jain 1991, §13.9, with r = ``error_pct``).

    ``mean``, ``sd``: pilot mean and sample sd (same units); ``z``: the
    variate to use, by default :func:`z_two_sided` of ``confidence``
    (the seed study used a one-sided t value, 1.833, and called it 95%).
    Returns ``None`` when the mean is 0 or a value is not finite; raises
    ``ValueError`` when ``error_pct <= 0``.
    """
    if not error_pct > 0:
        raise ValueError(f"error_pct must be > 0, got {error_pct}")
    if z is None:
        z = z_two_sided(confidence)
    if not (math.isfinite(mean) and math.isfinite(sd)) or mean == 0:
        return None
    n = (100.0 * z * sd / (error_pct * abs(mean))) ** 2
    # guard against 96.00000000001 from rounding of exact inputs
    return max(1, int(math.ceil(round(n, 9))))


def _median_lower_rank(n: int, confidence: float) -> int:
    """The lower rank l of the order-statistic interval of the median of n values (as
    :func:`bancada.stats.summary.median_ci_order_statistic`): smallest k with P(B ≤ k) ≥ (1 − confidence)/2."""
    return max(1, int(stats.binom.ppf((1.0 - confidence) / 2.0, n, 0.5)))


def required_n_median(sorted_x: Sequence[float] | np.ndarray, error_pct: float, confidence: float = 0.95) -> int | None:
    """Observations needed so that the distribution-free interval of the median lies within ``error_pct``
    percent of the median with the given confidence, read off this sample's distribution.

    The interval is the order-statistic (binomial) one, ``[x_(l), x_(n−l+1)]`` (Conover 1999, *Practical
    Nonparametric Statistics*, 3rd ed., §3.2), as the summary's median interval. In a sample of n from a
    distribution F, x_(l) lies near the quantile l/(n+1); the interval is within ±``error_pct`` % of the
    median m when l/(n+1) ≥ 0.5 − d, with d = min(0.5 − F(m(1 − e)), F(m(1 + e)) − 0.5) the probability
    between the median and the nearer tolerance bound, F the sample's empirical distribution (the pilot
    stands for the population, as Jain's formula takes its sd). Close to n = (z / 2d)²: the
    smallest such n by the exact binomial rank.

    ``sorted_x``: ascending values (the response's unit); returns None when the sample is empty, the median
    is 0, or more than half the values sit outside the tolerance on one side (d ≤ 0); raises ValueError when
    ``error_pct <= 0``.
    """
    if not error_pct > 0:
        raise ValueError(f"error_pct must be > 0, got {error_pct}")
    x = np.asarray(sorted_x, dtype=float)
    if len(x) == 0 or not np.all(np.isfinite(x)):
        return None
    median = float(np.median(x))
    if median == 0:
        return None
    e = error_pct / 100.0
    lo, hi = sorted((median * (1 - e), median * (1 + e)))
    below = np.searchsorted(x, lo, side="left") / len(x)  # share strictly below the lower bound
    above = 1.0 - np.searchsorted(x, hi, side="right") / len(x)  # share strictly above the upper bound
    d = min(0.5 - below, 0.5 - above)
    if d <= 0:
        return None

    def fits(n: int) -> bool:
        return bool(_median_lower_rank(n, confidence) / (n + 1) >= 0.5 - d)

    z = z_two_sided(confidence)
    hi_n = max(2, int(math.ceil((z / (2 * d)) ** 2)))
    while not fits(hi_n):
        hi_n *= 2
    lo_n = 1
    while lo_n < hi_n:  # the least n that fits (the rank's fraction grows with n, up to the binomial's steps)
        mid = (lo_n + hi_n) // 2
        if fits(mid):
            hi_n = mid
        else:
            lo_n = mid + 1
    return hi_n
