"""Tables for papers: any statistics table as Markdown, LaTeX (booktabs) or CSV, in the reader's language.

One module (no Qt) for every table Bancada shows: ``bancada analyze --tables-format``,
``bancada compare --format``, ``bancada report`` and the window's "Copy as" menu.

- A table is a pandas DataFrame. Raw columns (``median``, ``p_holm``, ``cliffs_delta``...,
  from :func:`bancada.analysis.words.tables.build_tables`) get their translated label
  (:data:`bancada.analysis.words.table_labels.LABELS`, context ``StatsTable``) and their numbers at the
  precision the window shows (:func:`format_value`); text cells (the comparison's
  ``"0.12 [0.11, 0.13]"``) are kept as they are.
- Numbers follow :func:`bancada.core.i18n.language`: ``0.123`` and ``1,234`` in English, ``0,123`` and
  ``1.234`` in pt-BR.
- Markdown: GitHub's pipe tables, numbers right-aligned. LaTeX: one ``table`` environment with
  booktabs rules (``\\usepackage{booktabs}``), ``\\caption`` and ``\\label{tab:<prefix>-<slug>}``;
  special characters escaped. CSV: every number at full precision (9 significant digits) with the
  language's decimal mark; the separator is ``,`` in English and ``;`` in pt-BR (where ``,`` is the
  decimal mark, as spreadsheets there expect), RFC 4180 quoting.
"""

from __future__ import annotations

import csv
import io
import math
import numbers
import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # pandas is imported where a table is made, not when the window starts
    import pandas as pd

from bancada.core.i18n import language, number, p_value, translate
from bancada.analysis.words.table_labels import (
    CONTEXT,
    FRACTION_COLUMNS,
    INTEGER_COLUMNS,
    LABELS,
    P_COLUMNS,
    PERCENT_COLUMNS,
    TERMS,
    TITLES,
    WORDS,
)

FORMATS = ("md", "tex", "csv")
#: file suffix of each format
SUFFIX = {"md": ".md", "tex": ".tex", "csv": ".csv"}
NA = "–"


def label(column: str) -> str:
    """The translated label of a raw column name (the name itself when it has none)."""
    text = LABELS.get(column)
    return translate(CONTEXT, text) if text else str(column)


def title(name: str) -> str:
    """A table's title as the window shows it, translated (``Wilcoxon rank-sum`` -> ``Wilcoxon rank-sum test``)."""
    text = TITLES.get(name)
    return translate(CONTEXT, text) if text else name


#: Columns whose texts name factors and their interactions (``language``, ``language*protocol [go]``).
FACTOR_COLUMNS = {"factor", "term"}
_FACTOR = re.compile(r"([a-z_]+(?:\*[a-z_]+)*)(.*)", flags=re.S)


def factor_text(text: str) -> str:
    """A factor, an interaction or a term as the reader's language names them: ``language*protocol
    [go]`` -> ``linguagem × protocolo [go]`` (:func:`bancada.analysis.words.readings.factor_name`); the sums of
    squares ``SSY``, ``SS0``, ``SST`` and the mean ``I`` with a word; a level in brackets and any other
    text are kept."""
    from bancada.analysis.words.readings import factor_name

    word = TERMS.get(text)
    if word:
        return translate(CONTEXT, word)
    m = _FACTOR.fullmatch(text)
    return factor_name(m.group(1)) + m.group(2) if m else text


def _is_missing(v: Any) -> bool:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return True
    pandas = sys.modules.get("pandas")  # a value can be pandas.NA only once pandas is loaded
    return pandas is not None and v is pandas.NA


def _is_number(v: Any) -> bool:
    return isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))


def _significant(v: float) -> str:
    """3 significant digits, never scientific in the usual range: 0.0123, 1.23, 12.3, 123, 1,234."""
    a = abs(v)
    if a == 0:
        return number(0.0, 0)
    if a >= 100:
        return number(v, 0)
    if a < 1e-4:
        mant, exp = f"{v:.2e}".split("e")
        return number(float(mant), 2) + "e" + str(int(exp))
    return number(v, max(0, 2 - int(math.floor(math.log10(a)))))


def format_value(column: str, v: Any) -> str:
    """The text of one cell as the window shows it, in the current language.

    ``p`` columns: ``< 0.001`` or 3 decimals (:func:`bancada.core.i18n.p_value`); counts as integers;
    percentages with ``%``; Cliff's δ, z, H with 2 decimals; every other number (ms) to 3 significant
    digits; words (``large``, ``exact``, booleans) translated; factors and terms in the factor and
    term columns named as the reader says them (:func:`factor_text`); missing values as ``–``.
    The window (:mod:`bancada.ui.tables.table_format`), the exports and the report all write cells here.
    """
    if _is_missing(v):
        return NA
    if isinstance(v, (bool, np.bool_)):
        return translate(CONTEXT, WORDS[bool(v)])
    if isinstance(v, str):
        return _format_text(column, v)
    if isinstance(v, numbers.Integral) or (column in INTEGER_COLUMNS and float(v).is_integer()):
        return number(int(v), 0)
    v = float(v)
    if not math.isfinite(v):
        return str(v)
    return _format_float(column, v)


