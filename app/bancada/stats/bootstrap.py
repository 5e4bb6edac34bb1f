"""Bootstrap of the sample median, exact in distribution and O(B) in time.

A bootstrap resample of size n from the sorted sample ``x_(1) <= ... <= x_(n)``
is n independent draws from the empirical distribution, i.e. ``x_(ceil(n U))``
with ``U ~ Uniform(0, 1)``.  The map ``u -> x_(ceil(n u))`` is non-decreasing,
so the resample's k-th order statistic is ``x_(ceil(n U_(k)))`` where ``U_(k)``
is the k-th order statistic of n uniforms: ``U_(k) ~ Beta(k, n - k + 1)``
(David & Nagaraja 2003, *Order Statistics*, 3rd ed., §2.2).  Given
``U_(k) = u``, the other ``n - k`` values above it are uniform on ``(u, 1)``, so
``U_(k+1) = u + (1 - u) V`` with ``V ~ Beta(1, n - k)`` (their minimum; same
reference, the Markov property of order statistics, §2.5).  The resample's
median (R's ``median``: the middle value, or the mean of the two middle values
when n is even) therefore needs two beta draws per resample instead of n
values and a partial sort: the same distribution as the resampling of Efron &
Tibshirani (1993, *An Introduction to the Bootstrap*, ch. 6), at any n.

Intervals are percentile intervals (Efron & Tibshirani 1993, ch. 13.3, eq. 13.5):
the alpha/2 and 1 - alpha/2 quantiles of the bootstrap replications.
"""

from __future__ import annotations

import math
import zlib

import numpy as np
import numpy.typing as npt

#: Bootstrap resamples per treatment and the base seed (fixed, so a comparison
#: prints the same intervals every time it is run on the same data).
RESAMPLES = 10_000
SEED = 20240101


def rng_for(label: str, seed: int = SEED) -> np.random.Generator:
    """A generator seeded by ``seed`` and the treatment's label (CRC-32), so that
    each treatment has its own stream, independent of the order of the table."""
    return np.random.default_rng([int(seed), zlib.crc32(label.encode())])


def median_replicates(
    sorted_x: npt.NDArray[np.float64], resamples: int, rng: np.random.Generator
) -> npt.NDArray[np.float64]:
    """``resamples`` bootstrap replications of the median of ``sorted_x``.

    ``sorted_x``: ascending 1-D float array, n >= 1 (units of the response).
    Returns a float array of shape ``(resamples,)``, distributed exactly as the
    medians of ``resamples`` ordinary bootstrap resamples (see the module text).
    Raises ``ValueError`` on an empty sample.
    """
    x = np.asarray(sorted_x, dtype=float)
    n = len(x)
    if n == 0:
        raise ValueError("the bootstrap of a median needs at least one value")
    k = (n + 1) // 2  # the lower middle order statistic (the middle one when n is odd)
    u_k = rng.beta(k, n - k + 1, size=resamples)
    lower: npt.NDArray[np.float64] = x[_index(u_k, n)]
    if n % 2 == 1:
        return lower
    u_next = u_k + (1.0 - u_k) * rng.beta(1, n - k, size=resamples)
    upper: npt.NDArray[np.float64] = x[_index(u_next, n)]
    return 0.5 * (lower + upper)


def _index(u: npt.NDArray[np.float64], n: int) -> npt.NDArray[np.int64]:
    """0-based index ``ceil(n u) - 1`` of the order statistic a uniform value selects."""
    index: npt.NDArray[np.int64] = np.clip(np.ceil(u * n).astype(np.int64) - 1, 0, n - 1)
    return index


def percentile_interval(replicates: npt.NDArray[np.float64], confidence: float = 0.95) -> tuple[float, float]:
    """Percentile interval ``[q(alpha/2), q(1 - alpha/2)]`` of bootstrap replications
    (Efron & Tibshirani 1993, eq. 13.5; quantiles type 7).  NaN when empty or
    when a replication is not finite."""
    r = np.asarray(replicates, dtype=float)
    if len(r) == 0 or not np.all(np.isfinite(r)):
        return math.nan, math.nan
    a = (1.0 - confidence) / 2.0
    lo, hi = np.quantile(r, [a, 1.0 - a])
    return float(lo), float(hi)


def ratio_of_medians(
    sorted_base: npt.NDArray[np.float64],
    sorted_other: npt.NDArray[np.float64],
    label: str,
    resamples: int = RESAMPLES,
    seed: int = SEED,
) -> npt.NDArray[np.float64]:
    """Bootstrap replications of ``median(other) / median(base)``.

    The two samples are resampled independently (the two-sample bootstrap,
    Efron & Tibshirani 1993, ch. 8.3), each with its own stream from
    :func:`rng_for`.  Both samples must be non-empty; a replication whose
    baseline median is 0 is ``inf`` or NaN, and its interval then NaN.
    """
    rng = rng_for(label, seed)
    base = median_replicates(sorted_base, resamples, rng)
    other = median_replicates(sorted_other, resamples, rng)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio: npt.NDArray[np.float64] = other / base
    return ratio
