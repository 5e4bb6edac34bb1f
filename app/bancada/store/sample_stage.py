"""Samples kept as raw columns while their block runs, made sample rows when it ends.

Inserting a sample as a row costs the run process about 1.7 µs (numpy to Python tuples, then
SQLite's ``executemany``; 65,000 samples a second take a tenth of a CPU); keeping a batch of
them as one blob of ``SAMPLE_DTYPE`` bytes costs about 0.09 µs a sample. When the workers and
the driver share the computer with the run process, that tenth is taken from the load the
block measures. So, during a block, :func:`stage` keeps each batch in ``sample_stage(id, block,
rows, errors)`` (committed like the samples were, so a crash loses at most the last
``COMMIT_INTERVAL_S``), and :func:`unstage` moves them into the ``sample`` table, in arrival
order, in one transaction, once the block has ended and nothing is measured; the middle of a
long warm-up becomes windows on the way (:mod:`bancada.store.warmup_windows`).

A run file whose writer died mid-block keeps its staged batches; :func:`unstage_leftovers` moves
them the next time the file is opened (a file without the table, or a read-only one, is left as
it is). This module is below :mod:`bancada.store.runstore`: it raises :class:`sqlite3.Error`,
which the store turns into its own write error.
"""

from __future__ import annotations

import json
import sqlite3

import numpy as np

from bancada.core.samples import SAMPLE_DTYPE, SampleBlock
from bancada.store import warmup_windows

TABLE = """
CREATE TABLE IF NOT EXISTS sample_stage (
  id INTEGER PRIMARY KEY, block INTEGER NOT NULL, rows BLOB NOT NULL, errors TEXT NOT NULL DEFAULT '');
"""
#: Staged batches read at once by :func:`unstage` (a batch is about 50 ms of samples).
PARTS_PER_READ = 64

_INSERT_ROWS = (
    "INSERT INTO sample(treatment, repetition, seq, phase, ok, latency_ns, server_ns, start_ns,"
    " queue_ns, error, block) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
)


def stage(conn: sqlite3.Connection, samples: SampleBlock, block: int) -> int:
    """Keep ``samples`` (one batch of block ``block``) as one row of ``sample_stage``, not
    committed; return how many samples it holds.

    Raises:
        sqlite3.Error: SQLite refused the row (e.g. the disk is full).
    """
    if not len(samples):
        return 0
    errors = json.dumps({str(i): text for i, text in samples.errors.items()}) if samples.errors else ""
    conn.execute(
        "INSERT INTO sample_stage(block, rows, errors) VALUES (?, ?, ?)",
        (int(block), samples.rows.astype(SAMPLE_DTYPE, copy=False).tobytes(), errors),
    )
    return len(samples)


def unstage(conn: sqlite3.Connection) -> int:
    """Move every staged batch into the ``sample`` table in arrival order and commit (one
    transaction: a sample is staged or a row, never both); return how many samples moved.

    The middle of a warm-up longer than ``2 × KEPT_RAW`` requests goes to ``warmup_window`` rows
    instead (:mod:`bancada.store.warmup_windows`), counted among the moved.

    Raises:
        sqlite3.Error: SQLite refused the rows; nothing moved (the batches stay staged).
    """
    moved = 0
    last_id = 0
    if conn.in_transaction:  # the writer's last batch, not yet committed: it goes first
        conn.commit()
    try:
        # one write transaction from the first read: a reader that found the writer gone may unstage
        # the same file at once (unstage_leftovers); whoever comes second finds nothing staged
        conn.execute("BEGIN IMMEDIATE")
        thinner = warmup_windows.Thinner(_warmup_counts(conn))
        if thinner:
            conn.execute(warmup_windows.TABLE)  # a file written before the table existed gets it now
        while True:
            parts = conn.execute(
                "SELECT id, block, rows, errors FROM sample_stage WHERE id > ? ORDER BY id LIMIT ?",
                (last_id, PARTS_PER_READ),
            ).fetchall()
            if not parts:
                break
            for part_id, block, raw, errors_json in parts:
                moved += _insert_part(conn, int(block), raw, errors_json, thinner)
                last_id = part_id
        conn.execute("DELETE FROM sample_stage WHERE id <= ?", (last_id,))
        conn.commit()
    except sqlite3.Error:
        conn.rollback()
        raise
    return moved


