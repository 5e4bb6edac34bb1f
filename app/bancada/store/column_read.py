"""Reading a run file's sample columns fast: SQLite's integers into numpy arrays.

With the ADBC SQLite driver (``adbc-driver-sqlite``, Apache Arrow) SQLite's C loop fills Arrow
arrays directly, in parts read by threads; without it, the stdlib in chunks. Used by
:meth:`bancada.store.runstore.RunStore.sample_columns`.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pyarrow as pa

#: The columns of :meth:`RunStore.sample_columns` (the sample table's).
SAMPLE_COLUMNS = (
    "id",
    "treatment",
    "repetition",
    "seq",
    "phase",
    "ok",
    "latency_ns",
    "server_ns",
    "start_ns",
    "queue_ns",
    "block",
    "error",
)
#: treatment, phase and ok in one integer (read as one column: a third less to convert per row)
PACKED = ("treatment", "phase", "ok")
PACKED_SQL = "(treatment << 3) | (CASE phase WHEN 0 THEN 0 WHEN 1 THEN 2 WHEN 2 THEN 4 ELSE 6 END) | (ok != 0)"
#: Rows per fetch when the samples are read with the stdlib (without the ADBC driver).
CHUNK_ROWS = 262_144
#: How long a reading connection waits for a run file another connection holds busy (s).
BUSY_WAIT_S = 5.0
#: Threads that read a run file's samples at once (each a part of the id range).
READ_THREADS = 2
#: Ids of the sample table each of those reads takes (about 24 MB of three int64 columns).
PART_IDS = 1 << 20


def in_ids(values: np.ndarray, ids: list[int]) -> np.ndarray:
    """``np.isin(values, ids)`` for a few small ids: a lookup table indexed by value (no sort)."""
    if not len(values) or not ids or min(ids) < 0 or max(ids) > 1 << 20:
        return np.isin(values, ids)
    table = np.zeros(max(ids) + 2, dtype=bool)
    table[ids] = True
    found: np.ndarray = table[np.clip(values, -1, len(table) - 1)]  # -1 and anything past the ids: the last, False
    return found


def all_in(values: np.ndarray, ids: list[int]) -> bool:
    """Whether every one of ``values`` is among ``ids``: the values present counted by ``np.bincount``
    (no array of the values' size) when they are small non-negative integers, else :func:`in_ids`."""
    if not len(values):
        return True
    lo, hi = int(values.min()), int(values.max())
    if lo < 0 or hi > 1 << 20:
        return bool(in_ids(values, ids).all())
    return set(np.flatnonzero(np.bincount(values)).tolist()) <= set(ids)


def unpack(key: np.ndarray) -> dict[str, np.ndarray]:
    """``treatment`` (int64), ``phase`` (int8) and ``ok`` (bool) from the :data:`PACKED_SQL` integers
    ``key``, which become ``treatment`` in place: converted :data:`CHUNK_ROWS` rows at a time, so no
    int64 copy of the column is made."""
    phase = np.empty(len(key), dtype=np.int8)
    ok = np.empty(len(key), dtype=bool)
    for lo in range(0, len(key), CHUNK_ROWS):
        part = key[lo : lo + CHUNK_ROWS]
        phase[lo : lo + CHUNK_ROWS] = (part >> 1) & 3
        ok[lo : lo + CHUNK_ROWS] = part & 1
        part >>= 3
    return {"treatment": key, "phase": phase, "ok": ok}


def id_range(conn: sqlite3.Connection) -> tuple[int, int]:
    """The sample table's ids as a range ``(lo, hi]`` (``(0, 0)`` when it has no rows)."""
    # two statements: SQLite answers a lone min() or max() of the rowid from the b-tree's ends, not by a scan
    first = conn.execute("SELECT min(id) FROM sample").fetchone()[0]
    last = conn.execute("SELECT max(id) FROM sample").fetchone()[0]
    return (0, 0) if first is None else (first - 1, last)


def read_int_columns(
    path: Path,
    conn: sqlite3.Connection,
    select: list[str],
    every: int = 1,
    phase: int | None = None,
    bounds: tuple[int, int] | None = None,
) -> dict[str, np.ndarray]:
    """The integer expressions ``select`` over every sample, in id order, as int64 arrays keyed by expression.

    ``every``: read only the samples whose id is a multiple of it (1: all), an even thinning of the run
    in the order stored (:func:`thinned_query`); ``phase``: only the samples of that phase (None: all);
    ``bounds``: only the ids in ``(lo, hi]`` (None: every id, :func:`id_range`).

    With the ADBC SQLite driver (``adbc-driver-sqlite``, Apache Arrow) SQLite's C
    loop fills Arrow arrays directly, the id range split among up to
    :data:`READ_THREADS` threads (each its own connection; the driver
    releases the GIL); without it, ``conn`` fetches ``CHUNK_ROWS`` rows at a time.

    Raises:
        ValueError: ``every`` below 1.
    """
    if every < 1:
        raise ValueError(f"every must be a whole number of at least 1, not {every}")
    query = thinned_query(select, every, phase)
    lo, hi = id_range(conn) if bounds is None else bounds
    try:
        import adbc_driver_sqlite.dbapi as adbc
    except ImportError:  # pragma: no cover - a declared dependency; the stdlib reads it all the same
        adbc = None  # type: ignore[assignment]  # an optional module: None when it is not installed
    if adbc is not None:
        try:
            return read_arrow(path, query, select, lo, hi, every)
        except adbc.Error:  # a value Arrow cannot type (e.g. a real among the integers): the stdlib reads it
            pass
    cur = conn.execute(query, (lo, hi))
    parts = []
    while rows := cur.fetchmany(CHUNK_ROWS):
        parts.append(np.array(rows, dtype=np.int64).reshape(len(rows), len(select)))
    block = np.concatenate(parts) if parts else np.empty((0, len(select)), dtype=np.int64)
    return {n: np.ascontiguousarray(block[:, i]) for i, n in enumerate(select)}


def thinned_query(select: list[str], every: int, phase: int | None = None) -> str:
    """The query of :func:`read_int_columns`: ``select`` over the samples of an id range ``(?, ?]``, in id
    order; with ``every`` > 1 only the ids that are multiples of it, each looked up by its id (SQLite
    seeks them in the table's b-tree instead of reading every row of the range); ``phase``: only the
    samples of that phase.
    """
    of_phase = "" if phase is None else f" AND sample.phase = {int(phase)}"
    if every == 1:
        return f"SELECT {', '.join(select)} FROM sample WHERE id > ? AND id <= ?{of_phase} ORDER BY id"
    cols = ", ".join(f"sample.{c}" if c.isidentifier() else c for c in select)
    return (  # ?1, ?2: the range's ends (the first multiple may lie past a short range's end)
        f"WITH RECURSIVE pick(id) AS (SELECT (?1 / {every} + 1) * {every}"
        f" UNION ALL SELECT id + {every} FROM pick WHERE id + {every} <= ?2)"
        f" SELECT {cols} FROM pick JOIN sample ON sample.id = pick.id WHERE pick.id <= ?2{of_phase} ORDER BY pick.id"
    )


def read_arrow(path: Path, query: str, select: list[str], lo: int, hi: int, every: int = 1) -> dict[str, np.ndarray]:
    """:func:`read_int_columns` through ADBC: the id range ``(lo, hi]`` in parts of :data:`PART_IDS` ids,
    up to :data:`READ_THREADS` read at once, one connection each, each copied into place as it comes.

    The arrays are made for ``hi - lo`` rows (``(hi - lo) // every + 1`` when ``query`` thins: the sample
    table's ids are its row numbers, no row is ever deleted; the pages of rows a gap leaves out are never
    touched) and cut to the rows read, so
    the peak memory is the columns plus the parts in flight, not the columns twice.

    A connection that finds the file busy (another opening the WAL at the same
    moment; ADBC sets no busy timeout) tries again for up to :data:`BUSY_WAIT_S`.
    """
    import adbc_driver_sqlite.dbapi as adbc

    def fetch(bounds: tuple[int, int]) -> pa.Table:
        deadline = time.monotonic() + BUSY_WAIT_S
        while True:
            try:
                with adbc.connect(path.resolve().as_uri()) as arrow_conn, arrow_conn.cursor() as cur:
                    cur.adbc_statement.set_options(**{"adbc.sqlite.query.batch_rows": str(CHUNK_ROWS)})
                    cur.execute(query, bounds)
                    return cur.fetch_arrow_table()
            except adbc.Error as exc:
                if not any(w in str(exc).lower() for w in ("locked", "busy")) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    threads = max(1, min(READ_THREADS, os.cpu_count() or 1, (hi - lo) // CHUNK_ROWS))
    count = max(threads, -(-(hi - lo) // PART_IDS))
    edges = np.linspace(lo, hi, count + 1).round().astype(np.int64).tolist()
    out = {name: np.empty((hi - lo) // every + 1 if every > 1 else hi - lo, dtype=np.int64) for name in select}
    start = 0
    with ThreadPoolExecutor(threads) as pool:
        pending: deque[Future[pa.Table]] = deque()
        parts = iter(zip(edges[:-1], edges[1:]))
        for bounds in itertools.islice(parts, threads):
            pending.append(pool.submit(fetch, bounds))
        while pending:
            table = pending.popleft().result()
            if (bounds_next := next(parts, None)) is not None:
                pending.append(pool.submit(fetch, bounds_next))
            for i, name in enumerate(select):  # copied into place, then let go: a few parts held at a time
                at = start
                for chunk in table.column(i).chunks:
                    out[name][at : at + len(chunk)] = chunk.to_numpy()
                    at += len(chunk)
            start += table.num_rows
            del table
    return {name: column[:start] for name, column in out.items()}
