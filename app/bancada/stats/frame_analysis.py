"""One analysis of a table of samples, as typed results (:mod:`bancada.stats.results`) whose dict
is the JSON that ``bancada analyze`` writes and the GUI's live tables show.

:func:`analyze_frame` is the single entry point; every table is computed per
group of the ``by`` columns and per treatment (a combination of factor levels).
"""

from __future__ import annotations

import itertools
import math
import os
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from bancada.stats import (
    columns,
    frame_rows,
    design,
    effectsize,
    factorial,
    normality,
    prepare,
    ranking,
    ranktests,
    samplesize,
    summary,
)
from bancada.stats.options import OptionMessage
from bancada.stats.prepare import InputError
from bancada.stats.results import (
    Analysis,
    DunnPair,
    Factorial,
    Group,
    KruskalWallis,
    Normality,
    RankingPlace,
    RankSumPair,
    ReplicationRankSumPair,
    SampleSize,
    TreatmentSummary,
)

#: From this many rows on, the treatments are sorted in threads.
PARALLEL_ROWS = 200_000

__all__ = ["analyze_frame", "InputError", "level_order", "jsonable"]


def level_order(values: pd.Series) -> list[str]:
    """Levels of a factor as strings, in order of first appearance."""
    return [str(v) for v in pd.unique(values.astype(str))]


def analyze_frame(
    df: pd.DataFrame,
    *,
    response: str = "latency_s",
    factors: Sequence[str] = ("language", "protocol"),
    by: Sequence[str] = ("payload",),
    replication_column: str | None = "repetition",
    aggregate: str = "auto",
    confidence: float = 0.90,
    alpha: float = 0.05,
    error_pct: float = 5.0,
    log: bool = False,
    outliers_iqr: float | None = None,
    replications: str | tuple[float, float] | None = None,
    trim_unbalanced: bool = False,
    keep_measure_ok: bool = True,
) -> Analysis:
    """Analyse samples: summary, normality, rank tests, ranking, factorial, sample size.

    ``df``: one row per request (the tidy sample CSV or any frame with the
    named columns).  ``response``: numeric column (e.g. latency in seconds);
    ``factors``: columns whose level combinations are the treatments (levels
    are the values as strings, categoricals included; the first level seen is the -1 level of a 2-level factor);
    ``by``: columns that split the analysis into groups; ``replication_column``:
    column naming the replication of each row (optional).  ``aggregate``:
    the response per replication in the factorial design (``none``: each row, ``mean``,
    ``median`` of the rows of a replication; ``auto``, the default: ``mean`` when every treatment
    has at least 2 replications, as Jain 1991, ch. 18, takes each of the r repetitions as one
    replication, else ``none``); ``confidence``: of the effects' intervals (Jain: 0.90);
    ``alpha``: significance level of the tests, and ``1 - alpha`` is the
    confidence of the median's interval and of the sample size;
    ``error_pct``: tolerated error of the sample size; ``log``: log10 of the
    response in the factorial design; ``outliers_iqr``: K of the IQR rule;
    ``replications``: ``"A-B"`` or ``(A, B)`` kept for the factorial design
    only; ``trim_unbalanced``: trim an unbalanced factorial design to the
    smallest r; ``keep_measure_ok``: keep only ``phase = measure`` and ``ok``.

    The frame is read column by column and never copied: factor and ``by``
    columns become integer codes (:mod:`bancada.stats.columns`; a categorical
    column is read through its codes), the response one float64 array, and
    each treatment's rows one slice of it.

    Returns an :class:`~bancada.stats.results.Analysis`, one typed result per statistic;
    its ``to_dict()`` is the dict described in docs/analyze.md (keys ``response``,
    ``factors``, ``groups`` with ``treatments``, ``pairwise``,
    ``pairwise_replication`` (the same test on per-replication medians), ``kruskal``,
    ``dunn``, ``ranking``, ``factorial``, ``sample_size``).  Raises
    :class:`InputError` (one line) for missing columns, a non-numeric
    response, a factor with a single level, bad options (named by their
    parameter: ``alpha``), or when no rows are left, i.e. when no table can be computed.
    """
    factors, by = list(factors), list(by or ())
    frame_rows.check_options(factors, by, confidence, alpha, error_pct, aggregate)
    rep_bounds = prepare.parse_range(replications) if isinstance(replications, str) else replications
    frame_rows.check_columns(df, [response, *factors, *by])
    rep_col = frame_rows.replication_column(df, replication_column, rep_bounds is not None)
    prep: dict[str, Any] = {"rows_in": len(df)}
    y, rows, coded = frame_rows.analysed_rows(df, response, [*factors, *by], keep_measure_ok, prep)
    levels = {f: columns.present_levels(coded[f]) for f in factors}
    frame_rows.check_levels(levels)
    if len(y) == 0:
        raise InputError("no rows left to analyse after keeping phase = measure and ok = true")
    combos = columns.combinations([levels[f] for f in factors])
    rep = df[rep_col].to_numpy()[rows] if rep_col is not None else None
    del rows
    parts, group_sizes, by_keys = frame_rows.split_by_cell(
        y, rep, coded, factors, by, levels, len(combos), rep_bounds is not None
    )
    del y, rep, coded  # every row is in one part now
    options = _Options(factors, levels, rep_col, aggregate, confidence, alpha, error_pct, log, outliers_iqr, rep_bounds)
    groups_out = []
    outliers_total = 0
    for g, size in enumerate(group_sizes):
        if not size:
            continue
        first = g * len(combos)
        cells = {combos[k - first]: parts.pop(k) for k in range(first, first + len(combos)) if k in parts}
        out, removed_out = _analyze_group(cells, size, dict(zip(by, by_keys[g])), options, trim_unbalanced)
        outliers_total += removed_out
        groups_out.append(out)
    prep["outliers"] = outliers_total if outliers_iqr is not None else None
    prep["outliers_iqr"] = outliers_iqr
    prep["rows_analysed"] = sum(sum(t.n for t in g.treatments) for g in groups_out)
    if prep["rows_analysed"] == 0:
        raise InputError("no rows left to analyse after data preparation")
    return Analysis(response, factors, by, rep_col, levels, alpha, confidence, prep, groups_out)


