"""Tukey's box of one sample: the numbers a box plot draws (no drawing here), the live view's and
the report's alike.

The box spans the first to the third quartile (numpy's default ``linear``
quantiles, R's type 7), the median inside; the whiskers reach the most extreme
data within 1.5·IQR of the box (Tukey 1977, *Exploratory Data Analysis*, ch. 2)
and every value beyond them is an outlier.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

WHISKER_IQR = 1.5


@dataclass
class BoxStats:
    """Tukey's five numbers of one sample plus its outliers (same unit as the data)."""

    n: int
    q1: float
    median: float
    q3: float
    whisker_lo: float
    whisker_hi: float
    outliers: np.ndarray = field(default_factory=lambda: np.empty(0))

    @property
    def iqr(self) -> float:
        return self.q3 - self.q1


def tukey_fences(q1: float, q3: float) -> tuple[float, float]:
    """Tukey's fences ``(q1 - 1.5·IQR, q3 + 1.5·IQR)`` of a box from ``q1`` to ``q3`` (Tukey 1977, ch. 2):
    the whiskers reach the most extreme data inside them, the values outside are outliers."""
    return q1 - WHISKER_IQR * (q3 - q1), q3 + WHISKER_IQR * (q3 - q1)


def tukey_stats(values: np.ndarray) -> BoxStats | None:
    """Return the box of ``values`` (1-D, finite), or None when it is empty.

    Quartiles: ``np.percentile(values, [25, 50, 75])`` (linear interpolation).
    Whiskers: the smallest value >= q1 - 1.5·IQR and the largest <= q3 + 1.5·IQR.
    """
    v = np.asarray(values, dtype=float)
    if v.size == 0:
        return None
    q1, med, q3 = np.percentile(v, [25, 50, 75])
    lo_fence, hi_fence = tukey_fences(float(q1), float(q3))
    inside = (v >= lo_fence) & (v <= hi_fence)
    kept = v[inside]
    return BoxStats(
        int(v.size), float(q1), float(med), float(q3), float(kept.min()), float(kept.max()), np.sort(v[~inside])
    )
