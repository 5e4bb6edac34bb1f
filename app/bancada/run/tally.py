"""What a run has done so far: its requests, failures by kind, dead workers and interrupted blocks;
the progress it reports after each batch of samples and its outcome at the end."""

from __future__ import annotations

from dataclasses import dataclass, field

from bancada.core.samples import PHASE_MEASURE
from bancada.run.events import Progress, SamplesArrived
from bancada.run.pace import MAX_FRACTION, BlockPace


@dataclass
class RunTally:
    """What a run has done so far: requests, errors by kind, dead workers, interrupted blocks."""

    total: int = 0  # planned requests (0 for a timed load)
    planned_s: float | None = None  # planned seconds of a timed load
    measured_total: int = 0  # planned measured requests (0 for a timed load)
    pace: BlockPace | None = None  # the blocks' expected durations: the share done and the time left
    done: int = 0
    measured: int = 0
    errors: int = 0
    errors_by_kind: dict[str, int] = field(default_factory=dict)
    dead: set[str] = field(default_factory=set)
    interrupted: list[int] = field(default_factory=list)

    def count(self, event: SamplesArrived, elapsed_s: float, now_s: float | None = None) -> Progress:
        """Count ``event``'s samples and failures; return the progress (rate in samples/s, ETA in s) at
        ``now_s`` (monotonic seconds, for :attr:`pace`), ``elapsed_s`` seconds into the run."""
        self.done += len(event.samples)
        self.measured += int((event.samples.rows["phase"] == PHASE_MEASURE).sum())
        for text in event.samples.failed():
            self.errors += 1
            kind = text.split(":", 1)[0]
            self.errors_by_kind[kind] = self.errors_by_kind.get(kind, 0) + 1
        return self.progress(elapsed_s, now_s)

    def progress(self, elapsed_s: float, now_s: float | None = None) -> Progress:
        """The progress so far: by the planned time of a timed load, by the blocks' pace when
        :attr:`pace` is set, else by the requests."""
        rate = self.done / elapsed_s if elapsed_s > 0 else 0.0
        eta: float | None
        fraction: float | None = None
        if self.planned_s is not None:
            eta = max(self.planned_s - elapsed_s, 0.0)
            fraction = min(elapsed_s / self.planned_s, MAX_FRACTION) if self.planned_s > 0 else None
        elif self.pace is not None and now_s is not None:
            self.total = max(self.total, self.done) if self.total else 0
            fraction, eta = self.pace.estimate(elapsed_s, now_s)
        else:  # a steady-state warm-up (warmup_until) may send more than planned: never past 100 %
            self.total = max(self.total, self.done) if self.total else 0
            eta = (self.total - self.done) / rate if rate > 0 else None
        return Progress(
            self.done,
            self.total,
            self.errors,
            rate,
            eta,
            fraction,
            self.measured,
            self.done - self.measured,
            self.measured_total,
        )

    def outcome(self, cancelled: bool, stop_reason: str, host_name: str) -> tuple[str, str]:
        """The run's status and message once its blocks are done: ``cancelled`` by the user, stopped
        after a block for ``stop_reason`` (""), workers dead, blocks cut by a dropped ``host_name``."""
        if cancelled:
            return "cancelled", "stopped by the user"
        if stop_reason:
            return "incomplete", stop_reason
        if self.dead:
            return "incomplete", f"worker(s) died: {', '.join(sorted(self.dead))}"
        if self.interrupted:
            return "incomplete", (
                f"the connection to {host_name} dropped during block(s) "
                f"{', '.join(map(str, self.interrupted))}; they are partial"
            )
        return "complete", ""
