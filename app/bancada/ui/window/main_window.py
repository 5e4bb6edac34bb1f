"""The workbench window: experiment panel | live view and statistics | status bar.

The GUI pulls: the run process (:mod:`bancada.session.run_process`) measures and
stores; a reader thread fills a bounded :class:`SampleFeed` with what it sends; the
plot timer of :class:`~bancada.ui.window.run.WindowRun` drains it and redraws what
changed; the statistics timer (:class:`~bancada.ui.window.stats.StatsRefresh`) starts a background
computation when new samples arrived and none is running; a result from an older
request is dropped. Everything that blocks (host, runner, store reads, statistics, data
export) runs through the one :class:`~bancada.ui.tasks.TaskRunner`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
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

from bancada.ui.window import run_job
from bancada.ui.classroom.classroom_mode import ClassroomBar, ClassroomMode, ClassroomWidgets
from bancada.session.live_model import LiveModel
from bancada.ui.tables.k6_table_view import K6TableView
from bancada.ui.plots.live_view import LiveView
from bancada.ui.plots.flame_view import attach_flame_tab
from bancada.ui.plots.split_bars import SplitBarsView
from bancada.ui.window.panel import ExperimentPanel
from bancada.ui.window.run_status import RunStatus
from bancada.ui.screen_fit import fit_to_screen
from bancada.ui.tables.stats_view import StatisticsView
from bancada.ui.tasks import TaskRunner
from bancada.ui.window.actions import WindowActions, hosts_dialog_class
from bancada.ui.window.closing import CloseDuringRun
from bancada.ui.window.export import WindowExport
from bancada.ui.window.profiles import WindowProfiles
from bancada.ui.window.run import RunWidgets, WindowRun
from bancada.ui.window.stats import StatsRefresh, StatsWidgets
from bancada.ui.settings import recent_runs
from bancada.ui.window.settings import WindowSettings

if TYPE_CHECKING:
    from bancada.experiment.profile import Profile
    from bancada.ui.dialogs.own_service import OwnServiceDialog
    from bancada.run.events import RunFinished
    from bancada.ui.dialogs.compare_view import CompareView
    from bancada.ui.guide.guided_experiment import GuidedExperiment
    from bancada.guide.wizard_state import WizardState

ERROR_LINES_SHOWN = 8  # an error's log lines shown in its box; the whole log under Show Details


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
        self._dialogs: list[QMessageBox] = []
        # the guided experiment's dock, made on first use (Help > Guided experiment)
        self.guide: GuidedExperiment | None = None
        self.compare_view: CompareView | None = None  # File > Compare runs, made on each use

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
        self.stats = StatsRefresh(
            self, StatsWidgets(self.stats_view, self.k6_view, self.split_bars, self.tabs), self.model, self.tasks
        )
        self.stats.shown.connect(self.statsShown)
        run_widgets = RunWidgets(
            self.panel, self.live, self.stats_view, self.k6_view, self.split_bars, self.tabs, self.status, self.menus
        )
        self.run = WindowRun(self, run_widgets, self.model, self.tasks, self.stats, self.classroom_mode)
        self.run.finished.connect(self.runFinished)
        self.run.loaded.connect(self.runLoaded)
        self.run.changed.connect(self._sync_actions)
        self.profiles = WindowProfiles(self, self.panel, self.state_label, self.tasks, self.run, profile_path)
        self._connect_actions()
        self.flames = attach_flame_tab(self)  # CPU profiles ([profiling] cpu): shown when the run has some

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
        self.run.look_for_live_run()  # a run kept going when a window closed: this one shows it

    def _connect_actions(self) -> None:
        """Each action of the menus and toolbar to what it does."""
        m, exports, run, profiles = self.menus, self.exports, self.run, self.profiles
        slots: list[tuple[QAction, Callable[..., object]]] = [
            (m.act_open_profile, profiles.open_dialog),
            (m.act_save_profile, profiles.save_dialog),
            (m.act_own_service, lambda: profiles.show_own_service()),
            (m.act_open_run, run.open_dialog),
            (m.act_export, exports.export_all_dialog),
            (m.act_export_report, exports.export_report_dialog),
            (m.act_compare, self.open_compare),
            (m.act_export_png, exports.export_png_dialog),
            (m.act_export_svg, exports.export_svg_dialog),
            (m.act_export_csv, exports.export_csv_dialog),
            (m.act_quit, self.close),
            (m.act_run, lambda: run.start()),
            (m.act_pause, run.toggle_pause),
            (m.act_stop, run.stop),
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
        m.studyChosen.connect(profiles.open)
        m.languageChosen.connect(self.choose_language)
        m.recent_menu.aboutToShow.connect(lambda: self.window_settings.fill_recent(m.recent_menu, run.open))

    def size_status_labels(self) -> None:
        """Room for samples/s, ETA and errors in the current font (classroom mode scales it and shows the
        counts in its own bar: the status bar's progress then says its share alone)."""
        self.status.size_labels(compact=self.classroom_mode.active)

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
        if event.type() == QEvent.Type.PaletteChange:  # a colour-scheme change, classroom mode: the plots follow
            handled = super().event(event)
            if hasattr(self, "live"):
                self.apply_palette()
            return handled
        return super().event(event)

    # -- the run and the profile shown (the components' state, and what the other parts call) ---------
    def running(self) -> bool:
        """Whether a run is going on."""
        return self.run.running()

    @property
    def run_path(self) -> Path | None:
        """The run file shown (None: none)."""
        return self.run.path

    @property
    def factors(self) -> list[str]:
        """The factors the shown run's statistics are computed over."""
        return self.run.factors

    @property
    def last_finished(self) -> RunFinished | None:
        """How the shown run ended (None while it goes on, or for a stored run)."""
        return self.run.last_finished

    @property
    def progress(self) -> run_job.LatestProgress:
        """The newest progress of the run going on (or of the last one)."""
        return self.run.progress

    @property
    def profile_path(self) -> str | None:
        """The file of the profile shown (None: none)."""
        return self.profiles.path

    def start_run(self, profile: Profile | None = None) -> bool:
        """Start the experiment of the panel (or ``profile``, as is); False, with the reason shown, if it cannot."""
        return self.run.start(profile)

    def stop_run(self) -> None:
        """Stop the run going on; its samples so far are kept."""
        self.run.stop()

    def open_run(self, path: str) -> None:
        """Load a stored run in the background, then redraw everything."""
        self.run.open(path)

    def open_profile(self, path: str) -> bool:
        """Show the profile at ``path`` (:meth:`WindowProfiles.open`); False, the reason shown, if refused."""
        return self.profiles.open(path)

    def save_profile(self, path: str) -> bool:
        """Write the panel's profile to ``path``; False, the reason shown, if it cannot."""
        return self.profiles.save(path)

    def show_own_service(self, path: str | None = None) -> OwnServiceDialog:
        """The form “My own service” (:meth:`WindowProfiles.show_own_service`)."""
        return self.profiles.show_own_service(path)

    def _sync_actions(self) -> None:
        running = self.running()
        problem = self.panel.problem()
        self.menus.act_run.setEnabled(not running and not problem)
        self.menus.act_run.setToolTip(problem or self.tr("Start the experiment (Ctrl+R)"))
        self.menus.act_pause.setEnabled(running)
        self.menus.act_stop.setEnabled(running)
        has_run = self.run_path is not None
        for a in (self.menus.act_export, self.menus.act_export_report, self.menus.act_export_csv):
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
        Returns the :class:`~bancada.ui.guide.guided_experiment.GuidedExperiment`.
        """
        from bancada.ui.guide.guided_experiment import GuidedExperiment

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
        """Open the Compare view (:class:`bancada.ui.dialogs.compare_view.CompareView`) with the current run listed."""
        from bancada.ui.dialogs.compare_view import CompareView

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
            event.ignore()  # asked first (CloseDuringRun); the window closes once the run has ended or been left
            if not self.run.close_after and self.findChild(CloseDuringRun) is None:
                eta_s = self.progress.value.eta_s if self.progress.value is not None else None
                keep = partial(self.run.leave, keep=True)
                CloseDuringRun(self, eta_s, keep=keep, stop=self.run.stop_then_close).open()
            return
        self.save_settings()
        self.run.plot_timer.stop()
        self.tasks.cancel_all()
        self.stats.close()
        self.tasks.shutdown()
        for box in list(self._dialogs):
            box.close()
        self.menus.close_dialogs()
        event.accept()
