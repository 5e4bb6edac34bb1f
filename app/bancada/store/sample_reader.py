"""Reading a run's samples for an analysis: a tidy sample CSV or a run file, column by column.

``bancada analyze``, ``bancada compare`` and the reports read runs of millions of
samples. A tidy CSV is parsed by Arrow's multi-threaded CSV reader
(:func:`pyarrow.csv.read_csv`) and a run file is read by
:func:`bancada.store.tidy_csv.tidy_frame` (SQLite into Arrow arrays, no Python object
per sample); only the columns asked for are read. Texts become pandas' ``str``
dtype on Arrow (what the analysis converts its factor columns to, so nothing is
converted again), ``phase`` and ``ok`` categoricals, numbers float64/int64.

The frames hold the values the pandas reader gave before (``dtype=str``,
``keep_default_na=False``, ``na_values=[""]``: an empty cell is missing, every other
cell of a text column is its text). Anything Arrow reads otherwise than pandas —
a response column that is not all numbers, a malformed file — is read by pandas
as before, so its messages stay the same.
"""

from __future__ import annotations

import io
import mmap
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from bancada.core.heap import map_large_blocks, release_freed_memory
from bancada.store.runstore import RunStore
from bancada.store.tidy_csv import smallest_int, texts_of

#: Columns read as categoricals (few distinct texts, tested by value in data preparation).
CATEGORICAL = ("phase", "ok")
#: Bytes of the CSV each of Arrow's reads parses (its default is 1 MiB; larger blocks mean fewer chunks,
#: smaller ones less memory: 4 MiB kept the peak of 8 million rows near 400 MB, with the same CPU time as 16).
BLOCK_BYTES = 4 << 20
#: A CSV this large is read in this many ranges of bytes at once, one thread each (Arrow's streaming
#: reader parses one block at a time: about 2.8 s for 656 MB on one core of this machine).
READ_RANGES = 2
RANGE_MIN_BYTES = 64 << 20


def csv_header(path: str | Path) -> list[str]:
    """The column names of the CSV at ``path`` (its header row), without reading its rows.

    Raises:
        pandas.errors.EmptyDataError: the file is empty (no header row).
        pandas.errors.ParserError, UnicodeDecodeError, OSError: the file cannot be read as a CSV.
    """
    return [str(c) for c in pd.read_csv(path, nrows=0).columns]


def read_csv_whole(path: str | Path, dtype: type[str] | dict[str, type[str]] | None = None) -> pd.DataFrame:
    """Every column of the CSV at ``path`` with the tidy CSV's empty-cell rule (an empty cell is missing,
    every other cell of a text column is its text, "NA" too); ``dtype``: ``str`` for all text, or the
    columns read as text, the others' types inferred.

    Raises:
        pandas.errors.EmptyDataError: the file is empty (no header row).
        pandas.errors.ParserError, UnicodeDecodeError, OSError: the file cannot be read as a CSV.
    """
    return pd.read_csv(path, dtype=dtype, keep_default_na=False, na_values=[""])


def read_csv_columns(
    path: str | Path,
    columns: Sequence[str],
    numeric: Sequence[str],
    labels: Sequence[str] = (),
    categorical: Sequence[str] = (),
) -> pd.DataFrame:
    """The CSV's ``columns`` (in the file's order, each present in its header).

    ``numeric``: the columns whose type is inferred (numbers as float64 or
    int64, as pandas infers them); ``labels``: columns read as integers when
    every cell is one, else as text (a replication's label); every other column
    is text, an empty cell missing (NaN); the text columns named in ``categorical``
    are pandas categoricals (codes into their texts, as the analysis reads factors).

    Raises:
        pandas.errors.ParserError, ValueError, UnicodeDecodeError, OSError:
            the file cannot be read (raised by pandas, which reads the file
            when Arrow cannot).
    """
    frame = _read_arrow(path, columns, numeric, labels, categorical)
    if frame is not None:
        return frame
    dtypes: dict[str, Any] = {c: str for c in columns if c not in numeric}
    dtypes.update({c: "category" for c in categorical if c in dtypes and c not in labels})
    return pd.read_csv(path, usecols=list(columns), dtype=dtypes, keep_default_na=False, na_values=[""])


