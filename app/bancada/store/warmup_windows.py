"""A long warm-up kept at a bounded cost: its first and last requests as rows, the rest as windows.

A steady-state warm-up (``warmup_until``) may take tens of thousands of requests a block; as sample
rows they would outnumber the measured samples a hundred to one. When a block's staged samples
become rows (:func:`bancada.store.sample_stage.unstage`), the warm-up of each (block, treatment,
repetition) keeps its first and last :data:`KEPT_RAW` requests as sample rows (``phase`` 0, as
always) and gives the requests in between to at most :data:`MAX_WINDOWS` consecutive windows of at
least :data:`MIN_WINDOW` requests, one row each in ``warmup_window``:

  warmup_window(id, block, treatment, repetition, seq_first, seq_last, start_ns_first,
                start_ns_last, requests, ok, failed, latency_min_ns, latency_median_ns,
                latency_max_ns, latency_sum_ns, error)

``requests = ok + failed``; the latency columns (ns) describe the window's successful requests only
(NULL when none succeeded: a failure is never mixed into latencies), ``error`` is the text of its
first failed request ("" when none failed). A warm-up of at most ``2 × KEPT_RAW`` requests stays
whole, as do the measured requests. So a block holds at most ``2 × KEPT_RAW`` warm-up rows and
``MAX_WINDOWS`` windows however long its warm-up ran, every warm-up request is counted (recorded
and flagged), and a file written before this table existed reads as before (all its warm-up is rows).
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field

import numpy as np

from bancada.core.samples import PHASE_WARMUP

#: Warm-up requests kept as sample rows at each end of a (block, treatment, repetition).
KEPT_RAW = 200
#: The most windows a (block, treatment, repetition)'s summarised warm-up gets.
MAX_WINDOWS = 100
#: The fewest requests in a window (but the last one, which takes what is left).
MIN_WINDOW = 100

TABLE = """
CREATE TABLE IF NOT EXISTS warmup_window (
  id INTEGER PRIMARY KEY, block INTEGER NOT NULL, treatment INTEGER NOT NULL, repetition INTEGER NOT NULL,
  seq_first INTEGER NOT NULL, seq_last INTEGER NOT NULL, start_ns_first INTEGER NOT NULL,
  start_ns_last INTEGER NOT NULL, requests INTEGER NOT NULL, ok INTEGER NOT NULL, failed INTEGER NOT NULL,
  latency_min_ns INTEGER, latency_median_ns INTEGER, latency_max_ns INTEGER, latency_sum_ns INTEGER,
  error TEXT NOT NULL DEFAULT '');
