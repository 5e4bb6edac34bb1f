"""Per-treatment summary: n, mean, sd, quartiles, IQR and a CI of the median."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import numpy.typing as npt


def median_ci_order_statistic(sorted_x: np.ndarray, confidence: float = 0.95) -> tuple[float, float, float]:
    """Distribution-free confidence interval of the median from order statistics.

    The interval is ``[x_(l), x_(n-l+1)]`` (1-based order statistics) with ``l``
    the largest integer such that ``P(B <= l - 1) <= (1 - confidence) / 2`` for
    ``B ~ Binomial(n, 1/2)``; its coverage ``1 - 2 P(B <= l - 1)`` is at least
    ``confidence`` (Conover 1999, *Practical Nonparametric Statistics*, §3.2;
    Campbell & Gardner 1988, BMJ 296:1454).  When ``n`` is too small for the
    requested confidence, the interval is ``[min, max]`` and the returned
    coverage says how much it really covers.

    Parameters: ``sorted_x`` ascending 1-D array (units of the response);
    ``confidence`` in (0, 1).  Returns ``(lo, hi, coverage)``; NaNs when n = 0.
    """
    n = len(sorted_x)
    if n == 0:
        return math.nan, math.nan, math.nan
    a = (1.0 - confidence) / 2.0
    from scipy import stats  # imported here: the window imports this module's types at start, not scipy

    rank = int(stats.binom.ppf(a, n, 0.5))  # smallest k with F(k) >= a, so F(k-1) < a
    rank = max(rank, 1)
    coverage = 1.0 - 2.0 * float(stats.binom.cdf(rank - 1, n, 0.5))
    return float(sorted_x[rank - 1]), float(sorted_x[n - rank]), coverage


@dataclass(frozen=True)
class Summary:
    """What :func:`summarize` returns (units of the response; ``n`` a count); the fields of
    :class:`bancada.stats.results.TreatmentSummary`, which adds the treatment's levels and normality."""

    n: int
    mean: float
    sd: float
    median: float
    q1: float
    q3: float
    min: float
    max: float
    iqr: float
    median_ci: list[float]
    median_ci_coverage: float

    def to_dict(self) -> dict[str, Any]:
        """The fields in their order, as ``bancada analyze --json`` writes them."""
        return {f.name: getattr(self, f.name) for f in fields(Summary)}


def summarize(sorted_x: np.ndarray, confidence: float = 0.95) -> Summary:
    """Summary of one treatment's responses.

    ``sorted_x``: ascending 1-D float array (units of the response, e.g. seconds).
    Returns ``n, mean, sd`` (sample sd, n - 1 denominator, as R's ``sd``),
    ``median, q1, q3`` (R's default type-7 quantiles), ``min, max, iqr``,
    ``median_ci`` ``[lo, hi]`` (order-statistic method, see
    :func:`median_ci_order_statistic`) and ``median_ci_coverage``.
    """
    x = np.asarray(sorted_x, dtype=float)
    n = len(x)
    if n == 0:
        nan = math.nan
        return Summary(0, nan, nan, nan, nan, nan, nan, nan, nan, [nan, nan], nan)
    q1, med, q3 = _quantiles_sorted(x, (0.25, 0.5, 0.75))
    lo, hi, cov = median_ci_order_statistic(x, confidence)
    return Summary(
        n=int(n),
        mean=float(x.mean()),
        sd=float(x.std(ddof=1)) if n > 1 else math.nan,
        median=med,
        q1=q1,
        q3=q3,
        min=float(x[0]),
        max=float(x[-1]),
        iqr=q3 - q1,
        median_ci=[lo, hi],
        median_ci_coverage=cov,
    )


def _quantiles_sorted(x: npt.NDArray[np.float64], probs: Sequence[float]) -> list[float]:
    """Type-7 quantiles of an already sorted array without sorting again."""
    n = len(x)
    out = []
    for p in probs:
        h = (n - 1) * p
        lo = int(math.floor(h))
        hi = min(lo + 1, n - 1)
        out.append(float(x[lo] + (h - lo) * (x[hi] - x[lo])))
    return out
