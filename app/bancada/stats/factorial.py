"""Allocation of variation of a factorial design (Jain 1991).

- 2^k r designs (every factor at two levels): the sign-table method of
  Jain ch. 17 (2^k) and ch. 18 (2^k r): effects q, SSY, SS0, SST, SS per
  term, SSE, % of variation, s_q = s_e / sqrt(2^k r) and t-based confidence
  intervals of the effects at 2^k (r - 1) degrees of freedom (Jain §18.4,
  Eq. 18.2-18.4).
- Full factorial designs with any number of levels: effects from the cell
  means (Jain ch. 22, two factors; ch. 23 for k factors), the same sums of
  squares a balanced ANOVA gives.

Input is a balanced array ``y`` of shape ``(l_1, ..., l_k, r)``: the response
of each replication of each treatment (index 0 of a 2-level factor is its
-1 level).  Units are those of the response; SS are in units squared.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import stats


def terms_of(factors: Sequence[object]) -> list[tuple[int, ...]]:
    """Every non-empty subset of factor indices: main effects first, then
    two-factor interactions, ... (each in factor order)."""
    k = len(factors)
    return [c for size in range(1, k + 1) for c in itertools.combinations(range(k), size)]


def term_name(factors: Sequence[str], term: tuple[int, ...]) -> str:
    """``"language"`` or ``"language*protocol"``."""
    return "*".join(factors[i] for i in term)


def sign_table(k: int) -> np.ndarray:
    """Jain's sign table of a 2^k design: shape ``(2^k, 2^k)``.

    Rows are experiments in standard order (the first factor alternates
    fastest, Jain Table 17.5); columns are I then :func:`terms_of` order.
    """
    levels = np.array(list(itertools.product((-1, 1), repeat=k)))[:, ::-1]  # first factor fastest
    cols = [np.ones(2**k, dtype=int)]
    for term in terms_of(list(range(k))):
        cols.append(np.prod(levels[:, list(term)], axis=1))
    return np.column_stack(cols)


def _finish(
    ss_terms: dict[str, Any], ssy: float, ss0: float, r: int, n_cells: int
) -> tuple[dict[str, Any], dict[str, Any], float | None, int]:
    sst = ssy - ss0
    ss: dict[str, float | None] = {"SSY": ssy, "SS0": ss0, "SST": sst}
    ss.update(ss_terms)
    df_e = n_cells * (r - 1)
    sse = sst - sum(ss_terms.values()) if r > 1 else None
    if sse is not None:
        sse = max(sse, 0.0) if abs(sse) <= 1e-12 * max(abs(ssy), 1e-300) else sse
    ss["SSE"] = sse
    pct = {name: (100.0 * v / sst if sst > 0 else math.nan) for name, v in ss_terms.items()}
    pct["error"] = (100.0 * sse / sst if sst > 0 else math.nan) if sse is not None else None
    return ss, pct, sse, df_e


def two_level(y: np.ndarray, factors: Sequence[str], confidence: float = 0.90) -> dict[str, Any]:
    """Sign-table analysis of a 2^k r design (Jain ch. 17-18).

    ``y``: shape ``(2,)*k + (r,)``.  ``q_I`` and every ``q_T`` are the column
    totals of the sign table times the mean responses, divided by 2^k
    (Jain §17.3, sign table method; §18.1 for r > 1); ``SS_T = 2^k r q_T^2``, ``SSY = sum y^2``,
    ``SS0 = 2^k r q_0^2``, ``SST = SSY - SS0``, ``SSE = SST - sum SS_T``
    (Jain §18.3); ``s_e^2 = SSE / (2^k (r - 1))``, ``s_q = s_e / sqrt(2^k r)``
    and the CI ``q -/+ t[1 - alpha/2; 2^k (r - 1)] s_q`` (Jain §18.4), with
    ``alpha = 1 - confidence``.  With r = 1 there is no error term: SSE,
    the error % and the intervals are ``None``.
    Returns the ``"factorial"`` dict of the analyze JSON (without the
    fields the caller adds: aggregate, transform).
    """
    k = len(factors)
    r = y.shape[-1]
    n_cells = 2**k
    means = y.mean(axis=-1)
    # experiments in standard order: first factor alternates fastest -> transpose to C order
    ybar = np.transpose(means, axes=list(range(k))[::-1]).reshape(-1)
    table = sign_table(k)
    q = table.T @ ybar / n_cells
    names = ["I"] + [term_name(factors, t) for t in terms_of(factors)]
    ss_terms = {name: float(n_cells * r * q[i] ** 2) for i, name in enumerate(names) if i > 0}
    ssy = float(np.sum(y.astype(float) ** 2))
    ss0 = float(n_cells * r * q[0] ** 2)
    ss, pct, sse, df_e = _finish(ss_terms, ssy, ss0, r, n_cells)
    effects: list[dict[str, Any]] = []
    s_e: float | None = None
    s_q: float | None = None
    t = math.nan
    if sse is not None and df_e > 0:
        s_e = math.sqrt(sse / df_e)
        s_q = s_e / math.sqrt(n_cells * r)
        t = float(stats.t.ppf(1 - (1 - confidence) / 2, df_e))
    for i, name in enumerate(names):
        ci = [float(q[i] - t * s_q), float(q[i] + t * s_q)] if s_q is not None else None
        effects.append(
            {"term": name, "q": float(q[i]), "ci": ci, "significant": (ci[0] > 0 or ci[1] < 0) if ci else None}
        )
    out = {
        "design": "2^k r",
        "k": k,
        "r": int(r),
        "confidence": confidence,
        "effects": effects,
        "ss": ss,
        "variation_pct": pct,
        "df_error": df_e if sse is not None else None,
        "s_e": s_e,
        "s_q": s_q,
        "t": t if s_e is not None else None,
    }
    if r == 1:
        out["note"] = (
            "r = 1: without replications there is no error term, so no SSE and no confidence intervals (Jain ch. 17)"
        )
    return out


def full_factorial(
    y: np.ndarray, factors: Sequence[str], levels: Sequence[Sequence[str]], confidence: float = 0.90
) -> dict[str, Any]:
    """Allocation of variation of a full factorial design with replications
    (Jain ch. 22 for two factors, ch. 23 for more; any number of levels).

    Effects of a term T at each combination of its levels are obtained from
    the marginal means by inclusion-exclusion (``alpha_j = ybar_.j. - mu``,
    ``gamma_ij = ybar_ij. - ybar_i.. - ybar_.j. + mu``, ...); ``SS_T`` is the
    number of observations behind each effect times the sum of its squared
    effects, ``SSE = SST - sum SS_T`` with ``prod(l) (r - 1)`` degrees of
    freedom (Jain Table 22.3).  The standard deviation of an effect of T is
    ``s_e sqrt(prod_{f in T}(l_f - 1) / N)`` with ``N = r prod(l)`` (Jain
    Table 22.5, which gives ``s_e sqrt((a-1)/(abr))`` for alpha_j and
    ``s_e sqrt((a-1)(b-1)/(abr))`` for gamma_ij); CIs use t at the error's
    degrees of freedom.  For 2-level factors the effect at the +1 levels is
    Jain's q of the sign table.  With r = 1 there is no error term (the
    highest interaction plays that role in Jain ch. 21).
    ``y``: shape ``(l_1, ..., l_k, r)``.  Returns the ``"factorial"`` dict.
    """
    k = len(factors)
    shape = y.shape[:-1]
    r = y.shape[-1]
    n_cells = int(np.prod(shape))
    n_obs = n_cells * r
    cell = y.mean(axis=-1)
    mu = float(cell.mean())
    marg = _marginal_means(cell, k)
    ss_terms, effect_arrays = {}, {}
    for term in terms_of(factors):
        eff = _term_effect(marg, term, shape)
        name = term_name(factors, term)
        per_effect = n_obs / int(np.prod([shape[i] for i in term]))
        ss_terms[name] = float(per_effect * np.sum(eff**2))
        effect_arrays[term] = eff
    ssy = float(np.sum(y.astype(float) ** 2))
    ss0 = float(n_obs * mu**2)
    ss, pct, sse, df_e = _finish(ss_terms, ssy, ss0, r, n_cells)
    s_e = math.sqrt(sse / df_e) if sse is not None and df_e > 0 else None
    t = float(stats.t.ppf(1 - (1 - confidence) / 2, df_e)) if s_e is not None else math.nan
    effects = [
        {
            "term": "I",
            "levels": {},
            "q": mu,
            "ci": [mu - t * s_e / math.sqrt(n_obs), mu + t * s_e / math.sqrt(n_obs)] if s_e is not None else None,
        }
    ]
    for term, eff in effect_arrays.items():
        sd = s_e * math.sqrt(np.prod([shape[i] - 1 for i in term]) / n_obs) if s_e is not None else None
        effects.extend(_term_effect_rows(term, eff, factors, levels, t, sd))
    out = {
        "design": "full factorial",
        "k": k,
        "r": int(r),
        "confidence": confidence,
        "effects": effects,
        "ss": ss,
        "variation_pct": pct,
        "df_error": df_e if sse is not None else None,
        "s_e": s_e,
        "t": t if s_e is not None else None,
    }
    if r == 1:
        out["note"] = (
            "r = 1: without replications there is no error term and no confidence "
            "intervals; Jain ch. 21 takes the highest interaction as the error"
        )
    return out


def _marginal_means(cell: np.ndarray, k: int) -> dict[tuple[int, ...], np.ndarray]:
    """``{subset of factor indices: the cell means averaged over the other factors}`` (dimensions kept),
    for every subset including the empty one (the grand mean) and the full one (the cells)."""
    marg = {}
    for size in range(0, k + 1):
        for s in itertools.combinations(range(k), size):
            other = tuple(i for i in range(k) if i not in s)
            marg[s] = cell.mean(axis=other, keepdims=True) if other else cell
    return marg


def _term_effect(marg: dict[tuple[int, ...], np.ndarray], term: tuple[int, ...], shape: tuple[int, ...]) -> np.ndarray:
    """The effects of ``term`` at each combination of its levels, by inclusion-exclusion over the
    marginal means of its subsets (Jain ch. 22-23); size 1 along the factors outside the term."""
    eff = np.zeros([shape[i] if i in term else 1 for i in range(len(shape))])
    for size in range(0, len(term) + 1):
        for s in itertools.combinations(term, size):
            eff = eff + (-1) ** (len(term) - size) * marg[s]
    return eff


def _term_effect_rows(
    term: tuple[int, ...],
    eff: np.ndarray,
    factors: Sequence[str],
    levels: Sequence[Sequence[str]],
    t: float,
    sd: float | None,
) -> list[dict[str, Any]]:
    """One ``{"term", "levels", "q", "ci"}`` row per combination of ``term``'s levels; ``ci`` is
    ``q -/+ t sd`` (None without an error term)."""
    k = len(factors)
    rows: list[dict[str, Any]] = []
    for idx in itertools.product(*[range(eff.shape[i]) for i in term]):
        full_idx = tuple(idx[term.index(i)] if i in term else 0 for i in range(k))
        q = float(eff[full_idx])
        rows.append(
            {
                "term": term_name(factors, term),
                "levels": {factors[i]: levels[i][idx[term.index(i)]] for i in term},
                "q": q,
                "ci": [q - t * sd, q + t * sd] if sd is not None else None,
            }
        )
    return rows
