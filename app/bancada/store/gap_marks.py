"""Samples in flight across a gap of the driver: marked, so that no latency includes the gap.

A driver that did not run for a while (its processes stopped with SIGSTOP, the computer
suspended) reports a ``gap`` event: ``from_ns`` and ``to_ns`` on its samples' ``start_ns``
clock, and ``seconds``. A measured request whose span ``[start_ns, start_ns + latency_ns]``
overlaps a gap of its block did not take that long on the server: it waited for the driver.
:func:`mark_gap_samples` gives such samples the phase :data:`~bancada.core.samples.PHASE_GAP`
(rows kept, latencies untouched), which the analysis leaves out as it leaves out the warm-up.
"""

from __future__ import annotations

import json
import sqlite3

from bancada.core.samples import PHASE_GAP, PHASE_MEASURE


def block_gaps(conn: sqlite3.Connection, block: int) -> list[tuple[int, int, float]]:
    """The gaps the driver reported in ``block``: ``(from_ns, to_ns, seconds)`` each, oldest first."""
    out = []
    for (body,) in conn.execute("SELECT body FROM driver_event WHERE kind = 'gap' AND block = ? ORDER BY id", (block,)):
        event = json.loads(body)
        out.append((int(event["from_ns"]), int(event["to_ns"]), float(event.get("seconds", 0.0))))
    return out


def mark_gap_samples(conn: sqlite3.Connection, block: int) -> int:
    """Give the measured samples of ``block`` that span one of its gaps the phase ``PHASE_GAP``, and
    commit; the number marked (0, and nothing written, in a block without gaps)."""
    marked = 0
    for from_ns, to_ns, _ in block_gaps(conn, block):
        cur = conn.execute(
            "UPDATE sample SET phase = ? WHERE block = ? AND phase = ? AND start_ns < ? AND start_ns + latency_ns > ?",
            (PHASE_GAP, block, PHASE_MEASURE, to_ns, from_ns),
        )
        marked += cur.rowcount
    if marked:
        conn.commit()
    return marked


def gap_sample_count(conn: sqlite3.Connection) -> int:
    """How many samples of the run are marked as spanning a gap."""
    return int(conn.execute("SELECT COUNT(*) FROM sample WHERE phase = ?", (PHASE_GAP,)).fetchone()[0])
