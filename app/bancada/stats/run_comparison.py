"""Comparison of runs, treatment by treatment, as benchstat compares two Go
benchmark outputs (golang.org/x/perf/cmd/benchstat: medians with confidence
intervals, a Mann-Whitney U test, ``~`` when the difference is not
significant, a geometric-mean row).

A treatment is one implementation on one workload (columns ``implementation``
and ``payload`` of the tidy sample CSV).  Inputs are frames with one row per
measured, successful request (``latency_s`` in seconds; ``repetition`` and
``server_s`` optional).  The result is the JSON-shaped dict that ``bancada
compare`` writes; its keys are listed in docs/compare.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from bancada.stats import bootstrap, effectsize, noisefloor, ranktests, servertime, summary
from bancada.stats.side import RESPONSE, UNITS, Side, repetition_medians


@dataclass(frozen=True)
class PairOptions:
    """What a pair of sides allows beyond the main table, decided from the runs'
    metadata by the caller: the noise floor (same profile, same host) and the
    server/transit split (same profile, different hosts); ``*_reason`` says why."""

    noise_floor: bool = False
    noise_floor_reason: str = ""
    network_share: bool = False
    network_share_reason: str = ""


def compare_runs(
    sides: Sequence[Side],
    options: Sequence[PairOptions] | None = None,
    *,
    alpha: float = 0.05,
    confidence: float = 0.95,
    resamples: int = bootstrap.RESAMPLES,
    seed: int = bootstrap.SEED,
    unit: str = "sample",
) -> dict[str, Any]:
    """Every side against the first (the baseline), and with three or more sides
    a Kruskal-Wallis test per treatment across all of them.

    ``options[i]`` belongs to the pair (baseline, sides[i + 1]).  ``alpha``:
    significance level of the Holm-adjusted tests; ``confidence``: of the
    medians' intervals and of the change's interval; ``unit``: which test
    decides ``~``, the rank-sum over requests (``sample``) or over the
    per-repetition medians (``repetition``; see :func:`compare_pair`).  Returns
    ``{"alpha", "confidence", "test_unit", "median_ci_method", "change_ci_method",
    "bootstrap", "baseline", "comparisons", "kruskal"}`` (docs/compare.md).
    Raises ``ValueError`` with fewer than two sides or no treatment common to
    the baseline and every other side.
    """
    if len(sides) < 2:
        raise ValueError("a comparison needs at least two runs")
    if unit not in UNITS:
        raise ValueError(f"the test's unit must be one of {', '.join(UNITS)}, got {unit!r}")
    options = list(options or [PairOptions()] * (len(sides) - 1))
    base = sides[0]
    comparisons = []
    for other, opt in zip(sides[1:], options):
        if not set(base.treatments) & set(other.treatments):
            raise ValueError(
                f"no treatment (implementation/payload) is in both {base.label} "
                f"({', '.join(base.treatments) or 'none'}) and {other.label} "
                f"({', '.join(other.treatments) or 'none'})"
            )
        comparisons.append(
            compare_pair(
                base, other, opt, alpha=alpha, confidence=confidence, resamples=resamples, seed=seed, unit=unit
            )
        )
    return {
        "alpha": alpha,
        "confidence": confidence,
        "test_unit": unit,
        "median_ci_method": "order statistic (binomial), distribution-free; Conover 1999, §3.2",
        "change_ci_method": (
            "percentile bootstrap of the ratio of medians, the two runs resampled "
            "independently; Efron & Tibshirani 1993, ch. 13.3"
        ),
        "bootstrap": {"resamples": resamples, "seed": seed},
        "baseline": base.label,
        "comparisons": comparisons,
        "kruskal": kruskal_across(sides) if len(sides) > 2 else [],
    }


def compare_pair(
    base: Side,
    other: Side,
    opt: PairOptions = PairOptions(),
    *,
    alpha: float = 0.05,
    confidence: float = 0.95,
    resamples: int = bootstrap.RESAMPLES,
    seed: int = bootstrap.SEED,
    unit: str = "sample",
) -> dict[str, Any]:
    """One table: each treatment in both sides, the geometric-mean row, the
    treatments found in one side only, and the noise floor and server-time
    split when ``opt`` allows them.  Holm's adjustment (as R's
    ``p.adjust(method = "holm")``) runs over the rows of this table.

    Two rank-sum tests per treatment (as R's ``wilcox.test``): ``p`` over the
    requests, as benchstat's Mann-Whitney test over its samples, and
    ``p_repetitions`` over the per-repetition medians (None with fewer than two
    repetitions on a side), which treats the block as the experimental unit
    (docs/statistics.md).  ``unit`` chooses which of the two decides
    ``significant`` and the ``verdict`` (``~``, ``slower``, ``faster``)."""
    common = [k for k in base.treatments if k in other.treatments]
    rows, log_ratio_reps = [], []
    for key in common:
        row, reps = _row(key, base.treatments[key], other.treatments[key], confidence, resamples, seed)
        rows.append(row)
        log_ratio_reps.append(np.log(reps))
    _add_holm(rows)
    floor = noisefloor.noise_floor(base, other, common) if opt.noise_floor else None
    floor_reason = opt.noise_floor_reason
    if opt.noise_floor and floor is None:
        floor_reason += "; no treatment has two repetitions in either run"
    decide = "p_holm" if unit == "sample" else "p_repetitions_holm"
    for row in rows:
        _add_verdict(row, row[decide], alpha)
        _add_noise_floor(row, floor)
    return {
        "baseline": base.label,
        "other": other.label,
        "rows": rows,
        "geomean": _geomean(rows, log_ratio_reps, confidence),
        "only_in_baseline": [k for k in base.treatments if k not in other.treatments],
        "only_in_other": [k for k in other.treatments if k not in base.treatments],
        "noise_floor": _noise_floor_block(floor, floor_reason),
        "network_share": _network_share_block(base, other, common, opt),
    }


def _add_holm(rows: list[dict[str, Any]]) -> None:
    """Adds ``p_holm`` and ``p_repetitions_holm`` to each row: Holm's adjustment over the table's rows
    (None where the test was not run)."""
    for name in ("p", "p_repetitions"):
        for row, adj in zip(rows, ranktests.holm([math.nan if r[name] is None else r[name] for r in rows])):
            row[f"{name}_holm"] = None if math.isnan(adj) else adj


def _add_verdict(row: dict[str, Any], p_decide: float | None, alpha: float) -> None:
    """Adds ``significant`` (``p_decide < alpha``) and ``verdict`` (``~``, ``slower``, ``faster``) to ``row``."""
    row["significant"] = bool(p_decide is not None and p_decide < alpha)
    # direction: the medians' change, or where the medians are equal (or 0) the rank test's own (delta)
    direction = (
        row["change_pct"] if row["change_pct"] == row["change_pct"] and row["change_pct"] != 0 else row["cliffs_delta"]
    )
    row["verdict"] = ("slower" if direction > 0 else "faster") if row["significant"] else "~"


def _add_noise_floor(row: dict[str, Any], floor: dict[str, Any] | None) -> None:
    """Adds ``noise_floor_pct`` (the treatment's floor in %, or None) and ``within_noise_floor`` to ``row``."""
    f = floor["per_treatment"].get(row["treatment"]) if floor else None
    row["noise_floor_pct"] = f
    # the floor is a max/min spread, so the change is measured the same way (a halving is 100 %, not 50 %)
    spread = noisefloor.spread_pct([row["median_baseline_s"], row["median_other_s"]]) or 0.0
    row["within_noise_floor"] = None if f is None else bool(spread < f)


def _noise_floor_block(floor: dict[str, Any] | None, reason: str) -> dict[str, Any]:
    """The comparison's ``noise_floor`` entry: ``computed``, ``reason`` and the floor's own keys when computed."""
    return {"computed": True, "reason": reason, **floor} if floor else {"computed": False, "reason": reason}


def _network_share_block(base: Side, other: Side, common: list[str], opt: PairOptions) -> dict[str, Any]:
    """The comparison's ``network_share`` entry: the server/transit split per common treatment when allowed."""
    if not opt.network_share:
        return {"computed": False, "reason": opt.network_share_reason}
    return {"computed": True, "reason": opt.network_share_reason, "rows": servertime.split_rows(base, other, common)}


def _row(
    key: str, a: pd.DataFrame, b: pd.DataFrame, confidence: float, resamples: int, seed: int
) -> tuple[dict[str, Any], npt.NDArray[np.float64]]:
    sa = ranktests.SortedSample(a[RESPONSE].to_numpy(dtype=float))
    sb = ranktests.SortedSample(b[RESPONSE].to_numpy(dtype=float))
    ma, mb = summary.summarize(sa.values, confidence), summary.summarize(sb.values, confidence)
    test = ranktests.rank_sum(sb, sa)  # W of (other, baseline): delta > 0 when the other run is slower
    delta = effectsize.cliffs_delta_from_w(test["W"], test["n_a"], test["n_b"])
    reps = bootstrap.ratio_of_medians(sa.values, sb.values, key, resamples, seed)
    lo, hi = bootstrap.percentile_interval(reps, confidence)
    ratio = mb.median / ma.median if ma.median else math.nan
    rep_a, rep_b = repetition_medians(a), repetition_medians(b)
    p_rep = None
    if len(rep_a) >= 2 and len(rep_b) >= 2:
        p_rep = ranktests.rank_sum(ranktests.SortedSample(rep_b), ranktests.SortedSample(rep_a))["p"]
    impl, payload = key.split("/", 1)
    row = {
        "implementation": impl,
        "payload": payload,
        "treatment": key,
        "n_baseline": ma.n,
        "n_other": mb.n,
        "median_baseline_s": ma.median,
        "median_baseline_ci_s": ma.median_ci,
        "median_baseline_ci_coverage": ma.median_ci_coverage,
        "median_other_s": mb.median,
        "median_other_ci_s": mb.median_ci,
        "median_other_ci_coverage": mb.median_ci_coverage,
        "ratio": ratio,
        "change_pct": (ratio - 1.0) * 100.0,
        "change_ci_pct": [(lo - 1.0) * 100.0, (hi - 1.0) * 100.0],
        "W": test["W"],
        "p": test["p"],
        "method": test["method"],
        "cliffs_delta": delta,
        "magnitude": effectsize.magnitude(delta),
        "r_baseline": len(rep_a),
        "r_other": len(rep_b),
        "p_repetitions": p_rep,
    }
    return row, reps


def _geomean(rows: list[dict[str, Any]], log_ratio_reps: list[np.ndarray], confidence: float) -> dict[str, Any] | None:
    """The geometric means of the medians of each side and their ratio as a change
    in % (benchstat's ``geomean`` row; Fleming & Wallace 1986, "How not to lie
    with statistics: the correct way to summarize benchmark results", CACM 29(3)).

    Its interval: the percentile interval of ``exp(mean_t log(ratio*_t))`` over the
    bootstrap replications, treatments resampled independently.  Treatments with
    a non-positive median are left out (``treatments`` counts those used)."""
    keep = [i for i, r in enumerate(rows) if r["median_baseline_s"] > 0 and r["median_other_s"] > 0]
    if not keep:
        return None
    la = np.mean([math.log(rows[i]["median_baseline_s"]) for i in keep])
    lb = np.mean([math.log(rows[i]["median_other_s"]) for i in keep])
    reps = np.exp(np.mean([log_ratio_reps[i] for i in keep], axis=0))
    lo, hi = bootstrap.percentile_interval(reps, confidence)
    return {
        "treatments": len(keep),
        "baseline_s": float(math.exp(la)),
        "other_s": float(math.exp(lb)),
        "ratio": float(math.exp(lb - la)),
        "change_pct": float(math.expm1(lb - la) * 100.0),
        "change_ci_pct": [(lo - 1.0) * 100.0, (hi - 1.0) * 100.0],
    }


def kruskal_across(sides: Sequence[Side]) -> list[dict[str, Any]]:
    """Kruskal-Wallis (as R's ``kruskal.test``) per treatment across every side
    that has it (at least two), Holm-adjusted across the treatments."""
    keys: list[str] = []
    for s in sides:
        keys += [k for k in s.treatments if k not in keys]
    rows = []
    for key in keys:
        present = [s for s in sides if key in s.treatments]
        if len(present) < 2:
            continue
        samples = [ranktests.SortedSample(s.treatments[key][RESPONSE].to_numpy(dtype=float)) for s in present]
        ranks, tie = ranktests.pooled_ranks(samples)
        res = ranktests.kruskal_from_ranks([r.sum() for r in ranks], [len(r) for r in ranks], tie)
        impl, payload = key.split("/", 1)
        rows.append(
            {
                "implementation": impl,
                "payload": payload,
                "treatment": key,
                "runs": [s.label for s in present],
                "n": [len(x.values) for x in samples],
                **res,
            }
        )
    for row, adj in zip(rows, ranktests.holm([r["p"] for r in rows])):
        row["p_holm"] = adj
    return rows
