"""One plain-language line per statistics table (the "reading" under each table in the window and the report).

Qt-free: the window's statistics process and ``bancada report`` both call :func:`readings`.
Texts go through :func:`bancada.core.i18n.translate` (context ``Readings``), numbers through
:func:`bancada.core.i18n.number` (a decimal comma in pt-BR).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bancada.stats.results import Analysis
from bancada.analysis.words.statistic.base import Context
from bancada.analysis.words.statistic.registry import STATISTICS
from bancada.analysis.words.statistic.terms import factor_name, magnitude_name, p_text

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["RESPONSE", "factor_name", "magnitude_name", "p_text", "readings"]

RESPONSE = "latency_ms"


def readings(result: Analysis, tables: dict[str, pd.DataFrame] | None = None) -> dict[str, str]:
    """One plain-language line per table (several groups joined by " · "), in the order of
    :data:`bancada.analysis.words.statistic.registry.STATISTICS`, keyed by the table's name.

    In the current language (:mod:`bancada.core.i18n`), numbers as it writes them. ``result``: the
    typed analysis, its factorial errors as text (:meth:`bancada.stats.results.Analysis.named`);
    ``tables`` is not read (kept for the callers that pass it).
    """
    ctx = Context(result.alpha, result.confidence)
    lines: dict[str, list[str]] = {s.name: [] for s in STATISTICS}
    many = len(result.groups) > 1
    for g in result.groups:
        pre = (" ".join(str(v) for v in g.by.values()) + ": ") if many else ""
        for stat in STATISTICS:
            text = stat.reading(g, ctx)
            if text is not None:
                lines[stat.name].append(pre + text)
    return {k: " · ".join(v) for k, v in lines.items() if v}