def _format_text(column: str, v: str) -> str:
    """A text cell: a factor or term in a factor column as the reader says it, a known word
    translated, anything else as it is."""
    if column in FACTOR_COLUMNS and (v in TERMS or _FACTOR.fullmatch(v)):  # "error" there: experimental error
        return factor_text(v)
    word = WORDS.get(v)
    return translate(CONTEXT, word) if word else v


def _format_float(column: str, v: float) -> str:
    """A finite, non-integer cell by its column: p value, percentage, W, fixed decimals, or 3 significant digits."""
    if column in P_COLUMNS:
        return p_value(v)
    if column in PERCENT_COLUMNS:
        pct = v * 100 if column == "confidence" else v
        return number(pct, PERCENT_COLUMNS[column]) + " %"
    if column == "W":  # Shapiro-Wilk's W in (0, 1), or a rank sum (a whole or half number)
        if v < 1 and not v.is_integer():
            return number(v, 3)
        return number(v, 0 if v.is_integer() else 1)
    if column in FRACTION_COLUMNS:
        return number(v, FRACTION_COLUMNS[column])
    return _significant(v)


def full_number(v: Any) -> str:
    """A number at full precision for CSV: up to 9 significant digits, the language's decimal mark,
    no thousands separator (``1234.5`` / ``1234,5``); integers as integers; missing as empty."""
    if _is_missing(v):
        return ""
    if isinstance(v, (bool, np.bool_)):
        return "true" if v else "false"
    if not _is_number(v):
        return str(v)
    text = str(int(v)) if isinstance(v, numbers.Integral) else f"{float(v):.9g}"
    return text.replace(".", ",") if language() == "pt_BR" else text


def _cells(df: pd.DataFrame, fmt: Callable[[str, Any], str] = format_value) -> list[list[str]]:
    cols = [str(c) for c in df.columns]
    return [[fmt(c, v) for c, v in zip(cols, row)] for row in df.itertuples(index=False, name=None)]


def _numeric_columns(df: pd.DataFrame) -> list[bool]:
    out = []
    for c in df.columns:
        values = [v for v in df[c] if not _is_missing(v)]
        out.append(bool(values) and all(_is_number(v) for v in values))
    return out


def markdown_table(df: pd.DataFrame) -> str:
    """One GitHub-flavoured pipe table (labels as header, numbers right-aligned), no title."""
    heads = [label(str(c)).replace("|", "\\|") for c in df.columns]
    align = ["---:" if num else "---" for num in _numeric_columns(df)]
    lines = ["| " + " | ".join(heads) + " |", "|" + "|".join(align) + "|"]
    for row in _cells(df):
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    return "\n".join(lines) + "\n"


def to_markdown(tables: Mapping[str, pd.DataFrame], readings: Mapping[str, str] | None = None) -> str:
    """Every table as ``## <title>``, its reading (when given) and the pipe table."""
    out = []
    for name, df in tables.items():
        out.append(f"## {title(name)}\n")
        if readings and readings.get(name):
            out.append(readings[name] + "\n")
        out.append(markdown_table(df))
    return "\n".join(out)


def statistics_markdown(tables: Mapping[str, pd.DataFrame], readings: Mapping[str, str] | None = None) -> str:
    """The Statistics tab as one Markdown document (``statistics.md`` of Export all), in the current
    language: a heading, what the response is, then every table (:func:`to_markdown`) with its reading."""
    head = [
        "# " + translate("Report", "Statistics"),
        "",
        translate(
            "Report",
            "Response: latency in milliseconds of the measured, successful requests (warm-up and errors left out).",
        ),
        "",
    ]
    return "\n".join(head) + "\n" + to_markdown(tables, readings)


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "^": r"\textasciicircum{}",
    "~": r"$\sim$",
    "→": r"$\to$",
    "<": r"$<$",
    ">": r"$>$",
    "δ": r"$\delta$",
    "±": r"$\pm$",
    "×": r"$\times$",
    "–": r"--",
    "²": r"\textsuperscript{2}",
    "…": r"\dots{}",
}


def latex_escape(text: str) -> str:
    """``text`` with LaTeX's special characters escaped (``~`` as ``$\\sim$``, ``δ`` as ``$\\delta$``...)."""
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in str(text))


