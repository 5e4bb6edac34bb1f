"""The one place that decides what a comparison of two treatments says: its direction and its words.

A sentence that names a faster treatment takes the direction from the test it
cites, never from the medians: the Wilcoxon rank-sum test compares ranks, and
its effect size, Cliff's δ(A, B) = P(A > B) − P(A < B) (Cliff 1993), says
which treatment tends to be faster in the ranks (δ < 0: A tends to be faster).
The medians can order a pair the other way (two skewed samples whose medians
almost coincide, a bimodal one); the sentence then reports both and says so
("the medians almost coincide; in the ranks, go/rest tends to be faster").
The same holds for the test on the repetitions' medians beside it, whose own δ
gives its direction.

Qt-free; texts through :func:`bancada.core.i18n.translate` (context ``Conclusions``),
numbers through :mod:`bancada.core.i18n` (a decimal comma in pt-BR).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Union

from bancada.core.i18n import number, significant, translate
from bancada.stats import power
from bancada.stats.results import RankSumPair, ReplicationRankSumPair
from bancada.analysis.words.statistic.base import treatment_label
from bancada.analysis.words.statistic.terms import comparisons_count

#: Medians within this fraction of each other "almost coincide" (5 %).
CLOSE_MEDIANS = 0.05

# A row of either rank-sum table (per request, or on the repetitions' medians).
PairRow = Union[RankSumPair, ReplicationRankSumPair]


@dataclass(frozen=True)
class Verdict:
    """What one rank-sum test row says about its pair (``a``, ``b``: the row's order, as in the table).

    ``delta``: Cliff's δ(a, b) (None when undefined), ``p_holm``: the Holm-adjusted p (None: not
    computed), ``significant``: ``p_holm < alpha``; ``faster``/``slower``: the pair ordered by δ
    (None when δ is 0 or undefined: no direction).
    """

    a: dict[str, Any]
    b: dict[str, Any]
    delta: float | None
    p_holm: float | None
    significant: bool

    @property
    def faster(self) -> dict[str, Any] | None:
        if self.delta is None or self.delta == 0:
            return None
        return self.a if self.delta < 0 else self.b

    @property
    def slower(self) -> dict[str, Any] | None:
        fast = self.faster
        if fast is None:
            return None
        return self.b if fast is self.a else self.a


def verdict(row: PairRow, alpha: float) -> Verdict:
    """The :class:`Verdict` of one row of ``pairwise`` or ``pairwise_replication`` of a
    :class:`bancada.stats.results.Group`."""
    d = row.cliffs_delta
    delta = float(d) if d is not None and math.isfinite(float(d)) else None
    p = row.p_holm
    p_holm = float(p) if p is not None and math.isfinite(float(p)) else None
    return Verdict(row.a, row.b, delta, p_holm, p_holm is not None and p_holm < alpha)


def p_phrase(p: float | None) -> str:
    """``p = 0.012`` or ``p < 0.001`` in the language's number format (``p = ?`` when missing)."""
    if p is None:
        return "p = ?"
    if p < 0.001:
        return "p < " + number(0.001, 3)
    return "p = " + number(p, 3)


def magnitude_word(name: str) -> str:
    """negligible, small, medium, large in the reader's language."""
    names = {
        "negligible": translate("Conclusions", "negligible"),
        "small": translate("Conclusions", "small"),
        "medium": translate("Conclusions", "medium"),
        "large": translate("Conclusions", "large"),
    }
    return names.get(name, name)


def ms_text(value: float, to_ms: float) -> str:
    """``0.184 ms``: ``value`` in the response's unit times ``to_ms``, three significant digits."""
    return significant(value * to_ms, 3) + " ms"


def _delta_text(v: Verdict) -> str:
    return translate("Conclusions", "Cliff's δ({a}, {b}) = {d}").format(
        a=treatment_label(v.a), b=treatment_label(v.b), d=number(v.delta, 2) if v.delta is not None else "?"
    )


def medians_agree(v: Verdict, median: dict[str, float]) -> bool:
    """Whether the medians order the pair as δ does (equal medians agree with any direction)."""
    fast, slow = v.faster, v.slower
    if fast is None or slow is None:
        return True
    return median[treatment_label(fast)] <= median[treatment_label(slow)]


