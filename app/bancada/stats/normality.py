"""Normality: Shapiro-Wilk as R's ``shapiro.test`` and the data of a normal Q-Q plot."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from scipy import stats

#: R's ``shapiro.test`` accepts 3..5000 values; above that Bancada tests a
#: seeded random subsample of this many values (without replacement).
SHAPIRO_MAX_N = 5000
#: Seed of the subsample, fixed so that a report can be reproduced.
SHAPIRO_SEED = 20240101


def shapiro_wilk(x: np.ndarray, max_n: int = SHAPIRO_MAX_N, seed: int = SHAPIRO_SEED) -> dict[str, Any]:
    """Shapiro-Wilk W and p of one treatment, as R's ``shapiro.test``.

    Both R and scipy implement Royston (1995), Algorithm AS R94 (Applied
    Statistics 44:547-551), so W and p agree.  ``x``: 1-D responses.  With
    more than ``max_n`` values, a random subsample of ``max_n`` (numpy
    ``default_rng(seed)``, without replacement) is tested and
    ``subsampled`` is true.  Returns ``{"W", "p", "n_used", "subsampled"}``;
    W and p are ``None`` with a ``"reason"`` when n < 3 or all values are equal
    (R raises an error in both cases).
    """
    x = np.asarray(x, dtype=float)
    n = len(x)
    out: dict[str, Any] = {"W": None, "p": None, "n_used": int(min(n, max_n)), "subsampled": n > max_n}
    if n < 3:
        out["reason"] = f"needs at least 3 values, has {n}"
        return out
    if n > max_n:
        x = np.random.default_rng(seed).choice(x, size=max_n, replace=False)
    if np.ptp(x) == 0:
        out["reason"] = "all values are identical"
        return out
    res = stats.shapiro(x)
    out["W"] = float(res.statistic)
    out["p"] = float(res.pvalue)
    return out


def ppoints(n: int) -> np.ndarray:
    """Probability points as R's ``ppoints(n)``: ``(i - a) / (n + 1 - 2a)``,
    ``a = 3/8`` if ``n <= 10`` else ``1/2`` (Blom 1958)."""
    a = 3.0 / 8.0 if n <= 10 else 0.5
    return (np.arange(1, n + 1) - a) / (n + 1 - 2 * a)


def qq_points(x: np.ndarray, max_points: int | None = 2000) -> dict[str, Any]:
    """Data of a normal Q-Q plot as R's ``qqnorm`` and ``qqline``.

    Returns ``{"theoretical": array, "sample": array, "line": (intercept, slope)}``:
    theoretical normal quantiles at :func:`ppoints`, the sorted sample, and the
    line through the first and third quartiles (R's ``qqline``).  With more
    than ``max_points`` values, evenly spaced order statistics are kept (the
    extremes always), so a plot stays light; ``None`` keeps all.
    """
    s = np.sort(np.asarray(x, dtype=float))
    n = len(s)
    if n == 0:
        return {"theoretical": np.empty(0), "sample": s, "line": (math.nan, math.nan)}
    theo = stats.norm.ppf(ppoints(n))
    q1, q3 = np.quantile(s, [0.25, 0.75])
    z1, z3 = stats.norm.ppf(np.array([0.25, 0.75]))
    slope = (q3 - q1) / (z3 - z1)
    intercept = q1 - slope * z1
    if max_points is not None and n > max_points:
        idx = np.unique(np.linspace(0, n - 1, max_points).round().astype(int))
        theo, s = theo[idx], s[idx]
    return {"theoretical": theo, "sample": s, "line": (float(intercept), float(slope))}
