"""Every statistic of the analysis, once, in the order of its tables (the window's sections, the readings,
the Markdown and CSV files) and of its sentences in the conclusions. Adding a statistic: its module
under :mod:`bancada.analysis.words.statistic`, its line here, its texts' translations."""

from __future__ import annotations

from bancada.analysis.words.statistic import dunn, factorial_design, kruskal, median_ranking, rank_sum
from bancada.analysis.words.statistic import rank_sum_replication, sample_size, shapiro_wilk, treatment_summary
from bancada.analysis.words.statistic.base import Statistic

STATISTICS: list[Statistic] = [
    treatment_summary.STATISTIC,
    shapiro_wilk.STATISTIC,
    rank_sum.STATISTIC,
    rank_sum_replication.STATISTIC,
    kruskal.STATISTIC,
    dunn.STATISTIC,
    median_ranking.STATISTIC,
    factorial_design.EFFECTS,
    factorial_design.ALLOCATION,
    sample_size.STATISTIC,
]