def _read_arrow(
    path: str | Path,
    columns: Sequence[str],
    numeric: Sequence[str],
    labels: Sequence[str],
    categorical: Sequence[str] = (),
) -> pd.DataFrame | None:
    """The frame through Arrow's streaming CSV reader, or None when Arrow cannot give pandas' values.

    The file is parsed block by block (:data:`BLOCK_BYTES`), each block's columns
    appended as numpy arrays (texts as codes into the levels seen so far), so the
    memory is the frame's plus one block's. The types of ``numeric`` and ``labels``
    columns are those Arrow infers from the first block; a later block that does
    not fit (a text among numbers) gives None, and pandas reads the file.
    """
    try:
        import pyarrow as pa
        import pyarrow.csv as pacsv
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    if set(numeric) & set(labels) or set(CATEGORICAL) & {*numeric, *labels}:
        raise ValueError("a column is either numeric, a label or text (phase and ok are texts)")
    texts = [c for c in columns if c not in {*numeric, *labels}]
    pool = _block_pool(pa)
    ranges = _byte_ranges(path)
    try:
        done = _read_ranges(pa, pacsv, path, ranges, pool, columns, numeric, labels, texts)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError, OSError):
        return None
    if done is None or any(d is None for d in done):
        return None
    frame = _frame([d for d in done if d is not None], columns, texts, labels, categorical)
    del done
    release_freed_memory()
    return frame


def _read_ranges(
    pa: Any,
    pacsv: Any,
    path: str | Path,
    ranges: list[tuple[int, int]],
    pool: Any,
    columns: Sequence[str],
    numeric: Sequence[str],
    labels: Sequence[str],
    texts: list[str],
) -> list[_Blocks | None] | None:
    """Each byte range's blocks (:func:`_read_blocks`), the ranges parsed in threads; None when the
    first block's type of a ``numeric`` or ``labels`` column is not one Arrow can give as pandas does.
    Raises Arrow's errors and ``OSError`` (the caller then lets pandas read the file)."""
    readers = [_open_range(pa, pacsv, path, ranges[0], columns, texts, pool, {})]
    first = readers[0].schema
    for c in [*numeric, *labels]:
        t = first.field(c).type
        if not (pa.types.is_integer(t) or (c in numeric and pa.types.is_floating(t))):
            return None  # text, empty or booleans: pandas' own reading and messages
    known = {c: first.field(c).type for c in [*numeric, *labels]}  # the first block decides, as for one reader
    readers += [_open_range(pa, pacsv, path, r, columns, texts, pool, known) for r in ranges[1:]]
    with ThreadPoolExecutor(len(readers)) as threads:  # Arrow parses without the GIL: a core per range
        return list(threads.map(lambda r: _read_blocks(r, columns, texts, labels), readers))


