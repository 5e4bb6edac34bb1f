"""The columns an analysis reads, each once: factor columns as integer codes, rows split by code.

:func:`bancada.stats.frame_analysis.analyze_frame` used to turn every factor and ``--by``
column into text and copy the frame at each step (measured rows, finite response,
texts, each group); for 8 treatments x 1,000,000 samples that was most of its
12 s and 1.6 GB. Here a factor column becomes one small integer array of codes
into its level texts (:class:`Coded`), and a set of rows is split into
treatments (or groups) by one stable sort of a combined code
(:func:`split_rows`), so the statistics get one float64 array of the response
per treatment and never a frame of Python objects.

The level texts and their order are those the text columns gave: ``str`` of
each value, in order of first appearance over all rows (so a categorical's
order of categories does not matter), values with the same text one level, a
missing value in no level.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

IntArray = npt.NDArray[np.signedinteger]
#: Up to this many cells, :func:`split_rows` finds each cell's rows by one comparison of every row.
FEW_CELLS = 16


@dataclass(frozen=True)
class Coded:
    """One column as codes: ``codes[i]`` is the index in ``names`` of row i's text, -1 when it is missing.

    ``codes``: 1-D signed integer array, one entry per row (the smallest type that holds the codes);
    ``names``: the level texts (``str`` of each value), in order of first appearance.
    """

    codes: IntArray
    names: list[str]


def smallest_signed(n_values: int) -> type[np.signedinteger]:
    """The smallest signed integer type that holds codes ``-1 .. n_values - 1``."""
    for t in (np.int8, np.int16, np.int32):
        if n_values <= np.iinfo(t).max:
            return t
    return np.int64


def code_column(col: pd.Series) -> Coded:
    """The column as codes into its level texts (see the module's text for the order and missing values).

    A categorical column is read through its codes (no text per row); any other
    column through :func:`pandas.factorize` (one hash pass), its uniques then
    turned into texts.
    """
    if isinstance(col.dtype, pd.CategoricalDtype):
        raw = np.asarray(col.cat.codes.to_numpy())
        texts = [str(v) for v in col.cat.categories]
        seen = pd.unique(raw)  # codes in order of first appearance
        first = [int(c) for c in seen if c >= 0]
    else:
        raw, uniques = pd.factorize(col, use_na_sentinel=True)
        texts = [str(v) for v in uniques]
        first = list(range(len(texts)))
    where: dict[str, int] = {}
    remap = np.full(len(texts) + 1, -1, dtype=np.int64)  # the last entry: a missing value (-1)
    for c in first:
        remap[c] = where.setdefault(texts[c], len(where))
    small = smallest_signed(len(where))
    if np.array_equal(remap[:-1], np.arange(len(texts))):  # the codes are the levels' already (read so)
        return Coded(raw.astype(small, copy=False), list(where))
    return Coded(remap.astype(small)[raw], list(where))


def select(coded: Coded, rows: npt.NDArray[np.bool_]) -> Coded:
    """The column's selected ``rows`` (a boolean mask), with the same level texts."""
    return Coded(coded.codes[rows], coded.names)


def present_levels(coded: Coded, rows: npt.NDArray[np.bool_] | None = None) -> list[str]:
    """The level texts that occur in the selected ``rows`` (a boolean mask; None: every row), in the
    column's order."""
    codes = coded.codes if rows is None else coded.codes[rows]
    counts = np.bincount(codes[codes >= 0].astype(np.intp), minlength=len(coded.names))
    return [name for name, n in zip(coded.names, counts) if n]


def recode(coded: Coded, levels: Sequence[str], rows: npt.NDArray[np.bool_] | None = None) -> IntArray:
    """The codes of the selected ``rows`` (None: every row) as indices into ``levels`` (-1: missing or not
    one of them)."""
    where = {name: i for i, name in enumerate(levels)}
    lookup = np.array([where.get(name, -1) for name in coded.names] + [-1], dtype=smallest_signed(len(levels)))
    return lookup[coded.codes if rows is None else coded.codes[rows]]


def combine(codes: Sequence[IntArray], sizes: Sequence[int]) -> IntArray:
    """One code per row for a combination of columns: mixed radix, the first column most significant.

    ``codes[i]``: indices into a column's ``sizes[i]`` levels (-1: none). The
    combination numbered k is the k-th of ``itertools.product`` over the levels;
    a row with any -1 gets -1.
    """
    n_cells = int(np.prod(sizes)) if sizes else 1
    out = np.zeros(len(codes[0]) if codes else 0, dtype=smallest_signed(n_cells))
    valid = np.ones(len(out), dtype=bool)
    for c, size in zip(codes, sizes):
        valid &= c >= 0
        out *= out.dtype.type(size)
        out += c.astype(out.dtype)
    out[~valid] = -1
    return out


def split_rows(cell: IntArray, n_cells: int) -> dict[int, npt.NDArray[np.intp]]:
    """The rows of each cell that has any: ``{cell: ascending row positions}`` (cells ascending; -1 left out).

    Up to :data:`FEW_CELLS` cells one comparison per cell, else one stable sort of
    the codes (a radix sort for 8- and 16-bit codes) and one count per cell; the
    positions of a cell are those ``groupby(...).indices`` gives.
    """
    if n_cells <= FEW_CELLS:  # one pass per cell beats a sort of every row
        found = ((k, np.flatnonzero(cell == k)) for k in range(n_cells))
        return {k: rows for k, rows in found if len(rows)}
    order = np.argsort(cell, kind="stable")
    valid = cell >= 0
    sizes = np.bincount(cell[valid].astype(np.intp), minlength=n_cells)
    start = len(cell) - int(valid.sum())  # the -1 rows sort first
    out: dict[int, npt.NDArray[np.intp]] = {}
    for k, size in enumerate(sizes.tolist()):
        if size:
            out[k] = order[start : start + size]
        start += size
    return out


@dataclass(frozen=True)
class Part:
    """The rows of one cell, in row order: ``y`` the response (float64), ``rep`` their replication
    labels (None: no replication column), ``pos`` their positions among all rows (None unless asked)."""

    y: npt.NDArray[np.float64]
    rep: np.ndarray | None
    pos: npt.NDArray[np.intp] | None

    def select(self, keep: npt.NDArray[np.bool_]) -> Part:
        """The rows where ``keep`` is true."""
        return Part(
            self.y[keep], None if self.rep is None else self.rep[keep], None if self.pos is None else self.pos[keep]
        )


def split_values(
    cell: IntArray, n_cells: int, y: npt.NDArray[np.float64], rep: np.ndarray | None, with_pos: bool = False
) -> dict[int, Part]:
    """``y`` and ``rep`` split by ``cell`` (-1: in none): ``{cell: Part}`` for the cells with rows, ascending.

    Each part holds its rows in row order (what ``groupby(...).indices`` selects);
    the parts together hold one copy of the rows, and nothing of the whole
    arrays is kept, so the caller can let them go.
    """
    if n_cells <= FEW_CELLS:
        out: dict[int, Part] = {}
        for k in range(n_cells):
            mask = cell == k
            if mask.any():
                pos = np.flatnonzero(mask) if with_pos else None
                out[k] = Part(y[mask], None if rep is None else rep[mask], pos)
        return out
    order = np.argsort(cell, kind="stable")
    valid = cell >= 0
    sizes = np.bincount(cell[valid].astype(np.intp), minlength=n_cells)
    start = len(cell) - int(valid.sum())  # the -1 rows sort first
    order = order[start:]
    y_sorted = y[order]
    rep_sorted = None if rep is None else rep[order]
    out, start = {}, 0
    for k, size in enumerate(sizes.tolist()):
        if size:
            part = slice(start, start + size)
            pos = order[part] if with_pos else None
            out[k] = Part(y_sorted[part], None if rep_sorted is None else rep_sorted[part], pos)
        start += size
    return out


def combinations(levels: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    """Every combination of ``levels``, numbered as :func:`combine` numbers them."""
    return list(itertools.product(*levels))


__all__ = [
    "Coded",
    "Part",
    "code_column",
    "combinations",
    "combine",
    "present_levels",
    "recode",
    "select",
    "split_rows",
    "split_values",
]
