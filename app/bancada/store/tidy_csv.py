"""The tidy sample CSV of the guide: one row per request.

Columns (exact, in this order): run_id, implementation, language, protocol,
operation, payload, payload_count, payload_bytes, repetition, seq, phase,
latency_s, server_s, ok, error — then the extra columns start_s, queue_s,
and the columns of links and of seed 004's serialization formats (SPLIT_COLUMNS):
link, format, payload_kind (the factor levels; empty when not used), then per
serial request client_ser_s (the driver's encoding, outside latency_s),
transfer_s (latency_s - server_s: the network and the HTTP stacks),
server_deser_s, server_handle_s (server_s - deser - ser), server_ser_s,
client_deser_s (outside latency_s), request_bytes and response_bytes (the
bodies); empty for other samples. transfer_s + server_deser_s +
server_handle_s + server_ser_s = latency_s.
Times in seconds (float) derived from integer nanoseconds; ``phase`` is
``warmup``, ``measure`` or ``gap`` (bancada.store.gap_marks); ``ok`` is ``true``/``false``; ``server_s`` is empty
when the server sent no Server-Timing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from pathlib import Path

import numpy as np
import pandas as pd

from bancada.store.runstore import RunStore

COLUMNS = [
    "run_id",
    "implementation",
    "language",
    "protocol",
    "operation",
    "payload",
    "payload_count",
    "payload_bytes",
    "repetition",
    "seq",
    "phase",
    "latency_s",
    "server_s",
    "ok",
    "error",
]
EXTRA_COLUMNS = ["start_s", "queue_s"]
SPLIT_COLUMNS = [
    "link",
    "format",
    "payload_kind",
    "client_ser_s",
    "transfer_s",
    "server_deser_s",
    "server_handle_s",
    "server_ser_s",
    "client_deser_s",
    "request_bytes",
    "response_bytes",
]


def _split_columns(raw: pd.DataFrame) -> dict[str, pd.Series]:
    """The SPLIT_COLUMNS of the samples ``raw`` (RunStore.samples_frame) as Series, in seconds and bytes."""
    has = raw["request_bytes"].notna()

    def seconds(ns: pd.Series) -> pd.Series:
        ns = pd.to_numeric(ns, errors="coerce")
        return (ns.where(has & (ns >= 0)) / 1e9).astype(float)

    server = raw["server_ns"].where(raw["server_ns"] >= 0)
    deser = pd.to_numeric(raw["server_deser_ns"], errors="coerce")
    ser = pd.to_numeric(raw["server_ser_ns"], errors="coerce")
    return {
        "link": raw["link"].fillna(""),
        "format": raw["format"].fillna(""),
        "payload_kind": raw["payload_kind"].where(raw["operation"] == "serial", ""),
        "client_ser_s": seconds(raw["client_ser_ns"]),
        "transfer_s": seconds(raw["latency_ns"] - server),
        "server_deser_s": seconds(deser),
        "server_handle_s": seconds(server - deser - ser),
        "server_ser_s": seconds(ser),
        "client_deser_s": seconds(raw["client_deser_ns"]),
        "request_bytes": pd.to_numeric(raw["request_bytes"], errors="coerce").astype("Int64"),
        "response_bytes": pd.to_numeric(raw["response_bytes"], errors="coerce").astype("Int64"),
    }


#: Where each tidy column comes from: a column of the treatment table, or of the sample table.
_FROM_TREATMENT = {
    "implementation": "implementation",
    "language": "language",
    "protocol": "protocol",
    "operation": "operation",
    "payload": "workload",
    "payload_count": "payload_count",
    "payload_bytes": "payload_bytes",
}
_FROM_SAMPLE = {
    "repetition": "repetition",
    "seq": "seq",
    "phase": "phase",
    "latency_s": "latency_ns",
    "server_s": "server_ns",
    "ok": "ok",
    "error": "error",
    "start_s": "start_ns",
    "queue_s": "queue_ns",
}
#: The texts of the ``phase`` and ``ok`` codes (a phase outside them is missing); ``gap``: a measured
#: request in flight while the driver did not run (bancada.store.gap_marks), not a latency.
PHASES = ("warmup", "measure", "gap")
try:
    import pyarrow as _pa
except ImportError:  # pragma: no cover - a declared dependency; without it the texts are Python objects
    _pa = None  # type: ignore[assignment]  # pyarrow is a declared dependency: None only in a broken install
#: pandas' ``str`` dtype (on Arrow): what ``astype(str)`` gives, so the analysis's ``astype(str)`` copies nothing.
TEXT_DTYPE = pd.StringDtype("pyarrow" if _pa is not None else "python", na_value=np.nan)
OK_TEXTS = ("false", "true")


def tidy_frame(
    store: RunStore,
    columns: Sequence[str] | None = None,
    categorical: Sequence[str] = (),
    every: int = 1,
    bounds: tuple[int, int] | None = None,
) -> pd.DataFrame:
    """Return the run's samples as the tidy table: a DataFrame with ``columns`` (default
    COLUMNS + EXTRA_COLUMNS + SPLIT_COLUMNS, in that order), one row per sample in the order stored.
    The split columns come from :func:`_split_parts` (the pandas join, for runs with links or
    serial requests only).

    Only the sample columns the asked tidy columns need are read (see
    :meth:`RunStore.sample_columns`). Dtypes: the treatment's texts (implementation,
    language, protocol, operation, payload) and ``run_id`` as pandas ``str`` (Arrow
    strings, taken from the treatment table's levels); ``phase`` (warmup, measure, gap) and
    ``ok`` (false, true) as categoricals; times in seconds as float64 (``server_s`` NaN
    where the server sent none); counts as int64; ``error`` as text. The treatment's
    columns named in ``categorical`` are pandas categoricals instead (codes into the
    levels, one byte a row: what the analysis reads, :mod:`bancada.stats.columns`). ``every``: only
    every k-th sample as stored; ``bounds``: only the samples with ids in ``(lo, hi]``
    (:meth:`RunStore.sample_columns`).

    Raises:
        ValueError: an unknown column, or ``every`` below 1.
    """
    columns = list(COLUMNS + EXTRA_COLUMNS + SPLIT_COLUMNS if columns is None else columns)
    _check_columns(columns)
    split = [c for c in columns if c in SPLIT_COLUMNS]
    columns_read = [c for c in columns if c not in SPLIT_COLUMNS]
    wanted = [_FROM_SAMPLE[c] for c in columns_read if c in _FROM_SAMPLE]
    raw = store.sample_columns(["treatment", *wanted], every, bounds)
    treatments = store.treatments()
    row = _treatment_row(np.array([t.id for t in treatments], dtype=np.int64), raw.pop("treatment"))
    out: dict[str, object] = {}
    for c in columns_read:
        if c == "run_id":
            out[c] = texts_of([store.meta().get("run_id", store.path.stem)], np.zeros(len(row), dtype=np.intp))
        elif c in _FROM_TREATMENT:
            out[c] = _treatment_column([getattr(t, _FROM_TREATMENT[c]) for t in treatments], row, c in categorical)
        else:
            out[c] = _sample_column(c, raw.pop(_FROM_SAMPLE[c]))  # the raw column goes once converted
    df = pd.DataFrame(out, columns=columns_read, copy=False)  # the arrays are ours: no second copy
    if split:
        parts = _split_parts(store, len(df), every, bounds)
        for c in split:
            df[c] = parts[c]
    return df[columns]


def _check_columns(columns: list[str]) -> None:
    """Raise ValueError naming the columns of ``columns`` that are not tidy columns, and the tidy columns."""
    unknown = [c for c in columns if c not in {"run_id", *_FROM_TREATMENT, *_FROM_SAMPLE, *SPLIT_COLUMNS}]
    if unknown:
        raise ValueError(
            f"unknown tidy column(s) {unknown}; expected some of {COLUMNS + EXTRA_COLUMNS + SPLIT_COLUMNS}"
        )


def _treatment_row(ids: np.ndarray, sample_treatment: Any) -> Any:
    """The row of each sample's treatment in the treatment table (``ids``: its ids in order); every
    sample's id is there (:meth:`RunStore.sample_columns` joins)."""
    if len(ids) and 0 <= ids.min() and ids.max() < 1 << 20:  # a table by id: 4 bytes a sample
        by_id = np.zeros(int(ids.max()) + 1, dtype=np.int32)
        by_id[ids] = np.arange(len(ids), dtype=np.int32)
        return by_id[sample_treatment]
    order = np.argsort(ids)
    return order[np.searchsorted(ids, sample_treatment, sorter=order)] if len(ids) else sample_treatment


def _treatment_column(values: list[Any], row: Any, categorical: bool) -> object:
    """A treatment column for every sample: the treatments' ``values`` taken at ``row``; a categorical,
    Arrow texts (for texts) or a numpy array."""
    if categorical:
        return categorical_of(values, row)
    if isinstance(values[0] if values else "", str):
        return texts_of(values, row)
    return np.array(values)[row]


def _split_parts(store: RunStore, n: int, every: int = 1, bounds: tuple[int, int] | None = None) -> dict[str, Any]:
    """The SPLIT_COLUMNS of the run's ``n`` samples (those of :meth:`RunStore.samples_frame`, in order;
    ``every``: those whose id is a multiple of it, ``bounds``: those with ids in ``(lo, hi]``, as
    :meth:`RunStore.sample_columns` reads them).

    Only a run with links or serial requests (seed 004) reads them, through the pandas join of
    :meth:`RunStore.samples_frame`; any other run gets empty levels and missing numbers.
    """
    if any(t.link or t.format for t in store.treatments()):
        frame = store.samples_frame()
        ids = frame["id"]
        keep = (ids % every == 0) & (ids > bounds[0]) & (ids <= bounds[1]) if bounds else ids % every == 0
        parts = _split_columns(frame if keep.all() else frame[keep].reset_index(drop=True))
        return {c: v.to_numpy() if hasattr(v, "to_numpy") else v for c, v in parts.items()}
    empty_text = np.full(n, "", dtype=object)
    missing = np.full(n, np.nan)
    return {
        "link": empty_text,
        "format": empty_text,
        "payload_kind": empty_text,
        **{c: missing for c in SPLIT_COLUMNS[3:9]},
        "request_bytes": pd.array([pd.NA] * n, dtype="Int64"),
        "response_bytes": pd.array([pd.NA] * n, dtype="Int64"),
    }


def categorical_of(values: Sequence[object], codes: np.ndarray) -> pd.Categorical:
    """``values[codes]`` as a pandas categorical (the distinct values, in order, its categories; -1: missing)."""
    levels = list(dict.fromkeys(values))
    where = {v: i for i, v in enumerate(levels)}
    lookup = np.array([where[v] for v in values] + [-1], dtype=np.int8 if len(levels) < 127 else np.int32)
    return pd.Categorical.from_codes(lookup[codes], categories=pd.Index(levels))


def texts_of(values: list[str], codes: np.ndarray) -> pd.Series:
    """``values[codes]`` as a pandas ``str`` Series (Arrow strings, no Python object per row); -1: missing.

    The samples of a block share their treatment, so the codes come in long runs:
    each run's bytes are one repetition of its text (an Arrow large_string array
    built from its offsets and data); codes without such runs are decoded by
    Arrow's dictionary take.
    """
    pa = _pa
    if pa is None:  # pragma: no cover
        return pd.Series(np.array(values, dtype=object)[codes], dtype=TEXT_DTYPE)
    n = len(codes)
    starts = np.flatnonzero(np.diff(codes)) + 1
    if n == 0 or len(starts) > n // 64 or codes.min() < 0:
        levels = pa.array(values, type=pa.large_string())
        indices = pa.array(codes.astype(np.int32, copy=False), mask=codes < 0)
        taken = pa.DictionaryArray.from_arrays(indices, levels)  # type: ignore[arg-type]  # pyarrow-stubs type pa.array(..., mask=) as BooleanArray; it is the int32 codes
        return pd.Series(taken.dictionary_decode(), dtype=TEXT_DTYPE)
    encoded = [v.encode("utf-8") for v in values]
    sizes = np.array([len(e) for e in encoded], dtype=np.int64)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(sizes[codes], out=offsets[1:])
    edges = np.r_[0, starts, n].astype(np.int64)
    data = b"".join(encoded[codes[s]] * int(e - s) for s, e in zip(edges[:-1], edges[1:]))
    array = pa.LargeStringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(data))  # type: ignore[arg-type]  # pyarrow-stubs' SupportPyBuffer misses numpy arrays, which export the buffer protocol
    return pd.Series(array, dtype=TEXT_DTYPE)


