"""Every statistic of the analysis, once, in the order of its tables (the window's sections, the readings,
the Markdown and CSV files) and of its sentences in the conclusions. Adding a statistic: its module
under :mod:`bancada.analysis.words.statistic`, its line here, its texts' translations."""

from __future__ import annotations

from bancada.analysis.words.statistic import (
    dunn,
    factorial,
    kruskal,
    normality,
    ranking,
    rank_sum,
    rank_sum_replication,
)
from bancada.analysis.words.statistic import sample_size, summary
from bancada.analysis.words.statistic.base import Statistic

STATISTICS: list[Statistic] = [
    summary.STATISTIC,
    normality.STATISTIC,
    rank_sum.STATISTIC,
    rank_sum_replication.STATISTIC,
    kruskal.STATISTIC,
    dunn.STATISTIC,
    ranking.STATISTIC,
    factorial.EFFECTS,
    factorial.ALLOCATION,
    sample_size.STATISTIC,
]
