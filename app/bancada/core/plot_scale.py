"""When a latency axis is drawn on a log scale: one rule for the live view, its plot.png and the report.

A linear axis from 0 flattens boxes whose values sit far below the largest
value shown: 0.2 ms boxes beside a 3 ms median, or beside one 12 ms outlier,
become lines. A log axis shows them when the values span more than one decade.
Qt-free (numpy only).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

#: A latency axis whose values span more than this ratio (one decade) is drawn on a log scale.
LOG_RATIO = 10.0


def wide_range(values: npt.ArrayLike, medians: npt.ArrayLike) -> bool:
    """Whether a log axis is needed: the medians span more than :data:`LOG_RATIO`, or the largest value
    is more than :data:`LOG_RATIO` times the largest median. ``values``: every value the plot draws
    (whisker ends and outliers will do), ``medians``: the boxes' medians, in one unit; False when a
    value is not positive (a log axis cannot show it) or there is no positive median."""
    v = np.asarray(values, dtype=float)
    m = np.asarray(medians, dtype=float)
    positive = m[m > 0]
    if len(positive) == 0 or v.size == 0 or not np.all(v > 0):
        return False
    return bool(positive.max() / positive.min() > LOG_RATIO or v.max() / positive.max() > LOG_RATIO)