def slug(text: str) -> str:
    """``"Wilcoxon rank-sum"`` -> ``"wilcoxon-rank-sum"`` (ASCII letters and digits only)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "table"


def latex_table(df: pd.DataFrame, caption: str, label_text: str) -> str:
    """One ``table`` environment: booktabs rules, ``\\caption{caption}``, ``\\label{label_text}``."""
    align = "".join("r" if num else "l" for num in _numeric_columns(df))
    lines = [
        "\\begin{table}[htbp]",
        "\\centering",
        f"\\caption{{{latex_escape(caption)}}}",
        f"\\label{{{label_text}}}",
        f"\\begin{{tabular}}{{{align}}}",
        "\\toprule",
        " & ".join(latex_escape(label(str(c))) for c in df.columns) + " \\\\",
        "\\midrule",
    ]
    for row in _cells(df):
        lines.append(" & ".join(latex_escape(cell) for cell in row) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}", "\\end{table}", ""]
    return "\n".join(lines)


def to_latex(tables: Mapping[str, pd.DataFrame], label_prefix: str = "bancada") -> str:
    """Every table as a ``table`` environment, labelled ``tab:<label_prefix>-<slug of its name>``."""
    return "\n".join(
        latex_table(df, title(name), f"tab:{slug(label_prefix)}-{slug(name)}") for name, df in tables.items()
    )


def csv_delimiter() -> str:
    """``,`` in English, ``;`` where the decimal mark is a comma (pt-BR)."""
    return ";" if language() == "pt_BR" else ","


def csv_table(df: pd.DataFrame) -> str:
    """One table as CSV text: labels as header, every number at full precision (:func:`full_number`)."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=csv_delimiter(), lineterminator="\n")
    writer.writerow([label(str(c)) for c in df.columns])
    for row in df.itertuples(index=False, name=None):
        writer.writerow([full_number(v) if _is_number(v) or _is_missing(v) else format_value("", v) for v in row])
    return buf.getvalue()


def to_csv(tables: Mapping[str, pd.DataFrame]) -> str:
    """Several tables in one CSV text: each after a line with its title and before a blank line."""
    out = []
    for name, df in tables.items():
        out.append(title(name) + "\n" + csv_table(df))
    return "\n".join(out)


def render(
    tables: Mapping[str, pd.DataFrame],
    fmt: str,
    label_prefix: str = "bancada",
    readings: Mapping[str, str] | None = None,
) -> str:
    """The tables as one text in ``fmt`` (``md``, ``tex`` or ``csv``).

    Raises:
        ValueError: an unknown format (one line naming the ones there are).
    """
    if fmt == "md":
        return to_markdown(tables, readings)
    if fmt == "tex":
        return to_latex(tables, label_prefix)
    if fmt == "csv":
        return to_csv(tables)
    raise ValueError(f"unknown table format {fmt!r}: expected one of {', '.join(FORMATS)}")


def write(
    tables: Mapping[str, pd.DataFrame],
    fmt: str,
    out: str | os.PathLike[str],
    label_prefix: str = "bancada",
    readings: Mapping[str, str] | None = None,
) -> list[Path]:
    """Write the tables in ``fmt`` to ``out``; returns the paths written.

    ``md`` and ``tex``: one file. ``csv``: one file per table when ``out`` is a folder or has no
    ``.csv`` suffix (``<slug of the name>.csv`` inside it), else every table in that one file.

    Raises:
        ValueError: an unknown format.
        OSError: ``out`` cannot be written.
    """
    out = Path(out)
    if fmt == "csv" and (out.is_dir() or out.suffix.lower() != ".csv"):
        out.mkdir(parents=True, exist_ok=True)
        paths = []
        for name, df in tables.items():
            path = out / f"{slug(name)}.csv"
            path.write_text(csv_table(df), encoding="utf-8")
            paths.append(path)
        return paths
    out.write_text(render(tables, fmt, label_prefix, readings), encoding="utf-8")
    return [out]


#: columns of :func:`bancada.analysis.words.tables.build_tables` in the response's unit (labelled "ms")
RESPONSE_COLUMNS = {"mean", "sd", "median", "q1", "q3", "min", "max", "iqr", "median_ci_lo", "median_ci_hi"}
EFFECT_COLUMNS = {"q", "ci_lo", "ci_hi"}
_TO_MS = {"s": 1e3, "ms": 1.0, "us": 1e-3, "ns": 1e-6}


def tables_in_ms(tables: Mapping[str, pd.DataFrame], response: str, log: bool = False) -> dict[str, pd.DataFrame]:
    """The tables of ``bancada analyze`` with a latency response (``latency_s``, ``..._us``, ``..._ns``)
    in milliseconds, as their labels say; sums of squares scaled by the square. ``log``: the factorial
    design used log10 of the response, so its effects and sums of squares stay as they are. Tables of
    another response are returned unchanged.
    """
    import pandas as pd

    to_ms = _TO_MS.get(response.rsplit("_", 1)[-1]) if "_" in response else None
    if to_ms is None or to_ms == 1.0:
        return dict(tables)
    out = {}
    for name, df in tables.items():
        df = df.copy()
        for col in df.columns:
            factorial = col in EFFECT_COLUMNS or col == "SS"
            if col in RESPONSE_COLUMNS or (factorial and not log):
                scale = to_ms**2 if col == "SS" else to_ms
                df[col] = pd.to_numeric(df[col], errors="coerce") * scale
        out[name] = df
    return out
