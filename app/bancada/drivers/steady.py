"""The steady-state warm-up criterion, as the Python driver applies it.

The same rule as the native driver's (drivers/native/internal/job/steady.go):
a treatment's warm-up is judged in windows of ``window`` successful requests,
each window's value its median latency; it is steady when the coefficient of
variation (sample standard deviation, n − 1, over the mean) of the last
``windows`` window medians is at most ``cov_pct`` percent (Georges, Buytaert,
Eeckhout, "Statistically rigorous Java performance evaluation", OOPSLA 2007,
section 4.2) and the median of those medians moved by at most ``cov_pct``
percent from that of the ``windows`` before (a JIT compiling tier after tier
improves slowly enough to pass the CoV alone). A window of slow requests
closes early, once it holds ``min_window`` requests whose latencies add up to
``window_latency_s`` seconds (0 or absent: never). bancada.experiment.steady
holds the profile's side.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Any


def drift_pct(values: list[float], k: int) -> float | None:
    """How far the median of the last ``k`` values moved from the median of the ``k`` before, in
    percent of the latter; None with fewer than ``2k``, +inf when that median is not positive."""
    if k < 1 or len(values) < 2 * k:
        return None
    before = statistics.median(values[-2 * k : -k])
    if before <= 0:
        return math.inf
    return 100.0 * abs(statistics.median(values[-k:]) - before) / before


def cov_pct(values: list[float], k: int) -> float | None:
    """The CoV of the last ``k`` values in percent, or None with fewer than ``k`` (``k`` ≥ 2);
    +inf when their mean is not positive."""
    if k < 2 or len(values) < k:
        return None
    last = values[-k:]
    mean = sum(last) / k
    if mean <= 0:
        return math.inf
    return 100.0 * statistics.stdev(last) / mean


@dataclass
class SteadyWatch:
    """One treatment's warm-up: feed each request (:meth:`add`), then ask :meth:`steady`.

    ``spec`` is the job's ``warmup_until`` object (window, windows, cov_pct, max_requests, max_s,
    and optionally window_latency_s and min_window).
    """

    spec: dict[str, Any]
    medians: list[float] = field(default_factory=list)  # ns, one per finished window
    _window: list[int] = field(default_factory=list)
    _sum_ns: int = 0  # the open window's latencies summed

    def add(self, latency_ns: int, ok: bool) -> None:
        """Count one warm-up request (a failed one fills no window)."""
        if not ok:
            return
        self._window.append(latency_ns)
        self._sum_ns += latency_ns
        early_s = float(self.spec.get("window_latency_s") or 0.0)
        if len(self._window) >= int(self.spec["window"]) or (
            early_s > 0 and len(self._window) >= int(self.spec.get("min_window", 1)) and self._sum_ns >= early_s * 1e9
        ):
            self.medians.append(float(statistics.median(self._window)))
            self._window.clear()
            self._sum_ns = 0

    def cov(self) -> float | None:
        """The CoV (percent) of the last ``windows`` medians, None before there are that many."""
        return cov_pct(self.medians, int(self.spec["windows"]))

    def drift(self) -> float | None:
        """How far (percent) the median of the last ``windows`` medians moved from that of the
        ``windows`` before; None before there are twice that many."""
        return drift_pct(self.medians, int(self.spec["windows"]))

    def steady(self) -> bool:
        """The last ``windows`` medians vary by at most ``cov_pct`` (CoV) and their median moved by at
        most ``cov_pct`` from that of the ``windows`` before (a slow trend passes the CoV alone)."""
        c, d, limit = self.cov(), self.drift(), float(self.spec["cov_pct"])
        return c is not None and d is not None and c <= limit and d <= limit


class SteadyBlock:
    """The steady-state warm-up of one block whose treatments take turns request by request: it
    ends for all at once, when each is steady and the block's ``warmup`` rounds are done, or at a
    cap (``max_requests`` rounds or ``max_s`` seconds)."""

    def __init__(self, spec: dict[str, Any], treatments: list[int], min_rounds: int) -> None:
        self.spec = spec
        self.watches = {t: SteadyWatch(spec) for t in treatments}
        self.min_rounds = min_rounds
        self.begin = time.monotonic()

    def end(self, rounds: int) -> str:
        """Why the warm-up ends after ``rounds`` rounds: steady, max_requests, max_s; "" while it goes on."""
        if rounds >= self.min_rounds and all(w.steady() for w in self.watches.values()):
            return "steady"
        if rounds >= int(self.spec["max_requests"]):
            return "max_requests"
        if time.monotonic() - self.begin >= float(self.spec["max_s"]):
            return "max_s"
        return ""

    def events(self, repetition: int, rounds: int, reason: str) -> list[dict[str, Any]]:
        """The ``warmup_end`` event of each treatment (docs/driver-protocol.md)."""
        out = []
        elapsed_ns = int((time.monotonic() - self.begin) * 1e9)
        k = int(self.spec["windows"])
        for t, w in self.watches.items():
            event: dict[str, Any] = {
                "event": "warmup_end",
                "treatment": t,
                "repetition": repetition,
                "warmup_requests": rounds,
                "steady": reason == "steady",
                "reason": reason,
                "windows": len(w.medians),
                "elapsed_ns": elapsed_ns,
                "window_medians_ns": [int(m) for m in w.medians[-k:]],
            }
            c, d = w.cov(), w.drift()
            if c is not None and math.isfinite(c):
                event["cov_pct"] = c
            if d is not None and math.isfinite(d):
                event["drift_pct"] = d
            out.append(event)
        return out
