"""The network's share of a latency difference: server time vs transit + client.

Each sample carries the latency the driver measured (``latency_s``) and the
time the server reports for its own decode + handler (``server_s``, the W3C
``Server-Timing`` value, measured on the server's clock as a duration; the
so no timestamps of two hosts are ever subtracted).  The rest,
``latency_s - server_s`` of the same request, is transit (network, kernel,
framing) plus the client's own work.

Per treatment the table gives the median of each part in each run and the
difference of those medians.  Medians are not additive, so the two
differences need not add up exactly to the latency's (the table shows all
three); with the small spreads of a loopback or LAN run they nearly do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

if TYPE_CHECKING:
    from bancada.stats.side import Side


def _parts(df: pd.DataFrame) -> tuple[int, float, float, float] | None:
    """(n, median latency, median server, median transit+client) in s over rows with a server time."""
    if "server_s" not in df.columns:
        return None
    server = pd.to_numeric(df["server_s"], errors="coerce").to_numpy(dtype=float)
    latency = df["latency_s"].to_numpy(dtype=float)
    ok = np.isfinite(server) & (server >= 0)
    if not ok.any():
        return None
    lat, srv = latency[ok], server[ok]
    return int(ok.sum()), float(np.median(lat)), float(np.median(srv)), float(np.median(lat - srv))


def split_rows(base: Side, other: Side, treatments: Sequence[str]) -> list[dict[str, Any]]:
    """One row per treatment of ``treatments`` (keys of both sides' ``treatments``)
    with the medians in ms (``*_ms``) of latency, server time and transit + client
    in each run and their differences (other - baseline).  A treatment whose
    samples carry no server time in one of the runs has ``"server_time": false``
    and only the latency columns."""
    rows = []
    for key in treatments:
        a, b = base.treatments[key], other.treatments[key]
        pa, pb = _parts(a), _parts(b)
        impl, payload = key.split("/", 1)
        row: dict[str, Any] = {"implementation": impl, "payload": payload, "treatment": key}
        if pa is None or pb is None:
            la, lb = float(a["latency_s"].median()), float(b["latency_s"].median())
            row.update(
                {
                    "server_time": False,
                    "latency_baseline_ms": la * 1e3,
                    "latency_other_ms": lb * 1e3,
                    "latency_change_ms": (lb - la) * 1e3,
                }
            )
        else:
            row.update({"server_time": True, "n_baseline": pa[0], "n_other": pb[0]})
            for i, part in enumerate(("latency", "server", "transit_client"), start=1):
                row[f"{part}_baseline_ms"] = pa[i] * 1e3
                row[f"{part}_other_ms"] = pb[i] * 1e3
                row[f"{part}_change_ms"] = (pb[i] - pa[i]) * 1e3
        rows.append(row)
    return rows
