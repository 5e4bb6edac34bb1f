"""The guide's steps after the main run: the statistics' readings, why (the CPU profiles), the
conclusions and the export (a part of :class:`GuidedExperiment`).

The statistics steps point at the window's Statistics tab and repeat the readings of its tables;
"why" reads the flame graphs of the run's CPU profiles; the conclusions are written from the main
run's result and Export is the window's Export all. Reading the profiles, writing the conclusions and
exporting run on the window's background tasks.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from bancada.core import paths
from bancada.guide import texts
from bancada.guide.wizard_state import PILOT_REPETITIONS, PILOT_REQUESTS, WizardState
from bancada.ui.guide.pages import ConclusionsPage, ExportPage, ReadingsPage

if TYPE_CHECKING:
    from bancada.ui.tables.stats_view import TableSection

# The tables of the Statistics tab each statistics step points at (names from bancada.analysis.words.tables).
STEP_TABLES = {
    "sample_size": ["Sample size"],
    "normality": ["Normality"],
    "rank_tests": ["Wilcoxon rank-sum", "Wilcoxon rank-sum, repetition medians", "Kruskal-Wallis", "Dunn post-hoc"],
    "factorial": ["Factorial allocation of variation", "Factorial effects"],
}


def point_at_tables(window, step: str) -> list[TableSection]:
    """Show ``window``'s Statistics tab scrolled to the first of ``step``'s tables (:data:`STEP_TABLES`)
    that is shown; return those shown, in that order."""
    view = window.stats_view
    window.tabs.setCurrentWidget(view)
    names = STEP_TABLES.get(step, [])
    shown = [view.sections[n] for n in names if n in view.sections and view.sections[n].isVisible()]
    if shown:
        view.verticalScrollBar().setValue(shown[0].y())
    return shown


class GuideResults(QObject):
    """The steps "normality", "rank_tests", "why", "factorial", "conclusions" and "export": their pages
    and what they do.

    ``window``: the :class:`~bancada.ui.window.main_window.MainWindow` the guide drives; ``state``: the
    guide's :class:`~bancada.guide.wizard_state.WizardState`; ``dock``: the guide's dock (the parent,
    and the folder dialog's). ``pages``: step name -> its page; ``enter``: step name -> what showing it
    does. Signals: ``changed()`` after the state changed (the dock updates its buttons);
    ``stepShown("why-read")`` once the CPU profiles are read.
    """

    changed = Signal()
    stepShown = Signal(str)

    def __init__(self, window, state: WizardState, dock: QWidget) -> None:
        super().__init__(dock)
        self.w = window
        self.state = state
        self.dock = dock
        self.why_page = ReadingsPage()
        self.why_page.text.setTextFormat(Qt.TextFormat.PlainText)
        self.readings_page = ReadingsPage()
        self.conclusions_page = ConclusionsPage()
        self.conclusions_page.copy.clicked.connect(self.copy_conclusions)
        self.export_page = ExportPage()
        self.export_page.folder.textEdited.connect(self._folder_edited)
        self.export_page.choose.clicked.connect(self._choose_folder)
        self.export_page.export.clicked.connect(self.export)
        self.pages: dict[str, QWidget] = {
            "normality": self.readings_page,
            "rank_tests": self.readings_page,
            "why": self.why_page,
            "factorial": self.readings_page,
            "conclusions": self.conclusions_page,
            "export": self.export_page,
        }
        self.enter = {
            "normality": lambda: self._enter_readings("normality"),
            "rank_tests": lambda: self._enter_readings("rank_tests"),
            "why": self._enter_why,
            "factorial": lambda: self._enter_readings("factorial"),
            "conclusions": self._enter_conclusions,
            "export": self._enter_export,
        }
        window.exportDone.connect(self._on_exported)

    def sync_buttons(self) -> None:
        """Export: enabled once the main run is done and the folder is usable."""
        s = self.state
        self.export_page.export.setEnabled(not s.export_problem() and s.main_status == "done")

    # -- statistics -------------------------------------------------------------------------------
    def _enter_readings(self, step: str) -> None:
        res = self.w.stats_view.result
        point_at_tables(self.w, step)
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

    # -- conclusions and export ---------------------------------------------------------------------
    def _enter_conclusions(self) -> None:
        s = self.state
        note = texts.sample_size_note(
            (s.advice.n_mean or s.advice.n_total) if s.advice else None, PILOT_REQUESTS * PILOT_REPETITIONS, s.result
        )
        self.conclusions_page.note.setText(note)
        self.conclusions_page.note.setVisible(bool(note))
        if s.conclusions:
            self.conclusions_page.text.setMarkdown(s.conclusions)
        else:
            self.conclusions_page.text.setPlainText(self.tr("Writing the conclusions…"))
        if s.conclusions or s.result is None:
            return
        result, run_path = s.result, self.w.run_path

        def write(_state) -> str:
            from bancada.analysis.conclusions import conclusions
            from bancada.report.published import paper_beside_markdown

            # a seed study's published ranking beside the run's, with its reading
            return conclusions(result) + paper_beside_markdown(run_path)

        self.w.tasks.start("conclusions", write, succeeded=self._conclusions_written, failed=self._conclusions_failed)

    def _conclusions_written(self, text: str) -> None:
        self.state.conclusions = text
        if self.state.name == "conclusions":
            self.conclusions_page.text.setMarkdown(text)
        self.changed.emit()

    def _conclusions_failed(self, message: str, _tb: str) -> None:
        self.conclusions_page.text.setPlainText(self.tr("The conclusions could not be written: {m}").format(m=message))

    def copy_conclusions(self) -> None:
        """Put the conclusions (Markdown) on the clipboard."""
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
        self.changed.emit()

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.dock, self.tr("Export into folder"), self.state.export_dir)
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
        self.changed.emit()


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
