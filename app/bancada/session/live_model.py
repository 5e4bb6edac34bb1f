"""The live model: a bounded buffer the run's reader thread fills and the GUI drains.

The GUI pulls: the run thread calls :meth:`SampleFeed.put` with each
batch of samples; the plots' timer calls :meth:`SampleFeed.take` at a fixed
rate and hands the batches to :meth:`LiveModel.extend`. Nothing here redraws.

The feed is bounded (``capacity`` samples): when the GUI falls that far
behind, :meth:`SampleFeed.put` waits, so memory stays bounded; every sample
is already in the run store before it is put here, so nothing is lost.

Latencies are kept in milliseconds (float64), per treatment, in arrays that
grow by doubling up to :data:`LIVE_KEEP_SAMPLES` values; beyond, the stream is thinned evenly
(every other value kept dropped, so what is kept is every ``stride``-th value of the run, the
stride doubling), so that the window's memory and the time to draw a frame stay bounded over a run
of any length. The boxes are drawn from the values kept (their ``n`` is every measured sample);
the exact figures are the statistics', computed from the run file.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import numpy as np

from bancada.stats.box_stats import BoxStats, tukey_stats

#: The most latencies of one treatment the window keeps for its box, and for its trace (with the
#: arrays' room to grow, at most about 5 MB a treatment; a box of this many takes about 4 ms to
#: compute); beyond, the stream is thinned evenly (:class:`_Thinned`).
LIVE_KEEP_SAMPLES = 100_000

if TYPE_CHECKING:
    from bancada.core.samples import Sample, SampleBlock
    from bancada.session.live_messages import LiveSamples

#: A batch of samples for the live plots: the run process's LiveSamples, a SampleBlock (both with
#: ``rows``, a structured array) or Sample objects.
SampleBatch: TypeAlias = "LiveSamples | SampleBlock | Sequence[Sample]"


class SampleFeed:
    """Thread-safe bounded buffer of sample batches, each stamped with its arrival time."""

    def __init__(self, capacity: int = 2_000_000) -> None:
        self.capacity = capacity
        self._lock = threading.Condition()
        self._batches: list[tuple[float, SampleBatch]] = []
        self._count = 0
        self.closed = False
        self.thinned = 0  # samples the run stored but did not send (thinned to the window's rate)

    def put(self, samples: SampleBatch, timeout_s: float | None = None) -> bool:
        """Add a batch (any thread); wait while the buffer is full. False if it timed out or closed."""
        with self._lock:
            deadline = None if timeout_s is None else time.monotonic() + timeout_s
            while self._count >= self.capacity and not self.closed:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._lock.wait(0.1 if remaining is None else min(remaining, 0.1))
            if self.closed:
                return False
            self._batches.append((time.monotonic(), samples))
            self._count += len(samples)
            return True

    def take(self) -> list[tuple[float, SampleBatch]]:
        """Remove and return every pending ``(arrival_monotonic_s, samples)`` batch."""
        with self._lock:
            out, self._batches, self._count = self._batches, [], 0
            self._lock.notify_all()
            return out

    def close(self) -> None:
        with self._lock:
            self.closed = True
            self._lock.notify_all()

    def __len__(self) -> int:
        with self._lock:
            return self._count


class _Grow:
    """A float64 array that grows by doubling."""

    def __init__(self) -> None:
        self.data = np.empty(256)
        self.n = 0

    def extend(self, values: np.ndarray) -> None:
        need = self.n + values.size
        if need > self.data.size:
            new = np.empty(max(need, 2 * self.data.size))
            new[: self.n] = self.data[: self.n]
            self.data = new
        self.data[self.n : need] = values
        self.n = need

    def view(self) -> np.ndarray:
        return self.data[: self.n]

    def keep_every_other(self) -> None:
        """Keep the values at even positions (0, 2, 4, ...)."""
        kept = self.data[: self.n : 2].copy()
        self.data[: kept.size] = kept
        self.n = kept.size


class _Thinned:
    """Parallel columns of one stream, of which every ``stride``-th value is kept (positions 0,
    stride, 2·stride, ... of the stream), at most ``capacity``: past it the stride doubles and every
    other value kept is dropped. ``seen`` counts the whole stream."""

    def __init__(self, columns: int, capacity: int = LIVE_KEEP_SAMPLES) -> None:
        self.columns = [_Grow() for _ in range(columns)]
        self.capacity = max(2, capacity)
        self.stride = 1
        self.seen = 0

    def extend(self, *values: np.ndarray) -> None:
        """Add the next values of the stream, one array per column (the same length)."""
        first = (-self.seen) % self.stride  # the first of them at a multiple of the stride
        for column, v in zip(self.columns, values, strict=True):
            column.extend(v[first :: self.stride])
        self.seen += values[0].size
        while self.columns[0].n > self.capacity:
            for column in self.columns:
                column.keep_every_other()
            self.stride *= 2

    def view(self, column: int = 0) -> np.ndarray:
        """The values kept of ``column``, in stream order."""
        return self.columns[column].view()

    def extend_kept(self, every: int, seen: int, *values: np.ndarray) -> None:
        """Start an empty stream from values already thinned to every ``every``-th of a stream of ``seen``
        (a long stored run read thinned): they are kept as they are, the stride ``every``."""
        if self.seen:
            raise ValueError("extend_kept starts a stream: this one has values already")
        self.stride = max(1, every)
        for column, v in zip(self.columns, values, strict=True):
            column.extend(v)
        self.seen = seen
        while self.columns[0].n > self.capacity:
            for column in self.columns:
                column.keep_every_other()
            self.stride *= 2


@dataclass
class TreatmentInfo:
    """What the plots need to know about a treatment (from the run's TreatmentRow)."""

    id: int
    implementation: str
    language: str
    protocol: str
    operation: str
    workload: str
    link: str = ""  # the level of the factor link (experiment.links)
    format: str = ""  # a serial treatment's wire format (seed 004)

    def name(self) -> str:
        """``go-rest``, or with a format and a link ``go-rest / avro / cross-region`` (seed 004's treatments)."""
        return " / ".join(x for x in (self.implementation, self.format, self.link) if x)

    def level(self, factor: str) -> str:
        """The treatment's level of a profile factor (``payload`` is the workload's name)."""
        return str({"payload": self.workload}.get(factor, getattr(self, factor, "")))


class TreatmentSeries:
    """The samples of one treatment: measured ok latencies (box) and the whole trace."""

    def __init__(self, info: TreatmentInfo, keep: int = LIVE_KEEP_SAMPLES) -> None:
        self.info = info
        self.measured_ms = _Thinned(1, keep)  # phase = measure and ok
        self.trace = _Thinned(2, keep)  # every ok sample in arrival order: latency (ms), 1.0 where warm-up
        self.errors = 0
        self._box: BoxStats | None = None
        self._box_n = -1

    def box(self) -> BoxStats | None:
        """Tukey box of the measured latencies kept (ms), its ``n`` every measured sample received;
        recomputed only when new samples came."""
        if self._box_n != self.measured_ms.seen:
            box = tukey_stats(self.measured_ms.view())
            self._box = None if box is None else replace(box, n=self.measured_ms.seen)
            self._box_n = self.measured_ms.seen
        return self._box

    def trace_view(self) -> tuple[np.ndarray, np.ndarray, int]:
        """``(latency_ms, warm, stride)`` of the trace kept: the latencies of every ``stride``-th ok
        sample in arrival order, True where it is warm-up."""
        return self.trace.view(0), self.trace.view(1) > 0.5, self.trace.stride


class LiveModel:
    """Per-treatment samples of the run on screen (live or reopened). GUI thread only."""

    def __init__(self) -> None:
        self.series: dict[int, TreatmentSeries] = {}
        self.version = 0  # bumps on every change
        self.dirty: set[int] = set()
        self.total = 0
        self.errors = 0
        self.last_phase = -1  # the phase of the newest sample (0 warm-up, 1 measure; -1 none yet)

    def warming_up(self) -> bool:
        """Whether the newest sample is a warm-up one: the run is in a warm-up phase."""
        return self.last_phase == 0

    def reset(self, treatments: Iterable[Any]) -> None:
        """Start over with these treatments (objects with id, implementation, language, ...)."""
        self.series = {
            t.id: TreatmentSeries(
                TreatmentInfo(
                    t.id,
                    t.implementation,
                    t.language,
                    t.protocol,
                    t.operation,
                    getattr(t, "workload", ""),
                    getattr(t, "link", ""),
                    getattr(t, "format", ""),
                )
            )
            for t in treatments
        }
        self.dirty = set(self.series)
        self.total = self.errors = 0
        self.last_phase = -1
        self.version += 1

    def extend(self, samples: SampleBatch) -> None:
        """Add samples in arrival order: a SampleBlock (its columns), or objects with treatment, phase,
        ok, latency_ns."""
        if not len(samples):
            return
        rows = getattr(samples, "rows", None)
        if rows is not None:
            self.extend_arrays(
                rows["treatment"].astype(np.int64),
                rows["latency_ns"] / 1e6,
                rows["phase"].astype(np.int8),
                rows["ok"].astype(bool),
            )
            return
        objects = cast("Sequence[Sample]", samples)  # a batch with rows returned above: Sample objects are left
        tr = np.fromiter((s.treatment for s in objects), dtype=np.int64, count=len(objects))
        lat = np.fromiter((s.latency_ns for s in objects), dtype=np.float64, count=len(objects)) / 1e6
        phase = np.fromiter((s.phase for s in objects), dtype=np.int8, count=len(objects))
        ok = np.fromiter((s.ok for s in objects), dtype=np.bool_, count=len(objects))
        self.extend_arrays(tr, lat, phase, ok)

    def extend_arrays(self, treatment: np.ndarray, latency_ms: np.ndarray, phase: np.ndarray, ok: np.ndarray) -> None:
        """Add samples given as parallel arrays (latency in ms; phase 0 warm-up, 1 measure)."""
        self.total += treatment.size
        self.errors += int((~ok).sum())
        if phase.size:
            self.last_phase = int(phase[-1])
        for tid in np.unique(treatment):
            series = self.series.get(int(tid))
            if series is None:
                continue
            sel = treatment == tid
            t_ok, t_lat, t_phase = ok[sel], latency_ms[sel], phase[sel]
            series.errors += int((~t_ok).sum())
            series.measured_ms.extend(t_lat[t_ok & (t_phase == 1)])
            series.trace.extend(t_lat[t_ok], (t_phase[t_ok] == 0).astype(float))
            self.dirty.add(int(tid))
        self.version += 1

    def load_thinned(
        self,
        treatment: np.ndarray,
        latency_ms: np.ndarray,
        phase: np.ndarray,
        ok: np.ndarray,
        every: int,
        counts: dict[int, tuple[int, int, int]],
    ) -> None:
        """Draw a stored run from every ``every``-th of its samples (parallel arrays as for
        :meth:`extend_arrays`, after :meth:`reset`); ``counts``: each treatment's ``(measured ok, ok,
        failed)`` samples of the whole run (``RunStore.live_counts``), so the boxes' ``n`` and the
        errors are the run's, and a trace point stands for ``every`` requests."""
        for tid, series in self.series.items():
            sel = treatment == tid
            t_ok, t_lat, t_phase = ok[sel], latency_ms[sel], phase[sel]
            measured_ok, all_ok, failed = counts.get(tid, (0, 0, 0))
            series.errors = failed
            series.measured_ms.extend_kept(every, measured_ok, t_lat[t_ok & (t_phase == 1)])
            series.trace.extend_kept(every, all_ok, t_lat[t_ok], (t_phase[t_ok] == 0).astype(float))
            self.dirty.add(tid)
        self.total = sum(c[1] + c[2] for c in counts.values())
        self.errors = sum(c[2] for c in counts.values())
        if phase.size:
            self.last_phase = int(phase[-1])
        self.version += 1

    def take_dirty(self) -> set[int]:
        out, self.dirty = self.dirty, set()
        return out
