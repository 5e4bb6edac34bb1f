"""The statistics tables' words: column labels, cell words and titles, in English as the source
of their translations (context ``StatsTable`` of ``bancada_pt_BR.ts``), and which columns hold
which kind of number. No Qt: the window (:mod:`bancada.ui.tables.table_format`), the table exports
(:mod:`bancada.analysis.words.table_export`) and ``bancada report`` share them.
"""

from __future__ import annotations

from bancada.analysis.words.statistic.base import QT_TRANSLATE_NOOP as QT_TRANSLATE_NOOP  # re-exported
from bancada.analysis.words.statistic.registry import STATISTICS


CONTEXT = "StatsTable"

#: raw column name -> label (translated in the ``StatsTable`` context).
LABELS = {
    "payload": QT_TRANSLATE_NOOP("StatsTable", "Payload"),
    "payload_count": QT_TRANSLATE_NOOP("StatsTable", "Elements"),
    "payload_kind": QT_TRANSLATE_NOOP("StatsTable", "Type"),
    "format": QT_TRANSLATE_NOOP("StatsTable", "Format"),
    "link": QT_TRANSLATE_NOOP("StatsTable", "Link"),
    "treatment": QT_TRANSLATE_NOOP("StatsTable", "Treatment"),
    "n": QT_TRANSLATE_NOOP("StatsTable", "n"),
    "mean": QT_TRANSLATE_NOOP("StatsTable", "Mean (ms)"),
    "sd": QT_TRANSLATE_NOOP("StatsTable", "Std. deviation (ms)"),
    "median": QT_TRANSLATE_NOOP("StatsTable", "Median (ms)"),
    "q1": QT_TRANSLATE_NOOP("StatsTable", "Q1 (ms)"),
    "q3": QT_TRANSLATE_NOOP("StatsTable", "Q3 (ms)"),
    "min": QT_TRANSLATE_NOOP("StatsTable", "Min (ms)"),
    "max": QT_TRANSLATE_NOOP("StatsTable", "Max (ms)"),
    "iqr": QT_TRANSLATE_NOOP("StatsTable", "IQR (ms)"),
    "median_ci_lo": QT_TRANSLATE_NOOP("StatsTable", "Median CI, low (ms)"),
    "median_ci_hi": QT_TRANSLATE_NOOP("StatsTable", "Median CI, high (ms)"),
    "W": QT_TRANSLATE_NOOP("StatsTable", "W"),
    "p": QT_TRANSLATE_NOOP("StatsTable", "p"),
    "n_used": QT_TRANSLATE_NOOP("StatsTable", "Samples tested"),
    "subsampled": QT_TRANSLATE_NOOP("StatsTable", "Subsample"),
    "a": QT_TRANSLATE_NOOP("StatsTable", "Treatment A"),
    "b": QT_TRANSLATE_NOOP("StatsTable", "Treatment B"),
    "r_a": QT_TRANSLATE_NOOP("StatsTable", "Repetitions of A"),
    "r_b": QT_TRANSLATE_NOOP("StatsTable", "Repetitions of B"),
    "p_holm": QT_TRANSLATE_NOOP("StatsTable", "p (Holm)"),
    "method": QT_TRANSLATE_NOOP("StatsTable", "Method"),
    "cliffs_delta": QT_TRANSLATE_NOOP("StatsTable", "Cliff's δ"),
    "a12": QT_TRANSLATE_NOOP("StatsTable", "P(A > B)"),
    "magnitude": QT_TRANSLATE_NOOP("StatsTable", "Effect size"),
    "factor": QT_TRANSLATE_NOOP("StatsTable", "Factor"),
    "H": QT_TRANSLATE_NOOP("StatsTable", "H"),
    "df": QT_TRANSLATE_NOOP("StatsTable", "Degrees of freedom"),
    "z": QT_TRANSLATE_NOOP("StatsTable", "z"),
    "position": QT_TRANSLATE_NOOP("StatsTable", "Position"),
    "term": QT_TRANSLATE_NOOP("StatsTable", "Term"),
    "q": QT_TRANSLATE_NOOP("StatsTable", "Effect q (ms)"),
    "ci_lo": QT_TRANSLATE_NOOP("StatsTable", "CI, low (ms)"),
    "ci_hi": QT_TRANSLATE_NOOP("StatsTable", "CI, high (ms)"),
    "SS": QT_TRANSLATE_NOOP("StatsTable", "Sum of squares"),
    "variation_pct": QT_TRANSLATE_NOOP("StatsTable", "Variation explained"),
    "note": QT_TRANSLATE_NOOP("StatsTable", "Note"),
    "n_required": QT_TRANSLATE_NOOP("StatsTable", "n required"),
    "n_required_median": QT_TRANSLATE_NOOP("StatsTable", "n required, median"),
    "error_pct": QT_TRANSLATE_NOOP("StatsTable", "Error (±%)"),
    "confidence": QT_TRANSLATE_NOOP("StatsTable", "Confidence"),
}

