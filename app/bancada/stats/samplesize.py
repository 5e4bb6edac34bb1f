"""Sample size from a pilot (Jain 1991, ch. 13, §13.9)."""

from __future__ import annotations

import math

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