def comparison(
    row: RankSumPair,
    rep_row: ReplicationRankSumPair | None,
    median: dict[str, float],
    alpha: float,
    to_ms: float,
    order: tuple[dict[str, Any], dict[str, Any]] | None = None,
    comparisons: int = 1,
) -> str:
    """One sentence comparing a pair: the rank-sum test ``row`` (direction and significance from its δ
    and Holm p), the medians, and the test on the repetitions' medians ``rep_row`` beside it.

    ``median``: ``{treatment label: median}`` in the response's unit (``to_ms`` milliseconds per unit);
    ``order``: the pair as the reader meets it (by median) when the test names no direction;
    ``comparisons``: the pairs the repetitions' Holm adjustment spans. Ends with a full stop.
    """
    v = verdict(row, alpha)
    detail = translate("Conclusions", "Wilcoxon rank-sum, W = {w}, Holm {p}, {delta}, {size}").format(
        w=number(row.W, 0 if float(row.W).is_integer() else 1),
        p=p_phrase(v.p_holm),
        delta=_delta_text(v),
        size=magnitude_word(str(row.magnitude)),
    )
    fast, slow = v.faster, v.slower
    first, second = order or (v.a, v.b)
    if v.significant and fast is not None and slow is not None:
        x, y = treatment_label(fast), treatment_label(slow)
        text = translate("Conclusions", "{x} tends to be faster than {y}, significantly ({detail})").format(
            x=x, y=y, detail=detail
        )
        mx, my = ms_text(median[x], to_ms), ms_text(median[y], to_ms)
        if medians_agree(v, median):
            text += translate("Conclusions", "; medians {x} {mx}, {y} {my}").format(x=x, mx=mx, y=y, my=my)
        else:
            close = abs(median[x] - median[y]) <= CLOSE_MEDIANS * max(abs(median[x]), abs(median[y]))
            text += (
                translate(
                    "Conclusions",
                    "; the medians almost coincide ({y} {my}, {x} {mx}); in the ranks, {x} tends to be faster",
                )
                if close
                else translate(
                    "Conclusions",
                    "; the medians order them the other way ({y} {my}, {x} {mx}); in the ranks, {x} tends to be faster",
                )
            ).format(x=x, mx=mx, y=y, my=my)
    else:
        x, y = treatment_label(first), treatment_label(second)
        text = translate("Conclusions", "{x} and {y} do not differ significantly ({detail})").format(
            x=x, y=y, detail=detail
        )
        text += translate("Conclusions", "; medians {x} {mx}, {y} {my}").format(
            x=x, mx=ms_text(median[x], to_ms), y=y, my=ms_text(median[y], to_ms)
        )
    if rep_row is not None:
        text += repetition_clause(rep_row, alpha, comparisons)
    return text + "."


def repetition_clause(rep_row: ReplicationRankSumPair, alpha: float, comparisons: int = 1) -> str:
    """The test on the repetitions' medians, its direction from its own δ, and what it could have found
    (:mod:`bancada.stats.power`, ``comparisons`` the pairs its Holm adjustment spans):

    - ``; counting each repetition once (r = 5), go/rest tends to be faster, significantly (Holm p = 0.031, …)``;
    - ``…, the difference is not significant (…)`` only when the test could have reached ``alpha``;
    - otherwise ``…, the test cannot decide: … its smallest possible Holm p is 1.000, above α = 0.05; r = 5
      repetitions per treatment would let it decide``, never "not significant".

    A p at the smallest the sizes allow says so (more repetitions would give a smaller one)."""
    v = verdict(rep_row, alpha)
    fast = v.faster
    p_min = power.smallest_holm_p(rep_row.r_a, rep_row.r_b, max(1, comparisons))
    if p_min > alpha:
        need = power.repetitions_needed(max(1, comparisons), alpha)
        return translate(
            "Conclusions",
            "; counting each repetition once (r = {r}), the test cannot decide: with {kc} its "
            "smallest possible Holm p is {pmin}, above α = {a}; r = {need} repetitions per treatment would let "
            "it decide",
        ).format(
            r=rep_row.r_a,
            kc=comparisons_count(max(1, comparisons)),
            pmin=number(p_min, 3),
            a=number(alpha, 2),
            need=need if need is not None else "?",
        )
    at_floor = v.p_holm is not None and v.p_holm <= p_min * (1 + 1e-9)
    floor = (
        translate("Conclusions", "; {p} is the smallest p that r = {r} allows over {kc}").format(
            p=number(p_min, 3), r=rep_row.r_a, kc=comparisons_count(max(1, comparisons))
        )
        if at_floor
        else ""
    )
    if v.significant and fast is not None:
        return translate(
            "Conclusions",
            "; counting each repetition once (r = {r}), {x} tends to be faster, significantly "
            "(Holm {p}, {delta}{floor})",
        ).format(r=rep_row.r_a, x=treatment_label(fast), p=p_phrase(v.p_holm), delta=_delta_text(v), floor=floor)
    return translate(
        "Conclusions",
        "; counting each repetition once (r = {r}), the difference is not significant (Holm {p}, {delta})",
    ).format(r=rep_row.r_a, p=p_phrase(v.p_holm), delta=_delta_text(v))


def largest_effect(rows: list[RankSumPair], alpha: float) -> str:
    """``largest effect: go/rest tends to be faster than java/rest (Cliff's δ(…) = -0.62, large)`` over the
    ``pairwise`` rows (the one of largest |δ|), for the readings under the table."""
    big = max(rows, key=lambda r: abs(r.cliffs_delta or 0))
    v = verdict(big, alpha)
    fast, slow = v.faster, v.slower
    if fast is None or slow is None:
        return translate("Conclusions", "no pair shows a direction in the ranks")
    return translate("Conclusions", "largest effect: {x} tends to be faster than {y} ({delta}, {size})").format(
        x=treatment_label(fast),
        y=treatment_label(slow),
        delta=_delta_text(v),
        size=magnitude_word(str(big.magnitude)),
    )
