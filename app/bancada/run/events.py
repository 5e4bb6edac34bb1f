"""What a run tells its caller: the events of :meth:`bancada.run.runner.Runner.events`
and the errors that end a run.

The CLI prints them and the GUI draws them; both only read these plain
dataclasses, so neither depends on how the runner does its work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bancada.core.errors import RunError
from bancada.core.i18n import translate
from bancada.core.samples import SampleBlock
from bancada.store.runstore import TreatmentRow


class WorkerDied(RunError):
    """A worker exited mid-run. ``implementation`` and ``log_tail`` say which and why."""

    def __init__(self, implementation: str, log_tail: str, code: int | None) -> None:
        self.implementation = implementation
        self.log_tail = log_tail
        super().__init__(
            translate("Runner", "worker {implementation} died mid-run (exit code {code})").format(
                implementation=implementation, code=code
            )
            + (translate("Hosts", "; its last log lines:\n{tail}").format(tail=log_tail) if log_tail else "")
        )


# -- events ------------------------------------------------------------------
@dataclass
class RunStarted:
    run_id: str
    path: Path
    treatments: list[TreatmentRow]
    total_requests: int
    driver: str


@dataclass
class SamplesArrived:
    """Samples as they arrived: a SampleBlock (columns; iterating gives Sample objects)."""

    samples: SampleBlock


@dataclass
class Progress:
    """``total`` is 0 when the run goes by duration (closed/open load with duration_s). ``done``
    counts every request sent, warm-up included; ``measured`` and ``warmup`` count them apart, of
    ``measured_total`` measured requests planned. ``fraction`` is the share of the run's expected
    time gone (:class:`bancada.run.pace.BlockPace`, below 1 until the run ends; None: unknown) and
    ``eta_s`` the seconds left by the same estimate."""

    done: int
    total: int
    errors: int
    samples_per_s: float
    eta_s: float | None
    fraction: float | None = None
    measured: int = 0
    warmup: int = 0
    measured_total: int = 0


@dataclass
class Notice:
    level: str  # info | warning | error
    text: str

    @classmethod
    def info(cls, text: str) -> "Notice":
        return cls("info", text)


@dataclass
class RunFinished:
    status: str  # complete | incomplete | cancelled
    message: str = ""
    path: Path | None = None
    errors_by_kind: dict[str, int] = field(default_factory=dict)


__all__ = ["RunError", "WorkerDied", "RunStarted", "SamplesArrived", "Progress", "Notice", "RunFinished", "RunEvent"]

RunEvent = RunStarted | SamplesArrived | Progress | Notice | RunFinished
