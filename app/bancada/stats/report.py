"""One analysis of a table of samples, as the JSON-shaped dict that
``bancada analyze`` writes and the GUI's live tables show.

:func:`analyze_frame` is the single entry point; every table is computed per
group of the ``by`` columns and per treatment (a combination of factor levels).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from . import design, effectsize, factorial, normality, prepare, ranking, ranktests, samplesize, summary
from .prepare import InputError

__all__ = ["analyze_frame", "InputError", "level_order", "jsonable"]


def level_order(values: pd.Series) -> list[str]:
    """Levels of a factor as strings, in order of first appearance."""
    return [str(v) for v in pd.unique(values.astype(str))]


def _check_columns(df: pd.DataFrame, needed: Sequence[str]) -> None:
    missing = [c for c in needed if c not in df.columns]
    if missing:
        raise InputError(
            f"missing column{'s' if len(missing) > 1 else ''}: {', '.join(missing)} "
            f"(columns present: {', '.join(map(str, df.columns))})"
        )


def _numeric_response(df: pd.DataFrame, response: str) -> tuple[pd.DataFrame, int]:
    col = df[response]
    if not pd.api.types.is_numeric_dtype(col):
        num = pd.to_numeric(col, errors="coerce")
        bad = num.isna() & col.notna() & (col.astype(str).str.strip() != "")
        if bad.any():
            pos = int(np.flatnonzero(bad.to_numpy())[0])
            raise InputError(f"response column {response!r} is not numeric: row {pos + 1} has {col.iloc[pos]!r}")
        df = df.assign(**{response: num})
    missing = df[response].isna() | ~np.isfinite(df[response].to_numpy(dtype=float))
    return df[~missing], int(missing.sum())


def analyze_frame(
    df: pd.DataFrame,
    *,
    response: str = "latency_s",
    factors: Sequence[str] = ("language", "protocol"),
    by: Sequence[str] = ("payload",),
    replication: str | None = "repetition",
    aggregate: str = "none",
    confidence: float = 0.90,
    alpha: float = 0.05,
    error_pct: float = 5.0,
    log: bool = False,
    outliers_iqr: float | None = None,
    replications: str | tuple[float, float] | None = None,
    trim_unbalanced: bool = False,
    keep_measure_ok: bool = True,
) -> dict:
    """Analyse samples: summary, normality, rank tests, ranking, factorial, sample size.

    ``df``: one row per request (the tidy sample CSV or any frame with the
    named columns).  ``response``: numeric column (e.g. latency in seconds);
    ``factors``: columns whose level combinations are the treatments (levels
    are strings; the first level seen is the -1 level of a 2-level factor);
    ``by``: columns that split the analysis into groups; ``replication``:
    column naming the replication of each row (optional).  ``aggregate``:
    the response per replication in the factorial design (``none``, ``mean``,
    ``median``); ``confidence``: of the effects' intervals (Jain: 0.90);
    ``alpha``: significance level of the tests, and ``1 - alpha`` is the
    confidence of the median's interval and of the sample size;
    ``error_pct``: tolerated error of the sample size; ``log``: log10 of the
    response in the factorial design; ``outliers_iqr``: K of the IQR rule;
    ``replications``: ``"A-B"`` or ``(A, B)`` kept for the factorial design
    only; ``trim_unbalanced``: trim an unbalanced factorial design to the
    smallest r; ``keep_measure_ok``: keep only ``phase = measure`` and ``ok``.

    Returns the dict described in docs/analyze.md (keys ``response``,
    ``factors``, ``groups`` with ``treatments``, ``pairwise``,
    ``pairwise_replication`` (the same test on per-replication medians), ``kruskal``,
    ``dunn``, ``ranking``, ``factorial``, ``sample_size``).  Raises
    :class:`InputError` (one line) for missing columns, a non-numeric
    response, a factor with a single level, bad options, or when no rows are
    left, i.e. when no table can be computed.
    """
    factors, by = list(factors), list(by or ())
    if not factors:
        raise InputError("at least one factor is needed")
    if len(set(factors)) != len(factors) or set(factors) & set(by):
        raise InputError("a column cannot be named twice among the factors and --by columns")
    if not 0 < confidence < 1 or not 0 < alpha < 1:
        raise InputError("--confidence and --alpha must lie strictly between 0 and 1")
    if not error_pct > 0:
        raise InputError(f"--error-pct must be > 0, got {error_pct}")
    if aggregate not in design.AGGREGATES:
        raise InputError(f"--aggregate must be one of {', '.join(design.AGGREGATES)}, got {aggregate!r}")
    rep_bounds = prepare.parse_range(replications) if isinstance(replications, str) else replications
    _check_columns(df, [response, *factors, *by])
    if rep_bounds is not None and (replication is None or replication not in df.columns):
        raise InputError(f"--replications needs the replication column {replication!r}, which is absent")
    has_rep = replication is not None and replication in df.columns

    rows_in = len(df)
    levels = {f: level_order(df[f]) for f in factors}
    by_levels = {b: level_order(df[b]) for b in by}
    prep: dict = {"rows_in": rows_in}
    if keep_measure_ok:
        df, removed = prepare.keep_measured(df)
        prep.update(removed)
    df, prep["missing_response"] = _numeric_response(df, response)
    cols = [*factors, *by]
    df = df.assign(**{c: df[c].astype(str) for c in cols})
    for f in factors:
        seen = set(pd.unique(df[f]))
        present = [lv for lv in levels[f] if lv in seen]
        if len(present) < 2:
            raise InputError(
                f"factor {f!r} has only one level ({', '.join(present) or 'none'}); a factor needs at least two"
            )
        levels[f] = present
    if df.empty:
        raise InputError("no rows left to analyse after keeping phase = measure and ok = true")

    groups_out = []
    outliers_total = 0
    if by:
        split = df.groupby(by, sort=False).indices
        keys = [
            k for k in itertools.product(*(by_levels[b] for b in by)) if k in split or (len(k) == 1 and k[0] in split)
        ]
    else:
        split, keys = {(): np.arange(len(df))}, [()]
    for key in keys:
        idx = split.get(key)
        if idx is None:
            idx = split[key[0]]
        gdf = df.iloc[np.sort(idx)]
        group, removed_out = _analyze_group(
            gdf,
            dict(zip(by, key)),
            response,
            factors,
            levels,
            replication if has_rep else None,
            aggregate,
            confidence,
            alpha,
            error_pct,
            log,
            outliers_iqr,
            rep_bounds,
            trim_unbalanced,
        )
        outliers_total += removed_out
        groups_out.append(group)
    prep["outliers"] = outliers_total if outliers_iqr is not None else None
    prep["outliers_iqr"] = outliers_iqr
    prep["rows_analysed"] = sum(sum(t["n"] for t in g["treatments"]) for g in groups_out)
    if prep["rows_analysed"] == 0:
        raise InputError("no rows left to analyse after data preparation")
    return {
        "response": response,
        "factors": factors,
        "by": by,
        "replication": replication if has_rep else None,
        "levels": levels,
        "alpha": alpha,
        "confidence": confidence,
        "median_ci_method": "order statistic (binomial), confidence 1 - alpha",
        "preparation": prep,
        "groups": groups_out,
    }


def _analyze_group(
    gdf,
    by_levels,
    response,
    factors,
    levels,
    replication,
    aggregate,
    confidence,
    alpha,
    error_pct,
    log,
    outliers_iqr,
    rep_bounds,
    trim,
):
    prep: dict = {"rows": len(gdf)}
    removed_out = 0
    if outliers_iqr is not None:
        gdf, removed_out = prepare.drop_outliers_iqr(gdf, response, factors, outliers_iqr)
        prep["outliers_removed"] = removed_out
    cells = gdf.groupby(factors, sort=False).indices
    combos = [
        c for c in itertools.product(*(levels[f] for f in factors)) if c in cells or (len(c) == 1 and c[0] in cells)
    ]
    y = gdf[response].to_numpy(dtype=float)
    samples, treatments = [], []
    for combo in combos:
        idx = cells.get(combo)
        if idx is None:
            idx = cells[combo[0]]
        s = ranktests.SortedSample(y[idx])
        samples.append(s)
        summ = summary.summarize(s.values, 1 - alpha)
        sw = normality.shapiro_wilk(y[idx])
        treatments.append({"levels": dict(zip(factors, combo)), **summ, "shapiro": sw})
    group = {"by": by_levels, "preparation": prep, "treatments": treatments}
    group["pairwise"] = _pairwise(samples, treatments)
    group["pairwise_replication"] = _pairwise_replication(gdf, y, cells, combos, treatments, replication)
    group["kruskal"], group["dunn"] = _kruskal(samples, combos, factors, treatments)
    p_map = {(i, j): row["p_holm"] for row in group["pairwise"] for i, j in [(row["_i"], row["_j"])]}
    for row in group["pairwise"]:
        del row["_i"], row["_j"]
    group["ranking"] = [
        {"position": r["position"], "levels": treatments[r["treatment"]]["levels"], "median": r["median"]}
        for r in ranking.rank_treatments([t["median"] for t in treatments], p_map, alpha)
    ]
    group["factorial"] = _factorial(
        gdf, response, factors, levels, replication, aggregate, confidence, log, rep_bounds, trim, prep
    )
    conf_n = 1 - alpha
    group["sample_size"] = [
        {
            "levels": t["levels"],
            "n_required": samplesize.required_n(t["mean"], t["sd"], error_pct, conf_n),
            "mean": t["mean"],
            "sd": t["sd"],
            "error_pct": error_pct,
            "confidence": conf_n,
            "z": samplesize.z_two_sided(conf_n),
            "z_from": "normal, two-sided",
        }
        for t in treatments
    ]
    return group, removed_out


def _pairwise(samples, treatments):
    rows = []
    for i, j in itertools.combinations(range(len(samples)), 2):
        res = ranktests.rank_sum(samples[i], samples[j])
        delta = effectsize.cliffs_delta_from_w(res["W"], res["n_a"], res["n_b"])
        rows.append(
            {
                "a": treatments[i]["levels"],
                "b": treatments[j]["levels"],
                "W": res["W"],
                "p": res["p"],
                "method": res["method"],
                "cliffs_delta": delta,
                "a12": effectsize.a12_from_w(res["W"], res["n_a"], res["n_b"]),
                "magnitude": effectsize.magnitude(delta),
                "_i": i,
                "_j": j,
            }
        )
    for row, adj in zip(rows, ranktests.holm([r["p"] for r in rows])):
        row["p_holm"] = adj
    return rows


def _pairwise_replication(gdf, y, cells, combos, treatments, replication):
    """Wilcoxon rank-sum on the per-replication medians: one value per treatment and replication.

    Requests inside one block share the block's conditions (connections, the
    server's state, the machine's load then), so they are not independent and
    the sample-level test over-rejects; the replication is the experimental
    unit, and its median the response (Jain 1991, ch. 18, replications as the
    unit of error; the A/A rates measured in docs/statistics.md). Empty when
    there is no replication column or a treatment has fewer than 2 replications.
    """
    if replication is None:
        return []
    reps = gdf[replication].to_numpy()
    medians = []
    for combo in combos:
        idx = cells.get(combo)
        if idx is None:
            idx = cells[combo[0]]
        per_rep = pd.Series(y[idx]).groupby(reps[idx], sort=False).median().to_numpy()
        medians.append(per_rep)
    if min(len(m) for m in medians) < 2:
        return []
    rows = []
    for i, j in itertools.combinations(range(len(medians)), 2):
        res = ranktests.rank_sum(ranktests.SortedSample(medians[i]), ranktests.SortedSample(medians[j]))
        delta = effectsize.cliffs_delta_from_w(res["W"], res["n_a"], res["n_b"])
        rows.append(
            {
                "a": treatments[i]["levels"],
                "b": treatments[j]["levels"],
                "r_a": res["n_a"],
                "r_b": res["n_b"],
                "W": res["W"],
                "p": res["p"],
                "method": res["method"],
                "cliffs_delta": delta,
            }
        )
    for row, adj in zip(rows, ranktests.holm([r["p"] for r in rows])):
        row["p_holm"] = adj
    return rows


def _kruskal(samples, combos, factors, treatments):
    if len(samples) < 2:
        return [], []
    ranks, tie = ranktests.pooled_ranks(samples)
    sums = [float(r.sum()) for r in ranks]
    sizes = [len(r) for r in ranks]
    out = []
    if len(factors) > 1:
        for fi, f in enumerate(factors):
            lv = list(dict.fromkeys(c[fi] for c in combos))
            if len(lv) < 2:
                out.append({"factor": f, "H": None, "df": 0, "p": None, "error": "one level in this group"})
                continue
            rs = [sum(s for s, c in zip(sums, combos) if c[fi] == v) for v in lv]
            ns = [sum(n for n, c in zip(sizes, combos) if c[fi] == v) for v in lv]
            out.append({"factor": f, **ranktests.kruskal_from_ranks(rs, ns, tie)})
    out.append({"factor": "*".join(factors), **ranktests.kruskal_from_ranks(sums, sizes, tie)})
    dunn_rows = []
    if len(samples) > 2:
        for d in ranktests.dunn(sums, sizes, tie):
            dunn_rows.append(
                {
                    "a": treatments[d["i"]]["levels"],
                    "b": treatments[d["j"]]["levels"],
                    "z": d["z"],
                    "p": d["p"],
                    "p_holm": d["p_holm"],
                }
            )
    return out, dunn_rows


def _factorial(gdf, response, factors, levels, replication, aggregate, confidence, log, rep_bounds, trim, prep):
    try:
        fdf = gdf
        if rep_bounds is not None:
            fdf, prep["replications_outside_range"] = prepare.keep_replications(fdf, replication, rep_bounds)
        lv = [levels[f] for f in factors]
        y, notes = design.build(fdf, response, factors, lv, replication, aggregate, trim)
        transform = "none"
        if log:
            if np.any(y <= 0):
                raise design.DesignError("--log needs a positive response in every replication")
            y = np.log10(y)
            transform = "log10"
        if all(len(v) == 2 for v in lv):
            res = factorial.two_level(y, factors, confidence)
        else:
            res = factorial.full_factorial(y, factors, lv, confidence)
        res["levels"] = {f: {"-1": v[0], "+1": v[1]} if len(v) == 2 else v for f, v in zip(factors, lv)}
        res.update(
            {
                "aggregate": aggregate if replication else "none",
                "transform": transform,
                "replications": list(rep_bounds) if rep_bounds is not None else None,
                "notes": notes,
            }
        )
        return res
    except (design.DesignError, InputError) as exc:
        return {"error": str(exc)}


def jsonable(obj):
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