def _sample_column(name: str, raw: np.ndarray) -> np.ndarray | pd.Categorical[str]:
    if name in ("latency_s", "start_s", "queue_s"):
        return seconds_in_place(raw)
    if name == "server_s":
        return np.where(raw >= 0, raw / 1e9, np.nan)
    if name == "phase":  # a code outside PHASES is missing
        codes = np.where(raw < len(PHASES), raw, -1).astype(np.int8)
        return pd.Categorical.from_codes(codes, categories=pd.Index(PHASES))
    if name == "ok":
        return pd.Categorical.from_codes(raw.astype(np.int8), categories=pd.Index(OK_TEXTS))
    if name == "repetition":
        return smallest_int(raw)
    return raw


#: Values converted at once by :func:`seconds_in_place` (8 MiB of float64).
SECONDS_CHUNK = 1 << 20


def seconds_in_place(ns: np.ndarray) -> np.ndarray:
    """``ns / 1e9`` (int64 nanoseconds to float64 seconds, the same values to the last bit) in the
    memory of ``ns``, which it takes over: a chunk at a time, so a column of tens of millions of
    samples is not held twice."""
    if ns.dtype != np.int64 or not ns.flags.c_contiguous or not ns.flags.writeable:
        return ns / 1e9
    out = ns.view(np.float64)
    for lo in range(0, len(ns), SECONDS_CHUNK):
        out[lo : lo + SECONDS_CHUNK] = ns[lo : lo + SECONDS_CHUNK] / 1e9
    return out


