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

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .store.runstore import RunStore
from .store.tidy_csv import smallest_int, texts_of

#: Columns read as categoricals (few distinct texts, tested by value in data preparation).
CATEGORICAL = ("phase", "ok")
#: Bytes of the CSV each of Arrow's reads parses (its default is 1 MiB; larger blocks mean fewer chunks,
#: smaller ones less memory: 4 MiB kept the peak of 8 million rows near 400 MB, with the same CPU time as 16).
BLOCK_BYTES = 4 << 20


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
    parts: dict[str, list[np.ndarray]] = {c: [] for c in columns}
    levels: dict[str, dict[str, int]] = {c: {} for c in texts}
    pool = _block_pool(pa)
    try:
        reader = pacsv.open_csv(
            path,
            memory_pool=pool,
            read_options=pacsv.ReadOptions(block_size=BLOCK_BYTES),
            convert_options=pacsv.ConvertOptions(
                include_columns=list(columns),
                column_types={c: pa.dictionary(pa.int32(), pa.string()) for c in texts},
                null_values=[""],
                strings_can_be_null=True,
                quoted_strings_can_be_null=True,
            ),
        )
        for c in [*numeric, *labels]:
            t = reader.schema.field(c).type
            if not (pa.types.is_integer(t) or (c in numeric and pa.types.is_floating(t))):
                return None  # text, empty or booleans: pandas' own reading and messages
        for batch in reader:
            for c in columns:
                col = batch.column(c)
                if c in texts:
                    parts[c].append(_codes(col, levels[c]))
                elif c in labels and col.null_count:
                    return None
                else:
                    parts[c].append(col.to_numpy(zero_copy_only=False))
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError, OSError):
        return None
    out: dict[str, object] = {}
    for c in columns:
        values = np.concatenate(parts.pop(c)) if parts[c] else np.empty(0, dtype=np.int32)
        if c in texts:
            names = list(levels[c])
            out[c] = (
                pd.Categorical.from_codes(values, categories=pd.Index(names))
                if c in CATEGORICAL or c in categorical
                else texts_of(names, values)
            )
        else:
            out[c] = smallest_int(values) if c in labels else values
    return pd.DataFrame(out, columns=list(columns))


def _block_pool(pa: Any) -> Any:
    """The memory pool of the CSV's blocks: jemalloc returning freed pages at once when this pyarrow has it
    (mimalloc, the default, keeps them: the blocks of 650 MB of CSV then stay in the process), else the default."""
    try:
        pool = pa.jemalloc_memory_pool()
        pa.jemalloc_set_decay_ms(0)
        return pool
    except (NotImplementedError, AttributeError):  # pragma: no cover - a pyarrow built without jemalloc
        return pa.default_memory_pool()


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
    small = np.int8 if len(seen) < 127 else np.int16 if len(seen) < 32767 else np.int32
    codes: np.ndarray = remap.astype(small)[indices]
    return codes  # 1 byte a row for a few levels (the blocks' types are joined at the end)


def read_run_columns(store: RunStore, columns: Sequence[str], categorical: Sequence[str] = ()) -> pd.DataFrame:
    """The run's tidy ``columns``, those in ``categorical`` as categoricals (see
    :func:`bancada.store.tidy_csv.tidy_frame`)."""
    from .store.tidy_csv import tidy_frame

    return tidy_frame(store, columns, categorical)
