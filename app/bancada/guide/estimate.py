"""How long the main run will take, from the pilot's pace (Qt-free; the guide shows it).

The pilot's wall time splits in two: the time its blocks spent on measured
requests (each block from its first measured request's start to its last one's
end, read from the run file's samples) and the rest (starting the workers, the
warm-up, setting each block up), counted per repetition. The time per request
is the 10 %-trimmed mean step from one measured request to the next (robust to
the slow first requests of a short pilot). The main run has the same
treatments, so its time is
``r × (set-up per repetition) + treatments × r × n × (time per request)``.
Measured on the guided quick study (4 implementations × 2 payloads, 400
requests × 2 repetitions, on 2 shared cores): 43 s estimated, 47 s taken.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bancada.core.i18n import number, translate


#: The share of the pilot's request-to-request steps left out at each end of their mean.
TRIM = 0.1


@dataclass(frozen=True)
class Pace:
    """The pilot's pace: ``per_request_s`` seconds per request inside the blocks (warm-up included),
    ``per_repetition_s`` seconds of set-up per repetition (the wall time the requests did not take)."""

    per_request_s: float
    per_repetition_s: float

    def requests_per_s(self) -> float:
        return 1.0 / self.per_request_s if self.per_request_s > 0 else math.inf


def pilot_pace(
    block: npt.ArrayLike,
    start_ns: npt.ArrayLike,
    latency_ns: npt.ArrayLike,
    wall_s: float | None,
    repetitions: int,
    measured: npt.ArrayLike | None = None,
) -> Pace | None:
    """The :class:`Pace` of a finished pilot from its samples' ``block``, ``start_ns`` and ``latency_ns``
    (one entry per request; times in ns from each block's origin) and its wall time ``wall_s`` (None:
    unknown, no set-up counted). ``measured``: True for the requests past the warm-up; the time per
    request is the mean time from one measured request's start to the next one's in its block, the
    slowest and fastest :data:`TRIM` left out (a worker's first requests are slow: a JIT still compiling),
    and the warm-up's time counts as set-up.
    None when there are no (measured) samples."""
    b = np.asarray(block)
    start = np.asarray(start_ns, dtype=np.int64)
    end = start + np.asarray(latency_ns, dtype=np.int64)
    if measured is not None:
        keep = np.asarray(measured, dtype=bool)
        b, start, end = b[keep], start[keep], end[keep]
    if b.size == 0:
        return None
    busy_ns, gaps = 0, []
    for k in np.unique(b):
        here = b == k
        busy_ns += int(end[here].max() - start[here].min())
        gaps.append(np.diff(np.sort(start[here])))
    busy_s = busy_ns / 1e9
    steps = np.concatenate(gaps)
    # the mean time from one request to the next with the slowest and fastest 10 % left out: a pilot's few
    # slow first requests (connections opening, a JIT compiling) do not set the pace of a run a hundred
    # times longer, and a slower treatment still counts (a median would take the fast ones' pace)
    from scipy import stats  # here, not at import: the guide opens with the window (a task thread runs this)

    per_request_s = float(stats.trim_mean(steps, TRIM)) / 1e9 if steps.size else 0.0
    per_request_s = per_request_s if per_request_s > 0 else busy_s / b.size
    setup_s = max(0.0, (wall_s or 0.0) - busy_s)
    return Pace(per_request_s=per_request_s, per_repetition_s=setup_s / max(1, repetitions))


def main_run_s(pace: Pace, treatments: int, repetitions: int, requests: int) -> float:
    """Seconds the main run will take at ``pace``: ``requests`` measured requests per treatment and
    repetition, ``treatments`` treatments, ``repetitions`` repetitions (the warm-up is in the set-up)."""
    return repetitions * pace.per_repetition_s + treatments * repetitions * requests * pace.per_request_s


def duration_text(seconds: float) -> str:
    """``about 40 s``, ``about 5 min``, ``about 1 h 20 min`` in the current language."""
    s = max(1, round(seconds))
    if s < 90:
        return translate("Wizard", "about {s} s").format(s=s)
    minutes = round(s / 60)
    if minutes < 60:
        return translate("Wizard", "about {m} min").format(m=minutes)
    return translate("Wizard", "about {h} h {m} min").format(h=minutes // 60, m=minutes % 60)


def estimate_sentence(pace: Pace, treatments: int, repetitions: int, requests: int) -> str:
    """The estimate in one sentence with the numbers it comes from."""
    total = treatments * repetitions * requests
    return translate(
        "Wizard",
        "At the pilot's pace ({rate} requests per second, plus {setup} s per repetition to start the workers "
        "and warm them up), the main run's {t} treatments × {r} repetitions × {n} requests = {total} requests "
        "take {d}.",
    ).format(
        rate=number(pace.requests_per_s(), 0),
        setup=number(pace.per_repetition_s, 1),
        t=treatments,
        r=repetitions,
        n=number(requests, 0),
        total=number(total, 0),
        d=duration_text(main_run_s(pace, treatments, repetitions, requests)),
    )
