"""From rows of a group to the balanced array a factorial analysis needs.

The response of a replication is chosen by ``aggregate``: ``"none"`` (each
row is one replication), ``"mean"`` or ``"median"`` of the rows of each
(treatment, replication).  Without a replication column each row is a
replication.  An unbalanced design is refused with a reason naming the short
cells, unless ``trim`` asks to keep the first ``r_min`` replications of each
treatment (in the order of the rows).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import pandas as pd

from bancada.stats.columns import Part
from bancada.stats.options import OptionError, OptionMessage

AGGREGATES = ("none", "mean", "median")
#: What an analysis accepts: ``auto`` is ``mean`` when every treatment has at least 2 replications, else ``none``.
AGGREGATE_CHOICES = ("auto", *AGGREGATES)


class DesignError(OptionError):
    """The factorial design cannot be analysed; the message says why (an option by its parameter's name)."""


def _label(levels: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in levels.items())


def _cell_rows(
    df: pd.DataFrame, factors: Sequence[str], levels: Sequence[Sequence[str]]
) -> dict[tuple[str, ...], np.ndarray]:
    """The rows (ascending positions) of each combination of levels present in ``df``.

    What ``df.groupby(factors).indices`` gives for the combinations of ``levels``
    (a value equal to none of a factor's levels, or missing, is in no cell), from
    one factorization per factor and one stable sort of the combined codes.
    """
    cell = np.zeros(len(df), dtype=np.int64)
    valid = np.ones(len(df), dtype=bool)
    for f, lv in zip(factors, levels):
        codes, uniques = pd.factorize(df[f], use_na_sentinel=True)
        where = {v: i for i, v in enumerate(lv)}
        lookup = np.array([where.get(u, -1) for u in uniques] + [-1], dtype=np.int64)  # [-1]: the NaN sentinel
        pos = lookup[codes]
        valid &= pos >= 0
        cell = cell * len(lv) + pos
    cell = np.where(valid, cell, -1)
    order = np.argsort(cell, kind="stable")
    sizes = np.bincount(cell[valid], minlength=int(np.prod([len(lv) for lv in levels])))
    start = int((~valid).sum())
    out = {}
    for k, combo in enumerate(itertools.product(*levels)):
        if sizes[k]:
            out[combo] = order[start : start + sizes[k]]
        start += int(sizes[k])
    return out


def build(
    df: pd.DataFrame,
    response: str,
    factors: Sequence[str],
    levels: Sequence[Sequence[str]],
    replication_column: str | None,
    aggregate: str = "none",
    trim: bool = False,
) -> tuple[np.ndarray, list[str]]:
    """Balanced response array of shape ``(l_1, ..., l_k, r)`` and notes.

    ``levels[i]`` is the level order of ``factors[i]`` (index 0 is the -1
    level of a 2-level factor).  Raises :class:`DesignError` for a missing
    treatment, an unbalanced design without ``trim``, or an unknown aggregate.
    """
    if aggregate not in AGGREGATES:
        raise DesignError(f"unknown aggregate {aggregate!r}; use one of {', '.join(AGGREGATES)}")
    has_rep = replication_column is not None and replication_column in df.columns
    rep = df[replication_column].to_numpy() if has_rep and replication_column is not None else None
    y_all = df[response].to_numpy(dtype=float)
    parts = {
        combo: Part(y_all[idx], None if rep is None else rep[idx], None)
        for combo, idx in _cell_rows(df, factors, levels).items()
    }
    return build_from_parts(parts, has_rep, factors, levels, aggregate, trim)


def build_from_parts(
    parts: dict[tuple[str, ...], Part],
    has_rep: bool,
    factors: Sequence[str],
    levels: Sequence[Sequence[str]],
    aggregate: str = "none",
    trim: bool = False,
) -> tuple[np.ndarray, list[str]]:
    """:func:`build` from the rows already split into treatments.

    ``parts``: ``{combination of levels: its rows}`` (:class:`bancada.stats.columns.Part`,
    response and replication labels in row order) for the combinations present;
    ``has_rep``: whether there is a replication column. Same result and errors as :func:`build`.
    """
    if aggregate not in AGGREGATES:
        raise DesignError(f"unknown aggregate {aggregate!r}; use one of {', '.join(AGGREGATES)}")
    notes: list[str] = []
    if not has_rep:
        notes.append("no replication column: each row is a replication")
    elif aggregate == "none":
        notes.append("aggregate none: each row is a replication")
    cells = _cells(parts, has_rep, factors, levels, aggregate)
    r_min = _balanced_r(cells, factors, trim, notes)
    shape = [len(lv) for lv in levels] + [r_min]
    y = np.empty(shape)
    for combo, values in cells.items():
        pos = tuple(levels[i].index(v) for i, v in enumerate(combo))
        y[pos] = values[:r_min]
    return y, notes


def _cells(
    parts: dict[tuple[str, ...], Part],
    has_rep: bool,
    factors: Sequence[str],
    levels: Sequence[Sequence[str]],
    aggregate: str,
) -> dict[tuple[str, ...], np.ndarray]:
    """``{combination of levels: its replications}`` for every treatment, each replication the
    ``aggregate`` of its rows when there is a replication column (else each row is one).
    Raises :class:`DesignError` naming every treatment without rows."""
    cells: dict[tuple[str, ...], np.ndarray] = {}
    missing = []
    for combo in itertools.product(*levels):
        part = parts.get(combo)
        if part is None or len(part.y) == 0:
            missing.append(dict(zip(factors, combo)))
            continue
        if has_rep and part.rep is not None and aggregate != "none":
            agg = pd.Series(part.y).groupby(part.rep, sort=False).agg(aggregate)
            cells[combo] = agg.to_numpy(dtype=float)
        else:
            cells[combo] = part.y
    if missing:
        raise DesignError("missing treatments: " + "; ".join(_label(m) for m in missing))
    return cells


def _balanced_r(cells: dict[tuple[str, ...], np.ndarray], factors: Sequence[str], trim: bool, notes: list[str]) -> int:
    """The replications per treatment the design keeps: the smallest r. When r differs between
    treatments, raises :class:`DesignError` naming the short cells, or with ``trim`` appends a note."""
    counts = {c: len(v) for c, v in cells.items()}
    r_min, r_max = min(counts.values()), max(counts.values())
    if r_min != r_max:
        short = [c for c, n in counts.items() if n < r_max]
        detail = "; ".join(f"{_label(dict(zip(factors, c)))}: r = {counts[c]}" for c in short)
        if not trim:
            raise DesignError(
                OptionMessage(
                    "unbalanced design: r differs between treatments (largest r = {r_max}; short cells: {detail})",
                    ("trim_unbalanced",),
                    {"r_max": r_max, "detail": detail, "r_min": r_min},
                    advice="use {trim_unbalanced} to keep the first {r_min} replications of every treatment",
                )
            )
        notes.append(
            f"unbalanced design trimmed to r = {r_min} (first replications of each treatment, "
            f"in row order); short cells were: {detail}"
        )
    return r_min
