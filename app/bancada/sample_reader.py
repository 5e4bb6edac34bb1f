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

import numpy as np
import pandas as pd

from .store.tidy_csv import TEXT_DTYPE

#: Columns read as categoricals (few distinct texts, tested by value in data preparation).
CATEGORICAL = ("phase", "ok")
#: Bytes of the CSV each of Arrow's reads parses (its default is 1 MiB; larger blocks mean fewer chunks).
BLOCK_BYTES = 16 << 20


def read_csv_columns(
    path: str | Path, columns: Sequence[str], numeric: Sequence[str], labels: Sequence[str] = ()
) -> pd.DataFrame:
    """The CSV's ``columns`` (in the file's order, each present in its header).

    ``numeric``: the columns whose type is inferred (numbers as float64 or
    int64, as pandas infers them); ``labels``: columns read as integers when
    every cell is one, else as text (a replication's label); every other column
    is text, an empty cell missing (NaN).

    Raises:
        pandas.errors.ParserError, ValueError, UnicodeDecodeError, OSError:
            the file cannot be read (raised by pandas, which reads the file
            when Arrow cannot).
    """
    frame = _read_arrow(path, columns, numeric, labels)
    if frame is not None:
        return frame
    dtypes = {c: str for c in columns if c not in numeric}
    return pd.read_csv(path, usecols=list(columns), dtype=dtypes, keep_default_na=False, na_values=[""])


def _read_arrow(
    path: str | Path, columns: Sequence[str], numeric: Sequence[str], labels: Sequence[str]
) -> pd.DataFrame | None:
    """The frame through Arrow, or None when Arrow cannot give pandas' values (pandas then reads it)."""
    try:
        import pyarrow as pa
        import pyarrow.csv as pacsv
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    if set(numeric) & set(labels) or set(CATEGORICAL) & {*numeric, *labels}:
        raise ValueError("a column is either numeric, a label or text (phase and ok are texts)")
    types = {c: pa.dictionary(pa.int32(), pa.string()) if c in CATEGORICAL else pa.large_string() for c in columns}
    for c in [*numeric, *labels]:
        types.pop(c, None)
    try:
        table = pacsv.read_csv(
            path,
            read_options=pacsv.ReadOptions(block_size=BLOCK_BYTES),
            parse_options=pacsv.ParseOptions(newlines_in_values=False),
            convert_options=pacsv.ConvertOptions(
                include_columns=list(columns),
                column_types=types,
                null_values=[""],
                strings_can_be_null=True,
                quoted_strings_can_be_null=True,
            ),
        )
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError, pa.ArrowTypeError, OSError):
        return None
    for c in numeric:
        t = table.column(c).type
        if not (pa.types.is_integer(t) or pa.types.is_floating(t)):
            return None  # text, empty or booleans: pandas' own reading and messages
    out: dict[str, object] = {}
    for c in columns:
        col = table.column(c)
        if c in CATEGORICAL:
            out[c] = _categorical(col)
        elif c in numeric:
            values = col.to_numpy()
            out[c] = values.astype(float) if col.null_count or pa.types.is_floating(col.type) else values
        elif c in labels and pa.types.is_integer(col.type) and col.null_count == 0:
            out[c] = col.to_numpy()
        elif c in labels:  # not all integers: the text of each cell, as pandas read it
            return None
        else:
            out[c] = pd.Series(col, dtype=TEXT_DTYPE)
    del table
    return pd.DataFrame(out, columns=list(columns))


def _categorical(col) -> pd.Categorical:
    """A dictionary-encoded Arrow column as a pandas Categorical (one dictionary for all chunks)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if not pa.types.is_dictionary(col.type):
        col = pc.dictionary_encode(col)
    col = col.unify_dictionaries()
    if col.num_chunks == 0:
        return pd.Categorical([])
    levels = col.chunk(0).dictionary.to_pylist()
    codes = np.concatenate(
        [c.indices.to_numpy(zero_copy_only=False) for c in col.chunks] if col.num_chunks else [np.empty(0)]
    )
    codes = np.where(np.isnan(codes), -1, codes).astype(np.int32) if codes.dtype.kind == "f" else codes
    return pd.Categorical.from_codes(codes.astype(np.int32, copy=False), categories=levels)


def read_run_columns(store, columns: Sequence[str]) -> pd.DataFrame:
    """The run's tidy ``columns`` (see :func:`bancada.store.tidy_csv.tidy_frame`)."""
    from .store.tidy_csv import tidy_frame

    return tidy_frame(store, columns)
