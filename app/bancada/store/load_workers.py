"""Which load worker sent which sample: the locust driver's table of a run file.

``sample_load_worker(treatment, repetition, seq, worker, host)``, keyed like the sample it names
(one row per sample the locust driver stored: ``worker`` is Locust's worker id, ``host`` the load
host's name). The table is made with its first row, so a run of the other drivers, and every run
file written before it existed, opens as before (no table: no load workers).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any, Protocol

import pandas as pd

from bancada.store.runstore import RunStoreWriteError

TABLE = """
CREATE TABLE IF NOT EXISTS sample_load_worker (
  treatment INTEGER NOT NULL, repetition INTEGER NOT NULL, seq INTEGER NOT NULL,
  worker TEXT NOT NULL, host TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (treatment, repetition, seq));
"""
COLUMNS = ("treatment", "repetition", "seq", "worker", "host")


class RunFile(Protocol):
    """What this module uses of :class:`bancada.store.runstore.RunStore`: its connection and path."""

    conn: sqlite3.Connection
    path: Any


def add_load_worker_samples(store: RunFile, event: Mapping[str, Any]) -> int:
    """Store one ``load_worker_samples`` event of the locust driver: ``worker``, ``host``,
    ``repetition`` and ``keys`` (a flat list ``[treatment, seq, treatment, seq, ...]``); the rows added.

    Committed with the samples (the runner commits after each batch).

    Raises:
        RunStoreWriteError: SQLite refused the rows (e.g. the disk is full).
    """
    keys = list(event.get("keys") or ())
    rep, worker, host = int(event.get("repetition", 0)), str(event.get("worker", "")), str(event.get("host", ""))
    rows = [(keys[i], rep, keys[i + 1], worker, host) for i in range(0, len(keys) - 1, 2)]
    try:
        if not _has_table(store.conn):
            store.conn.execute(TABLE)
        store.conn.executemany("INSERT OR REPLACE INTO sample_load_worker VALUES (?,?,?,?,?)", rows)
    except sqlite3.Error as exc:
        raise RunStoreWriteError(
            f"cannot write the run file {store.path}: {exc}; what was stored before is kept"
        ) from None
    return len(rows)


def _has_table(conn: sqlite3.Connection) -> bool:
    return bool(conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='sample_load_worker'").fetchone())


def load_worker_samples(store: RunFile) -> pd.DataFrame:
    """Every sample with its load worker: the sample table's ``id, treatment, repetition, seq, phase, ok``
    and ``worker``, ``host`` (empty frame, same columns, for a run without load workers)."""
    columns = ["id", "treatment", "repetition", "seq", "phase", "ok", "worker", "host"]
    if not _has_table(store.conn):
        return pd.DataFrame(columns=columns)
    query = (
        "SELECT s.id, s.treatment, s.repetition, s.seq, s.phase, s.ok, w.worker, w.host FROM sample s"
        " JOIN sample_load_worker w USING (treatment, repetition, seq) ORDER BY s.id"
    )
    return pd.DataFrame(store.conn.execute(query).fetchall(), columns=columns)