@dataclass(frozen=True)
class _Options:
    """What every group's analysis shares (the arguments of :func:`analyze_frame`)."""

    factors: list[str]
    levels: dict[str, list[str]]
    replication_column: str | None
    aggregate: str
    confidence: float
    alpha: float
    error_pct: float
    log: bool
    outliers_iqr: float | None
    rep_bounds: tuple[float, float] | None


def _drop_outliers(
    cells: dict[tuple[str, ...], columns.Part], n_rows: int, k: float
) -> tuple[dict[tuple[str, ...], columns.Part], int]:
    """Rows outside ``[Q1 - k IQR, Q3 + k IQR]`` of their treatment dropped (bounds kept), and how many
    of the group's ``n_rows`` are gone.

    As :func:`bancada.stats.prepare.drop_outliers_iqr` (R's type-7 quantiles over
    all the treatment's replications); a row of no treatment is dropped too.
    """
    if k < 0:
        raise InputError(OptionMessage("{outliers_iqr} must be >= 0, got {k}", ("outliers_iqr",), {"k": k}))
    kept: dict[tuple[str, ...], columns.Part] = {}
    for combo, part in cells.items():
        q1, q3 = np.quantile(part.y, 0.25), np.quantile(part.y, 0.75)
        iqr = q3 - q1
        part = part.select((part.y >= q1 - k * iqr) & (part.y <= q3 + k * iqr))
        if len(part.y):
            kept[combo] = part
    return kept, n_rows - sum(len(p.y) for p in kept.values())


