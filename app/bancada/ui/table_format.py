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
import re

from PySide6.QtCore import QCoreApplication, QLocale

from bancada.stats.readings import factor_name
from bancada.stats.table_labels import (  # noqa: F401 - LABELS and WORDS re-exported
    CONTEXT,
    FRACTION_COLUMNS,
    INTEGER_COLUMNS,
    LABELS,
    P_COLUMNS,
    PERCENT_COLUMNS,
    WORDS,
)


#: Columns whose texts name factors and their interactions (``language``, ``language*protocol [go]``).
FACTOR_COLUMNS = {"factor", "term"}
_FACTOR = re.compile(r"([a-z_]+(?:\*[a-z_]+)*)(.*)", flags=re.S)


def factor_text(text: str) -> str:
    """A factor, an interaction or a term as the reader's language names them: ``language*protocol
    [go]`` -> ``linguagem × protocolo [go]`` (:func:`bancada.stats.readings.factor_name`); a level in
    brackets and any other text are kept."""
    m = _FACTOR.fullmatch(text)
    return factor_name(m.group(1)) + m.group(2) if m else text


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
        if column in FACTOR_COLUMNS and _FACTOR.fullmatch(v):  # "error" there is the experimental error
            return factor_text(v)
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
