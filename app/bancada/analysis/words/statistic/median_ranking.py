"""The ranking of the treatments by median (:func:`bancada.stats.ranking.rank_treatments`)."""

from __future__ import annotations

from bancada.stats.results import Group
from bancada.analysis.words.statistic.base import QT_TRANSLATE_NOOP, Context, Row, Statistic, treatment_label


def rows(g: Group) -> list[Row]:
    return [{"position": r.position, "treatment": treatment_label(r.levels), "median": r.median} for r in g.ranking]


def reading(g: Group, ctx: Context) -> str | None:
    if not g.ranking:
        return None
    return ", ".join(f"{r.position}. {treatment_label(r.levels)}" for r in g.ranking)


STATISTIC = Statistic("Ranking", QT_TRANSLATE_NOOP("StatsTable", "Ranking"), rows, reading)