def _analyze_group(
    cells: dict[tuple[str, ...], columns.Part], n_rows: int, by_levels: dict[str, str], o: _Options, trim: bool
) -> tuple[Group, int]:
    """Every table of one group: ``cells`` its treatments' rows, ``n_rows`` its rows (with those of no treatment)."""
    prep: dict[str, Any] = {"rows": n_rows}
    removed_out = 0
    if o.outliers_iqr is not None:
        cells, removed_out = _drop_outliers(cells, n_rows, o.outliers_iqr)
        prep["outliers_removed"] = removed_out
    samples = _sorted_samples([part.y for part in cells.values()])
    treatments = [
        TreatmentSummary.of(
            dict(zip(o.factors, combo)),
            summary.summarize(s.values, 1 - o.alpha),
            Normality(**normality.shapiro_wilk(part.y)),
        )
        for (combo, part), s in zip(cells.items(), samples)
    ]
    pairs, w, ties = _pairwise(samples, treatments)
    pairwise_replication = _pairwise_replication(cells, treatments)
    kruskal, dunn = _kruskal(samples, w, ties, list(cells), o.factors, treatments)
    conf_n = 1 - o.alpha
    n_median = [samplesize.required_n_median(s.values, o.error_pct, conf_n) for s in samples]
    del samples  # the sorted copies
    p_map = {ij: row.p_holm for ij, row in zip(w, pairs)}
    ranked = ranking.rank_treatments([t.median for t in treatments], p_map, o.alpha)
    places = [RankingPlace(r["position"], treatments[r["treatment"]].levels, r["median"]) for r in ranked]
    fact = _factorial(cells, o, trim, prep)
    sizes = [
        SampleSize(
            t.levels,
            samplesize.required_n(t.mean, t.sd, o.error_pct, conf_n),
            t.mean,
            t.sd,
            o.error_pct,
            conf_n,
            samplesize.z_two_sided(conf_n),
            median=t.median,
            n_required_median=n_med,
        )
        for t, n_med in zip(treatments, n_median)
    ]
    group = Group(by_levels, prep, treatments, pairs, pairwise_replication, kruskal, dunn, places, fact, sizes)
    return group, removed_out


def _sorted_samples(values: list[np.ndarray]) -> list[ranktests.SortedSample]:
    """Each treatment's responses sorted (:class:`bancada.stats.ranktests.SortedSample`), on every core:
    numpy's sort lets go of the GIL, and sorting is most of the time of a large run's tables."""
    if sum(len(v) for v in values) < PARALLEL_ROWS:
        return [ranktests.SortedSample(v) for v in values]
    with ThreadPoolExecutor(min(len(values), os.cpu_count() or 1)) as pool:
        return list(pool.map(ranktests.SortedSample, values))


def _pairwise(
    samples: list[ranktests.SortedSample], treatments: list[TreatmentSummary]
) -> tuple[list[RankSumPair], dict[tuple[int, int], float], bool]:
    """The rank-sum test of every pair of treatments (Holm-adjusted), each pair's W by its indices,
    and whether any pair had ties (the Kruskal-Wallis test reuses both)."""
    pairs = list(itertools.combinations(range(len(samples)), 2))
    tests: Iterator[ranktests.RankSumTest]
    if sum(len(s.values) for s in samples) < PARALLEL_ROWS:
        tests = (ranktests.rank_sum(samples[i], samples[j]) for i, j in pairs)
    else:  # numpy's searches let go of the GIL too
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            tests = iter(list(pool.map(lambda ij: ranktests.rank_sum(samples[ij[0]], samples[ij[1]]), pairs)))
    results = list(tests)
    adjusted = ranktests.holm([res["p"] for res in results])
    rows = []
    for (i, j), res, adj in zip(pairs, results, adjusted):
        delta = effectsize.cliffs_delta_from_w(res["W"], res["n_a"], res["n_b"])
        a12 = effectsize.a12_from_w(res["W"], res["n_a"], res["n_b"])
        magnitude = effectsize.magnitude(delta)
        rows.append(
            RankSumPair(
                treatments[i].levels,
                treatments[j].levels,
                res["W"],
                res["p"],
                res["method"],
                delta,
                a12,
                magnitude,
                adj,
            )
        )
    w = {ij: res["W"] for ij, res in zip(pairs, results)}
    return rows, w, any(res["n_tied"] > 0 for res in results)


