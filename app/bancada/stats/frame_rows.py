"""The rows an analysis reads (:func:`bancada.stats.frame_analysis.analyze_frame`): its options and columns
checked, the numeric response of the measured, successful rows, and those rows split per group of
the ``by`` columns and treatment.

Every check raises :class:`~bancada.stats.prepare.InputError` naming the option or column and what
was expected.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from bancada.stats import columns, design, prepare
from bancada.stats.options import OptionMessage
from bancada.stats.prepare import InputError


def check_columns(df: pd.DataFrame, needed: Sequence[str]) -> None:
    """Raises :class:`InputError` naming the ``needed`` columns ``df`` lacks, and the columns it has."""
    missing = [c for c in needed if c not in df.columns]
    if missing:
        raise InputError(
            f"missing column{'s' if len(missing) > 1 else ''}: {', '.join(missing)} "
            f"(columns present: {', '.join(map(str, df.columns))})"
        )


def numeric_response(col: pd.Series, response: str, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The response of the selected ``rows`` (a boolean mask; None: every row) as float64, and which of
    its values are usable (present and finite).

    A numeric column is selected as a numpy array (no index is built for the rows).
    Raises :class:`InputError` naming the first selected row that holds a text which is not a number
    (counted among the selected rows).
    """
    if pd.api.types.is_numeric_dtype(col):
        y = col.to_numpy(dtype=float, na_value=np.nan)
        y = y if rows is None else y[rows]
        return y, np.isfinite(y)
    if rows is not None:
        col = col[rows]
    num = pd.to_numeric(col, errors="coerce")
    bad = num.isna() & col.notna() & (col.astype(str).str.strip() != "")
    if bad.any():
        pos = int(np.flatnonzero(bad.to_numpy())[0])
        raise InputError(f"response column {response!r} is not numeric: row {pos + 1} has {col.iloc[pos]!r}")
    y = num.to_numpy(dtype=float, na_value=np.nan)
    return y, np.isfinite(y)


def replication_column(df: pd.DataFrame, column: str | None, needed: bool) -> str | None:
    """The replication column when ``df`` has it, else None. Raises :class:`InputError` when it is
    ``needed`` (a ``replications`` range was asked for) and absent."""
    if needed and (column is None or column not in df.columns):
        raise InputError(
            OptionMessage(
                "{replications} needs the replication column {column!r}, which is absent",
                ("replications",),
                {"column": column},
            )
        )
    return column if column is not None and column in df.columns else None


def split_by_cell(
    y: np.ndarray,
    rep: np.ndarray | None,
    coded: dict[str, columns.Coded],
    factors: list[str],
    by: list[str],
    levels: dict[str, list[str]],
    n_combos: int,
    with_pos: bool,
) -> tuple[dict[int, columns.Part], list[int], list[tuple[str, ...]]]:
    """The analysed rows split into one part per (group of the ``by`` columns, treatment): ``{g *
    n_combos + k: part}`` (group-major, only the cells present), each group's row count, and each
    group's ``by`` levels (one group without ``by`` columns)."""
    by_names = [coded[b].names for b in by]
    n_groups = int(np.prod([len(n) for n in by_names])) if by else 1
    group = columns.combine([columns.recode(coded[b], coded[b].names) for b in by], [len(n) for n in by_names])
    if not by:
        group = np.zeros(len(y), dtype=np.int8)
    cell = columns.combine([columns.recode(coded[f], levels[f]) for f in factors], [len(lv) for lv in levels.values()])
    group_sizes = np.bincount(group[group >= 0].astype(np.intp), minlength=n_groups).tolist()
    both = columns.combine([group, cell], [n_groups, n_combos])  # group-major: cell k of group g is g * combos + k
    del group, cell
    parts = columns.split_values(both, n_groups * n_combos, y, rep, with_pos=with_pos)
    return parts, group_sizes, columns.combinations(by_names)


def check_options(
    factors: list[str], by: list[str], confidence: float, alpha: float, error_pct: float, aggregate: str
) -> None:
    """Raises :class:`InputError` for a bad option, named by its parameter (the CLI names its flag)."""
    if not factors:
        raise InputError("at least one factor is needed")
    if len(set(factors)) != len(factors) or set(factors) & set(by):
        raise InputError(OptionMessage("a column cannot be named twice among the factors and {by} columns", ("by",)))
    if not 0 < confidence < 1 or not 0 < alpha < 1:
        raise InputError(
            OptionMessage("{confidence} and {alpha} must lie strictly between 0 and 1", ("confidence", "alpha"))
        )
    if not error_pct > 0:
        raise InputError(OptionMessage("{error_pct} must be > 0, got {value}", ("error_pct",), {"value": error_pct}))
    if aggregate not in design.AGGREGATE_CHOICES:
        raise InputError(
            OptionMessage(
                "{aggregate} must be one of {choices}, got {value!r}",
                ("aggregate",),
                {"choices": ", ".join(design.AGGREGATE_CHOICES), "value": aggregate},
            )
        )


def analysed_rows(
    df: pd.DataFrame, response: str, names: list[str], keep_measure_ok: bool, prep: dict[str, Any]
) -> tuple[np.ndarray, np.ndarray, dict[str, columns.Coded]]:
    """The response of the analysed rows (measured, ok, with a response; float64), which rows they
    are (a boolean mask over ``df``), and the ``names`` columns as codes of those rows; counts what
    is left out into ``prep``. Raises :class:`InputError` for a response that is not numeric."""
    coded = {c: columns.code_column(df[c]) for c in names}  # levels over every row, as before
    measured = None
    if keep_measure_ok:
        measured, removed = prepare.measured_rows(df)
        prep.update(removed)
    y, usable = numeric_response(df[response], response, measured)
    prep["missing_response"] = int((~usable).sum())
    rows = np.ones(len(df), dtype=bool) if measured is None else measured
    rows[rows] = usable  # the rows analysed: measured, ok, with a response
    coded = {c: columns.select(coded[c], rows) for c in coded}  # the analysed rows only, selected once
    return y[usable], rows, coded


def check_levels(levels: dict[str, list[str]]) -> None:
    """Raises :class:`InputError` for a factor with fewer than two levels."""
    for f, lv in levels.items():
        if len(lv) < 2:
            raise InputError(
                f"factor {f!r} has only one level ({', '.join(lv) or 'none'}); a factor needs at least two"
            )
