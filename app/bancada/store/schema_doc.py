"""What each table and column of a run file and each column of the tidy sample CSV means.

The tables are read from their ``CREATE TABLE`` statements (:func:`table_columns` creates them in
memory and asks SQLite for their columns), so a column added to a schema without its meaning here
fails ``tests/unit/reference``; ``scripts/gen_reference.py`` writes docs/reference/run-file.md from
both. Times are integer nanoseconds in the run file and float seconds in the CSV.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from bancada.store import cpu_profiles, database_record, load_workers, run_schema, warmup_windows
from bancada.store.tidy_csv import COLUMNS, EXTRA_COLUMNS, SPLIT_COLUMNS

#: table -> (what a row is, {column: meaning}), in the order the reference lists them.
TABLES: dict[str, tuple[str, dict[str, str]]] = {
    "meta": (
        "one row per fact of the run (run_id, created_at, status, profile_toml, host facts, ...)",
        {"key": "the fact's name", "value": "its value (text; JSON for structured facts)"},
    ),
    "treatment": (
        "one row per treatment (an implementation and a workload, with a link and a format when used)",
        {
            "id": "the treatment's number in the plan",
            "implementation": "implementation id, <worker>-<protocol> (e.g. go-grpc)",
            "language": "the worker's language",
            "protocol": "grpc, rest, jsonrpc or graphql",
            "worker": "the worker's name",
            "operation": "the contract's operation (select, echo, ...)",
            "workload": "the workload's name in the profile",
            "payload_kind": "the kind of the payload's values (int64s, strings, ...)",
            "payload_count": "values in one payload",
            "payload_bytes": "bytes of one serialized payload",
            "target": "host:port the driver sent to",
            "link": "the level of the factor link ('' without emulated links)",
            "format": "a serial treatment's wire format ('' otherwise)",
        },
    ),
    "block": (
        "one row per driver block (a treatment's contiguous requests in one repetition)",
        {
            "id": "the block's number",
            "repetition": "the repetition it belongs to (1-based)",
            "origin_ns": "the driver's monotonic clock at the block's start (ns)",
            "started_at": "wall-clock start, ISO 8601 UTC",
        },
    ),
    "driver_event": (
        "the driver's histogram, summary, warning and done events, and the run's own (interrupted, database_restart)",
        {
            "id": "the event's number",
            "block": "the block it came from",
            "kind": "histogram, summary, warning, done, interrupted or database_restart",
            "body": "the event (JSON)",
        },
    ),
    "warmup_window": (
        "one row per window of a long warm-up's middle requests (its first and last requests stay sample rows)",
        {
            "id": "the window's number",
            "block": "the block it came from",
            "treatment": "the treatment's number",
            "repetition": "the repetition (1-based)",
            "seq_first": "the first request's number in the block",
            "seq_last": "the last request's number in the block",
            "start_ns_first": "the first request's start on the driver's clock (ns)",
            "start_ns_last": "the last request's start on the driver's clock (ns)",
            "requests": "requests in the window (ok + failed)",
            "ok": "requests that succeeded",
            "failed": "requests that failed",
            "latency_min_ns": "the least latency of its successful requests (ns; NULL when none succeeded)",
            "latency_median_ns": "the median latency of its successful requests (ns)",
            "latency_max_ns": "the greatest latency of its successful requests (ns)",
            "latency_sum_ns": "the sum of its successful requests' latencies (ns)",
            "error": "the first failed request's error ('' when none failed)",
        },
    ),
    "worker": (
        "one row per implementation: the worker's Info answer",
        {"implementation": "implementation id", "info": "the worker's Info answer (JSON)"},
    ),
    "sample": (
        "one row per request, warm-up and failed ones included",
        {
            "id": "arrival order",
            "treatment": "treatment.id",
            "repetition": "the repetition (1-based)",
            "seq": "the request's number in its treatment and repetition",
            "phase": "0 warm-up, 1 measured",
            "ok": "1 answered without error, 0 failed",
            "latency_ns": "the driver's latency of the request (ns)",
            "server_ns": "the server's own processing time (ns); -1 when it sent none",
            "start_ns": "the (intended) send time on the driver's clock, since the job started (ns)",
            "queue_ns": "actual send - intended send in an open load, else 0 (ns)",
            "block": "block.id",
            "error": "the error of a failed request ('' when ok)",
        },
    ),
    "sample_split": (
        "the split of a serial request (seed 004), keyed like its sample",
        {
            "treatment": "treatment.id",
            "repetition": "the repetition",
            "seq": "the request's seq",
            "client_ser_ns": "the driver's encoding, outside latency_ns (ns)",
            "client_deser_ns": "the driver's decoding, outside latency_ns (ns)",
            "server_deser_ns": "the server's decoding (ns)",
            "server_ser_ns": "the server's encoding (ns)",
            "request_bytes": "the request body (bytes)",
            "response_bytes": "the response body (bytes)",
        },
    ),
    "sample_stage": (
        "the batches of the block in progress as raw columns; made sample rows when it ends",
        {
            "id": "the batch's number",
            "block": "block.id",
            "rows": "the samples as packed columns (bancada.core.samples.SAMPLE_DTYPE)",
            "errors": "the errors of the batch's failed samples (JSON: index -> text)",
        },
    ),
    "cpu_profile": (
        "one row per block and implementation profiled (made with the first profile)",
        {
            "id": "the profile's number",
            "block": "the block's index in the plan",
            "implementation": "implementation id",
            "treatments": "JSON list of the treatment ids the block ran on that implementation",
            "tool": "runtime/pprof, v8-inspector, jfr or py-spy",
            "tool_version": "as the tool gave it ('' when it gives none)",
            "format": "pprof, jfr, folded or cpuprofile",
            "data": "the file as the tool wrote it",
            "folded": "the same as folded stacks ('root;...;leaf count' lines)",
            "duration_s": "wall time the profiler ran (s)",
        },
    ),
    "database_reset": (
        "one row per reset of the experiment's database (seed 001; made with the first reset)",
        {
            "repetition": "the repetition the reset came before",
            "pets_md5": "md5 digest of the pets table after the reset",
            "people_md5": "md5 digest of the people table after the reset",
            "reset_s": "seconds the reset took",
        },
    ),
    "sample_load_worker": (
        "which Locust worker sent each sample of a locust driver run (made with its first row)",
        {
            "treatment": "treatment.id",
            "repetition": "the repetition",
            "seq": "the request's seq",
            "worker": "Locust's worker id",
            "host": "the load host's name ('' on this computer)",
        },
    ),
}

#: tidy CSV column -> meaning, in the CSV's order (bancada.store.tidy_csv).
CSV_COLUMNS: dict[str, str] = {
    "run_id": "the run's id",
    "implementation": "implementation id, <worker>-<protocol>",
    "language": "the worker's language",
    "protocol": "grpc, rest, jsonrpc or graphql",
    "operation": "the contract's operation",
    "payload": "the workload's name",
    "payload_count": "values in one payload",
    "payload_bytes": "bytes of one serialized payload",
    "repetition": "the repetition (1-based)",
    "seq": "the request's number in its treatment and repetition",
    "phase": "warmup or measure",
    "latency_s": "the request's latency (s)",
    "server_s": "the server's processing time (s); empty when it sent none",
    "ok": "true or false",
    "error": "the error of a failed request",
    "start_s": "the (intended) send time since the job started (s)",
    "queue_s": "actual send - intended send in an open load, else 0 (s)",
    "link": "the level of the factor link (empty when not used)",
    "format": "a serial request's wire format (empty when not used)",
    "payload_kind": "a serial request's payload kind (empty otherwise)",
    "client_ser_s": "the driver's encoding, outside latency_s (s; serial requests)",
    "transfer_s": "latency_s - server_s: the network and the HTTP stacks (s; serial requests)",
    "server_deser_s": "the server's decoding (s; serial requests)",
    "server_handle_s": "server_s - deser - ser (s; serial requests)",
    "server_ser_s": "the server's encoding (s; serial requests)",
    "client_deser_s": "the driver's decoding, outside latency_s (s; serial requests)",
    "request_bytes": "the request body (bytes; serial requests)",
    "response_bytes": "the response body (bytes; serial requests)",
}


@dataclass(frozen=True)
class Column:
    """One column of a run-file table as SQLite declares it."""

    name: str
    sql_type: str
    not_null: bool
    default: str | None
    primary_key: bool


def schema_sql() -> str:
    """Every ``CREATE TABLE`` a run file may hold (some are made with their first row)."""
    statements = (
        run_schema.SCHEMA,
        cpu_profiles.TABLE,
        database_record.RESET_TABLE,
        load_workers.TABLE,
        warmup_windows.TABLE,
    )
    return "\n".join(sql.strip().rstrip(";") + ";" for sql in statements)


def table_columns() -> dict[str, list[Column]]:
    """table -> its columns, read by SQLite from :func:`schema_sql` in an in-memory database."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(schema_sql())
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")]
        return {
            name: [
                Column(row[1], row[2], bool(row[3]), row[4], bool(row[5]))
                for row in conn.execute(f"PRAGMA table_info({name})")
            ]
            for name in names
        }
    finally:
        conn.close()


def csv_columns() -> list[str]:
    """The tidy sample CSV's columns, in the order ``bancada export`` writes them."""
    return [*COLUMNS, *EXTRA_COLUMNS, *SPLIT_COLUMNS]
