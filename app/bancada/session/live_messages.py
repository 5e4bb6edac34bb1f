"""The typed messages between the run process and the window (:mod:`bancada.session.run_process`).

Window -> run process: a :class:`RunRequest` when the process starts (on its standard input),
then :class:`Command` values (stop, pause, resume, keep) over the connection to its socket.

Run process -> window: first one :class:`RunAttached` (what a window coming to the run needs
to show it), then the run's rare events as they are
(:class:`~bancada.run.events.RunStarted`, :class:`~bancada.run.events.Notice`,
:class:`~bancada.run.events.Progress`, :class:`~bancada.run.events.RunFinished`),
the samples as :class:`LiveSamples` (the four columns the live plots draw, at
most :data:`LIVE_MAX_SAMPLES_PER_S` a second: beyond that rate they are thinned
evenly, every sample being in the run store already) and, when the run could
not go on, one :class:`RunCrashed`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bancada.experiment.profile import Profile

if TYPE_CHECKING:
    from bancada.run.events import Progress, RunStarted

#: The columns the live plots need (a subset of bancada.drivers.sample_block.SAMPLE_DTYPE, same types).
LIVE_FIELDS = ("treatment", "phase", "ok", "latency_ns")
#: Samples a second sent to the window at most: the live view's measured comfortable rate
#: (tests/bench/gui_frame_rate.py: 20,000 samples/s keep the frame interval's p99 under 100 ms).
LIVE_MAX_SAMPLES_PER_S = 20_000


@dataclass(frozen=True)
class RunRequest:
    """What the window asks the run process to run (every field is pickled to the child).

    ``host_name``: ``local`` or a saved SSH host; ``on_worker_death`` and
    ``on_disconnect``: as :class:`bancada.run.runner.Runner` takes them; ``language``: the
    window's (``pt_BR``, ``en``), so the run's notices come in it ("" keeps the default).
    """

    profile: Profile
    host_name: str = "local"
    on_worker_death: str = "stop"
    on_disconnect: str = "incomplete"
    language: str = ""


class Command(enum.Enum):
    """What the window tells a running run process."""

    STOP = "stop"  # Runner.cancel: stop now, the run is kept, marked cancelled
    PAUSE = "pause"  # before the next block
    RESUME = "resume"
    KEEP = "keep"  # the run goes on when its window goes away (otherwise: stop after the block)


@dataclass
class RunAttached:
    """The first message to a window that connects to a run process (the one that started it, or
    one reattaching later).

    ``profile``: the run's; ``started``: the run's :class:`~bancada.run.events.RunStarted` (None: not yet started, its
    workers are starting); ``started_at_s``: when the run process started (``time.time()``, s since
    the epoch); ``progress``: the newest :class:`~bancada.run.events.Progress` (None: none yet);
    ``paused``: the window asked to pause; ``kept``: a window chose to keep the run going without
    it; ``pid``: the run process's.
    """

    profile: Profile
    started: RunStarted | None
    started_at_s: float
    progress: Progress | None
    paused: bool
    kept: bool
    pid: int


@dataclass
class LiveSamples:
    """Samples for the live plots: ``rows`` is a structured array with the :data:`LIVE_FIELDS` columns
    (``latency_ns`` in integer nanoseconds); ``received`` is how many samples the run stored in
    the same span (>= ``len(rows)``; larger when they were thinned to the window's rate)."""

    rows: np.ndarray
    received: int

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def thinned(self) -> int:
        """How many of the ``received`` samples are not in ``rows``."""
        return self.received - len(self.rows)


@dataclass
class RunCrashed:
    """The run process could not go on (an error before or outside the run's own handling).

    ``message`` is one line in Bancada's words; ``detail`` the traceback, for the log."""

    message: str
    detail: str = ""


def thin(rows: np.ndarray, keep: int) -> np.ndarray:
    """At most ``keep`` of ``rows``, evenly spaced in arrival order (every ``len/keep``-th row).

    Spacing evenly keeps each treatment's share and the warm-up/measure mix of the
    span; a box drawn from them estimates the quartiles of the stored samples.
    """
    n = len(rows)
    if n <= keep:
        return rows
    if keep <= 0:
        return rows[:0]
    return rows[(np.arange(keep, dtype=np.int64) * n) // keep]
