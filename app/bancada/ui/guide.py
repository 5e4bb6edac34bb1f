"""The guided experiment (Help > Guided experiment): a step panel docked beside the plots.

It drives the window itself, not a copy: choosing a study opens its profile
in the experiment panel, the host and factor steps set the panel's host,
implementations and payloads, the pilot and the main run are the window's
Run (:meth:`MainWindow.start_run`, watched through ``runFinished`` and
``statsShown``), the statistics steps point at the window's Statistics tab,
and Export is the window's Export all. What the student chose and why Next is
disabled come from the Qt-free :class:`bancada.guide.wizard_state.WizardState`;
this module only displays it. Long work (host check, runs, statistics,
conclusions, export) runs on the window's background tasks.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bancada.core import paths
from bancada.experiment.profile import ProfileError
from bancada.guide import texts
from bancada.guide.estimate import duration_text, pilot_pace
from bancada.guide.studies import MY_OWN, study_cards
from bancada.guide.wizard_state import PILOT_REPETITIONS, PILOT_REQUESTS, PILOT_WARMUP, STEPS, WizardState
from bancada.ui.guide_pages import (
    ConclusionsPage,
    ExportPage,
    FactorsPage,
    HostPage,
    ReadingsPage,
    RunPage,
    SampleSizePage,
    StudyPage,
    wrapped,
)
from bancada.ui.profile_check import load_checked_profile
from bancada.ui.run_status import format_eta

#: The card of the shipped profiles/my-service.toml: it opens the form “My own service” too.
OWN_SERVICE = "my-service"

if TYPE_CHECKING:
    from bancada.ui.stats_view import TableSection

# The tables of the Statistics tab each statistics step points at (names from bancada.stats.tables).
STEP_TABLES = {
    "sample_size": ["Sample size"],
    "normality": ["Normality"],
    "rank_tests": ["Wilcoxon rank-sum", "Wilcoxon rank-sum, repetition medians", "Kruskal-Wallis", "Dunn post-hoc"],
    "factorial": ["Factorial allocation of variation", "Factorial effects"],
}


class GuidedExperiment(QDockWidget):
    """The step panel. ``stepShown(name)`` fires each time a step is shown (tests and screenshots wait on it)."""

    stepShown = Signal(str)
    changed = Signal()

    def __init__(self, window, state: WizardState | None = None) -> None:
        super().__init__(window)
        self.setWindowTitle(self.tr("Guided experiment"))
        self.setObjectName("guidedExperiment")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.w = window
        self.state = state or WizardState()
        self._awaiting = ""  # "pilot" | "main": a run of the guide is going on or its statistics are due
        self._stats_due = False
        self._started_at = 0.0  # time.monotonic() when the guide's run started
        self._pilot_wall_s: float | None = None  # the pilot's wall time, for the main run's estimate
        try:
            folder = paths.home() / "profiles"
        except paths.BancadaHomeError:
            folder = None
        self.cards = study_cards(folder)

        body = QWidget()
        outer = QVBoxLayout(body)
        self.step_label = QLabel()
        self.title = QLabel()
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setWeight(QFont.Weight.DemiBold)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        outer.addWidget(self.step_label)
        outer.addWidget(self.title)

        content = QWidget()
        cl = QVBoxLayout(content)
        cl.setContentsMargins(0, 0, 4, 0)
        self.explanation = wrapped()
        self.hint = wrapped()
        self.hint.setObjectName("guideHint")
        self.hint.setStyleSheet("QLabel#guideHint { border-left: 3px solid #1565c0; padding-left: 6px; }")
        cl.addWidget(self.explanation)
        cl.addWidget(self.hint)
        self.pages_layout = cl  # the pages go here, one shown at a time (a QStackedWidget would size
        # itself to its largest page and not wrap the shown one's texts to the width)
        cl.addStretch(1)
        self.scroll_area = QScrollArea()  # not "scroll": that is QWidget.scroll(dx, dy)
        self.scroll_area.setWidget(content)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self.scroll_area, 1)

        self.reason = wrapped()
        self.reason.setObjectName("guideReason")
        self.reason.setStyleSheet("color: #c62828; font-weight: 600;")
        outer.addWidget(self.reason)
        buttons = QHBoxLayout()
        self.back_button = QPushButton(self.tr("← &Back"))
        self.next_button = QPushButton(self.tr("&Next →"))
        self.back_button.clicked.connect(self.go_back)
        self.next_button.clicked.connect(self.go_next)
        buttons.addWidget(self.back_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        outer.addLayout(buttons)
        body.setMinimumWidth(300)
        self.setWidget(body)
        self._build_pages()

        p = window.panel
        p.capabilitiesChanged.connect(self._on_capabilities_answer)
        window.runFinished.connect(self._on_run_finished)
        window.statsShown.connect(self._on_stats)
        window.exportDone.connect(self._on_exported)
        window.run.plot_timer.timeout.connect(self._show_progress)
        self._show_step()

    # -- pages ------------------------------------------------------------------------------
    def _build_pages(self) -> None:
        self.study_page = StudyPage(self.cards)
        self.study_page.chosen.connect(self.choose_study)
        self.host_page = HostPage()
        self.host_page.hostChosen.connect(self._choose_host)
        self.host_page.manageHostsRequested.connect(self.w.manage_hosts)
        self.host_page.hosts_button.setVisible(self.w.hosts_dialog_class is not None)
        self.factors_page = FactorsPage()
        self.factors_page.edited.connect(self._factors_edited)
        self.pilot_page = RunPage(self.tr("Run the &pilot"))
        self.pilot_page.button.clicked.connect(self.start_pilot)
        self.size_page = SampleSizePage()
        self.size_page.requests.textEdited.connect(self._requests_edited)
        self.main_page = RunPage(self.tr("Start the &main run"))
        self.profile_cpu = QCheckBox(self.tr("Profile the servers' CPU (adds the optional step “Why?”)"))
        main_layout = self.main_page.layout()
        assert isinstance(main_layout, QVBoxLayout)
        main_layout.insertWidget(1, self.profile_cpu)
        self.why_page = ReadingsPage()
        self.why_page.text.setTextFormat(Qt.TextFormat.PlainText)
        self.main_page.button.clicked.connect(self.start_main_run)
        self.readings_page = ReadingsPage()
        self.conclusions_page = ConclusionsPage()
        self.conclusions_page.copy.clicked.connect(self.copy_conclusions)
        self.export_page = ExportPage()
        self.export_page.folder.textEdited.connect(self._folder_edited)
        self.export_page.choose.clicked.connect(self._choose_folder)
        self.export_page.export.clicked.connect(self.export)
        self.page_of = {
            "study": self.study_page,
            "host": self.host_page,
            "factors": self.factors_page,
            "pilot": self.pilot_page,
            "sample_size": self.size_page,
            "main_run": self.main_page,
            "normality": self.readings_page,
            "rank_tests": self.readings_page,
            "why": self.why_page,
            "factorial": self.readings_page,
            "conclusions": self.conclusions_page,
            "export": self.export_page,
        }
        for i, page in enumerate(dict.fromkeys(self.page_of.values())):
            page.setVisible(False)
            # the conclusions' text takes the height there is; the other pages keep theirs
            self.pages_layout.insertWidget(2 + i, page, 10 if page is self.conclusions_page else 0)

    # -- navigation -----------------------------------------------------------------------
    def go_next(self) -> None:
        if self.state.can_finish():
            self.close()
            return
        if self.state.next():
            self._show_step()

    def go_back(self) -> None:
        if self.state.back():
            self._show_step()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not isinstance(self.focusWidget(), QPushButton):
            if self.next_button.isEnabled():
                self.go_next()
            return
        super().keyPressEvent(event)

    def _show_step(self) -> None:
        """Show the current step: texts, its page filled from the state, the window's tab it talks about."""
        name = self.state.name
        self.step_label.setText(self.tr("Step {k} of {n}").format(k=self.state.step + 1, n=len(self.state.steps())))
        self.title.setText(texts.title(name))
        self.explanation.setText(texts.explanation(name))
        self.hint.setText(self.tr("What to look at: {h}").format(h=texts.hint(name)))
        for page in set(self.page_of.values()):
            page.setVisible(page is self.page_of[name])
        getattr(self, "_enter_" + name, lambda: None)()
        self.scroll_area.verticalScrollBar().setValue(0)
        self._refresh()
        self.stepShown.emit(name)

    def _refresh(self) -> None:
        """Buttons and the reason beside Next, from the state."""
        s = self.state
        problem = s.problem()
        last = s.name == STEPS[-1]
        self.next_button.setText(self.tr("Fi&nish") if last else self.tr("&Next →"))
        self.next_button.setEnabled(s.can_finish() if last else s.can_next())
        self.back_button.setEnabled(s.can_back())
        self.reason.setText(problem[:1].upper() + problem[1:] if problem else "")
        self.reason.setVisible(bool(problem))
        self.next_button.setToolTip(problem)
        self.pilot_page.button.setEnabled(not s.running() and not self.w.running())
        self.main_page.button.setEnabled(not s.running() and not self.w.running() and s.requests() is not None)
        self.export_page.export.setEnabled(not s.export_problem() and s.main_status == "done")
        self.changed.emit()

    # -- study and host ------------------------------------------------------------------------
    def _enter_study(self) -> None:
        if self.state.study in self.study_page.buttons:
            self.study_page.buttons[self.state.study].setChecked(True)

    def choose_study(self, key: str) -> None:
        card = next(c for c in self.cards if c.key == key)
        error = ""
        if card.path is not None:
            try:
                load_checked_profile(str(card.path))
            except ProfileError as exc:
                error = str(exc)
            else:
                self.w.open_profile(str(card.path))
                if key == OWN_SERVICE:  # the shipped example in the form "My own service": declare yours
                    self._own_service_form(str(card.path))
        elif key == MY_OWN:
            self.w.run.clear()
        self.state.choose_study(key, error)
        self._refresh()

    def _own_service_form(self, example: str) -> None:
        """The form, filled with ``example``; saved, its profile is the study's (the window opened it)."""
        dialog = self.w.show_own_service(example)
        dialog.path.setText(str(paths.user_profiles_dir() / "my-own-service.toml"))
        dialog.saved.connect(self._own_service_saved)

    def _own_service_saved(self, _path: str) -> None:
        self.state.choose_study(OWN_SERVICE, "")
        self._refresh()

    def _enter_host(self) -> None:
        combo, src = self.host_page.combo, self.w.panel.host_combo
        combo.blockSignals(True)
        combo.clear()
        for i in range(src.count()):
            combo.addItem(src.itemText(i), src.itemData(i))
        combo.setCurrentIndex(src.currentIndex())
        combo.blockSignals(False)
        self.state.choose_host(src.currentData(), src.currentText())
        self._on_capabilities()

    def _choose_host(self, index: int) -> None:
        combo = self.host_page.combo
        self.state.choose_host(combo.itemData(index), combo.itemText(index))
        self.w.panel.host_combo.setCurrentIndex(index)  # the window checks the host in the background
        self._show_caps()

    def _on_capabilities(self) -> None:
        """Entering the step: the panel's last answer, unless a check of another host is still on its way."""
        if self.w.tasks.busy("probe"):
            self.state.set_capabilities(None)
            self._show_caps()
        else:
            self._on_capabilities_answer()

    def _on_capabilities_answer(self) -> None:
        """The host check answered (the panel says so before its task has quite ended)."""
        p = self.w.panel
        self.state.set_capabilities(p.capabilities(), p.caps_error)
        self._show_caps()

    def _show_caps(self) -> None:
        s = self.state
        self.host_page.show_caps(s.caps, s.problem() if s.name == "host" else "")
        self._refresh()

    # -- factors ---------------------------------------------------------------------------------
    def _enter_factors(self) -> None:
        p = self.w.panel
        self.factors_page.fill(
            self.state.caps or {}, p.selected_implementations(), p.payload_names(), p.selected_payloads()
        )
        self._factors_edited()

    def _factors_edited(self) -> None:
        from bancada.guide.wizard_state import design_summary

        impls, payloads = self.factors_page.implementations(), self.factors_page.payloads()
        self.w.panel.set_implementations(impls)
        self.w.panel.set_payloads(payloads)
        self.state.set_factors(impls, payloads)
        self.factors_page.summary.setText(
            self.tr("The design: {d}.").format(d=design_summary(self.state.caps or {}, impls, payloads))
        )
        self._refresh()

    # -- the runs ----------------------------------------------------------------------------------
    def _enter_pilot(self) -> None:
        self.w.tabs.setCurrentIndex(0)
        self.pilot_page.detail.setText(
            self.tr(
                "The pilot: {n} requests per treatment in each of {r} repetitions, after {w} warm-up requests."
            ).format(n=PILOT_REQUESTS, r=PILOT_REPETITIONS, w=PILOT_WARMUP)
        )
        self._show_run_status(self.pilot_page, self.state.pilot_status)

    def start_pilot(self) -> bool:
        """Run the panel's experiment at the pilot's size (the study's r and warm-up are kept for the main run)."""
        p, s = self.w.panel, self.state
        if s.pilot_status == "":
            s.repetitions = p.repetitions.value() or s.repetitions
            s.warmup = p.warmup.value() if p.warmup.value() is not None else s.warmup
        p.requests.setValue(PILOT_REQUESTS)
        p.repetitions.setValue(PILOT_REPETITIONS)
        p.warmup.setValue(PILOT_WARMUP)
        p.profile_cpu.setChecked(False)  # the pilot measures the variation, not where the time goes
        return self._start("pilot")

    def _enter_main_run(self) -> None:
        s = self.state
        self.w.tabs.setCurrentIndex(0)
        self.main_page.detail.setText(
            self.tr(
                "The main run: {n} requests per treatment in each of {r} repetitions, after {w} warm-up requests."
            ).format(n=s.requests() or "–", r=s.repetitions, w=s.warmup)
            + ("\n" + s.estimate() if s.estimate() else "")
        )
        self._show_estimate()
        self._show_run_status(self.main_page, s.main_status)

    def start_main_run(self) -> bool:
        p, s = self.w.panel, self.state
        n = s.requests()
        if n is None:
            return False
        p.requests.setValue(n)
        p.repetitions.setValue(s.repetitions)
        p.warmup.setValue(s.warmup)
        p.profile_cpu.setChecked(self.profile_cpu.isChecked())
        s.profiled = self.profile_cpu.isChecked()
        return self._start("main")

    def _start(self, which: str) -> bool:
        page = self.pilot_page if which == "pilot" else self.main_page
        self.w.tabs.setCurrentIndex(0)
        if not self.w.start_run():
            page.status.setText(self.w.state_label.text())
            return False
        self._awaiting, self._stats_due = which, False
        self._started_at = time.monotonic()
        if which == "pilot":
            self.state.pilot_status = "running"
        else:
            self.state.main_status = "running"
        self._show_run_status(page, "running")
        self._refresh()
        return True

    def _show_run_status(self, page: RunPage, status: str) -> None:
        page.status.setText(
            {
                "": "",
                "running": self.tr("Running: watch the boxes grow in the Live tab (Stop is in the toolbar)."),
                "stats": self.tr("The run is complete; computing its statistics…"),
                "done": self.tr("Done: {p}").format(p=self.w.run_path or ""),
                "failed": self.tr("The run did not complete; press the button to run it again."),
            }.get(status, status)
        )

    def _show_progress(self) -> None:
        """The run's requests done, of how many, and the time left, in the run's page (each plot tick)."""
        if not self._awaiting or self._stats_due:
            return
        p = self.w.progress.value
        if p is None or not p.total:
            return
        page = self.pilot_page if self._awaiting == "pilot" else self.main_page
        loc = QLocale()
        page.status.setText(
            self.tr(
                "Running: {done} of {total} requests ({pct}), {eta} left. Watch the boxes grow in the Live tab "
                "(Stop is in the toolbar)."
            ).format(
                done=loc.toString(p.done),
                total=loc.toString(p.total),
                pct=loc.toString(100.0 * p.done / p.total, "f", 0) + " %",
                eta=format_eta(p.eta_s),
            )
        )

    def _on_run_finished(self, status: str) -> None:
        if not self._awaiting:
            return
        page = self.pilot_page if self._awaiting == "pilot" else self.main_page
        if status != "complete":
            self._set_status("failed")
            self._awaiting = ""
            self._show_run_status(page, "failed")
        else:
            self._stats_due = True
            if self._awaiting == "pilot":
                self._pilot_wall_s = time.monotonic() - self._started_at
            self._show_run_status(page, "stats")
        self._refresh()

    @staticmethod
    def _note_run(run: str, note: str) -> None:
        """Mark the run as the guide's pilot or main run, so Recent runs and Compare tell them apart."""
        from bancada.session.run_caption import set_note
        from bancada.store.runstore import RunStoreError

        if run:
            try:
                set_note(run, note)
            except RunStoreError:  # the file went away or is read-only: the run is kept, unnamed
                pass

    def _set_status(self, status: str) -> None:
        if self._awaiting == "pilot":
            self.state.pilot_status = status
        else:
            self.state.main_status = status

    def _on_stats(self, final: bool) -> None:
        if not (final and self._stats_due and self._awaiting):
            return
        res = self.w.stats_view.result
        result = res.result if res is not None else None
        run = str(self.w.run_path or "")
        self._note_run(run, "pilot" if self._awaiting == "pilot" else "main run")
        if self._awaiting == "pilot":
            self.state.pilot_done(run, result, self.state.repetitions)
            self._show_run_status(self.pilot_page, "done")
            self._measure_pace(run)
        else:
            self.state.main_done(run, result)
            self._show_run_status(self.main_page, "done")
        self._awaiting, self._stats_due = "", False
        self._refresh()

    # -- sample size ----------------------------------------------------------------------------
    def _enter_sample_size(self) -> None:
        s = self.state
        self._point_at_tables("sample_size")
        self.size_page.advice.setText(
            s.advice.sentence()
            if s.advice
            else self.tr("The pilot gave nothing to compute a sample size from: type the requests per repetition.")
        )
        self.size_page.requests.setText(s.requests_text)
        self._show_estimate()

    def _requests_edited(self, text: str) -> None:
        self.state.set_requests_text(text)
        self._show_estimate()
        self._refresh()

    def _measure_pace(self, run: str) -> None:
        """Read the pilot's pace from its run file in the background (for the main run's estimate)."""
        wall_s, repetitions = self._pilot_wall_s, PILOT_REPETITIONS

        def read(_state):
            from bancada.store.runstore import RunStore

            with RunStore.open(run) as store:
                cols = store.sample_columns(["block", "start_ns", "latency_ns", "phase"])
            measured = cols["phase"] == 1
            return pilot_pace(cols["block"], cols["start_ns"], cols["latency_ns"], wall_s, repetitions, measured)

        def got(pace) -> None:
            if self.state.pilot_run == run:
                self.state.pilot_pace = pace
                self._show_estimate()

        self.w.tasks.start("pilot pace", read, succeeded=got, failed=lambda _m, _tb: None)

    def _show_estimate(self) -> None:
        """The main run's duration at the pilot's pace: under the requests field and on the Run button."""
        s = self.state
        seconds = s.main_run_s()
        self.size_page.estimate.setText(s.estimate())
        self.size_page.estimate.setVisible(seconds is not None)
        self.main_page.button.setText(
            self.tr("Start the &main run ({d})").format(d=duration_text(seconds))
            if seconds is not None
            else self.tr("Start the &main run")
        )

    # -- statistics -------------------------------------------------------------------------------
    def _point_at_tables(self, step: str) -> list[TableSection]:
        """Show the Statistics tab scrolled to the step's first table; return the readings of its tables."""
        view = self.w.stats_view
        self.w.tabs.setCurrentWidget(view)
        names = STEP_TABLES.get(step, [])
        shown = [view.sections[n] for n in names if n in view.sections and view.sections[n].isVisible()]
        if shown:
            view.verticalScrollBar().setValue(shown[0].y())
        return shown

    def _enter_readings(self, step: str) -> None:
        res = self.w.stats_view.result
        self._point_at_tables(step)
        lines = []
        for name in STEP_TABLES[step]:
            reading = res.readings.get(name) if res is not None else None
            sec = self.w.stats_view.sections.get(name)
            if reading and sec is not None:
                title = sec.heading.text().split(" <span")[0]
                lines.append(f"<p><b>{title}</b>: {_html(reading)}</p>")
        self.readings_page.text.setText(
            "".join(lines) or "<p>" + _html(self.tr("The Statistics tab has no such table for this run.")) + "</p>"
        )

    def _enter_normality(self) -> None:
        self._enter_readings("normality")

    def _enter_rank_tests(self) -> None:
        self._enter_readings("rank_tests")

    def _enter_why(self) -> None:
        """Read the flame graphs of the slowest and the fastest treatment of the larger payload (background)."""
        from bancada.guide.why import why_reading

        path = self.w.run_path
        self.why_page.text.setText(self.tr("Reading the CPU profiles…"))
        if path is None:
            return

        def shown(reading) -> None:
            self.why_page.text.setText(reading.text)
            if reading.slow:
                flames = self.w.flames
                self.w.tabs.setCurrentIndex(self.w.tabs.indexOf(flames))
                flames.select(reading.slow, reading.fast)
            self.stepShown.emit("why-read")

        self.w.tasks.start(
            "why",
            lambda _state: why_reading(path),
            succeeded=shown,
            failed=lambda msg, _tb: self.why_page.text.setText(msg),
        )

    def _enter_factorial(self) -> None:
        self._enter_readings("factorial")

    # -- conclusions and export ---------------------------------------------------------------------
    def _enter_conclusions(self) -> None:
        s = self.state
        note = texts.sample_size_note(
            s.advice.n_total if s.advice else None, PILOT_REQUESTS * PILOT_REPETITIONS, s.result
        )
        self.conclusions_page.note.setText(note)
        self.conclusions_page.note.setVisible(bool(note))
        if s.conclusions:
            self.conclusions_page.text.setMarkdown(s.conclusions)
        else:
            self.conclusions_page.text.setPlainText(self.tr("Writing the conclusions…"))
        if s.conclusions or s.result is None:
            return
        result = s.result

        def write(_state) -> str:
            from bancada.stats.conclusions import conclusions

            return conclusions(result)

        self.w.tasks.start("conclusions", write, succeeded=self._conclusions_written, failed=self._conclusions_failed)

    def _conclusions_written(self, text: str) -> None:
        self.state.conclusions = text
        if self.state.name == "conclusions":
            self.conclusions_page.text.setMarkdown(text)
        self._refresh()

    def _conclusions_failed(self, message: str, _tb: str) -> None:
        self.conclusions_page.text.setPlainText(self.tr("The conclusions could not be written: {m}").format(m=message))

    def copy_conclusions(self) -> None:
        QGuiApplication.clipboard().setText(self.state.conclusions)
        self.w.state_label.setText(self.tr("The conclusions are on the clipboard"))

    def _enter_export(self) -> None:
        s = self.state
        if not s.export_dir and s.main_run:
            s.export_dir = str(paths.data_dir() / "exports" / Path(s.main_run).stem)
        self.export_page.folder.setText(s.export_dir)

    def _folder_edited(self, text: str) -> None:
        self.state.set_export_dir(text)
        self.export_page.status.clear()
        self._refresh()

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Export into folder"), self.state.export_dir)
        if folder:
            self.export_page.folder.setText(folder)
            self._folder_edited(folder)

    def export(self) -> None:
        """The window's Export all into the chosen folder (data files in the background)."""
        if self.state.export_problem():
            return
        self.export_page.status.setText(self.tr("Exporting…"))
        self.export_page.export.setEnabled(False)
        self.w.exports.export_all(self.state.export_dir.strip())

    def _on_exported(self, folder: str) -> None:
        if Path(folder) != Path(self.state.export_dir.strip()):
            return
        self.state.exported = True
        names = sorted(p.name for p in Path(folder).iterdir())
        self.export_page.status.setText(self.tr("Written to {f}: {names}").format(f=folder, names=", ".join(names)))
        self._refresh()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
