"""Rank tests: Wilcoxon rank-sum (as R's ``wilcox.test(x, y)``), Holm's
adjustment (as R's ``p.adjust(method = "holm")``), Kruskal-Wallis (as R's
``kruskal.test``) and Dunn's post-hoc test.

The functions work on *sorted* samples so that a report with many pairs of
large treatments sorts each treatment once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypedDict

import numpy as np
from scipy import stats
from scipy.special import ndtr

#: R uses the exact null distribution when both samples have fewer than this
#: many values and there are no ties (``?wilcox.test``, Details).
EXACT_LIMIT = 50


class SortedSample:
    """One treatment's responses sorted once, with its tie groups.

    ``values``: ascending float array; ``uniques``: its distinct values (``values`` itself when
    they all differ: no copy); ``below``: int64 array, ``below[k]`` the number of values smaller
    than ``uniques[k]`` (with ``below[-1]`` = n appended, so it has one entry more than
    ``uniques``); ``counts``: how often each distinct value occurs, as floats (computed when
    asked: ``np.diff(below)``); ``tie_term``: sum of ``t^3 - t`` over tie groups.

    Held for every treatment at once while a group's tables are made, so it keeps 8 bytes a
    value and 8 a distinct value (16 when some values repeat: ``uniques`` is then a copy).
    """

    __slots__ = ("values", "uniques", "below", "tie_term")

    def __init__(self, x: np.ndarray, already_sorted: bool = False):
        v = np.asarray(x, dtype=float)
        self.values = v if already_sorted else np.sort(v)
        n = len(self.values)
        if n:
            # the starts of the tie groups, then n: one array of int64 (intp), no intermediate copies
            self.below = np.flatnonzero(np.r_[True, self.values[1:] != self.values[:-1], True]).astype(
                np.int64, copy=False
            )
            self.uniques = self.values if len(self.below) == n + 1 else self.values[self.below[:-1]]
        else:
            self.uniques = self.values
            self.below = np.zeros(1, dtype=np.int64)
        self.tie_term = tie_term_of_starts(self.below)

    @property
    def counts(self) -> np.ndarray:
        """How often each of ``uniques`` occurs, as floats."""
        return np.diff(self.below).astype(float)


#: Values of the pool merged at once by :func:`pooled_tie_term` (32 MiB of float64 a thread).
RANGE_VALUES = 1 << 22
#: Tie groups counted at once by :func:`tie_term_of_starts` and :func:`pooled_tie_term` (8 MiB of float64).
TIE_CHUNK = 1 << 20


def tie_term_of_starts(below: np.ndarray) -> float:
    """``sum(t^3 - t)`` over the tie groups whose starts are ``below`` (n appended), i.e.
    ``np.sum(c**3 - c)`` with ``c = np.diff(below).astype(float)``, to the last bit.

    Counted :data:`TIE_CHUNK` groups at a time (a few MB whatever the sample's size): each term
    and each partial sum below :data:`EXACT_RANK_SUM` is an integer float64 holds exactly, so any
    order of addition gives the same sum; a larger sum is added again in one piece, in numpy's
    order, as before.
    """
    total = 0.0
    for lo in range(0, len(below) - 1, TIE_CHUNK):
        c = np.diff(below[lo : lo + TIE_CHUNK + 1]).astype(float)
        total += float(np.sum(c**3 - c))
    if total < EXACT_RANK_SUM:
        return total
    c = np.diff(below).astype(float)
    return float(np.sum(c**3 - c))


def _common(a: SortedSample, b: SortedSample, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Indices into ``a.uniques`` and ``b.uniques`` of the values both hold, ascending (what
    ``np.intersect1d(..., return_indices=True)`` gives), from ``pos = searchsorted(b.uniques, a.uniques)``."""
    if len(b.uniques) == 0:
        return np.empty(0, dtype=np.intp), np.empty(0, dtype=np.intp)
    hit = b.uniques[np.minimum(pos, len(b.uniques) - 1)] == a.uniques
    return np.flatnonzero(hit), pos[hit]


def _pair_counts(a: SortedSample, b: SortedSample) -> tuple[int, int, float]:
    """The pairs with ``a``'s value above ``b``'s, the tied pairs, and ``sum(3 ca^2 cb + 3 ca cb^2)``
    over the values both hold (``ca``, ``cb``: their counts in each): what :func:`rank_sum` needs.

    Counted over :data:`TIE_CHUNK` of ``a``'s distinct values at a time (a few MB whatever the
    samples' sizes): the counts are integers, the same in any order; the float sum is one of
    integers, exact in any order below :data:`EXACT_RANK_SUM`, and counted again in one piece, in
    numpy's order, above it.
    """
    n_less = n_tied = 0
    merged = 0.0
    for lo in range(0, len(a.uniques), TIE_CHUNK):
        au = a.uniques[lo : lo + TIE_CHUNK]
        da = np.diff(a.below[lo : lo + TIE_CHUNK + 1])
        pos = np.searchsorted(b.uniques, au)
        n_less += int(np.dot(da, b.below[pos]))
        if not len(b.uniques):
            continue
        hit = np.flatnonzero(b.uniques[np.minimum(pos, len(b.uniques) - 1)] == au)
        ib = pos[hit]
        db = b.below[ib + 1] - b.below[ib]
        n_tied += int(np.dot(da[hit], db))
        ca, cb = da[hit].astype(float), db.astype(float)
        merged += float(np.sum(3 * ca * ca * cb + 3 * ca * cb * cb))
    if merged >= EXACT_RANK_SUM:
        ia, ib = _common(a, b, np.searchsorted(b.uniques, a.uniques))
        ca, cb = a.counts[ia], b.counts[ib]
        merged = float(np.sum(3 * ca * ca * cb + 3 * ca * cb * cb))
    return n_less, n_tied, merged


class RankSumTest(TypedDict):
    """What :func:`rank_sum` returns: R's ``W``, the two-sided ``p``, ``exact`` or ``asymptotic``, the sizes."""

    W: float
    p: float
    method: str
    n_a: int
    n_b: int
    n_tied: int


def rank_sum(a: SortedSample, b: SortedSample) -> RankSumTest:
    """Wilcoxon rank-sum test of ``a`` against ``b``, two-sided, as R's
    ``wilcox.test(a, b)`` with its defaults (``exact = NULL, correct = TRUE``).

    ``W`` is R's statistic: the rank sum of ``a`` minus ``n_a (n_a + 1) / 2``,
    i.e. the number of pairs with ``a > b`` plus half the tied pairs (the
    Mann-Whitney U of ``a``).  The p-value is exact (null distribution of W)
    when both samples have fewer than 50 values and there are no ties,
    otherwise the normal approximation with tie correction and continuity
    correction (R ``wilcox.test.default`` source; Hollander & Wolfe 1973,
    §4.1).  Returns ``{"W", "p", "method": "exact"|"asymptotic", "n_a", "n_b", "n_tied"}``
    (``n_tied``: pairs with equal values);
    raises ``ValueError`` when a sample is empty.
    """
    na, nb = len(a.values), len(b.values)
    if na == 0 or nb == 0:
        raise ValueError("rank-sum test needs two non-empty samples")
    # W = sum over a's values of (#b below it + half the b's equal to it), counted per distinct value
    # of a: each distinct value u of a, seen c_a(u) times, has b.below[searchsorted(b.uniques, u)] b's below
    n_less, n_tied, merged = _pair_counts(a, b)
    w = float(n_less + 0.5 * n_tied)
    # ties in the pooled sample: tie groups of a and of b, merged where values coincide
    tie_term = a.tie_term + b.tie_term + merged
    if na < EXACT_LIMIT and nb < EXACT_LIMIT and tie_term == 0:
        p = float(stats.mannwhitneyu(a.values, b.values, alternative="two-sided", method="exact").pvalue)
        return {"W": w, "p": min(p, 1.0), "method": "exact", "n_a": na, "n_b": nb, "n_tied": n_tied}
    z = w - na * nb / 2.0
    n = na + nb
    sigma = math.sqrt((na * nb / 12.0) * ((n + 1) - tie_term / (n * (n - 1))))
    if sigma == 0:
        return {"W": w, "p": math.nan, "method": "asymptotic", "n_a": na, "n_b": nb, "n_tied": n_tied}
    z = (z - math.copysign(0.5, z) if z != 0 else 0.0) / sigma
    p = 2.0 * min(float(ndtr(z)), float(ndtr(-z)))
    return {"W": w, "p": min(p, 1.0), "method": "asymptotic", "n_a": na, "n_b": nb, "n_tied": n_tied}


def wilcoxon_ranksum(x: Sequence[float], y: Sequence[float]) -> RankSumTest:
    """Convenience form of :func:`rank_sum` for unsorted 1-D samples."""
    return rank_sum(SortedSample(np.asarray(x)), SortedSample(np.asarray(y)))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm (1979) step-down adjusted p-values, as R's ``p.adjust(p, "holm")``.

    With the m non-missing p-values sorted ascending, the i-th (1-based) gets
    ``min(1, max_{j <= i} (m - j + 1) p_(j))``.  NaN stays NaN and does not
    count in m (R drops NA the same way).  Returns a list in the input order.
    """
    p = np.asarray(pvalues, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    m = len(ok)
    if m == 0:
        return [float(v) for v in out]
    order = ok[np.argsort(p[ok], kind="mergesort")]
    adj = np.maximum.accumulate((m - np.arange(m)) * p[order])
    out[order] = np.minimum(adj, 1.0)
    return [float(v) for v in out]


def pooled_ranks(samples: Sequence[SortedSample]) -> tuple[list[np.ndarray], float]:
    """Mid-ranks of every value in the pooled samples, and the pooled tie term.

    Returns one rank array per sample (aligned with ``sample.values``) and
    ``sum(t^3 - t)`` over the pooled tie groups. The ranks are those of
    ``scipy.stats.rankdata(pooled, method="average")``; the samples being
    sorted, one stable merge sort of their concatenation orders the pool.
    """
    pooled = np.concatenate([s.values for s in samples])
    n = len(pooled)
    if n == 0 or np.isnan(pooled).any():  # NaN: rankdata's own answer (NaN ranks)
        return _pooled_ranks_rankdata(pooled, samples)
    order = np.argsort(pooled, kind="stable")  # a merge of sorted runs (timsort)
    ordered = pooled[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    counts = np.diff(np.r_[starts, n])
    # a tie group starting at 0-based position s with t members has the mid-rank s + (t + 1) / 2
    mid = (2.0 * starts + counts + 1.0) / 2.0
    ranks = np.empty(n)
    ranks[order] = np.repeat(mid, counts)
    out, start = [], 0
    for s in samples:
        out.append(ranks[start : start + len(s.values)])
        start += len(s.values)
    counts = counts.astype(float)
    return out, float(np.sum(counts**3 - counts))


#: Rank sums below this are sums of half-integers that float64 holds exactly, in any order of addition.
EXACT_RANK_SUM = 2.0**51


def kruskal_inputs(
    samples: Sequence[SortedSample], w: dict[tuple[int, int], float], ties_between: bool = True, threads: int = 1
) -> tuple[list[float], list[int], float]:
    """The rank sums, sizes and pooled tie term of :func:`pooled_ranks`, from the pairs' W.

    The rank sum of sample i in the pool is ``n_i (n_i + 1) / 2 + sum_j W_ij``
    (``W_ij``: pairs with i's value above j's, ties counted half, as
    :func:`rank_sum` gives for i < j; ``W_ji = n_i n_j - W_ij``), so the
    Kruskal-Wallis and Dunn statistics need no ranking of the pooled values,
    only one sort of them for the tie term. ``w``: ``{(i, j): W}`` for every
    pair i < j; ``ties_between``: whether any two samples share a value (``n_tied``
    of :func:`rank_sum`); when none do, the pooled tie groups are the samples' own and
    the tie term their sum, with no sort (exact when below :data:`EXACT_RANK_SUM`).
    Every rank sum is a sum of half-integers below :data:`EXACT_RANK_SUM`, exact in float64, so the results are those of
    :func:`pooled_ranks` to the last bit; above that size each sample's ranks are made by value
    (:func:`_rank_sums_by_value`, summed in numpy's order as before), and with NaN
    :func:`pooled_ranks` itself is used.
    ``threads``: how many threads count the pooled tie groups (:func:`pooled_tie_term`).
    Returns ``(rank sums, sizes, sum(t^3 - t) over the pooled tie groups)``.
    """
    sizes = [len(s.values) for s in samples]
    n = sum(sizes)
    has_nan = any(len(s.values) and np.isnan(s.values[-1]) for s in samples)  # sorted: NaN comes last
    if n == 0 or has_nan:
        ranks, tie = pooled_ranks(samples)
        return [float(r.sum()) for r in ranks], [len(r) for r in ranks], tie
    if n * (n + 1) / 2 >= EXACT_RANK_SUM:
        return _rank_sums_by_value(samples), sizes, pooled_tie_term(samples, threads)
    sums = _rank_sums_from_w(sizes, w)
    own = sum(s.tie_term for s in samples)
    if not ties_between and own < EXACT_RANK_SUM:  # integers below 2^51: the same sum in any order
        return sums, sizes, float(own)
    return sums, sizes, pooled_tie_term(samples, threads)


def _rank_sums_by_value(samples: Sequence[SortedSample]) -> list[float]:
    """Each sample's rank sum in the pool, ``float(r.sum())`` of its :func:`pooled_ranks` ranks to the
    last bit, without ranking the pool: the mid-rank of each distinct value, ``(2 below + tied + 1) / 2``
    (``below``: the pool's values under it, ``tied``: those equal to it, from every sample's
    distinct values), repeated as often as the sample holds it, then summed as numpy sums ranks.

    Holds one sample's ranks at a time (8 bytes a value) where :func:`pooled_ranks` holds the pool's
    values, order and ranks (about 40 bytes a value); NaN-free samples only.
    """
    sums = []
    for a in samples:
        below = np.zeros(len(a.uniques), dtype=np.int64)
        tied = np.zeros(len(a.uniques), dtype=np.int64)
        for b in samples:
            if not len(b.uniques) or not len(a.uniques):
                continue
            pos = np.searchsorted(b.uniques, a.uniques)
            below += b.below[pos]
            hit = np.flatnonzero(b.uniques[np.minimum(pos, len(b.uniques) - 1)] == a.uniques)
            tied[hit] += b.below[pos[hit] + 1] - b.below[pos[hit]]
        mid = (2.0 * below + tied + 1.0) / 2.0  # as pooled_ranks computes it
        sums.append(float(np.repeat(mid, np.diff(a.below)).sum()))
    return sums


def _rank_sums_from_w(sizes: Sequence[int], w: dict[tuple[int, int], float]) -> list[float]:
    """Each sample's rank sum in the pool, ``n_i (n_i + 1) / 2 + sum_j W_ij`` (``W_ji = n_i n_j - W_ij``),
    added in sample order (see :func:`kruskal_inputs`)."""
    sums = []
    for i, n_i in enumerate(sizes):
        total = n_i * (n_i + 1) / 2
        for j, n_j in enumerate(sizes):
            if j > i:
                total += w[(i, j)]
            elif j < i:
                total += n_i * n_j - w[(j, i)]
        sums.append(float(total))
    return sums


def pooled_tie_term(samples: Sequence[SortedSample], threads: int = 1) -> float:
    """``sum(t^3 - t)`` over the tie groups of the pooled samples (NaN-free), as :func:`pooled_ranks` gives it.

    The pool is cut by value into ``threads`` ranges at values of the largest
    sample (every copy of a value falls in one range, so no tie group is cut),
    and each range's values are merged and counted in its own thread (numpy's
    sort lets go of the GIL); a large pool is cut into more ranges than threads, of about
    :data:`RANGE_VALUES` values each, so that the merged copies stay small. The terms are
    integers; their sum is exact, and so the same in any order, below :data:`EXACT_RANK_SUM`;
    above it the pool is counted in one piece, in the order :func:`pooled_ranks` adds them.
    """

    def term(pieces: list[np.ndarray]) -> float:
        ordered = np.concatenate(pieces)
        ordered.sort(kind="stable")  # sorted runs: a merge, in place
        return _sorted_tie_term(ordered)

    whole = [s.values for s in samples]
    largest = max(whole, key=len, default=np.empty(0))
    # as many ranges as threads, or more, so that a range's merged copy stays near RANGE_VALUES values
    count = max(threads, -(-sum(len(v) for v in whole) // RANGE_VALUES))
    if count < 2 or len(largest) < count:
        return term(whole)
    cuts = largest[[len(largest) * k // count for k in range(1, count)]]
    bounds = [np.r_[0, np.searchsorted(v, cuts, side="left"), len(v)] for v in whole]
    ranges = [[v[b[k] : b[k + 1]] for v, b in zip(whole, bounds)] for k in range(count)]
    if threads < 2:
        total = sum(map(term, ranges))
    else:
        with ThreadPoolExecutor(threads) as pool:
            total = sum(pool.map(term, ranges))
    return total if total < EXACT_RANK_SUM else term(whole)


def _sorted_tie_term(ordered: np.ndarray) -> float:
    """``sum(t^3 - t)`` over the tie groups of the ascending, NaN-free ``ordered``, :data:`TIE_CHUNK`
    values at a time (a group crossing a chunk's end is carried into the next): the sum of
    ``pooled_tie_term``'s old one-piece count to the last bit below :data:`EXACT_RANK_SUM`
    (integers, exact in any order), and that count itself above it."""
    n = len(ordered)
    total, carried = 0.0, 0  # carried: the length of the group still open at the previous chunk's end
    for lo in range(0, n, TIE_CHUNK):
        part = ordered[lo : lo + TIE_CHUNK]
        ends = np.flatnonzero(np.r_[part[1:] != part[:-1], True]) + 1  # each group's end within the part
        counts = np.diff(np.r_[0, ends]).astype(float)
        counts[0] += carried
        last_open = lo + len(part) < n and ordered[lo + len(part)] == part[-1]
        carried = int(counts[-1]) if last_open else 0
        closed = counts[:-1] if last_open else counts
        total += float(np.sum(closed**3 - closed))
    if total < EXACT_RANK_SUM:
        return total
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    counts = np.diff(np.r_[starts, n]).astype(float)
    return float(np.sum(counts**3 - counts))


def _pooled_ranks_rankdata(pooled: np.ndarray, samples: Sequence[SortedSample]) -> tuple[list[np.ndarray], float]:
    ranks = stats.rankdata(pooled)
    _, counts = np.unique(pooled, return_counts=True)
    counts = counts.astype(float)
    out, start = [], 0
    for s in samples:
        out.append(ranks[start : start + len(s.values)])
        start += len(s.values)
    return out, float(np.sum(counts**3 - counts))


def kruskal_from_ranks(rank_sums: Sequence[float], sizes: Sequence[int], tie_term: float) -> dict[str, Any]:
    """Kruskal-Wallis H from the rank sums of the groups, tie-corrected as R's
    ``kruskal.test`` (Hollander & Wolfe 1973, §6.1; Kruskal & Wallis 1952).

    ``H = [12 / (N (N + 1)) * sum(R_i^2 / n_i) - 3 (N + 1)] / [1 - T / (N^3 - N)]``
    with ``T = sum(t^3 - t)`` over tie groups; p from chi-squared with
    ``k - 1`` degrees of freedom.  Returns ``{"H", "df", "p"}``; H and p are NaN
    when fewer than two groups are non-empty or all values are tied.
    """
    n_i = np.asarray(sizes, dtype=float)
    rsum = np.asarray(rank_sums, dtype=float)
    keep = n_i > 0
    k = int(keep.sum())
    n = float(n_i.sum())
    if k < 2 or n < 2:
        return {"H": math.nan, "df": max(k - 1, 0), "p": math.nan}
    h = 12.0 / (n * (n + 1)) * float(np.sum(rsum[keep] ** 2 / n_i[keep])) - 3.0 * (n + 1)
    denom = 1.0 - tie_term / (n**3 - n)
    if denom <= 0:
        return {"H": math.nan, "df": k - 1, "p": math.nan}
    h /= denom
    return {"H": float(h), "df": k - 1, "p": float(stats.chi2.sf(h, k - 1))}


def kruskal_wallis(*groups: Sequence[float]) -> dict[str, Any]:
    """Kruskal-Wallis test of the given samples (see :func:`kruskal_from_ranks`)."""
    samples = [SortedSample(np.asarray(g)) for g in groups]
    ranks, tie = pooled_ranks(samples)
    return kruskal_from_ranks([r.sum() for r in ranks], [len(r) for r in ranks], tie)


def dunn(rank_sums: Sequence[float], sizes: Sequence[int], tie_term: float) -> list[dict[str, Any]]:
    """Dunn's (1964) post-hoc z-tests between every pair of Kruskal-Wallis groups,
    with the pooled tie correction and Holm-adjusted p-values (as
    ``scikit_posthocs.posthoc_dunn(..., p_adjust="holm")``).

    ``z = (Rbar_i - Rbar_j) / sqrt((N (N + 1) / 12 - T / (12 (N - 1))) (1/n_i + 1/n_j))``.
    Returns ``[{"i", "j", "z", "p", "p_holm"}]`` with i < j group indices.
    """
    n_i = np.asarray(sizes, dtype=float)
    mean_rank = np.asarray(rank_sums, dtype=float) / np.where(n_i > 0, n_i, np.nan)
    n = float(n_i.sum())
    var = n * (n + 1) / 12.0 - tie_term / (12.0 * (n - 1)) if n > 1 else math.nan
    rows = []
    for i in range(len(sizes)):
        for j in range(i + 1, len(sizes)):
            if n_i[i] == 0 or n_i[j] == 0 or not var > 0:
                z = p = math.nan
            else:
                z = float((mean_rank[i] - mean_rank[j]) / math.sqrt(var * (1 / n_i[i] + 1 / n_i[j])))
                p = float(2.0 * ndtr(-abs(z)))
            rows.append({"i": i, "j": j, "z": z, "p": p})
    for row, adj in zip(rows, holm([r["p"] for r in rows])):
        row["p_holm"] = adj
    return rows
