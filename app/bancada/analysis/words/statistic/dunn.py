"""Dunn's post-hoc test of every pair of treatments (Holm-adjusted)."""

from __future__ import annotations

from bancada.stats.results import Group
from bancada.analysis.words.statistic.terms import pairs_differ
from bancada.analysis.words.statistic.base import (
    QT_TRANSLATE_NOOP,
    Context,
    Row,
    Statistic,
    holm_differ,
    treatment_label,
)


def rows(g: Group) -> list[Row]:
    return [
        {"a": treatment_label(d.a), "b": treatment_label(d.b), "z": d.z, "p": d.p, "p_holm": d.p_holm} for d in g.dunn
    ]


def reading(g: Group, ctx: Context) -> str | None:
    if not g.dunn:
        return None
    k, n = holm_differ(g.dunn, ctx.alpha), len(g.dunn)
    return pairs_differ(k, n).format(k=k, n=n, a=ctx.a_txt)


STATISTIC = Statistic("Dunn post-hoc", QT_TRANSLATE_NOOP("StatsTable", "Dunn post-hoc test"), rows, reading)