"""
COLUMNS = (
    "block",
    "treatment",
    "repetition",
    "seq_first",
    "seq_last",
    "start_ns_first",
    "start_ns_last",
    "requests",
    "ok",
    "failed",
    "latency_min_ns",
    "latency_median_ns",
    "latency_max_ns",
    "latency_sum_ns",
    "error",
)
_INSERT = f"INSERT INTO warmup_window({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"

Key = tuple[int, int, int]  # block, treatment, repetition


def window_size(middle: int) -> int:
    """Requests per window for ``middle`` warm-up requests between the raw ends: at least
    :data:`MIN_WINDOW`, and few enough that there are at most :data:`MAX_WINDOWS` windows."""
    return max(MIN_WINDOW, math.ceil(middle / MAX_WINDOWS))


@dataclass
class _Warmup:
    """One (block, treatment, repetition)'s warm-up: its length, how much of it went by, the requests
    of its window not yet full (structured rows and their error texts)."""

    total: int
    size: int  # requests per window
    seen: int = 0
    pending: list[np.ndarray] = field(default_factory=list)
    pending_errors: list[str] = field(default_factory=list)


class Thinner:
    """Splits a block's staged batches, in arrival order, into the sample rows to keep and the
    warm-up windows to write (see the module's docstring).

    ``counts``: the warm-up requests of each (block, treatment, repetition) among the batches that
    :meth:`keep` will see (:func:`warmup_counts` of them all).
    """

    def __init__(self, counts: dict[Key, int]) -> None:
        self._warmups = {
            key: _Warmup(n, window_size(n - 2 * KEPT_RAW)) for key, n in counts.items() if n > 2 * KEPT_RAW
        }

    def __bool__(self) -> bool:
        return bool(self._warmups)

    def keep(self, conn: sqlite3.Connection, block: int, rows: np.ndarray, errors: dict[int, str]) -> np.ndarray:
        """The mask of ``rows`` (one staged batch of ``block``, ``SAMPLE_DTYPE``) kept as sample rows;
        the others go to their windows, each written to ``conn`` once full."""
        keep = np.ones(len(rows), dtype=bool)
        warm = rows["phase"] == PHASE_WARMUP
        if not warm.any():
            return keep
        for treatment, repetition in set(zip(rows["treatment"][warm].tolist(), rows["repetition"][warm].tolist())):
            state = self._warmups.get((block, treatment, repetition))
            if state is None:
                continue
            where = np.flatnonzero(warm & (rows["treatment"] == treatment) & (rows["repetition"] == repetition))
            order = state.seen + np.arange(len(where))
            state.seen += len(where)
            middle = where[(order >= KEPT_RAW) & (order < state.total - KEPT_RAW)]
            if not len(middle):
                continue
            keep[middle] = False
            state.pending.append(rows[middle])
            state.pending_errors.extend(errors.get(i, "") for i in middle.tolist())
            self._write_full(conn, (block, treatment, repetition), state, final=state.seen >= state.total - KEPT_RAW)
        return keep

    def _write_full(self, conn: sqlite3.Connection, key: Key, state: _Warmup, final: bool) -> None:
        rows = np.concatenate(state.pending)
        texts = state.pending_errors
        done = 0
        out = []
        while len(rows) - done >= state.size or (final and done < len(rows)):
            end = min(done + state.size, len(rows))
            out.append((*key, *summary(rows[done:end], texts[done:end])))
            done = end
        if out:
            conn.executemany(_INSERT, out)
        state.pending = [rows[done:]] if done < len(rows) else []
        state.pending_errors = texts[done:]


def summary(rows: np.ndarray, errors: list[str]) -> tuple[object, ...]:
    """One window's columns after its key (``seq_first`` ... ``error``) from its requests ``rows``
    (``SAMPLE_DTYPE``, in arrival order) and their error texts."""
    ok = rows["ok"] != 0
    latency_ns = rows["latency_ns"][ok]
    failed = int(len(rows) - ok.sum())
    first_error = next((e for e, good in zip(errors, ok.tolist()) if not good), "")
    stats: tuple[int | None, ...] = (None, None, None, None)
    if len(latency_ns):
        stats = (
            int(latency_ns.min()),
            int(round(float(np.median(latency_ns)))),
            int(latency_ns.max()),
            int(latency_ns.sum()),
        )
    return (
        int(rows["seq"][0]),
        int(rows["seq"][-1]),
        int(rows["start_ns"][0]),
        int(rows["start_ns"][-1]),
        len(rows),
        len(rows) - failed,
        failed,
        *stats,
        first_error,
    )


def warmup_counts(block: int, rows: np.ndarray, into: dict[Key, int]) -> None:
    """Add the warm-up requests of ``rows`` (one staged batch of ``block``) to ``into`` by key."""
    warm = rows[rows["phase"] == PHASE_WARMUP]
    if not len(warm):
        return
    keys, counts = np.unique(
        (warm["treatment"].astype(np.int64) << 32) | warm["repetition"].astype(np.int64), return_counts=True
    )
    for k, n in zip(keys.tolist(), counts.tolist()):
        key = (block, k >> 32, k & 0xFFFFFFFF)
        into[key] = into.get(key, 0) + n


def windowed_count(conn: sqlite3.Connection) -> int:
    """How many warm-up requests the file holds as windows (0 in a file without the table)."""
    try:
        return int(conn.execute("SELECT COALESCE(SUM(requests), 0) FROM warmup_window").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def windows(conn: sqlite3.Connection) -> list[dict[str, object]]:
    """The file's warm-up windows in the order written, one dict of :data:`COLUMNS` each ([] without the table)."""
    try:
        rows = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM warmup_window ORDER BY id").fetchall()
    except sqlite3.OperationalError:
        return []
    return [dict(zip(COLUMNS, r)) for r in rows]
