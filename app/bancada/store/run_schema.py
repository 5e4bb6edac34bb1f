"""The run file's tables (docs in :mod:`bancada.store.runstore`) and the migration of older files.

Schema 1 had no ``treatment.link``, ``treatment.format`` nor ``sample_split``; schema 2 added
them; :func:`migrate` brings a schema-1 file forward without changing a row.
"""

from __future__ import annotations

import sqlite3

from bancada.store import sample_stage, warmup_windows

SCHEMA_VERSION = "2"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS treatment (
  id INTEGER PRIMARY KEY, implementation TEXT NOT NULL, language TEXT NOT NULL,
  protocol TEXT NOT NULL, worker TEXT NOT NULL, operation TEXT NOT NULL,
  workload TEXT NOT NULL, payload_kind TEXT NOT NULL, payload_count INTEGER NOT NULL,
  payload_bytes INTEGER NOT NULL, target TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL DEFAULT '', format TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS block (
  id INTEGER PRIMARY KEY, repetition INTEGER NOT NULL, origin_ns INTEGER, started_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS driver_event (
  id INTEGER PRIMARY KEY, block INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS worker (implementation TEXT PRIMARY KEY, info TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sample (
  id INTEGER PRIMARY KEY, treatment INTEGER NOT NULL, repetition INTEGER NOT NULL,
  seq INTEGER NOT NULL, phase INTEGER NOT NULL, ok INTEGER NOT NULL,
  latency_ns INTEGER NOT NULL, server_ns INTEGER NOT NULL, start_ns INTEGER NOT NULL,
  queue_ns INTEGER NOT NULL DEFAULT 0, block INTEGER NOT NULL DEFAULT 0, error TEXT NOT NULL DEFAULT '');
"""
_SPLIT_TABLE = """
CREATE TABLE IF NOT EXISTS sample_split (
  treatment INTEGER NOT NULL, repetition INTEGER NOT NULL, seq INTEGER NOT NULL,
  client_ser_ns INTEGER NOT NULL, client_deser_ns INTEGER NOT NULL, server_deser_ns INTEGER NOT NULL,
  server_ser_ns INTEGER NOT NULL, request_bytes INTEGER NOT NULL, response_bytes INTEGER NOT NULL,
  PRIMARY KEY (treatment, repetition, seq));
"""
SCHEMA += _SPLIT_TABLE + sample_stage.TABLE + warmup_windows.TABLE
SPLIT_COLUMNS = (
    "client_ser_ns",
    "client_deser_ns",
    "server_deser_ns",
    "server_ser_ns",
    "request_bytes",
    "response_bytes",
)


def migrate(conn: sqlite3.Connection) -> None:
    """Bring a schema-1 run file to schema 2 (columns with defaults, a new table); no row changes.

    A file that cannot be written (read-only) is left as it is: :meth:`RunStore.samples_frame`
    reads it without the new columns.
    """
    cols = {row[1] for row in conn.execute("PRAGMA table_info(treatment)")}
    if not cols or {"link", "format"} <= cols:
        return
    try:
        for name in ("link", "format"):
            if name not in cols:
                conn.execute(f"ALTER TABLE treatment ADD COLUMN {name} TEXT NOT NULL DEFAULT ''")
        conn.executescript(_SPLIT_TABLE)
        conn.commit()
    except sqlite3.OperationalError:
        conn.rollback()