#: cell words the tables use -> translated (``magnitude``, ``method``, booleans).
WORDS = {
    "negligible": QT_TRANSLATE_NOOP("StatsTable", "negligible"),
    "small": QT_TRANSLATE_NOOP("StatsTable", "small"),
    "medium": QT_TRANSLATE_NOOP("StatsTable", "medium"),
    "large": QT_TRANSLATE_NOOP("StatsTable", "large"),
    "exact": QT_TRANSLATE_NOOP("StatsTable", "exact"),
    "asymptotic": QT_TRANSLATE_NOOP("StatsTable", "asymptotic"),
    "normal": QT_TRANSLATE_NOOP("StatsTable", "normal approximation"),
    "error": QT_TRANSLATE_NOOP("StatsTable", "error"),
    "(not computed)": QT_TRANSLATE_NOOP("StatsTable", "(not computed)"),
    True: QT_TRANSLATE_NOOP("StatsTable", "yes"),
    False: QT_TRANSLATE_NOOP("StatsTable", "no"),
}

#: the rows of the factorial tables that are not factors: the mean and the sums of squares (Jain ch. 18).
TERMS = {
    "I": QT_TRANSLATE_NOOP("StatsTable", "I (overall mean)"),
    "SSY": QT_TRANSLATE_NOOP("StatsTable", "SSY (sum of the squared responses)"),
    "SS0": QT_TRANSLATE_NOOP("StatsTable", "SS0 (due to the overall mean)"),
    "SST": QT_TRANSLATE_NOOP("StatsTable", "SST (total variation, SSY − SS0)"),
}

P_COLUMNS = {"p", "p_holm"}
INTEGER_COLUMNS = {"n", "n_used", "n_required", "n_required_median", "df", "position", "r_a", "r_b"}
FRACTION_COLUMNS = {"cliffs_delta": 2, "a12": 2, "H": 2, "z": 2}  # dimensionless, fixed decimals
PERCENT_COLUMNS = {"variation_pct": 1, "error_pct": 1, "confidence": 0}


#: The tables' titles (their names in bancada.analysis.words.tables) as the window shows them, in
#: :data:`TABLE_ORDER`: each statistic's own (:mod:`bancada.analysis.words.statistic`), then seed 004's.
TITLES = {
    **{s.name: s.title for s in STATISTICS},
    "Serialized size (bytes)": QT_TRANSLATE_NOOP("StatsTable", "Serialized size (bytes)"),
    "Serialization + deserialization (ms)": QT_TRANSLATE_NOOP("StatsTable", "Serialization + deserialization (ms)"),
    "Total (ms)": QT_TRANSLATE_NOOP("StatsTable", "Total per link (ms)"),
    "Time split (ms)": QT_TRANSLATE_NOOP("StatsTable", "Time split (ms)"),
}

#: The one order of the analysis' tables: the window's sections, the readings, the Markdown and CSV
#: files (:func:`bancada.analysis.words.tables.build_tables`): the statistics' order
#: (:data:`bancada.analysis.words.statistic.registry.STATISTICS`); seed 004's tables
#: (:mod:`bancada.stats.serialization`) last, when the run has serial treatments.
TABLE_ORDER: list[str] = list(TITLES)
#: The tables :func:`bancada.analysis.words.tables.build_tables` makes of an analysis (the others are seed 004's).
ANALYSIS_TABLES: list[str] = [s.name for s in STATISTICS]
