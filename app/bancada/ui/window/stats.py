"""The statistics tab's refresh while a run goes on and after it (a component of :class:`MainWindow`).

A fixed timer (``STATS_INTERVAL_MS``) starts a background computation in the
statistics process (:class:`~bancada.session.stats_job.StatsProcess`) when new
samples arrived and none is running; a long computation spaces the next one
out (at most half the time busy); a result from an older request is dropped.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QTabWidget

from bancada.session.stats_job import StatsProcess
from bancada.analysis.run_statistics import StatsResult

if TYPE_CHECKING:
    from bancada.session.live_model import LiveModel
    from bancada.ui.tables.k6_table_view import K6TableView
    from bancada.ui.plots.split_bars import SplitBarsView
    from bancada.ui.tables.stats_view import StatisticsView
    from bancada.ui.tasks import TaskRunner

STATS_INTERVAL_MS = 1000  # the tables' refresh


class RunAnalysed(Protocol):
    """What the statistics read from the window: the run on screen, its factors, whether it is going on."""

    @property
    def run_path(self) -> Path | None: ...

    @property
    def factors(self) -> list[str]: ...

    def running(self) -> bool: ...


@dataclass
class StatsWidgets:
    """Where a result is shown: the statistics tab, the k6 table, the time split (a tab shown when it has data)."""

    stats_view: StatisticsView
    k6_view: K6TableView
    split_bars: SplitBarsView
    tabs: QTabWidget


class StatsRefresh(QObject):
    """Computes the run's tables in the background and shows them; ``shown(final)`` after each update.

    ``window``: the run on screen; ``views``: where results go; ``model``: the live samples (its ``version``
    says whether new ones arrived); ``tasks``: the window's task runner.
    """

    shown = Signal(bool)

    def __init__(self, window: RunAnalysed, views: StatsWidgets, model: LiveModel, tasks: TaskRunner) -> None:
        super().__init__()
        self.window = window
        self.views = views
        self.model = model
        self.tasks = tasks
        self.process = StatsProcess()
        self.generation = 0  # of the newest request; a result of another is stale
        self.version = -1  # the model's version the newest request saw
        self.final = False  # whether the newest request is the run's last
        self._not_before = 0.0  # long computations space themselves out (at most half the time busy)
        self._started = 0.0
        self.timer = QTimer(self)
        self.timer.setInterval(STATS_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)

    def begin(self) -> None:
        """A new run: older results are stale; the timer starts."""
        self.generation += 1
        self.version = -1
        self.final = False
        self.timer.start()

    def _tick(self) -> None:
        if self.window.run_path is None:
            return
        if self.model.version != self.version and not self.tasks.busy("stats") and time.monotonic() >= self._not_before:
            self.request(final=False)
        if not self.window.running() and not self.tasks.busy("stats") and self.final:
            self.timer.stop()

    def request(self, final: bool) -> None:
        """Compute the tables in the background; a newer request makes older results stale."""
        path = self.window.run_path
        if path is None:
            return
        self.generation += 1
        self.version = self.model.version
        self.final = final
        gen, factors = self.generation, list(self.window.factors)
        self._started = time.monotonic()
        stats = self.process
        running = not final and self.window.running()
        self.tasks.start(
            "stats",
            lambda state: stats.compute(path, factors, gen, running),
            succeeded=partial(self.show_result, final),
            failed=lambda msg, _tb: self.views.stats_view.clear(
                QCoreApplication.translate("MainWindow", "Statistics failed: {m}").format(m=msg)
            ),
        )

    def show_result(self, final: bool, res: StatsResult) -> None:
        """Show ``res`` unless a newer request was made after it (``final``: the run is over)."""
        took = time.monotonic() - self._started
        self._not_before = time.monotonic() + max(0.0, took - STATS_INTERVAL_MS / 1000)
        if res.generation != self.generation:
            return  # stale: a newer request is on its way
        v = self.views
        v.stats_view.show_result(res, final)
        v.k6_view.show_rows(res.k6, running=not final and self.window.running())
        v.split_bars.set_table(res.tables.get("Time split (ms)"))
        v.tabs.setTabVisible(v.tabs.indexOf(v.split_bars), v.split_bars.has_data())
        self.shown.emit(final)

    def close(self) -> None:
        """Stop the timer and the statistics process (the window is closing)."""
        self.timer.stop()
        self.process.close()
