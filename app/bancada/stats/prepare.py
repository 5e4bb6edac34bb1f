"""Data preparation a published analysis needs, applied in a fixed order.

Order (issue "Data preparation"): (1) keep ``phase == "measure"`` and ``ok`` rows;
(2) drop outliers outside ``Q1 - K*IQR .. Q3 + K*IQR`` per treatment over all its
replications (quantiles as R's default, type 7); (3) keep a range of replications,
for the factorial design only.  Each step reports how many rows it removed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import pandas as pd

from bancada.stats.options import OptionError, OptionMessage

_TRUE = {"true", "1", "yes", "t", "y"}
_FALSE = {"false", "0", "no", "f", "n", ""}


class InputError(OptionError):
    """The input cannot be analysed; the message is one line a user can act on.

    An option's bad value comes as an :class:`~bancada.stats.options.OptionMessage`, which names the
    option by its parameter's name (``alpha``): the CLI names it by its flag.
    """


def parse_ok(col: pd.Series) -> pd.Series:
    """Boolean Series from an ``ok`` column written as true/false, 1/0, yes/no.

    A categorical column is parsed level by level (its rows only looked up).
    Raises :class:`InputError` naming the first value that is none of these.
    """
    if col.dtype == bool:
        return col
    if isinstance(col.dtype, pd.CategoricalDtype):
        return _parse_ok_categorical(col)
    text = col.astype(str).str.strip().str.lower()
    bad = ~text.isin(_TRUE | _FALSE) & col.notna()
    if bad.any():
        raise InputError(f"column 'ok' has a value that is not true/false: {col[bad].iloc[0]!r}")
    return text.isin(_TRUE)


def _parse_ok_categorical(col: pd.Series) -> pd.Series:
    text = [str(v).strip().lower() for v in col.cat.categories]
    codes = col.cat.codes.to_numpy()
    bad_level = np.array([t not in _TRUE | _FALSE for t in text] + [False])  # the last: a missing value (-1)
    bad = bad_level[codes]
    if bad.any():
        raise InputError(f"column 'ok' has a value that is not true/false: {col.iloc[int(np.argmax(bad))]!r}")
    true_level = np.array([t in _TRUE for t in text] + [False])
    return pd.Series(true_level[codes], index=col.index)


def _ok_of_rows(col: pd.Series, rows: np.ndarray | None) -> np.ndarray:
    """``ok`` parsed (:func:`parse_ok`) on the selected ``rows`` (a boolean mask; None: every row).

    A categorical column is parsed through its codes and selected as a numpy array
    (no index built for the rows); only the selected rows' values are checked.
    """
    if rows is None:
        return parse_ok(col).to_numpy(dtype=bool)
    if not isinstance(col.dtype, pd.CategoricalDtype):
        return parse_ok(col[rows]).to_numpy(dtype=bool)
    codes = col.cat.codes.to_numpy()[rows]
    return _parse_ok_categorical(pd.Series(pd.Categorical.from_codes(codes, dtype=col.dtype))).to_numpy(dtype=bool)


def _is_measure(col: pd.Series) -> np.ndarray:
    """``phase == "measure"`` (trimmed, any case) per row; a categorical column is tested level by level."""
    if isinstance(col.dtype, pd.CategoricalDtype):
        level = np.array([str(v).strip().lower() == "measure" for v in col.cat.categories] + [False])
        return level[col.cat.codes.to_numpy()]
    return (col.astype(str).str.strip().str.lower() == "measure").to_numpy(dtype=bool)


def measured_rows(df: pd.DataFrame) -> tuple[np.ndarray | None, dict[str, int | None]]:
    """Which rows have ``phase == "measure"`` and ``ok`` true: a boolean mask, or None when every row does.

    Columns that are absent are not filtered on (reported as ``None``); ``ok``
    is parsed on the measured rows only. Nothing is copied but the mask.
    Returns the mask and ``{"warmup_or_other_phase": int|None, "not_ok": int|None}``.
    Raises :class:`InputError` for an ``ok`` value that is not true/false.
    """
    removed: dict[str, int | None] = {"warmup_or_other_phase": None, "not_ok": None}
    keep = np.ones(len(df), dtype=bool)
    if "phase" in df.columns:
        keep = np.array(_is_measure(df["phase"]), dtype=bool)  # a writable copy
        removed["warmup_or_other_phase"] = int((~keep).sum())
    if "ok" in df.columns:
        ok = _ok_of_rows(df["ok"], None if keep.all() else keep)
        removed["not_ok"] = int((~ok).sum())
        keep[keep] = ok
    return (None if keep.all() else keep), removed


def keep_measured(df: pd.DataFrame) -> tuple[pd.DataFrame, dict[str, int | None]]:
    """Keep rows with ``phase == "measure"`` and ``ok`` true (see :func:`measured_rows`).

    The rows are selected once (and the frame returned as it is when every row is kept).
    Returns the kept rows and ``{"warmup_or_other_phase": int|None, "not_ok": int|None}``.
    """
    keep, removed = measured_rows(df)
    return (df, removed) if keep is None else (df[keep], removed)


def quantile7(x: np.ndarray, probs: Sequence[float]) -> np.ndarray:
    """Sample quantiles as R's ``quantile(x, probs, type = 7)`` (its default).

    Hyndman & Fan (1996), definition 7: linear interpolation between order
    statistics at ``h = (n - 1) p``; numpy's default ``linear`` method is the same.
    """
    out: np.ndarray = np.quantile(np.asarray(x, dtype=float), probs)
    return out


def drop_outliers_iqr(
    df: pd.DataFrame, response: str, treatment_cols: Sequence[str], k: float
) -> tuple[pd.DataFrame, int]:
    """Drop rows outside ``[Q1 - k*IQR, Q3 + k*IQR]`` per treatment (bounds kept).

    ``treatment_cols`` are the columns that make a treatment within the group
    (the factors); quantiles are R type 7 over all the treatment's replications.
    Returns the kept rows (original order) and the number removed.
    Raises :class:`InputError` when ``k`` is negative.
    """
    if k < 0:
        raise InputError(OptionMessage("{outliers_iqr} must be >= 0, got {k}", ("outliers_iqr",), {"k": k}))
    if df.empty:
        return df, 0
    keys = list(treatment_cols)
    grouped = df.groupby(keys, sort=False, observed=True)[response]
    q1 = grouped.transform(lambda s: np.quantile(s.to_numpy(), 0.25))
    q3 = grouped.transform(lambda s: np.quantile(s.to_numpy(), 0.75))
    iqr = q3 - q1
    y = df[response]
    keep = (y >= q1 - k * iqr) & (y <= q3 + k * iqr)
    return df[keep], int((~keep).sum())


def parse_range(text: str) -> tuple[float, float]:
    """Parse ``"A-B"`` (or a single ``"A"``) into inclusive numeric bounds.

    Raises :class:`InputError` for anything else or when A > B.
    """
    m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(?:-\s*(-?\d+(?:\.\d+)?))?\s*", str(text))
    if not m:
        raise InputError(
            OptionMessage(
                "{replications} must look like A-B (e.g. 2-6), got {text!r}", ("replications",), {"text": text}
            )
        )
    lo = float(m.group(1))
    hi = float(m.group(2)) if m.group(2) is not None else lo
    if lo > hi:
        raise InputError(OptionMessage("{replications} range is empty: {text!r}", ("replications",), {"text": text}))
    return lo, hi


def replications_not_numeric(replication_column: str, label: object) -> OptionMessage:
    """A replication label that is not a number, when a range of replications is asked for."""
    return OptionMessage(
        "{replications} needs numeric values in column {column!r}, found {label!r}",
        ("replications",),
        {"column": replication_column, "label": label},
    )


def replications_in_range(
    labels: pd.Series, replication_column: str, bounds: tuple[float, float]
) -> tuple[np.ndarray, int]:
    """Which rows' replication ``labels``, read as numbers, lie in ``bounds`` (inclusive): a mask, and how many do not.

    Raises :class:`InputError` when a label is not numeric (naming the column and the label).
    """
    values = pd.to_numeric(labels, errors="coerce")
    if values.isna().any():
        bad = labels[values.isna()].iloc[0]
        raise InputError(replications_not_numeric(replication_column, bad))
    keep = values.between(bounds[0], bounds[1]).to_numpy(dtype=bool)
    return keep, int((~keep).sum())


def keep_replications(
    df: pd.DataFrame, replication_column: str, bounds: tuple[float, float]
) -> tuple[pd.DataFrame, int]:
    """Keep rows whose replication label, read as a number, lies in ``bounds`` (inclusive).

    Raises :class:`InputError` when the replication column is not numeric.
    """
    keep, removed = replications_in_range(df[replication_column], replication_column, bounds)
    return df[keep], removed
