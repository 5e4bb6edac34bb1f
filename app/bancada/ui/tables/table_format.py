"""How the statistics tables read in the window: column labels a student reads, numbers at a sensible precision.

The tables keep their raw column names (``median_ci_lo``, ``cliffs_delta``:
the CSV exports and ``bancada analyze`` use them); here each gets a translated
label and a tooltip with its raw name. Each cell is written by the one
formatter the exports and the report use (:func:`bancada.analysis.words.table_export.format_value`,
in the language of :mod:`bancada.core.i18n`, which :mod:`bancada.ui.language` keeps
the window's): a decimal comma in pt-BR, p-values below 0.001 as "< 0,001".
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from bancada.analysis.words.table_export import FACTOR_COLUMNS, factor_text  # noqa: F401 - re-exported
from bancada.analysis.words.table_export import format_value as _format_value
from bancada.analysis.words.table_labels import (  # noqa: F401 - LABELS and WORDS re-exported
    CONTEXT,
    FRACTION_COLUMNS,
    INTEGER_COLUMNS,
    LABELS,
    P_COLUMNS,
    PERCENT_COLUMNS,
    WORDS,
)


def label(column: str) -> str:
    """The translated label of a raw column name (the name itself if it has none)."""
    text = LABELS.get(column)
    return QCoreApplication.translate(CONTEXT, text) if text else column


def format_value(column: str, v: Any) -> str:
    """The text of one cell (:func:`bancada.analysis.words.table_export.format_value`): ``p`` columns
    ``< 0.001`` or 3 decimals, ms quantities to 3 significant digits, in the window's language."""
    return _format_value(column, v)