def _pairwise_replication(
    cells: dict[tuple[str, ...], columns.Part], treatments: list[TreatmentSummary]
) -> list[ReplicationRankSumPair]:
    """Wilcoxon rank-sum on the per-replication medians: one value per treatment and replication.

    Requests inside one block share the block's conditions (connections, the
    server's state, the machine's load then), so they are not independent and
    the sample-level test over-rejects; the replication is the experimental
    unit, and its median the response (Jain 1991, ch. 18, replications as the
    unit of error; the A/A rates measured in docs/statistics.md). Empty when
    there is no replication column or a treatment has fewer than 2 replications.
    """
    medians = []
    for part in cells.values():
        if part.rep is None:
            return []
        medians.append(pd.Series(part.y).groupby(part.rep, sort=False).median().to_numpy())
    if not medians or min(len(m) for m in medians) < 2:
        return []
    pairs = list(itertools.combinations(range(len(medians)), 2))
    tests = [
        ranktests.rank_sum(ranktests.SortedSample(medians[i]), ranktests.SortedSample(medians[j])) for i, j in pairs
    ]
    adjusted = ranktests.holm([res["p"] for res in tests])
    return [
        ReplicationRankSumPair(
            treatments[i].levels,
            treatments[j].levels,
            res["n_a"],
            res["n_b"],
            res["W"],
            res["p"],
            res["method"],
            effectsize.cliffs_delta_from_w(res["W"], res["n_a"], res["n_b"]),
            adj,
        )
        for (i, j), res, adj in zip(pairs, tests, adjusted)
    ]


def _kruskal(
    samples: list[ranktests.SortedSample],
    w: dict[tuple[int, int], float],
    ties: bool,
    combos: list[tuple[str, ...]],
    factors: list[str],
    treatments: list[TreatmentSummary],
) -> tuple[list[KruskalWallis], list[DunnPair]]:
    """Kruskal-Wallis per factor (when there are several) and over every treatment, and Dunn's
    post-hoc pairs (more than two treatments)."""
    if len(samples) < 2:
        return [], []
    big = sum(len(s.values) for s in samples) >= PARALLEL_ROWS
    sums, sizes, tie = ranktests.kruskal_inputs(samples, w, ties, threads=(os.cpu_count() or 1) if big else 1)
    out = [_kruskal_factor(f, fi, sums, sizes, tie, combos) for fi, f in enumerate(factors)] if len(factors) > 1 else []
    out.append(KruskalWallis("*".join(factors), **ranktests.kruskal_from_ranks(sums, sizes, tie)))
    if len(samples) <= 2:
        return out, []
    dunn_rows = [
        DunnPair(treatments[d["i"]].levels, treatments[d["j"]].levels, d["z"], d["p"], d["p_holm"])
        for d in ranktests.dunn(sums, sizes, tie)
    ]
    return out, dunn_rows


def _kruskal_factor(
    factor: str, fi: int, sums: list[float], sizes: list[int], tie: float, combos: list[tuple[str, ...]]
) -> KruskalWallis:
    """Kruskal-Wallis of one factor (column ``fi`` of ``combos``), the treatments' rank sums pooled by its level."""
    lv = list(dict.fromkeys(c[fi] for c in combos))
    if len(lv) < 2:
        return KruskalWallis(factor, None, 0, None, "one level in this group")
    rs = [sum(s for s, c in zip(sums, combos) if c[fi] == v) for v in lv]
    ns = [sum(n for n, c in zip(sizes, combos) if c[fi] == v) for v in lv]
    return KruskalWallis(factor, **ranktests.kruskal_from_ranks(rs, ns, tie))


