"""The workbench window: experiment panel | live view and statistics | status bar.

The GUI pulls: the run process (:mod:`bancada.session.run_process`) measures and
stores; a reader thread fills a bounded :class:`SampleFeed` with what it sends; the
plot timer (``PLOT_INTERVAL_MS``) drains it and redraws what changed; the
statistics timer (:class:`~bancada.ui.window_stats.StatsRefresh`) starts a background
computation when new samples arrived and none is running; a result from an older
request is dropped. Everything that blocks (host, runner, store reads, statistics, data
export) runs through the one :class:`~bancada.ui.tasks.TaskRunner`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QLocale, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bancada.experiment.profile import Profile, ProfileError, parse_profile
from bancada.ui import run_job
from bancada.ui.classroom import ClassroomBar, ClassroomMode, ClassroomWidgets
from bancada.session.live_model import LiveModel, SampleFeed
from bancada.ui.k6_table_view import K6TableView
from bancada.ui.live_view import LiveView
from bancada.ui.split_bars import SplitBarsView
from bancada.ui.panel import ExperimentPanel
from bancada.ui import file_dialogs
from bancada.ui.profile_check import load_checked_profile
from bancada.ui.run_status import RunStatus
from bancada.ui.screen_fit import fit_to_screen
from bancada.ui.stats_view import StatisticsView
from bancada.ui.tasks import TaskRunner
from bancada.ui.window_actions import WindowActions, hosts_dialog_class
from bancada.ui.window_export import WindowExport
from bancada.ui.window_stats import StatsRefresh, StatsWidgets
from bancada.ui.window_settings import WindowSettings, add_recent, recent_runs

if TYPE_CHECKING:
    from bancada.ui.own_service import OwnServiceDialog
    from bancada.run.events import Progress, RunFinished
    from bancada.ui.compare_view import CompareView
    from bancada.ui.guide import GuidedExperiment
    from bancada.guide.wizard_state import WizardState

PLOT_INTERVAL_MS = 90  # about 11 Hz: the boxes' fixed refresh ("about 10 Hz"; faster perturbs the measurement)
ERROR_LINES_SHOWN = 8  # an error's log lines shown in its box; the whole log under Show Details
CSV_FACTORS = ("language", "protocol", "operation")  # a tidy CSV opened as a run: those with 2+ levels are analysed


class MainWindow(QMainWindow):
    """Bancada's main window. ``runFinished(status)`` fires when a run ends; ``statsShown`` on each table update."""

    runFinished = Signal(str)
    runLoaded = Signal(str)
    statsShown = Signal(bool)
    exportDone = Signal(str)

    def __init__(self, profile: Profile | None = None, profile_path: str | None = None) -> None:
        super().__init__()
        self.setWindowTitle(self.tr("API performance workbench"))  # Qt adds " — Bancada" (the display name)
        self.tasks = TaskRunner(self)
        self.model = LiveModel()
        self.feed: SampleFeed | None = None
        self.control: run_job.RunControl | None = None
        self.progress = run_job.LatestProgress()
        self.run_path: Path | None = None
        self.factors: list[str] = ["language", "protocol"]
        self.last_finished: RunFinished | None = None
        self.profile_path = profile_path
        self._close_after_run = False
        self._shown_progress: Progress | None = None
        self._run_desc = ""
        self._dialogs: list[QMessageBox] = []
        # the guided experiment's dock, made on first use (Help > Guided experiment)
        self.guide: GuidedExperiment | None = None
        self.own_service: OwnServiceDialog | None = None  # the form "My own service" (ui/own_service.py), once opened
        self.compare_view: CompareView | None = None  # File > Compare runs, made on each use
        self.frame_times: deque[float] = deque(maxlen=100_000)  # perf_counter at each plot tick
        self.delays_s: deque[float] = deque(maxlen=100_000)  # arrival -> drawn, per batch

        # widgets
        self.panel = ExperimentPanel()
        self.panel.changed.connect(self._sync_actions)
        self.panel.host_combo.currentIndexChanged.connect(self._probe_host)
        self.panel.manageHostsRequested.connect(self.manage_hosts)
        panel_scroll = QScrollArea()
        panel_scroll.setWidget(self.panel)
        panel_scroll.setWidgetResizable(True)
        panel_scroll.setMinimumWidth(240)
        panel_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)  # scroll, never clip
        self.panel_scroll = panel_scroll
        self.live = LiveView()
        self.k6_view = K6TableView()  # k6's end-of-test table of a [load] vus run: its tab shows with its rows
        self.stats_view = StatisticsView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.live, self.tr("Live"))
        self.tabs.addTab(self.k6_view, self.tr("k6 summary"))
        self.tabs.setTabVisible(self.tabs.indexOf(self.k6_view), False)
        self.k6_view.rowsChanged.connect(lambda rows: self.tabs.setTabVisible(self.tabs.indexOf(self.k6_view), rows))
        self.tabs.addTab(self.stats_view, self.tr("Statistics"))
        self.split_bars = SplitBarsView()  # seed 004's time split, shown when a run has serial treatments
        self.tabs.addTab(self.split_bars, self.tr("Time split"))
        self.tabs.setTabVisible(self.tabs.indexOf(self.split_bars), False)
        self.classroom_bar = ClassroomBar()
        self.classroom_bar.hide()
        self.tabs.setCornerWidget(self.classroom_bar.pages, Qt.Corner.TopRightCorner)  # classroom's Next
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.classroom_bar)
        right_layout.addWidget(self.tabs, 1)
        self.splitter = QSplitter()
        self.splitter.addWidget(panel_scroll)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([320, 700])
        self.setCentralWidget(self.splitter)

        self.status = RunStatus(self.statusBar())
        st = self.status
        self.state_label, self.progress_bar = st.state_label, st.progress_bar
        self.rate_label, self.eta_label, self.errors_label = st.rate_label, st.eta_label, st.errors_label

        self.exports = WindowExport(self, self.live, self.stats_view, self.state_label, self.tasks)
        self.exports.exportDone.connect(self.exportDone)
        self.window_settings = WindowSettings(self, self.splitter, self.panel, self.panel_scroll, self.live)
        self.classroom_mode = ClassroomMode(
            self,
            ClassroomWidgets(
                self,
                self.classroom_bar,
                self.live,
                self.stats_view,
                self.splitter,
                self.panel_scroll,
                self.panel.host_combo,
                self.state_label,
            ),
            self.model,
        )
        self.hosts_dialog_class = hosts_dialog_class()
        self.menus = WindowActions(self, self.panel, self.state_label, self.hosts_dialog_class is not None)
        self._connect_actions()
        self.plot_timer = QTimer(self)
        self.plot_timer.setInterval(PLOT_INTERVAL_MS)
        self.plot_timer.timeout.connect(self._tick_plots)
        self.stats = StatsRefresh(
            self, StatsWidgets(self.stats_view, self.k6_view, self.split_bars, self.tabs), self.model, self.tasks
        )
        self.stats.shown.connect(self.statsShown)

        self.apply_palette()
        hints = QGuiApplication.styleHints()
        if hasattr(hints, "colorSchemeChanged"):
            hints.colorSchemeChanged.connect(self.apply_palette)
        self.window_settings.restore(self.menus.act_log)
        if profile is not None:
            self.panel.set_profile(profile)
        self._refresh_hosts()
        self._probe_host()
        self._sync_actions()

    def _connect_actions(self) -> None:
        """Each action of the menus and toolbar to what it does."""
        m, exports = self.menus, self.exports
        slots: list[tuple[QAction, Callable[..., object]]] = [
            (m.act_open_profile, self.open_profile_dialog),
            (m.act_save_profile, self.save_profile_dialog),
            (m.act_own_service, lambda: self.show_own_service()),
            (m.act_open_run, self.open_run_dialog),
            (m.act_export, exports.export_all_dialog),
            (m.act_compare, self.open_compare),
            (m.act_export_png, exports.export_png_dialog),
            (m.act_export_svg, exports.export_svg_dialog),
            (m.act_export_csv, exports.export_csv_dialog),
            (m.act_quit, self.close),
            (m.act_run, lambda: self.start_run()),
            (m.act_pause, self.toggle_pause),
            (m.act_stop, self.stop_run),
            (m.act_log, self.live.set_log_y),
            (m.act_reset_zoom, lambda: self.live.auto_range()),
            (m.act_demo, self.classroom_mode.start_demo),
            (m.act_live, lambda: self.tabs.setCurrentIndex(0)),
            (m.act_stats, lambda: self.tabs.setCurrentWidget(self.stats_view)),
            (m.act_classroom, self.classroom_mode.set_active),
            (m.act_guide, lambda: self.show_guide()),
        ]
        if m.act_hosts is not None:
            slots.append((m.act_hosts, self.manage_hosts))
        for action, slot in slots:
            action.triggered.connect(slot)
        self.live.logAxisChosen.connect(m.act_log.setChecked)  # the axis turned log by itself: the action says so
        self.classroom_mode.toggled.connect(m.act_classroom.setChecked)
        m.studyChosen.connect(self.open_profile)
        m.languageChosen.connect(self.choose_language)
        m.recent_menu.aboutToShow.connect(lambda: self.window_settings.fill_recent(m.recent_menu, self.open_run))

    def size_status_labels(self) -> None:
        """Room for samples/s, ETA and errors in the current font (classroom mode scales it)."""
        self.status.size_labels()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape and self.classroom_mode.active:
            self.classroom_mode.set_active(False)
            return
        super().keyPressEvent(event)

    def event(self, event) -> bool:
        # a hovered action's status tip would hide the run's state in the status bar (and Qt
        # does not always bring it back): the tips are the actions' tooltips already
        if event.type() == QEvent.Type.StatusTip:
            return True
        return super().event(event)

    # -- state ------------------------------------------------------------------------
    def running(self) -> bool:
        return self.tasks.busy("run")

    def _sync_actions(self) -> None:
        running = self.running()
        problem = self.panel.problem()
        self.menus.act_run.setEnabled(not running and not problem)
        self.menus.act_run.setToolTip(problem or self.tr("Start the experiment (Ctrl+R)"))
        self.menus.act_pause.setEnabled(running)
        self.menus.act_stop.setEnabled(running)
        has_run = self.run_path is not None
        for a in (self.menus.act_export, self.menus.act_export_csv):
            a.setEnabled(has_run and not running)
        for a in (self.menus.act_export_png, self.menus.act_export_svg):
            a.setEnabled(bool(self.live.box_items))
        self.panel.setRunning(running)
        if not running and not self.run_path and self.last_finished is None:
            self.state_label.setText(problem or self.tr("Ready: press Run (Ctrl+R)"))

    # -- the guide, the compare view, the language ---------------------------------------
    def show_guide(self, state: WizardState | None = None) -> GuidedExperiment:
        """Help > Guided experiment: the step panel docked at the left (the expert panel hides meanwhile).

        ``state``: a :class:`~bancada.guide.wizard_state.WizardState` to go on with (the language switch).
        Returns the :class:`~bancada.ui.guide.GuidedExperiment`.
        """
        from bancada.ui.guide import GuidedExperiment

        if not self.classroom_mode.active:
            self.panel_scroll.hide()  # before the dock comes: the two side by side would widen the window
        if self.guide is None:
            self.guide = GuidedExperiment(self, state)
            self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.guide)
            self.guide.visibilityChanged.connect(self._guide_visible)
        self.guide.show()
        self.guide.raise_()
        width = min(420, max(320, self.width() // 3))
        self.resizeDocks([self.guide], [width], Qt.Orientation.Horizontal)
        self._guide_visible(True)
        fit_to_screen(self)  # the dock's minimum width may have widened the window past a small screen
        return self.guide

    def _guide_visible(self, visible: bool) -> None:
        # the guide sets the panel's widgets itself; hiding the panel leaves the plots the room
        if not self.classroom_mode.active:
            self.panel_scroll.setVisible(not visible)

    def guide_shown(self) -> bool:
        """Whether the guided experiment's dock is open (the expert panel stays hidden meanwhile)."""
        return self.guide is not None and self.guide.isVisible()

    def apply_palette(self, *_args: object) -> None:
        """The plots' colours from the window's palette (a system colour-scheme change, classroom mode)."""
        pal = self.palette()
        self.live.set_colours(pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text))

    # -- host -------------------------------------------------------------------------
    def _refresh_hosts(self) -> None:
        try:
            from bancada.hosts.hostconfig import list_hosts

            self.panel.set_hosts(list_hosts())
        except Exception:  # no saved hosts, or that part is not built yet
            pass

    def _probe_host(self, *_args) -> None:
        host = self.panel.host()
        self.panel.impl_status.setText(
            self.tr("Checking what {h} can run…").format(h=self.panel.host_combo.currentText())
        )
        self.tasks.start(
            "probe",
            lambda state: run_job.probe_host(state, host),
            succeeded=self.panel.set_capabilities,
            failed=lambda msg, _tb: self.panel.set_capabilities_error(msg),
            ended=self._sync_actions,
        )

    def open_compare(self) -> CompareView:
        """Open the Compare view (:class:`bancada.ui.compare_view.CompareView`) with the current run listed."""
        from bancada.ui.compare_view import CompareView

        current = str(self.run_path) if self.run_path is not None else None
        self.compare_view = CompareView(self.tasks, recent_runs(), current, self)
        self.compare_view.show()
        return self.compare_view

    def choose_language(self, code: str) -> MainWindow | None:
        """View > Language: rebuild the window in ``code`` ("" = the system's); returns the new window or None."""
        from bancada.ui import language

        new: MainWindow | None = language.switch(self, code, type(self))
        return new

    def manage_hosts(self) -> None:
        if self.hosts_dialog_class is None:
            return
        dlg = self.hosts_dialog_class(self)
        dlg.hostChosen.connect(self._host_chosen)
        dlg.show()

    def _host_chosen(self, name: str) -> None:
        self._refresh_hosts()
        idx = self.panel.host_combo.findData(name)
        if idx >= 0:
            self.panel.host_combo.setCurrentIndex(idx)

    # -- profiles -----------------------------------------------------------------------
    def open_profile(self, path: str) -> bool:
        """Show the profile at ``path`` in the panel and clear the previous run's plots and tables.

        Refused (False, with the reason in a message) during a run, or when the
        file is not a valid profile or names an implementation that does not
        exist (as ``bancada run`` refuses it).
        """
        if self.running():
            self.state_label.setText(self.tr("Stop the run before opening another profile"))
            return False
        try:
            profile = load_checked_profile(path)
        except ProfileError as exc:
            self.show_error(self.tr("Cannot open the profile"), str(exc))
            return False
        self.profile_path = path
        self.panel.set_profile(profile)
        self._clear_run()
        title = profile.experiment.title or Path(path).stem
        self.state_label.setText(
            self.tr("Profile “{t}” loaded: press Run (Ctrl+R)").format(t=title) + self._legacy_schedule_note(profile)
        )
        return True

    def _legacy_schedule_note(self, profile: Profile) -> str:
        """A sentence when the profile used the old schedule name ``interleaved``."""
        if not profile.notices:
            return ""
        return self.tr(' (its schedule "interleaved" is now called "alternating"; the default is randomized blocks)')

    def _clear_run(self) -> None:
        """Forget the shown run: empty plots and tables, no rate/ETA/errors (a new profile is not its run)."""
        self.run_path = None
        self.last_finished = None
        self.model.reset([])
        self.live.show_message(
            self.tr("Press Run (Ctrl+R) to start: a box per treatment grows here while the samples arrive.")
        )
        self.stats_view.clear()
        self.k6_view.show_rows(None)
        self.split_bars.set_table(None)
        self.tabs.setTabVisible(self.tabs.indexOf(self.split_bars), False)
        self.status.clear()
        self._sync_actions()

    def open_profile_dialog(self) -> None:
        path = file_dialogs.open_file(self, self.tr("Open profile"), self.tr("Profiles (*.toml)"), "profiles")
        if path:
            self.open_profile(path)

    def show_own_service(self, path: str | None = None) -> OwnServiceDialog:
        """The form “My own service” (ui/own_service.py) with ``path``'s servers and requests (None: the
        profile shown, if it declares external servers); saving it opens the profile it wrote here."""
        from bancada.ui.own_service import OwnServiceDialog

        if self.own_service is not None:
            self.own_service.close()
        dialog = OwnServiceDialog(self.tasks, self)
        base = self.panel._base
        path = path or (self.profile_path if base is not None and base.external else None)
        if path:
            dialog.load_file(path)
        dialog.saved.connect(self.open_profile)
        dialog.setModal(False)
        dialog.show()
        self.own_service = dialog
        return dialog

    def save_profile(self, path: str) -> bool:
        try:
            profile = self.panel.build_profile()
            Path(path).write_text(profile.to_toml(), encoding="utf-8")
        except (ProfileError, OSError) as exc:
            self.show_error(self.tr("Cannot save the profile"), str(exc))
            return False
        self.state_label.setText(self.tr("Profile saved to {p}").format(p=path))
        return True

    def save_profile_dialog(self) -> None:
        path = file_dialogs.save_file(
            self, self.tr("Save profile"), self.tr("Profiles (*.toml)"), "profiles", "my-study.toml"
        )
        if path:
            self.save_profile(path)

    # -- running ------------------------------------------------------------------------
    def start_run(self, profile: Profile | None = None) -> bool:
        """Start the experiment of the panel (or ``profile``, as is); False, with the reason shown, if it cannot."""
        if self.running():
            self.state_label.setText(self.tr("A run is already going on: stop it first"))
            return False
        if profile is None:
            problem = self.panel.problem()
            if problem:
                self.state_label.setText(self.tr("Cannot start: {p}").format(p=problem))
                return False
            profile = self.panel.build_profile()
        self.factors = list(profile.experiment.factors)
        self.feed = SampleFeed()
        self.control = run_job.RunControl()
        self.progress = run_job.LatestProgress()
        self.last_finished = None
        feed, control, progress = self.feed, self.control, self.progress
        host, on_death, on_drop = self.panel.host(), self.panel.on_worker_death(), self.panel.on_host_disconnect()
        self.tasks.start(
            "run",
            lambda state: run_job.run_experiment(state, profile, host, on_death, feed, control, progress, on_drop),
            supersede=False,
            partial=self._on_run_event,
            failed=self._on_run_failed,
            ended=self._on_run_task_ended,
        )
        self.menus.act_pause.setText(self.tr("&Pause"))
        self.state_label.setText(self.tr("Starting the workers on {h}…").format(h=self.panel.host_combo.currentText()))
        self.status.starting()
        self.classroom_mode.run_starting()
        self._shown_progress = None
        self._sync_actions()
        return True

    def stop_run(self) -> None:
        if self.control is not None and self.running():
            self.control.stop()
            self.state_label.setText(self.tr("Stopping: the workers stop and the run is kept…"))

    def toggle_pause(self) -> None:
        if self.control is None or not self.running():
            return
        paused = not self.control.paused
        self.control.set_paused(paused)
        self.menus.act_pause.setText(self.tr("&Resume") if paused else self.tr("&Pause"))
        self.state_label.setText(self.tr("Pausing after the current block…") if paused else self.tr("Running"))

    def begin_live(self, run_id: str, path: Path | None, treatments: list, total: int, driver: str = "") -> None:
        """Show a new run's treatments and start the fixed timers (also used by the benchmark)."""
        self.run_path = Path(path) if path else None
        self.model.reset(treatments)
        self.live.set_treatments(self.model, self.factors)
        self.stats_view.clear(self.tr("Waiting for the first samples…"))
        self.k6_view.show_rows(None)
        self.status.begin(total)  # a timed load (closed/open with a duration) has no request total: time
        words = {"native": self.tr("native"), "python": self.tr("Python")}
        self._run_desc = self.tr("Running {id} ({d} driver)").format(id=run_id, d=words.get(driver, driver))
        self.state_label.setText(self._run_desc)
        self.plot_timer.start()
        self.stats.begin()
        self._sync_actions()

    def _on_run_event(self, event) -> None:
        # run_events, not runner: importing the runner here would stall the GUI thread at the first event
        from bancada.run.events import Notice, RunFinished, RunStarted

        if isinstance(event, RunStarted):
            self.begin_live(event.run_id, event.path, event.treatments, event.total_requests, event.driver)
            add_recent(str(event.path))
        elif isinstance(event, Notice):
            if event.level == "error":
                self.show_error(self.tr("A problem during the run"), event.text)
            else:
                self.state_label.setText(event.text[:1].upper() + event.text[1:] + "…")
        elif isinstance(event, RunFinished):
            self.last_finished = event
            self._tick_plots()
            self.live.refresh(self.model, force_trace=True)
            self.plot_timer.stop()
            text = {
                "complete": self.tr("Run complete"),
                "cancelled": self.tr("Run stopped; the samples so far are kept"),
                "incomplete": self.tr("Run incomplete"),
            }.get(event.status, event.status)
            message = self._finished_message(event.message)
            self.state_label.setText(f"{text}: {event.path}" + (f" — {message}" if message else ""))
            self.status.finished(event.status == "complete")
            thinned = self.feed is not None and self.feed.thinned > 0
            if (event.status != "complete" or thinned) and event.path is not None and not self._close_after_run:
                # a run that ended early may have stored its last samples without streaming them, and a
                # fast one streamed them thinned to the window's rate: redraw from the store, which is
                # the truth, before saying it is over
                self._reload_after_run(event)
                return
            self.stats.request(final=True)
            self.runFinished.emit(event.status)

    def _finished_message(self, message: str) -> str:
        """The runner's closing message (kept in English in the run file) in the window's language."""
        if message.startswith("worker(s) died: "):
            return self.tr("worker(s) died: {w}").format(w=message.removeprefix("worker(s) died: "))
        return {
            "stopped by the user": self.tr("stopped by the user"),
            "the run was abandoned": self.tr("the run was abandoned"),
            "interrupted (Ctrl-C)": self.tr("interrupted (Ctrl-C)"),
        }.get(message, message)

    def _reload_after_run(self, event) -> None:
        path = str(event.path)
        state = self.state_label.text()

        def loaded(run: run_job.LoadedRun) -> None:
            self.model.reset(run.treatments)
            self.model.extend_arrays(run.treatment, run.latency_ms, run.phase, run.ok)
            self.live.refresh(self.model, force_trace=True)
            self.state_label.setText(state)
            self.stats.request(final=True)
            self.runFinished.emit(event.status)

        def failed(msg: str, _tb: str) -> None:
            self.stats.request(final=True)
            self.runFinished.emit(event.status)

        self.tasks.start("load", lambda st: run_job.load_run(st, path), succeeded=loaded, failed=failed)

    def _on_run_failed(self, message: str, _tb: str) -> None:
        self.plot_timer.stop()
        self.status.failed()
        self.state_label.setText(self.tr("The run could not go on: {m}").format(m=message.splitlines()[0]))
        self.show_error(self.tr("The run could not go on"), message)
        if self.last_finished is None:
            self.runFinished.emit("failed")

    def _on_run_task_ended(self) -> None:
        if self.feed is not None:
            self.feed.close()
        self._sync_actions()
        if self._close_after_run:
            self.close()

    # -- the fixed timers ---------------------------------------------------------------------
    def _tick_plots(self) -> None:
        self.frame_times.append(time.perf_counter())
        batches = self.feed.take() if self.feed is not None else []
        for _, samples in batches:
            self.model.extend(samples)
        if self.live.refresh(self.model):
            self._sync_export_actions()
            self.classroom_mode.refresh()
        if batches:
            now = time.monotonic()
            self.delays_s.extend(now - t for t, _ in batches)
        self._tick_state()

    def _tick_state(self) -> None:
        """Show the run's latest progress (once per new value) and whether it is paused."""
        p = self.progress.value
        if p is not None and p is not self._shown_progress:
            self._shown_progress = p
            if not (self.control and self.control.paused) and not (self.control and self.control.stop_requested):
                self.state_label.setText(self._run_desc)
            self.status.show_progress(p)
        if (
            self.control is not None
            and self.control.paused
            and self.control.runner is not None
            and self.control.runner.paused
        ):
            self.state_label.setText(self.tr("Paused (Ctrl+P resumes)"))

    def _sync_export_actions(self) -> None:
        for a in (self.menus.act_export_png, self.menus.act_export_svg):
            a.setEnabled(True)

    # -- stored runs -----------------------------------------------------------------------
    def open_run(self, path: str) -> None:
        """Load a stored run in the background, then redraw everything."""
        if self.running():
            self.state_label.setText(self.tr("Stop the run before opening another"))
            return
        self.state_label.setText(self.tr("Opening {p}…").format(p=Path(path).name))
        self.tasks.start(
            "load",
            lambda state: run_job.load_run(state, path),
            succeeded=self._on_run_loaded,
            failed=lambda msg, _tb: self.show_error(self.tr("Cannot open the run"), msg),
        )

    def _on_run_loaded(self, run: run_job.LoadedRun) -> None:
        data = run.profile_json
        note = ""
        if data:
            try:
                profile = parse_profile(data, run.path.name)
                self.panel.set_profile(profile)
                note = self._legacy_schedule_note(profile)
                self.factors = list(profile.experiment.factors)
            except ProfileError:
                pass
        elif run.meta.get("source") == "csv":  # a tidy CSV has no profile: the guide's factors, those with 2+ levels
            self.factors = list(CSV_FACTORS)
        self.run_path = run.path
        self.model.reset(run.treatments)
        self.model.extend_arrays(run.treatment, run.latency_ms, run.phase, run.ok)
        self.live.set_treatments(self.model, self.factors)
        self.live.refresh(self.model, force_trace=True)
        self.status.show_stored(self.model.total, self.model.errors)
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
        self.stats_view.clear(self.tr("Computing…"))
        self.k6_view.show_rows(None)
        self.stats.request(final=True)
        add_recent(str(run.path))
        self._sync_actions()
        self.runLoaded.emit(str(run.path))

    def open_run_dialog(self) -> None:
        path = file_dialogs.open_file(
            self,
            self.tr("Open run"),
            self.tr(
                "Bancada runs and tidy sample CSVs (*.sqlite *.csv);;Bancada runs (*.sqlite);;Tidy sample CSVs (*.csv)"
            ),
            "runs",
        )
        if path:
            self.open_run(path)

    # -- messages -------------------------------------------------------------------------------
    def show_error(self, title: str, text: str) -> QMessageBox:
        """A non-modal message: the first line as text, the rest (log lines) below it; more than
        :data:`ERROR_LINES_SHOWN` lines go to Show Details, so the box fits a small screen."""
        first, _, rest = text.partition("\n")
        box = QMessageBox(QMessageBox.Icon.Warning, title, first, QMessageBox.StandardButton.Close, self)
        lines = rest.splitlines()
        if len(lines) > ERROR_LINES_SHOWN:
            box.setInformativeText("\n".join([*lines[: ERROR_LINES_SHOWN - 1], "…"]))
            box.setDetailedText(rest)
        elif rest:
            box.setInformativeText(rest)
        box.setModal(False)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda *_: self._dialogs.remove(box) if box in self._dialogs else None)
        self._dialogs.append(box)
        box.show()
        return box

    # -- closing ---------------------------------------------------------------------------
    def save_settings(self) -> None:
        """Keep the window's geometry, log axis and experiment for the next session (``gui.ini``)."""
        self.window_settings.save(self.menus.act_log)

    def closeEvent(self, event) -> None:
        if self.running():
            answer = QMessageBox.question(
                self,
                self.tr("A run is going on"),
                self.tr("Stop the run and close? The workers stop and the samples measured so far are kept."),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
            self._close_after_run = True
            self.stop_run()
            event.ignore()
            return
        self.save_settings()
        self.plot_timer.stop()
        self.tasks.cancel_all()
        self.stats.close()
        self.tasks.shutdown()
        for box in list(self._dialogs):
            box.close()
        self.menus.close_dialogs()
        event.accept()
