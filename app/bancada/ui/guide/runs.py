"""The guide's runs: the pilot, the sample size it gives, the main run (a part of :class:`GuidedExperiment`).

Both runs are the window's Run (:meth:`MainWindow.start_run`) with the panel set to the run's size:
the pilot with :data:`~bancada.guide.wizard_state.PILOT_REQUESTS` requests per treatment in
:data:`~bancada.guide.wizard_state.PILOT_REPETITIONS` repetitions, the main run with the requests
the student chose from the pilot's advice. A run is watched through the window's ``runFinished``
and ``statsShown``; its page shows the progress at each plot tick. The pilot's pace, read from its
run file in the background, gives the main run's estimated duration.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QLocale, QObject, Signal
from PySide6.QtWidgets import QCheckBox, QVBoxLayout, QWidget

from bancada.guide.estimate import duration_text, pilot_pace
from bancada.guide.wizard_state import PILOT_REPETITIONS, PILOT_REQUESTS, PILOT_WARMUP, WizardState
from bancada.ui.guide.pages import RunPage, SampleSizePage, wrapped
from bancada.ui.guide.results import point_at_tables
from bancada.ui.window.run_status import format_eta, phase_counts


class GuideRuns(QObject):
    """The steps "pilot", "sample_size" and "main_run": their pages and what they do.

    ``window``: the :class:`~bancada.ui.window.main_window.MainWindow` the guide drives; ``state``: the
    guide's :class:`~bancada.guide.wizard_state.WizardState` (its pilot and main-run fields are set
    here); ``dock``: the guide's dock (the parent). ``pages``: step name -> its page; ``enter``: step
    name -> what showing it does. ``changed()`` after the state changed (the dock updates its buttons).
    """

    changed = Signal()

    def __init__(self, window, state: WizardState, dock: QWidget) -> None:
        super().__init__(dock)
        self.w = window
        self.state = state
        self._awaiting = ""  # "pilot" | "main": a run of the guide is going on or its statistics are due
        self._stats_due = False
        self._started_at = 0.0  # time.monotonic() when the guide's run started
        self._pilot_wall_s: float | None = None  # the pilot's wall time, for the main run's estimate
        self.pilot_page = RunPage(self.tr("Run the &pilot"))
        self.pilot_page.button.clicked.connect(self.start_pilot)
        self.size_page = SampleSizePage()
        self.size_page.requests.textEdited.connect(self._requests_edited)
        self.main_page = RunPage(self.tr("Start the &main run"))
        # a check box's text does not wrap: a short one, and what it adds in a wrapped line under it
        # (the whole sentence in one line made the guide wider than its dock at 1024×768)
        self.profile_cpu = QCheckBox(self.tr("Profile the servers' CPU"))
        self.profile_cpu_note = wrapped(self.tr("adds the optional step “Why?”: where the servers' time goes"))
        self.profile_cpu_note.setIndent(self.profile_cpu.sizeHint().height())
        self.profile_cpu.setToolTip(self.profile_cpu_note.text())
        main_layout = self.main_page.layout()
        assert isinstance(main_layout, QVBoxLayout)
        main_layout.insertWidget(1, self.profile_cpu)
        main_layout.insertWidget(2, self.profile_cpu_note)
        self.main_page.button.clicked.connect(self.start_main_run)
        self.pages: dict[str, QWidget] = {
            "pilot": self.pilot_page,
            "sample_size": self.size_page,
            "main_run": self.main_page,
        }
        self.enter = {
            "pilot": self._enter_pilot,
            "sample_size": self._enter_sample_size,
            "main_run": self._enter_main_run,
        }
        window.runFinished.connect(self._on_run_finished)
        window.statsShown.connect(self._on_stats)
        window.run.plot_timer.timeout.connect(self._show_progress)

    def sync_buttons(self) -> None:
        """The run buttons: enabled when no run is going on (the main run's once its requests are chosen)."""
        s = self.state
        self.pilot_page.button.setEnabled(not s.running() and not self.w.running())
        # after the main run, not by a stray click (it took minutes): changing its requests runs it anew
        self.main_page.button.setEnabled(
            not s.running() and not self.w.running() and s.requests() is not None and s.main_status != "done"
        )

    # -- the pilot and the main run ---------------------------------------------------------
    def _enter_pilot(self) -> None:
        self.w.tabs.setCurrentIndex(0)
        self.pilot_page.detail.setText(
            self.tr("The pilot: {n} requests per treatment in each of {r} repetitions, {warmup}.").format(
                n=QLocale().toString(PILOT_REQUESTS), r=PILOT_REPETITIONS, warmup=self._warmup_words(PILOT_WARMUP)
            )
        )
        self._show_run_status(self.pilot_page, self.state.pilot_status)

    def _warmup_words(self, count: int) -> str:
        """How each treatment's warm-up ends, as the panel's "Warm-up ends" has it: after ``count``
        requests, or once its latency is steady (at least ``count``) in its first or in every block."""
        words = {
            "steady": self.tr("after at least {w} warm-up requests, until its latency is steady, in every block"),
            "once": self.tr("after at least {w} warm-up requests, until its latency is steady, in its first block"),
        }.get(self.w.panel.warmup_until.currentData(), self.tr("after {w} warm-up requests"))
        return words.format(w=QLocale().toString(count))

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
        n = s.requests()
        self.w.tabs.setCurrentIndex(0)
        self.main_page.detail.setText(
            self.tr("The main run: {n} requests per treatment in each of {r} repetitions, {warmup}.").format(
                n=QLocale().toString(n) if n else "–",
                r=s.repetitions,
                warmup=self._warmup_words(s.warmup),
            )
            + ("\n" + s.estimate() if s.estimate() else "")
        )
        self._show_estimate()
        self._show_run_status(self.main_page, s.main_status)

    def start_main_run(self) -> bool:
        """Run the panel's experiment with the chosen requests and the study's repetitions and warm-up;
        False if no requests are chosen yet or the window refuses to start."""
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
        self.changed.emit()
        return True

    def _show_run_status(self, page: RunPage, status: str) -> None:
        page.status.setText(
            {
                "": "",
                "running": self.tr("Running: watch the boxes grow in the Live tab (Stop is in the toolbar)."),
                "stats": self.tr("The run is complete; computing its statistics…"),
                "done": self.tr("Done: {p}").format(p=self.w.run_path or "")
                + (
                    "\n" + self.tr("To run it again, change the requests per repetition in the step before.")
                    if page is self.main_page
                    else ""
                ),
                "failed": self.tr("The run did not complete; press the button to run it again."),
            }.get(status, status)
        )

    def _show_progress(self) -> None:
        """The run's measured and warm-up requests, the share of its expected time gone and the time
        left, in the run's page (each plot tick)."""
        if not self._awaiting or self._stats_due:
            return
        p = self.w.progress.value
        if p is None or not p.total:
            return
        page = self.pilot_page if self._awaiting == "pilot" else self.main_page
        share = p.fraction if p.fraction is not None else min(p.done / p.total, 0.99)  # below 100 % until the end
        page.status.setText(
            self.tr(
                "Running: {counts} ({pct}), {eta} left. Watch the boxes grow in the Live tab (Stop is in the toolbar)."
            ).format(
                counts=phase_counts(p), pct=QLocale().toString(100.0 * share, "f", 0) + " %", eta=format_eta(p.eta_s)
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
        self.changed.emit()

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
        self.changed.emit()

    # -- sample size ----------------------------------------------------------------------------
    def _enter_sample_size(self) -> None:
        s = self.state
        point_at_tables(self.w, "sample_size")
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
        self.changed.emit()

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