def _factorial(cells: dict[tuple[str, ...], columns.Part], o: _Options, trim: bool, prep: dict[str, Any]) -> Factorial:
    """The factorial design of one group (:mod:`bancada.stats.factorial`), or why it cannot be analysed."""
    try:
        if o.rep_bounds is not None:
            cells, prep["replications_outside_range"] = _keep_replications(
                cells, str(o.replication_column), o.rep_bounds
            )
        lv = [o.levels[f] for f in o.factors]
        aggregate = _resolved_aggregate(cells, o)
        y, notes = design.build_from_parts(cells, o.replication_column is not None, o.factors, lv, aggregate, trim)
        transform = "none"
        if o.log:
            if np.any(y <= 0):
                raise design.DesignError(
                    OptionMessage("{log} needs a positive response in every replication", ("log",))
                )
            y = np.log10(y)
            transform = "log10"
        if all(len(v) == 2 for v in lv):
            res = factorial.two_level(y, o.factors, o.confidence)
        else:
            res = factorial.full_factorial(y, o.factors, lv, o.confidence)
    except (design.DesignError, InputError) as exc:
        return Factorial(error=exc.option if exc.option is not None else str(exc))
    res["levels"] = {f: {"-1": v[0], "+1": v[1]} if len(v) == 2 else v for f, v in zip(o.factors, lv)}
    res["aggregate"] = aggregate if o.replication_column else "none"
    res["transform"] = transform
    res["replications"] = list(o.rep_bounds) if o.rep_bounds is not None else None
    res["notes"] = notes
    return Factorial.from_table(res)


def _resolved_aggregate(cells: dict[tuple[str, ...], columns.Part], o: _Options) -> str:
    """``o.aggregate``, with ``auto`` made ``mean`` when every treatment has at least 2 replications (each
    repetition's mean is one replication of the 2^k r design, Jain 1991, ch. 18) and ``none`` otherwise."""
    if o.aggregate != "auto":
        return o.aggregate
    if o.replication_column is None or not cells or any(part.rep is None for part in cells.values()):
        return "none"
    fewest = min(len(pd.unique(pd.Series(part.rep))) for part in cells.values())
    return "mean" if fewest >= 2 else "none"


def _keep_replications(
    cells: dict[tuple[str, ...], columns.Part], replication_column: str, bounds: tuple[float, float]
) -> tuple[dict[tuple[str, ...], columns.Part], int]:
    """The rows whose replication label, read as a number, lies in ``bounds`` (inclusive), and how many are not.

    As :func:`bancada.stats.prepare.keep_replications` over the group's rows:
    raises :class:`InputError` naming the first label (in row order) that is not a number.
    """
    kept, removed, bad = {}, 0, []
    for combo, part in cells.items():
        assert part.rep is not None and part.pos is not None  # analyze_frame asks for both with --replications
        values = pd.to_numeric(pd.Series(part.rep), errors="coerce")
        missing = values.isna().to_numpy()
        if missing.any():
            first = int(np.argmax(missing))
            bad.append((int(part.pos[first]), part.rep[first]))
            continue
        keep = values.between(bounds[0], bounds[1]).to_numpy(dtype=bool)
        removed += int((~keep).sum())
        kept[combo] = part.select(keep)
    if bad:
        raise InputError(prepare.replications_not_numeric(replication_column, min(bad)[1]))
    return kept, removed


def jsonable(obj: Any) -> Any:
    """The result with NaN/inf replaced by ``None`` and numpy scalars as Python numbers."""
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(v) for v in obj]
    if isinstance(obj, (np.integer,)):
        return int(obj)
    if isinstance(obj, (float, np.floating)):
        f = float(obj)
        return f if math.isfinite(f) else None
    if isinstance(obj, np.ndarray):
        return jsonable(obj.tolist())
    return obj
