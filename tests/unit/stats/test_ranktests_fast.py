"""The rank tests computed per distinct value and by one merge give the numbers of the
direct formulas they replace (every value compared with every other by binary search,
``scipy.stats.rankdata`` and ``np.unique`` over the pooled sample): equal, not close."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from bancada.stats import ranktests


def _rank_sum_direct(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """W and the pooled tie term as ranktests computed them before (searchsorted over all values)."""
    a, b = ranktests.SortedSample(x), ranktests.SortedSample(y)
    left = np.searchsorted(b.values, a.values, side="left")
    right = np.searchsorted(b.values, a.values, side="right")
    w = float(left.sum() + 0.5 * (right - left).sum())
    _, ia, ib = np.intersect1d(a.uniques, b.uniques, assume_unique=True, return_indices=True)
    ca, cb = a.counts[ia], b.counts[ib]
    return w, a.tie_term + b.tie_term + float(np.sum(3 * ca * ca * cb + 3 * ca * cb * cb))


def _samples(seed: int, sizes: tuple[int, ...], decimals: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [np.round(rng.lognormal(0.1 * i, 0.3, n), decimals) for i, n in enumerate(sizes)]


@pytest.mark.parametrize("decimals", [1, 3, 9])  # many ties, some, almost none
@pytest.mark.parametrize("sizes", [(1, 7), (40, 45), (2000, 3000), (5000, 1)])
def test_rank_sum_equals_the_direct_count(decimals, sizes):
    x, y = _samples(decimals, sizes, decimals)
    res = ranktests.rank_sum(ranktests.SortedSample(x), ranktests.SortedSample(y))
    w, tie = _rank_sum_direct(x, y)
    assert res["W"] == w
    if res["method"] == "asymptotic":  # the p-value from W and the tie term, recomputed as before
        n_a, n_b = len(x), len(y)
        n = n_a + n_b
        z = w - n_a * n_b / 2
        sigma = np.sqrt((n_a * n_b / 12) * ((n + 1) - tie / (n * (n - 1))))
        z = (z - np.copysign(0.5, z) if z != 0 else 0.0) / sigma
        assert res["p"] == pytest.approx(min(2 * min(stats.norm.cdf(z), stats.norm.sf(z)), 1.0), rel=1e-12)
    assert res["W"] == stats.mannwhitneyu(x, y).statistic  # scipy's U of x is R's W


def test_rank_sum_with_disjoint_and_identical_samples():
    a = ranktests.SortedSample(np.array([1.0, 2.0, 2.0]))
    b = ranktests.SortedSample(np.array([5.0, 6.0]))
    assert ranktests.rank_sum(a, b)["W"] == 0.0
    assert ranktests.rank_sum(b, a)["W"] == 6.0
    same = ranktests.rank_sum(a, ranktests.SortedSample(np.array([1.0, 2.0, 2.0])))
    assert same["W"] == 4.5  # half of the 9 pairs


@pytest.mark.parametrize("decimals", [1, 4, 12])
def test_pooled_ranks_equal_rankdata(decimals):
    xs = _samples(7, (1000, 1, 2500, 30, 0, 800), decimals)
    samples = [ranktests.SortedSample(x) for x in xs]
    ranks, tie = ranktests.pooled_ranks(samples)
    pooled = np.concatenate([s.values for s in samples])
    expected = stats.rankdata(pooled)
    _, counts = np.unique(pooled, return_counts=True)
    counts = counts.astype(float)
    assert np.array_equal(np.concatenate(ranks), expected)
    assert [len(r) for r in ranks] == [len(x) for x in xs]
    assert tie == float(np.sum(counts**3 - counts))
    assert [float(r.sum()) for r in ranks] == [
        float(e.sum()) for e in np.split(expected, np.cumsum([len(x) for x in xs])[:-1])
    ]


def test_pooled_ranks_with_nan_are_rankdatas():
    samples = [ranktests.SortedSample(np.array([1.0, np.nan])), ranktests.SortedSample(np.array([2.0]))]
    ranks, _ = ranktests.pooled_ranks(samples)
    assert np.isnan(np.concatenate(ranks)).all()


@pytest.mark.parametrize("threads", [2, 3, 8])
@pytest.mark.parametrize("decimals", [0, 1, 4, 12])  # a few huge tie groups, many ties, some, almost none
def test_pooled_tie_term_in_ranges_equals_the_whole_pool(threads, decimals):
    """Cut by value into ranges counted in threads, the pooled tie term is np.unique's over the whole pool
    (no tie group is cut at a range's border), empty samples and samples shorter than the cut included."""
    xs = _samples(11, (1000, 1, 2500, 30, 0, 800), decimals)
    samples = [ranktests.SortedSample(x) for x in xs]
    _, counts = np.unique(np.concatenate(xs), return_counts=True)
    counts = counts.astype(float)
    expected = float(np.sum(counts**3 - counts))
    assert ranktests.pooled_tie_term(samples, threads) == expected
    assert ranktests.pooled_tie_term(samples, 1) == expected
    assert ranktests.pooled_ranks(samples)[1] == expected


@pytest.mark.parametrize("decimals", [0, 1, 4, 12])
def test_counted_in_small_chunks_the_tie_terms_and_w_are_those_of_one_piece(decimals, monkeypatch):
    """Tie groups, distinct values and the pool counted a few at a time (groups cut at a chunk's end
    carried over) give the numbers of np.unique and of the direct count, to the last bit."""
    monkeypatch.setattr(ranktests, "TIE_CHUNK", 5)
    monkeypatch.setattr(ranktests, "RANGE_VALUES", 300)
    xs = _samples(7, (1000, 1, 2500, 30, 0, 800), decimals)
    samples = [ranktests.SortedSample(x) for x in xs]
    for x, s in zip(xs, samples):
        _, counts = np.unique(x, return_counts=True)
        counts = counts.astype(float)
        assert s.tie_term == float(np.sum(counts**3 - counts))
        assert np.array_equal(s.counts, counts) and np.array_equal(s.uniques, np.unique(x))
    _, counts = np.unique(np.concatenate(xs), return_counts=True)
    counts = counts.astype(float)
    expected = float(np.sum(counts**3 - counts))
    assert ranktests.pooled_tie_term(samples, 1) == ranktests.pooled_tie_term(samples, 2) == expected
    res = ranktests.rank_sum(samples[0], samples[2])
    w, _ = _rank_sum_direct(xs[0], xs[2])
    assert res["W"] == w


@pytest.mark.parametrize("decimals", [0, 1, 4, 12])
def test_past_exact_sums_the_rank_sums_by_value_are_the_pooled_ranks_sums(decimals, monkeypatch):
    """A pool too large for exact rank sums (here: any, the bound lowered) gets each sample's rank sum
    from its distinct values' mid-ranks, the float sum of pooled_ranks' ranks to the last bit, with
    its tie term and sizes."""
    xs = _samples(5, (1000, 1, 2500, 30, 0, 800), decimals)
    samples = [ranktests.SortedSample(x) for x in xs]
    ranks, tie = ranktests.pooled_ranks(samples)
    monkeypatch.setattr(ranktests, "EXACT_RANK_SUM", 10.0)
    sums, sizes, got_tie = ranktests.kruskal_inputs(samples, {}, True, threads=2)
    assert sums == [float(r.sum()) for r in ranks]
    assert sizes == [len(x) for x in xs] and got_tie == tie
