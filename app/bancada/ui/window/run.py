"""The run the window shows, live or stored (a component of :class:`MainWindow`).

Starting a run gives the run process (:func:`bancada.ui.window.run_job.run_experiment`, the ``"run"``
task of the window's :class:`~bancada.ui.tasks.TaskRunner`) a fresh bounded
:class:`~bancada.session.live_model.SampleFeed`, a :class:`~bancada.ui.window.run_job.RunControl` (pause,
stop) and a :class:`~bancada.ui.window.run_job.LatestProgress`; its rare events (started, notices, finished)
come back as the task's partial results. The plot timer (``PLOT_INTERVAL_MS``) drains the feed into
the live model, redraws what changed and shows the newest progress. A run that ended early, or whose
samples were thinned on their way, is redrawn from its run file before it is called finished. A
stored run (a run file or a tidy CSV) is read on the ``"load"`` task and drawn whole.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QDateTime, QLocale, QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QTabWidget

from bancada.core.ring import FloatRing
from bancada.experiment.profile import Profile, ProfileError, parse_profile
from bancada.session import run_process
from bancada.session.live_model import LiveModel, SampleFeed
from bancada.ui.dialogs import file_dialogs
from bancada.ui.window import run_job
from bancada.experiment.profile_check import legacy_schedule_note
from bancada.ui.settings import add_recent

if TYPE_CHECKING:
    from bancada.run.events import Progress, RunFinished
    from bancada.ui.classroom.classroom_mode import ClassroomMode
    from bancada.ui.tables.k6_table_view import K6TableView
    from bancada.ui.plots.live_view import LiveView
    from bancada.ui.window.panel import ExperimentPanel
    from bancada.ui.window.run_status import RunStatus
    from bancada.ui.plots.split_bars import SplitBarsView
    from bancada.ui.tables.stats_view import StatisticsView
    from bancada.ui.tasks import TaskRunner
    from bancada.ui.window.actions import WindowActions
    from bancada.ui.window.stats import StatsRefresh

# The runner's closing message when an SSH host dropped and the run reconnected (bancada.run.tally).
DROPPED_BLOCKS = re.compile(
    r"the connection to (?P<host>.+) dropped during block\(s\) (?P<blocks>[\d, ]+); they are partial"
)
PLOT_INTERVAL_MS = 90  # about 11 Hz: the boxes' fixed refresh ("about 10 Hz"; faster perturbs the measurement)
CSV_FACTORS = ("language", "protocol", "operation")  # a tidy CSV opened as a run: those with 2+ levels are analysed


class RunWindow(Protocol):
    """What a run asks of the window beyond its widgets: a message box for an error, and closing it."""

    def show_error(self, title: str, text: str) -> QMessageBox: ...

    def close(self) -> bool: ...


@dataclass
class RunWidgets:
    """Where a run is set up and shown: the experiment panel, the live view, the statistics tab, the k6
    table, the time split and the tabs holding them, the status bar, the menus (Pause, the plot exports)."""

    panel: ExperimentPanel
    live: LiveView
    stats_view: StatisticsView
    k6_view: K6TableView
    split_bars: SplitBarsView
    tabs: QTabWidget
    status: RunStatus
    menus: WindowActions


class WindowRun(QObject):
    """Starts, pauses and stops the window's run, draws it while it goes on, and opens stored runs.

    ``path``: the run file shown (None: none); ``factors``: the factors its statistics are computed
    over; ``last_finished``: the shown run's :class:`~bancada.run.events.RunFinished` (None while it
    goes on, or for a stored run). ``frame_times`` (``time.perf_counter()`` at each plot tick, s) and
    ``delays_s`` (a batch's arrival to its drawing, s) are what the frame-rate benchmark reads.
    Signals: ``finished(status)`` when a run has ended and its last samples are drawn ("complete",
    "cancelled", "incomplete" or "failed"); ``loaded(path)`` when a stored run is drawn; ``changed()``
    when the run starts, ends or another run is shown (the window's actions follow it).
    """

    finished = Signal(str)
    loaded = Signal(str)
    changed = Signal()

    def __init__(
        self,
        window: RunWindow,
        ui: RunWidgets,
        model: LiveModel,
        tasks: TaskRunner,
        stats: StatsRefresh,
        classroom: ClassroomMode,
    ) -> None:
        super().__init__()
        self.window = window
        self.ui = ui
        self.state_label = ui.status.state_label
        self.model = model
        self.tasks = tasks
        self.stats = stats
        self.classroom = classroom
        self.feed: SampleFeed | None = None
        self.control: run_job.RunControl | None = None
        self.progress = run_job.LatestProgress()
        self.path: Path | None = None
        self.factors: list[str] = ["language", "protocol"]
        self.last_finished: RunFinished | None = None
        self.close_after = False  # the window closes once the run has ended, or has been left (closed during a run)
        self.kept = False  # the run goes on when the window goes away (chosen in this window or an earlier one)
        self.reattached_at_s: float | None = None  # the shown run went on without a window; it started then
        self._shown_progress: Progress | None = None
        self._run_desc = ""
        self.frame_times = FloatRing(100_000)  # perf_counter at each plot tick (constant memory)
        self.delays_s = FloatRing(100_000)  # arrival -> drawn, per batch
        self.plot_timer = QTimer(self)
        self.plot_timer.setInterval(PLOT_INTERVAL_MS)
        self.plot_timer.timeout.connect(self.tick_plots)

    def running(self) -> bool:
        """Whether a run is going on (its task has not ended)."""
        return self.tasks.busy("run")

    # -- a live run ---------------------------------------------------------------------
    def start(self, profile: Profile | None = None) -> bool:
        """Start the experiment of the panel (or ``profile``, as is); False, with the reason shown, if it cannot."""
        if self.running():
            self.state_label.setText(self.tr("A run is already going on: stop it first"))
            return False
        panel = self.ui.panel
        if profile is None:
            problem = panel.problem()
            if problem:
                self.state_label.setText(self.tr("Cannot start: {p}").format(p=problem))
                return False
            profile = panel.build_profile()
        self.factors = list(profile.experiment.factors)
        host, on_death, on_drop = panel.host(), panel.on_worker_death(), panel.on_host_disconnect()
        self.kept, self.reattached_at_s = False, None
        self._start_task(
            lambda state, feed, control, progress: run_job.run_experiment(
                state, profile, host, on_death, feed, control, progress, on_drop
            )
        )
        self.state_label.setText(self.tr("Starting the workers on {h}…").format(h=panel.host_combo.currentText()))
        return True

    def _start_task(self, fn: Callable[..., RunFinished | None]) -> None:
        """Start the ``"run"`` task ``fn(state, feed, control, progress)`` with a fresh feed, control and progress."""
        self.feed = SampleFeed()
        self.control = run_job.RunControl()
        self.progress = run_job.LatestProgress()
        self.last_finished = None
        feed, control, progress = self.feed, self.control, self.progress
        self.tasks.start(
            "run",
            lambda state: fn(state, feed, control, progress),
            supersede=False,
            partial=self.show_event,
            failed=self._on_failed,
            ended=self._on_task_ended,
        )
        self.ui.menus.act_pause.setText(self.tr("&Pause"))
        self.ui.status.starting()
        self.classroom.run_starting()
        self._shown_progress = None
        self.changed.emit()

    # -- a run that went on without a window --------------------------------------------
    def look_for_live_run(self) -> None:
        """Reattach to a run going on without a window, if there is one (the window's start; in the background)."""
        self.tasks.start("live", run_job.attach_live_run, succeeded=self._live_run_found)

    def _live_run_found(self, process: run_process.RunProcess | None) -> None:
        if process is None:
            return
        if self.running():  # a run started meanwhile: leave the other one as it was
            process.leave(keep=process.kept)
            return
        hello = process.hello
        self.kept, self.reattached_at_s = hello.kept, hello.started_at_s
        self.factors = list(hello.profile.experiment.factors)
        self.ui.panel.set_profile(hello.profile)
        self._start_task(
            lambda state, feed, control, progress: run_job.reattach_run(state, process, feed, control, progress)
        )
        run_id = hello.started.run_id if hello.started is not None else hello.profile.experiment.name
        self.state_label.setText(self.reattached_text(run_id, hello.started_at_s))

    def reattached_text(self, run_id: str, started_at_s: float) -> str:
        """ "Reattached to the run … started at …" (the time in the window's language)."""
        when = QLocale().toString(QDateTime.fromSecsSinceEpoch(int(started_at_s)), QLocale.FormatType.ShortFormat)
        return self.tr("Reattached to the run {id} started at {time}").format(id=run_id, time=when)

    def leave(self, keep: bool) -> None:
        """Close the window without stopping the run: it goes on without it (``keep``) or stops after the block
        in progress; the window closes once its reader has let go of the run."""
        if self.control is None or not self.running():
            return
        self.close_after = True
        self.kept = self.kept or keep
        self.plot_timer.stop()
        self.control.leave(keep)

    def stop(self) -> None:
        """Ask the run to stop: the workers stop and the samples measured so far are kept."""
        if self.control is not None and self.running():
            self.control.stop()
            self.state_label.setText(self.tr("Stopping: the workers stop and the run is kept…"))

    def stop_then_close(self) -> None:
        """Stop the run and close the window once it has ended (closing it, or a shutdown, during a run)."""
        self.close_after = True
        self.stop()

    def toggle_pause(self) -> None:
        """Pause the run after its current block, or resume it."""
        if self.control is None or not self.running():
            return
        paused = not self.control.paused
        self.control.set_paused(paused)
        self.ui.menus.act_pause.setText(self.tr("&Resume") if paused else self.tr("&Pause"))
        self.state_label.setText(self.tr("Pausing after the current block…") if paused else self.tr("Running"))

    def begin_live(self, run_id: str, path: Path | None, treatments: list, total: int, driver: str = "") -> None:
        """Show a new run's treatments and start the fixed timers (also used by the benchmark).

        ``total``: the run's requests (0 for a timed load); ``driver``: "native", "python" or another name.
        """
        ui = self.ui
        self.path = Path(path) if path else None
        self.model.reset(treatments)
        ui.live.set_treatments(self.model, self.factors)
        ui.stats_view.clear(self.tr("Waiting for the first samples…"))
        ui.k6_view.show_rows(None)
        ui.status.begin(total)  # a timed load (closed/open with a duration) has no request total: time
        words = {"native": self.tr("native"), "python": self.tr("Python")}
        self._run_desc = self.tr("Running {id} ({d} driver)").format(id=run_id, d=words.get(driver, driver))
        if self.reattached_at_s is not None:
            self._run_desc = self.reattached_text(run_id, self.reattached_at_s)
        self.state_label.setText(self._run_desc)
        self.plot_timer.start()
        self.stats.begin()
        self.changed.emit()

    def show_event(self, event) -> None:
        """Show one of the run's rare events (:mod:`bancada.run.events`): started, a notice, finished."""
        # run_events, not runner: importing the runner here would stall the GUI thread at the first event
        from bancada.run.events import Notice, RunFinished, RunStarted
        from bancada.session.live_messages import RunAttached

        if isinstance(event, RunAttached):  # a reattached run: where it is, then what its file holds
            if event.started is not None:
                self.show_event(event.started)
            if event.paused and self.control is not None:
                self.control.paused = True
                self.ui.menus.act_pause.setText(self.tr("&Resume"))
        elif isinstance(event, run_job.LoadedRun):
            event.draw_into(self.model)
            self.ui.live.refresh(self.model, force_trace=True)
        elif isinstance(event, RunStarted):
            self.begin_live(event.run_id, event.path, event.treatments, event.total_requests, event.driver)
            add_recent(str(event.path))
        elif isinstance(event, Notice):
            if event.level == "error":
                self.window.show_error(self.tr("A problem during the run"), event.text)
            else:
                self.state_label.setText(self._sentence(event.text) + "…")
        elif isinstance(event, RunFinished):
            self._show_finished(event)

    def _sentence(self, text: str) -> str:
        """``text`` with a capital first letter, unless it starts with an implementation's name: a
        server is called as it was typed (``lab6-rest``) everywhere, the status line too."""
        names = {s.info.implementation for s in self.model.series.values()}
        if any(text.startswith(n) for n in names if n):
            return text
        return text[:1].upper() + text[1:]

    def _show_finished(self, event: RunFinished) -> None:
        self.last_finished = event
        self.tick_plots()
        self.ui.live.refresh(self.model, force_trace=True)
        self.plot_timer.stop()
        text = {
            "complete": self.tr("Run complete"),
            "cancelled": self.tr("Run stopped; the samples so far are kept"),
            "incomplete": self.tr("Run incomplete"),
        }.get(event.status, event.status)
        message = self.finished_message(event.message)
        self.state_label.setText(f"{text}: {event.path}" + (f" — {message}" if message else ""))
        self.ui.status.finished(event.status == "complete")
        self.classroom.refresh()  # the large progress: 100 % only now
        thinned = self.feed is not None and self.feed.thinned > 0
        partial = thinned or self.reattached_at_s is not None  # a reattached run's live view may count some twice
        if (event.status != "complete" or partial) and event.path is not None and not self.close_after:
            # a run that ended early may have stored its last samples without streaming them, and a
            # fast one streamed them thinned to the window's rate: redraw from the store, which is
            # the truth, before saying it is over
            self._reload_after_run(event)
            return
        self.stats.request(final=True)
        self.finished.emit(event.status)

    def finished_message(self, message: str) -> str:
        """The runner's closing message (kept in English in the run file) in the window's language."""
        if message.startswith("worker(s) died: "):
            return self.tr("worker(s) died: {w}").format(w=message.removeprefix("worker(s) died: "))
        dropped = DROPPED_BLOCKS.fullmatch(message)
        if dropped:
            return self.tr("the connection to {host} dropped during block(s) {blocks}; they are partial").format(
                host=dropped["host"], blocks=dropped["blocks"]
            )
        return {
            "stopped by the user": self.tr("stopped by the user"),
            "the run was abandoned": self.tr("the run was abandoned"),
            "interrupted (Ctrl-C)": self.tr("interrupted (Ctrl-C)"),
        }.get(message, message)

    def _reload_after_run(self, event: RunFinished) -> None:
        path = str(event.path)
        state = self.state_label.text()

        def loaded(run: run_job.LoadedRun) -> None:
            self.model.reset(run.treatments)
            run.draw_into(self.model)
            self.ui.live.refresh(self.model, force_trace=True)
            self.state_label.setText(state)
            self.stats.request(final=True)
            self.finished.emit(event.status)

        def failed(msg: str, _tb: str) -> None:
            self.stats.request(final=True)
            self.finished.emit(event.status)

        self.tasks.start("load", lambda st: run_job.load_run(st, path), succeeded=loaded, failed=failed)

    def _on_failed(self, message: str, _tb: str) -> None:
        self.plot_timer.stop()
        self.ui.status.failed()
        self.state_label.setText(self.tr("The run could not go on: {m}").format(m=message.splitlines()[0]))
        self.window.show_error(self.tr("The run could not go on"), message)
        if self.last_finished is None:
            self.finished.emit("failed")

    def _on_task_ended(self) -> None:
        if self.feed is not None:
            self.feed.close()
        self.changed.emit()
        if self.close_after:
            self.window.close()

    # -- the plot timer -------------------------------------------------------------------
    def tick_plots(self) -> None:
        """The plot timer's tick: drain the feed into the live model, redraw what changed, show the progress."""
        self.frame_times.append(time.perf_counter())
        batches = self.feed.take() if self.feed is not None else []
        for _, samples in batches:
            self.model.extend(samples)
        if self.ui.live.refresh(self.model):
            for a in (self.ui.menus.act_export_png, self.ui.menus.act_export_svg):
                a.setEnabled(True)
            self.classroom.refresh()
        if batches:
            now = time.monotonic()
            self.delays_s.extend(now - t for t, _ in batches)
        self._tick_state()

    def _tick_state(self) -> None:
        """Show the run's latest progress (once per new value) and whether it is paused."""
        p = self.progress.value
        control = self.control
        if p is not None and p is not self._shown_progress:
            self._shown_progress = p
            if not (control and control.paused) and not (control and control.stop_requested):
                self.state_label.setText(self._run_desc)
            self.ui.status.show_progress(p)
        if control is not None and control.paused and control.runner is not None and control.runner.paused:
            self.state_label.setText(self.tr("Paused (Ctrl+P resumes)"))

    # -- stored runs ----------------------------------------------------------------------
    def open(self, path: str) -> None:
        """Load a stored run (a run file or a tidy CSV) in the background, then redraw everything."""
        if self.running():
            self.state_label.setText(self.tr("Stop the run before opening another"))
            return
        self.state_label.setText(self.tr("Opening {p}…").format(p=Path(path).name))
        self.tasks.start(
            "load",
            lambda state: run_job.load_run(state, path),
            succeeded=self._on_loaded,
            failed=lambda msg, _tb: self.window.show_error(self.tr("Cannot open the run"), msg),
        )

    def _on_loaded(self, run: run_job.LoadedRun) -> None:
        ui = self.ui
        data = run.profile_json
        note = ""
        if data:
            try:
                profile = parse_profile(data, run.path.name)
                ui.panel.set_profile(profile)
                note = legacy_schedule_note(profile)
                self.factors = list(profile.experiment.factors)
            except ProfileError:
                pass
        elif run.meta.get("source") == "csv":  # a tidy CSV has no profile: the guide's factors, those with 2+ levels
            self.factors = list(CSV_FACTORS)
        self.path = run.path
        self.model.reset(run.treatments)
        run.draw_into(self.model)
        ui.live.set_treatments(self.model, self.factors)
        ui.live.refresh(self.model, force_trace=True)
        ui.status.show_stored(self.model.total, self.model.errors)
        from bancada.store.run_status import status_word
        from bancada.store.runstore import effective_status

        self.state_label.setText(
            self.tr("Run {id} ({s}), {n} samples: {p}").format(
                id=run.meta.get("run_id", run.path.stem),
                s=status_word(effective_status(run.meta)),
                n=QLocale().toString(self.model.total),
                p=run.path,
            )
            + note
        )
        ui.stats_view.clear(self.tr("Computing…"))
        ui.k6_view.show_rows(None)
        self.stats.request(final=True)
        add_recent(str(run.path))
        self.changed.emit()
        self.loaded.emit(str(run.path))

    def open_dialog(self) -> None:
        """File > Open run: choose a run file or a tidy CSV, then open it."""
        path = file_dialogs.open_file(
            self.ui.live.window(),
            self.tr("Open run"),
            self.tr(
                "Bancada runs and tidy sample CSVs (*.sqlite *.csv);;Bancada runs (*.sqlite);;Tidy sample CSVs (*.csv)"
            ),
            "runs",
        )
        if path:
            self.open(path)

    def clear(self) -> None:
        """Forget the shown run: empty plots and tables, no rate/ETA/errors (a new profile is not its run)."""
        ui = self.ui
        self.path = None
        self.last_finished = None
        self.model.reset([])
        ui.live.show_message(
            self.tr("Press Run (Ctrl+R) to start: a box per treatment grows here while the samples arrive.")
        )
        ui.stats_view.clear()
        ui.k6_view.show_rows(None)
        ui.split_bars.set_table(None)
        ui.tabs.setTabVisible(ui.tabs.indexOf(ui.split_bars), False)
        ui.status.clear()
        self.changed.emit()
