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
``warmup`` or ``measure``; ``ok`` is ``true``/``false``; ``server_s`` is empty
when the server sent no Server-Timing.
"""

from __future__ import annotations

from pathlib import Path

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


def _split_columns(raw: pd.DataFrame) -> dict:
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


def tidy_frame(store: RunStore) -> pd.DataFrame:
    """Return the run's samples as the tidy table (a DataFrame with COLUMNS + EXTRA_COLUMNS + SPLIT_COLUMNS)."""
    raw = store.samples_frame()
    run_id = store.meta().get("run_id", store.path.stem)
    df = pd.DataFrame(
        {
            "run_id": run_id,
            "implementation": raw["implementation"],
            "language": raw["language"],
            "protocol": raw["protocol"],
            "operation": raw["operation"],
            "payload": raw["workload"],
            "payload_count": raw["payload_count"],
            "payload_bytes": raw["payload_bytes"],
            "repetition": raw["repetition"],
            "seq": raw["seq"],
            "phase": raw["phase"].map({0: "warmup", 1: "measure"}),
            "latency_s": raw["latency_ns"] / 1e9,
            "server_s": raw["server_ns"].where(raw["server_ns"] >= 0) / 1e9,
            "ok": raw["ok"].astype(bool).map({True: "true", False: "false"}),
            "error": raw["error"],
            "start_s": raw["start_ns"] / 1e9,
            "queue_s": raw["queue_ns"] / 1e9,
            **_split_columns(raw),
        }
    )
    return df[COLUMNS + EXTRA_COLUMNS + SPLIT_COLUMNS]


def write_csv(df: pd.DataFrame, path: str | Path) -> int:
    """Write a tidy frame (from :func:`tidy_frame`) to ``path``; return the number of rows."""
    df.to_csv(path, index=False, float_format="%.9g")
    return len(df)


def export_csv(store: RunStore, path: str | Path) -> int:
    """Write the run's tidy CSV to ``path``; return the number of rows written."""
    return write_csv(tidy_frame(store), path)