def _byte_ranges(path: str | Path) -> list[tuple[int, int]]:
    """The file cut at a line end into two ranges of bytes (one range for a small file, or on one core).

    The cut falls after the first newline past the middle, when an even number of
    double quotes comes before it (so not inside a quoted cell); else the file is one range.
    """
    size = os.path.getsize(path)
    if min(READ_RANGES, os.cpu_count() or 1) < 2 or size < RANGE_MIN_BYTES:
        return [(0, size)]
    with open(path, "rb") as f:
        f.readline()
        header_end = f.tell()
        f.seek(size // 2)
        f.readline()
        cut = f.tell()
        if cut >= size or cut <= header_end:
            return [(0, size)]
    return [(0, cut), (cut, size)] if _quotes_before(path, cut) % 2 == 0 else [(0, size)]


#: Up to this many double quotes are found one by one (a tidy CSV quotes its header only); more are counted
#: block by block.
FEW_QUOTES = 10_000


def _quotes_before(path: str | Path, end: int) -> int:
    """How many double quotes bytes ``0 .. end`` of the file hold (searched in a memory map: no copy).

    Finding the few quotes of a tidy CSV's header in 328 MB takes 0.05 s here; reading
    the bytes to count them took 0.17 s, before any parsing could start.
    """
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mm:
        count, at = 0, mm.find(b'"', 0, end)
        while at != -1 and count < FEW_QUOTES:
            count, at = count + 1, mm.find(b'"', at + 1, end)
        while at != -1 and at < end:  # many quoted cells: count the rest in blocks
            block = mm[at : min(at + (16 << 20), end)]
            count, at = count + block.count(b'"'), at + len(block)
    return count


class _Range(io.RawIOBase):
    """Bytes ``start .. end`` of a file, after its header line (a range that does not start the file)."""

    def __init__(self, path: str | Path, start: int, end: int) -> None:
        super().__init__()
        self._file = open(path, "rb")  # noqa: SIM115 - closed with the range
        self._head = self._file.readline() if start else b""
        self._file.seek(start)
        self._left = end - start

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            n = min(len(view), len(self._head))
            view[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        want = min(len(view), self._left)
        if want <= 0:
            return 0
        n = self._file.readinto(view[:want]) or 0
        self._left -= n
        return n

    def close(self) -> None:
        self._file.close()
        super().close()


def _open_range(
    pa: Any,
    pacsv: Any,
    path: str | Path,
    byte_range: tuple[int, int],
    columns: Sequence[str],
    texts: Sequence[str],
    pool: Any,
    known: dict[str, Any],
) -> Any:
    """Arrow's streaming reader over one range of the file (the file itself when the range is all of it)."""
    whole = byte_range == (0, os.path.getsize(path))
    source: Any = path if whole else pa.PythonFile(io.BufferedReader(_Range(path, *byte_range), 1 << 20), mode="r")
    return pacsv.open_csv(
        source,
        memory_pool=pool,
        read_options=pacsv.ReadOptions(block_size=BLOCK_BYTES),
        convert_options=pacsv.ConvertOptions(
            include_columns=list(columns),
            column_types={**{c: pa.dictionary(pa.int32(), pa.string()) for c in texts}, **known},
            null_values=[""],
            strings_can_be_null=True,
            quoted_strings_can_be_null=True,
        ),
    )


_Blocks = tuple[dict[str, list[np.ndarray]], dict[str, dict[str, int]]]


def _read_blocks(reader: Any, columns: Sequence[str], texts: Sequence[str], labels: Sequence[str]) -> _Blocks | None:
    """Every block of one reader: per column its numpy parts (texts as codes into the range's own levels)."""
    parts: dict[str, list[np.ndarray]] = {c: [] for c in columns}
    levels: dict[str, dict[str, int]] = {c: {} for c in texts}
    for batch in reader:
        for c in columns:
            col = batch.column(c)
            if c in texts:
                parts[c].append(_codes(col, levels[c]))
            elif c in labels and col.null_count:
                return None
            else:
                parts[c].append(col.to_numpy(zero_copy_only=False))
    return parts, levels


def _frame(
    done: list[_Blocks], columns: Sequence[str], texts: Sequence[str], labels: Sequence[str], categorical: Sequence[str]
) -> pd.DataFrame:
    """The ranges' parts joined into the frame; a text's levels in order of first appearance over the file."""
    out: dict[str, object] = {}
    for c in columns:
        pieces: list[np.ndarray] = []
        names: dict[str, int] = {}
        for parts, levels in done:
            if c in texts:  # this range's codes into the file's levels
                remap = np.array([names.setdefault(v, len(names)) for v in levels[c]] + [-1], dtype=np.int32)
                if np.array_equal(remap[:-1], np.arange(len(remap) - 1)):  # the same codes: joined as they are
                    pieces += parts.pop(c)
                else:
                    pieces += [remap.astype(_code_type(len(names)))[p] for p in parts.pop(c)]
            else:
                pieces += parts.pop(c)
        values = np.concatenate(pieces) if pieces else np.empty(0, dtype=np.int32)
        del pieces
        if c in texts:
            values = values.astype(_code_type(len(names)), copy=False)
            out[c] = (
                pd.Categorical.from_codes(values, categories=pd.Index(list(names)))
                if c in CATEGORICAL or c in categorical
                else texts_of(list(names), values)
            )
        else:
            out[c] = smallest_int(values) if c in labels else values
    return pd.DataFrame(out, columns=list(columns), copy=False)  # the arrays are ours: no second copy


def _code_type(n_levels: int) -> type[np.signedinteger]:
    """The smallest integer type of codes -1 .. n_levels - 1."""
    return np.int8 if n_levels < 127 else np.int16 if n_levels < 32767 else np.int32


def _block_pool(pa: Any) -> Any:
    """The memory pool of the CSV's blocks: the system's allocator (glibc's malloc).

    Measured on 8 x 1,000,000 rows (656 MB) over two ranges: 1.75 s and an 841 MB
    peak, the memory given back by :func:`release_freed_memory` after the read; Arrow's
    default mimalloc was as fast but kept 430 MB after the read, and jemalloc made to
    return pages at once (decay 0) took 2.40 s.
    """
    return pa.system_memory_pool()


def _codes(chunk: Any, seen: dict[str, int]) -> np.ndarray:
    """A block's dictionary-encoded texts as codes into ``seen`` (extended in place; -1: missing), in the
    smallest integer type that holds them so far."""
    import pyarrow.compute as pc

    local = chunk.dictionary.to_pylist()
    remap = np.array([seen.setdefault(v, len(seen)) for v in local] + [-1], dtype=np.int32)
    indices = chunk.indices
    if indices.null_count:  # an empty cell: -1
        indices = pc.fill_null(indices, -1)
    indices = indices.to_numpy(zero_copy_only=False)
    codes: np.ndarray = remap.astype(_code_type(len(seen)))[indices]
    return codes  # 1 byte a row for a few levels (the blocks' types are joined at the end)


def read_run_columns(
    store: RunStore, columns: Sequence[str], categorical: Sequence[str] = (), every: int = 1
) -> pd.DataFrame:
    """The run's tidy ``columns``, those in ``categorical`` as categoricals; ``every``: only every k-th
    sample as stored (see :func:`bancada.store.tidy_csv.tidy_frame`)."""
    from bancada.store.tidy_csv import tidy_frame

    map_large_blocks()
    frame = tidy_frame(store, columns, categorical, every)
    release_freed_memory()
    return frame
