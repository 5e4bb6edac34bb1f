"""The analysis result as named tables (pandas DataFrames) for the terminal,
Markdown reports and one-CSV-per-table export.  Table titles match the
``## `` headings of docs/statistics.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bancada.stats.results import Analysis
from bancada.analysis.words.statistic.base import treatment_label
from bancada.analysis.words.statistic.factorial_design import design_note, factorial_note
from bancada.analysis.words.statistic.registry import STATISTICS

__all__ = ["build_tables", "design_note", "factorial_note", "format_cell", "format_p", "to_markdown", "treatment_label"]

if TYPE_CHECKING:
    import pandas as pd


def format_p(p: float | None) -> str:
    """p-value as R prints it: ``< 2.2e-16`` below machine precision, else 4 significant digits."""
    if p is None:
        return "NA"
    return "< 2.2e-16" if p < 2.2e-16 else f"{p:.4g}"


def build_tables(analysis: Analysis) -> dict[str, pd.DataFrame]:
    """``{name: DataFrame}``, one table per statistic of :data:`bancada.analysis.words.statistic.registry.STATISTICS`
    that has rows, in that order; every table has the ``by`` columns first. ``analysis``: its factorial
    errors as text (:meth:`bancada.stats.results.Analysis.named`)."""
    import pandas as pd

    rows: dict[str, list[dict[str, Any]]] = {s.name: [] for s in STATISTICS}
    for g in analysis.groups:
        by = dict(g.by)
        for stat in STATISTICS:
            rows[stat.name].extend({**by, **row} for row in stat.rows(g))
    return {k: pd.DataFrame(v) for k, v in rows.items() if v}


def format_cell(col: str, v: Any) -> str:
    """Text of one cell: p-values as R prints them, other floats with 5 significant digits."""
    if v is None or (isinstance(v, float) and v != v):
        return "NA"
    if col in ("p", "p_holm"):
        return format_p(v)
    if isinstance(v, float):
        return f"{v:.5g}"
    return str(v)


def to_markdown(tables: dict[str, pd.DataFrame]) -> str:
    """GitHub-flavoured Markdown, one ``## `` section per table."""
    out = []
    for title, df in tables.items():
        out.append(f"## {title}\n")
        cols = list(df.columns)
        out.append("| " + " | ".join(cols) + " |")
        out.append("|" + "|".join("---" for _ in cols) + "|")
        for _, row in df.iterrows():
            out.append("| " + " | ".join(format_cell(c, row[c]).replace("|", "\\|") for c in cols) + " |")
        out.append("")
    return "\n".join(out)