def _warmup_counts(conn: sqlite3.Connection) -> dict[warmup_windows.Key, int]:
    """The warm-up requests staged, by (block, treatment, repetition): a first pass over the batches."""
    counts: dict[warmup_windows.Key, int] = {}
    last_id = 0
    while True:
        parts = conn.execute(
            "SELECT id, block, rows FROM sample_stage WHERE id > ? ORDER BY id LIMIT ?", (last_id, PARTS_PER_READ)
        ).fetchall()
        if not parts:
            return counts
        for part_id, block, raw in parts:
            warmup_windows.warmup_counts(int(block), np.frombuffer(raw, dtype=SAMPLE_DTYPE), counts)
            last_id = part_id


def _insert_part(
    conn: sqlite3.Connection, block: int, raw: bytes, errors_json: str, thinner: warmup_windows.Thinner
) -> int:
    """Insert one staged batch as sample rows (the middle of a long warm-up as windows); its sample count."""
    array = np.frombuffer(raw, dtype=SAMPLE_DTYPE)
    errors = {int(i): text for i, text in json.loads(errors_json).items()} if errors_json else {}
    if thinner:
        kept = np.flatnonzero(thinner.keep(conn, block, array, errors))
        if len(kept) < len(array):
            errors = {j: errors[i] for j, i in enumerate(kept.tolist()) if i in errors}
            rows = array[kept].tolist()
            conn.executemany(_INSERT_ROWS, [(*r, errors.get(i, ""), block) for i, r in enumerate(rows)])
            return len(array)
    rows = array.tolist()
    conn.executemany(_INSERT_ROWS, [(*r, errors.get(i, ""), block) for i, r in enumerate(rows)])
    return len(array)


def staged_count(conn: sqlite3.Connection) -> int:
    """How many samples are staged (0 without the table: a file written before it existed)."""
    try:
        total_bytes = conn.execute("SELECT COALESCE(SUM(LENGTH(rows)), 0) FROM sample_stage").fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    return int(total_bytes) // SAMPLE_DTYPE.itemsize


def staged_columns(conn: sqlite3.Connection, names: tuple[str, ...]) -> dict[str, np.ndarray]:
    """The staged samples' columns ``names`` (fields of ``SAMPLE_DTYPE``), in arrival order, as int64
    arrays of one length (0 without the table or with nothing staged)."""
    try:
        parts = conn.execute("SELECT rows FROM sample_stage ORDER BY id").fetchall()
    except sqlite3.OperationalError:
        parts = []
    arrays = [np.frombuffer(raw, dtype=SAMPLE_DTYPE) for (raw,) in parts]
    rows = np.concatenate(arrays) if arrays else np.empty(0, SAMPLE_DTYPE)
    return {name: rows[name].astype(np.int64) for name in names}


def staged_phase_counts(conn: sqlite3.Connection) -> dict[int, int]:
    """How many staged samples each phase has (``PHASE_WARMUP``/``PHASE_MEASURE`` -> count); empty
    without the table (a file written before it existed) or with nothing staged."""
    counts: dict[int, int] = {}
    try:
        parts = conn.execute("SELECT rows FROM sample_stage").fetchall()
    except sqlite3.OperationalError:
        return counts
    for (raw,) in parts:
        phases, per_phase = np.unique(np.frombuffer(raw, dtype=SAMPLE_DTYPE)["phase"], return_counts=True)
        for phase, n in zip(phases.tolist(), per_phase.tolist(), strict=True):
            counts[int(phase)] = counts.get(int(phase), 0) + int(n)
    return counts


def unstage_leftovers(conn: sqlite3.Connection) -> int:
    """Move the batches a dead writer left staged (the caller knows the writer is gone); return
    how many samples moved, 0 when there is no table, nothing staged, or the file is read-only."""
    try:
        if conn.execute("SELECT 1 FROM sample_stage LIMIT 1").fetchone() is None:
            return 0
        return unstage(conn)
    except sqlite3.Error:  # no table (a file written before it existed) or a file that cannot be written
        return 0
