"""The run file's CPU profiles: one row per (block, implementation) profiled while the block ran.

Table ``cpu_profile`` (made on the first write, so run files from before it open as they are and
read as having no profiles)::

    id             INTEGER PRIMARY KEY
    block          INTEGER   the block's index (the plan's)
    implementation TEXT      e.g. "go-rest"
    treatments     TEXT      JSON list of the treatment ids the block ran on that implementation
    tool           TEXT      runtime/pprof, v8-inspector, jfr, py-spy
    tool_version   TEXT      as the tool gave it ("" when it gives none: the worker's build is in `worker`)
    format         TEXT      pprof, jfr, folded, cpuprofile (bancada.hosts.folded)
    data           BLOB      the file as the tool wrote it
    folded         TEXT      the same as folded stacks ("root;...;leaf count" lines)
    duration_s     REAL      wall time the profiler ran, seconds
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bancada.store.runstore import RunStore, _writes

TABLE = """
CREATE TABLE IF NOT EXISTS cpu_profile (
  id INTEGER PRIMARY KEY, block INTEGER NOT NULL, implementation TEXT NOT NULL, treatments TEXT NOT NULL,
  tool TEXT NOT NULL, tool_version TEXT NOT NULL, format TEXT NOT NULL, data BLOB NOT NULL,
  folded TEXT NOT NULL, duration_s REAL NOT NULL)
"""


@dataclass(frozen=True)
class StoredCpuProfile:
    """One row of ``cpu_profile`` (see the module's docstring for the fields)."""

    block: int
    implementation: str
    treatments: tuple[int, ...]
    tool: str
    tool_version: str
    format: str
    data: bytes
    folded: str
    duration_s: float


@_writes
def add_cpu_profile(store: RunStore, row: StoredCpuProfile) -> None:
    """Store one profile (committed at once: a profile is written between blocks).

    Raises:
        bancada.store.runstore.RunStoreWriteError: the file cannot be written.
    """
    store.conn.execute(TABLE)
    store.conn.execute(
        "INSERT INTO cpu_profile (block, implementation, treatments, tool, tool_version, format, data, folded,"
        " duration_s) VALUES (?,?,?,?,?,?,?,?,?)",
        (
            row.block,
            row.implementation,
            json.dumps(list(row.treatments)),
            row.tool,
            row.tool_version,
            row.format,
            row.data,
            row.folded,
            row.duration_s,
        ),
    )
    store.commit()


def cpu_profiles(store: RunStore) -> list[StoredCpuProfile]:
    """Every stored profile in block order; [] for a run without any (or from before profiles)."""
    if not store._has("cpu_profile"):
        return []
    rows = store.conn.execute(
        "SELECT block, implementation, treatments, tool, tool_version, format, data, folded, duration_s"
        " FROM cpu_profile ORDER BY block, implementation"
    ).fetchall()
    return [
        StoredCpuProfile(b, impl, tuple(json.loads(t)), tool, ver, fmt, bytes(data), folded, float(dur))
        for b, impl, t, tool, ver, fmt, data, folded, dur in rows
    ]


def folded_by_treatment(store: RunStore) -> dict[int, dict[str, int]]:
    """Treatment id -> its folded stacks summed over the blocks (samples per stack)."""
    out: dict[int, dict[str, int]] = {}
    for row in cpu_profiles(store):
        for tid in row.treatments:
            stacks = out.setdefault(tid, {})
            for line in row.folded.splitlines():
                stack, _, count = line.rpartition(" ")
                if stack and count.isdigit():
                    stacks[stack] = stacks.get(stack, 0) + int(count)
    return out
