"""The tidy sample CSV of the guide: one row per request.

Columns (exact, in this order): run_id, implementation, language, protocol,
operation, payload, payload_count, payload_bytes, repetition, seq, phase,
latency_s, server_s, ok, error — then the extra columns start_s, queue_s.
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


def tidy_frame(store: RunStore) -> pd.DataFrame:
    """Return the run's samples as the tidy table (a DataFrame with COLUMNS + EXTRA_COLUMNS)."""
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
        }
    )
    return df[COLUMNS + EXTRA_COLUMNS]


def write_csv(df: pd.DataFrame, path: str | Path) -> int:
    """Write a tidy frame (from :func:`tidy_frame`) to ``path``; return the number of rows."""
    df.to_csv(path, index=False, float_format="%.9g")
    return len(df)


def export_csv(store: RunStore, path: str | Path) -> int:
    """Write the run's tidy CSV to ``path``; return the number of rows written."""
    return write_csv(tidy_frame(store), path)