def smallest_int(raw: np.ndarray) -> np.ndarray:
    """``raw`` in the smallest signed integer type that holds it (1 byte a row for up to 127 repetitions)."""
    if len(raw) == 0:
        return raw
    lo, hi = int(raw.min()), int(raw.max())
    for t in (np.int8, np.int16, np.int32):
        if np.iinfo(t).min <= lo and hi <= np.iinfo(t).max:
            return raw.astype(t)
    return raw


def write_csv(df: pd.DataFrame, path: str | Path) -> int:
    """Write a tidy frame (from :func:`tidy_frame`) to ``path``; return the number of rows."""
    df.to_csv(path, index=False, float_format="%.9g")
    return len(df)


#: Sample ids a part of :func:`export_csv` reads (about 1.3 GB of tidy columns at its largest).
EXPORT_PART_IDS = 1 << 22


def export_csv(store: RunStore, path: str | Path) -> int:
    """Write the run's tidy CSV to ``path`` a part of :data:`EXPORT_PART_IDS` sample ids at a time (a run
    of a hundred million samples is never in memory whole); return the number of rows written. A run
    with links or formats (whose splits come from one join of every sample) is written at once."""
    if any(t.link or t.format for t in store.treatments()):
        return write_csv(tidy_frame(store), path)
    rows = 0
    with open(path, "w", newline="") as out:
        for i, bounds in enumerate(store.id_parts(EXPORT_PART_IDS) or [(0, 0)]):
            part = tidy_frame(store, bounds=bounds)
            part.to_csv(out, index=False, header=i == 0, float_format="%.9g")
            rows += len(part)
    return rows
