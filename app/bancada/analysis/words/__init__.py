"""The statistics' words: the sentences, labels, readings and table files of the typed results that
:mod:`bancada.stats` computes, in the language in use (:func:`bancada.core.i18n.translate`).

- :mod:`.statistic`      one module per statistic: its table's title, rows, reading and sentences
- :mod:`.sentences`      the test-by-test conclusions of an analysis
- :mod:`.readings`       each table's one-line reading
- :mod:`.pair_verdict`   the sentence of one pair of treatments
- :mod:`.tables`         the analysis as named tables (pandas)
- :mod:`.table_labels`   the tables' titles and column labels
- :mod:`.table_export`   the tables as Markdown, LaTeX and CSV files
- :mod:`.compare_tables` a comparison of runs as tables
- :mod:`.load_labels`    the siege and ab tables' labels and cells
- :mod:`.k6_table`       the k6-style summary's title, labels and cells
"""
