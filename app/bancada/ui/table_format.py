"""How the statistics tables read in the window: column labels a student reads, numbers at a sensible precision.

The tables keep their raw column names (``median_ci_lo``, ``cliffs_delta``:
the CSV and Markdown exports and ``bancada analyze`` use them); here each gets
a translated label and a tooltip with its raw name, and each cell is written
with the precision its quantity deserves, in the language's number format
(``QLocale``: a decimal comma in pt-BR). p-values below 0.001 read "< 0.001".
"""

from __future__ import annotations

import math
import numbers

from PySide6.QtCore import QCoreApplication, QLocale, QT_TRANSLATE_NOOP

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
    "normal": QT_TRANSLATE_NOOP("StatsTable", "normal approximation"),
    "error": QT_TRANSLATE_NOOP("StatsTable", "error"),
    "(not computed)": QT_TRANSLATE_NOOP("StatsTable", "(not computed)"),
    True: QT_TRANSLATE_NOOP("StatsTable", "yes"),
    False: QT_TRANSLATE_NOOP("StatsTable", "no"),
}

P_COLUMNS = {"p", "p_holm"}
INTEGER_COLUMNS = {"n", "n_used", "n_required", "df", "position"}
FRACTION_COLUMNS = {"cliffs_delta": 2, "a12": 2, "H": 2, "z": 2}  # dimensionless, fixed decimals
PERCENT_COLUMNS = {"variation_pct": 1, "error_pct": 1, "confidence": 0}


def label(column: str) -> str:
    """The translated label of a raw column name (the name itself if it has none)."""
    text = LABELS.get(column)
    return QCoreApplication.translate(CONTEXT, text) if text else column


def _significant(v: float, locale: QLocale) -> str:
    """3 significant digits, never scientific in the usual range: 0.0123, 1.23, 12.3, 123, 1,234."""
    a = abs(v)
    if a == 0:
        return locale.toString(0.0, "f", 0)
    if a >= 100:
        return locale.toString(v, "f", 0)
    if a < 1e-4:
        return locale.toString(v, "e", 2)
    decimals = max(0, 2 - int(math.floor(math.log10(a))))
    return locale.toString(v, "f", decimals)


def format_value(column: str, v, locale: QLocale | None = None) -> str:
    """The text of one cell. ``p`` columns: ``< 0.001`` or 3 decimals; ms quantities: 3 significant digits."""
    locale = locale or QLocale()
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    if isinstance(v, bool) or type(v).__name__ == "bool_":
        return QCoreApplication.translate(CONTEXT, WORDS[bool(v)])
    if isinstance(v, str):
        word = WORDS.get(v)
        return QCoreApplication.translate(CONTEXT, word) if word else v
    if isinstance(v, numbers.Integral) or (column in INTEGER_COLUMNS and float(v).is_integer()):
        return locale.toString(int(v))
    v = float(v)
    if column in P_COLUMNS:
        if v < 0.001:
            return "< " + locale.toString(0.001, "f", 3)
        return locale.toString(v, "f", 3)
    if column in PERCENT_COLUMNS:
        pct = v * 100 if column == "confidence" else v
        return locale.toString(pct, "f", PERCENT_COLUMNS[column]) + " %"
    if column == "W":  # Shapiro-Wilk's W, a fraction in (0, 1); or a rank sum, a whole (or half) number
        if v < 1 and not v.is_integer():
            return locale.toString(v, "f", 3)
        return locale.toString(v, "f", 0 if v.is_integer() else 1)
    if column in FRACTION_COLUMNS:
        return locale.toString(v, "f", FRACTION_COLUMNS[column])
    return _significant(v, locale)
