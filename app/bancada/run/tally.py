"""What a run has done so far: its requests, failures by kind, dead workers and interrupted blocks;
the progress it reports after each batch of samples and its outcome at the end."""

from __future__ import annotations

from dataclasses import dataclass, field

from bancada.run.events import Progress, SamplesArrived


@dataclass
class RunTally:
    """What a run has done so far: requests, errors by kind, dead workers, interrupted blocks."""

    total: int = 0  # planned requests (0 for a timed load)
    planned_s: float | None = None  # planned seconds of a timed load
    done: int = 0
    errors: int = 0
    errors_by_kind: dict[str, int] = field(default_factory=dict)
    dead: set[str] = field(default_factory=set)
    interrupted: list[int] = field(default_factory=list)

    def count(self, event: SamplesArrived, elapsed_s: float) -> Progress:
        """Count ``event``'s samples and failures; return the progress (rate in samples/s, ETA in s)."""
        self.done += len(event.samples)
        for text in event.samples.failed():
            self.errors += 1
            kind = text.split(":", 1)[0]
            self.errors_by_kind[kind] = self.errors_by_kind.get(kind, 0) + 1
        rate = self.done / elapsed_s if elapsed_s > 0 else 0.0
        eta: float | None
        if self.planned_s is not None:
            eta = max(self.planned_s - elapsed_s, 0.0)
        else:  # a steady-state warm-up (warmup_until) may send more than planned: never past 100 %
            self.total = max(self.total, self.done) if self.total else 0
            eta = (self.total - self.done) / rate if rate > 0 else None
        return Progress(self.done, self.total, self.errors, rate, eta)

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
