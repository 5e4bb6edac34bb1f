"""How long the main run will take, from the pilot's pace (Qt-free; the guide shows it).

The pilot's wall time splits in two: the time its blocks spent on requests (each
block from its first request's start to its last request's end, read from the
run file's samples) and the rest (starting the workers, setting each block up),
counted per repetition. The main run has the same treatments, so its time is
``r × (set-up per repetition) + treatments × r × (n + warm-up) × (time per request)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bancada.i18n import number, translate


@dataclass(frozen=True)
class Pace:
    """The pilot's pace: ``per_request_s`` seconds per request inside the blocks (warm-up included),
    ``per_repetition_s`` seconds of set-up per repetition (the wall time the requests did not take)."""

    per_request_s: float
    per_repetition_s: float

    def requests_per_s(self) -> float:
        return 1.0 / self.per_request_s if self.per_request_s > 0 else math.inf


def pilot_pace(
    block: npt.ArrayLike, start_ns: npt.ArrayLike, latency_ns: npt.ArrayLike, wall_s: float | None, repetitions: int
) -> Pace | None:
    """The :class:`Pace` of a finished pilot from its samples' ``block``, ``start_ns`` and ``latency_ns``
    (one entry per request, warm-up included; times in ns from each block's origin) and its wall time
    ``wall_s`` (None: unknown, no set-up counted). None when there are no samples."""
    b = np.asarray(block)
    if b.size == 0:
        return None
    start = np.asarray(start_ns, dtype=np.int64)
    end = start + np.asarray(latency_ns, dtype=np.int64)
    busy_ns = 0
    for k in np.unique(b):
        here = b == k
        busy_ns += int(end[here].max() - start[here].min())
    busy_s = busy_ns / 1e9
    setup_s = max(0.0, (wall_s or 0.0) - busy_s)
    return Pace(per_request_s=busy_s / b.size, per_repetition_s=setup_s / max(1, repetitions))


def main_run_s(pace: Pace, treatments: int, repetitions: int, requests: int, warmup: int) -> float:
    """Seconds the main run will take at ``pace``: ``requests`` measured and ``warmup`` warm-up requests per
    treatment and repetition, ``treatments`` treatments, ``repetitions`` repetitions."""
    total = treatments * repetitions * (requests + warmup)
    return repetitions * pace.per_repetition_s + total * pace.per_request_s


def duration_text(seconds: float) -> str:
    """``about 40 s``, ``about 5 min``, ``about 1 h 20 min`` in the current language."""
    s = max(1, round(seconds))
    if s < 90:
        return translate("Wizard", "about {s} s").format(s=s)
    minutes = round(s / 60)
    if minutes < 60:
        return translate("Wizard", "about {m} min").format(m=minutes)
    return translate("Wizard", "about {h} h {m} min").format(h=minutes // 60, m=minutes % 60)


def estimate_sentence(pace: Pace, treatments: int, repetitions: int, requests: int, warmup: int) -> str:
    """The estimate in one sentence with the numbers it comes from."""
    total = treatments * repetitions * (requests + warmup)
    return translate(
        "Wizard",
        "At the pilot's pace ({rate} requests per second, plus {setup} s to set up each repetition), the main run's "
        "{t} treatments × {r} repetitions × ({n} + {w} warm-up) requests = {total} requests take {d}.",
    ).format(
        rate=number(pace.requests_per_s(), 0),
        setup=number(pace.per_repetition_s, 1),
        t=treatments,
        r=repetitions,
        n=number(requests, 0),
        w=number(warmup, 0),
        total=number(total, 0),
        d=duration_text(main_run_s(pace, treatments, repetitions, requests, warmup)),
    )
