"""One module per statistic of the analysis: its table rows, its reading and its sentences beside
each other (:class:`bancada.analysis.words.statistic.base.Statistic`), listed once, in the tables' order, in
:data:`bancada.analysis.words.statistic.registry.STATISTICS`. The typed numbers themselves are
:mod:`bancada.stats.results`."""
