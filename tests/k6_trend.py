"""An oracle for the k6-summary tests: k6's end-of-test statistics from k6's documentation (no k6 code).

What the documentation defines (Grafana k6 documentation: "k6/metrics > Trend", "Results output >
End of test", "Metrics > Built-in metrics"):

- a Trend's statistics are ``avg`` (the average), ``min``, ``med`` (the median), ``max`` and
  ``p(N)``, "the N-th percentile" for N from 0 to 100; the end-of-test summary prints
  ``avg, min, med, max, p(90), p(95)`` by default (``summaryTrendStats``);
- ``http_reqs`` is a Counter: its count, and the count per second of the test's duration;
- ``http_req_failed`` is a Rate: the share of its values that are non-zero (failed requests).

The documentation names the percentile but does not write its formula. This oracle takes the
percentile interpolated linearly between the two closest of the n sorted values, at rank
p × (n − 1) (the "inclusive" method of Python's ``statistics.quantiles``, Hyndman & Fan 1996
type 7), with one value giving that value and none giving 0. The percentiles k6 prints in its
documentation are not sample values (``custom_waiting_time``: whole-number milliseconds with
p(90) = 147.2, p(95) = 148.8), which rules out the nearest-rank methods;
tests/unit/stats/test_k6_summary.py checks this oracle against those printed numbers.

Written with the standard library only (``statistics``, ``fractions``), apart from Bancada's
numpy code in :mod:`bancada.stats.k6_summary` that the tests check against it.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from fractions import Fraction


def percentile(values: Sequence[float], n: float) -> float:
    """k6's p(N) of ``values`` (any order), N in [0, 100]; 0 for no values, the value for one.

    Raises:
        ValueError: N outside [0, 100].
    """
    if not 0 <= n <= 100:
        raise ValueError(f"p(N) takes N from 0 to 100, got {n}")
    ordered = sorted(values)
    if not ordered:
        return 0.0
    if len(ordered) == 1:
        return float(ordered[0])
    if n == int(n) and 0 < n < 100:  # whole percentiles: the standard library's own cut points
        return float(statistics.quantiles(ordered, n=100, method="inclusive")[int(n) - 1])
    rank = Fraction(n) / 100 * (len(ordered) - 1)
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * float(rank - low))


def trend(values: Sequence[float]) -> dict[str, float]:
    """avg, min, med, max, p90, p95 of ``values`` (0 for each when there are none)."""
    if not values:
        return dict.fromkeys(("avg", "min", "med", "max", "p90", "p95"), 0.0)
    return {
        "avg": statistics.fmean(values),
        "min": float(min(values)),
        "med": float(statistics.median(values)),
        "max": float(max(values)),
        "p90": percentile(values, 90),
        "p95": percentile(values, 95),
    }


def summary(latency_ms: Sequence[float], ok: Sequence[bool], duration_s: float) -> dict[str, float]:
    """One treatment's end-of-test row: the trend of ``latency_ms`` (failed requests included, as
    in ``http_req_duration``), ``count`` and ``rate`` (requests per second of ``duration_s``,
    as ``http_reqs``), ``failed`` (the share of requests not ``ok``, 0..1, as ``http_req_failed``)."""
    count = len(latency_ms)
    return {
        **trend(latency_ms),
        "count": float(count),
        "rate": count / duration_s,
        "failed": sum(1 for good in ok if not good) / count if count else 0.0,
    }
