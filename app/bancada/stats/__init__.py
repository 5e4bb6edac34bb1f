"""Statistics of an empirical study: Qt-free, pure functions over numpy/pandas, numbers only (their
words are :mod:`bancada.analysis.words`).

Modules, each named after what it computes:

- :mod:`.prepare`     data preparation (phase/ok filter, IQR outliers, replication range)
- :mod:`.summary`     per-treatment summary and the order-statistic CI of the median
- :mod:`.normality`   Shapiro-Wilk (as R's ``shapiro.test``) and Q-Q plot data
- :mod:`.ranktests`   Wilcoxon rank-sum (as R's ``wilcox.test``), Holm, Kruskal-Wallis, Dunn
- :mod:`.effectsize`  Cliff's delta and Vargha-Delaney A12
- :mod:`.ranking`     ranking of treatments by median, ties decided by the rank-sum tests
- :mod:`.factorial`   allocation of variation (Jain 1991, ch. 17-18 and 21-22)
- :mod:`.samplesize`  sample size from a pilot (Jain 1991, ch. 13)
- :mod:`.frame_analysis` :func:`analyze_frame`, the typed result the CLI and GUI share
- :mod:`.run_comparison` runs side by side per treatment (``bancada compare``; docs/compare.md)
- :mod:`.bootstrap`   the bootstrap of a median (exact, O(B)) and percentile intervals
- :mod:`.noisefloor`  the spread of per-repetition medians: the change with nothing changed
- :mod:`.servertime`  a latency change split into server time and transit + client
- :mod:`.box_stats`   Tukey's box of one sample: quartiles, whiskers, outliers (the box plots' numbers)
"""
