"""The statistics for a reader and a program: one CSV per table, the tables in Markdown, the
conclusions in sentences."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from bancada.export.context import ExportContext, writing

if TYPE_CHECKING:
    import pandas as pd


def slug(title: str) -> str:
    """``"Wilcoxon rank-sum"`` -> ``"wilcoxon-rank-sum"``."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def write_tables(tables: dict[str, pd.DataFrame], folder: Path, readings: dict[str, str] | None = None) -> list[Path]:
    """One CSV per table under ``folder/statistics`` (raw column names, numbers at full precision: data
    for a program) and ``folder/statistics.md`` (the tables as the window shows them, in its language:
    :func:`bancada.analysis.words.table_export.statistics_markdown`); the paths written.

    Raises:
        ExportError: a file or the folder cannot be written.
    """
    from bancada.analysis.words.table_export import statistics_markdown

    out = []
    with writing(folder / "statistics") as sub:
        sub.mkdir(parents=True, exist_ok=True)
    for title, df in tables.items():
        with writing(sub / f"{slug(title)}.csv") as path:
            df.to_csv(path, index=False, float_format="%.9g")
        out.append(path)
    with writing(folder / "statistics.md") as path:
        path.write_text(statistics_markdown(tables, readings), encoding="utf-8")
    out.append(path)
    return out


def statistics_tables(ctx: ExportContext) -> list[Path]:
    """:func:`write_tables` of :attr:`ExportOptions.tables` (the window's); nothing without tables.

    Raises:
        ExportError: a file cannot be written.
    """
    if not ctx.options.tables:
        return []
    return write_tables(ctx.options.tables, ctx.folder, ctx.options.readings)


def conclusions_md(ctx: ExportContext) -> list[Path]:
    """``conclusions.md``: the results of :attr:`ExportOptions.result` in sentences, in the language in
    use, with a seed study's paper beside the run; nothing without a result.

    Raises:
        ExportError: the file cannot be written.
    """
    if ctx.options.result is None:
        return []
    from bancada.analysis.conclusions import conclusions
    from bancada.report.published import paper_beside_markdown

    text = conclusions(ctx.options.result) + paper_beside_markdown(ctx.run_path)
    with writing(ctx.folder / "conclusions.md") as path:
        path.write_text(text, encoding="utf-8")
    return [path]
