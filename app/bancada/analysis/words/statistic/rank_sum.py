"""The Wilcoxon rank-sum test of every pair of treatments' requests (Holm-adjusted, Cliff's δ, A12), and
the sentences that compare each treatment with the next one by median (:mod:`bancada.analysis.words.pair_verdict`)."""

from __future__ import annotations

from typing import TypeVar

from bancada.core.i18n import translate
from bancada.analysis.words.pair_verdict import comparison, largest_effect, ms_text
from bancada.stats.results import Group, Levels, RankSumPair, ReplicationRankSumPair
from bancada.analysis.words.statistic.terms import pairs_differ
from bancada.analysis.words.statistic.base import (
    QT_TRANSLATE_NOOP,
    Context,
    Row,
    Statistic,
    holm_differ,
    treatment_label,
)

_P = TypeVar("_P", RankSumPair, ReplicationRankSumPair)


def rows(g: Group) -> list[Row]:
    return [
        {
            "a": treatment_label(pw.a),
            "b": treatment_label(pw.b),
            "W": pw.W,
            "p": pw.p,
            "p_holm": pw.p_holm,
            "method": pw.method,
            "cliffs_delta": pw.cliffs_delta,
            "a12": pw.a12,
            "magnitude": pw.magnitude,
        }
        for pw in g.pairwise
    ]


def reading(g: Group, ctx: Context) -> str | None:
    pw = g.pairwise
    if not pw:
        return None
    k, n = holm_differ(pw, ctx.alpha), len(pw)
    return pairs_differ(k, n).format(k=k, n=n, a=ctx.a_txt) + "; " + largest_effect(pw, ctx.alpha)


def find(rows: list[_P], a: Levels, b: Levels) -> _P | None:
    """The row of the pair ``a``, ``b`` in either order, or None."""
    for row in rows:
        if (row.a, row.b) in ((a, b), (b, a)):
            return row
    return None


def sentences(g: Group, ctx: Context) -> list[str]:
    """Each treatment against the next one by median: the test's direction and significance, the
    medians, and the test on the repetitions' medians beside it."""
    out: list[str] = []
    ranked = sorted(g.treatments, key=lambda t: t.median)
    median = {treatment_label(t.levels): t.median for t in g.treatments}
    for a, b in zip(ranked, ranked[1:]):
        row = find(g.pairwise, a.levels, b.levels)
        rep_row = find(g.pairwise_replication, a.levels, b.levels)
        if row is None:
            out.append(
                translate(
                    "Conclusions", "The median response time of {a} ({ma}) was lower than that of {b} ({mb})."
                ).format(
                    a=treatment_label(a.levels),
                    ma=ms_text(a.median, ctx.to_ms),
                    b=treatment_label(b.levels),
                    mb=ms_text(b.median, ctx.to_ms),
                )
            )
            continue
        out.append(
            comparison(
                row,
                rep_row,
                median,
                ctx.alpha,
                ctx.to_ms,
                order=(a.levels, b.levels),
                comparisons=len(g.pairwise_replication),
            )
        )
    return out


STATISTIC = Statistic(
    "Wilcoxon rank-sum", QT_TRANSLATE_NOOP("StatsTable", "Wilcoxon rank-sum test"), rows, reading, sentences
)
