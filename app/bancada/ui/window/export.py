"""Export from the main window: PNG, SVG, samples CSV, the report (PDF and HTML), or everything (a component
of :class:`MainWindow`).

Images are drawn on the GUI thread; data files are written in the background
through the window's :class:`~bancada.ui.tasks.TaskRunner`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QByteArray, QObject, Signal
from PySide6.QtGui import QImageWriter
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox

from bancada.export.context import ExportOptions
from bancada.export.report_files import export_report
from bancada.export.run_export import ALL_OUTPUTS, export_run
from bancada.ui.settings import settings

if TYPE_CHECKING:
    from bancada.ui.plots.live_view import LiveView
    from bancada.ui.tables.stats_view import StatisticsView
    from bancada.ui.tasks import TaskRunner, TaskState


class RunShown(Protocol):
    """What the exports read from the window: the run on screen, and where an error goes."""

    @property
    def run_path(self) -> Path | None: ...

    def show_error(self, title: str, text: str) -> QMessageBox: ...


class WindowExport(QObject):
    """The export actions of the main window. ``exportDone(folder)`` when Export all has written everything,
    ``reportDone(pdf)`` when Export report has."""

    exportDone = Signal(str)
    reportDone = Signal(str)  # the PDF's path, once it and its HTML are written

    def __init__(
        self, window: RunShown, live: LiveView, stats_view: StatisticsView, state_label: QLabel, tasks: TaskRunner
    ) -> None:
        super().__init__()
        self.window = window
        self.live = live
        self.stats_view = stats_view
        self.state_label = state_label
        self.tasks = tasks

    def export_png(self, path: str, scale: float = 2.0) -> bool:
        """Write the plot area as a PNG ``scale`` times its pixels; say so (or why not) in the status bar."""
        ok = QImageWriter(path, QByteArray(b"PNG")).write(self.live.render_image(scale))
        self.state_label.setText(
            self.tr("Plot saved to {p}").format(p=path) if ok else self.tr("Cannot write {p}").format(p=path)
        )
        return ok

    def _csv_run(self) -> bool:
        """Whether the open run is a tidy CSV (read-only: no profile, host facts or run file to export); says so."""
        from bancada.session.tidy_run import is_csv

        run_path = self.window.run_path
        if run_path is None or not is_csv(run_path):
            return False
        self.state_label.setText(
            self.tr(
                "{f} is a tidy sample CSV, opened read-only: export the plot as PNG or SVG, or copy the tables"
            ).format(f=run_path.name)
        )
        return True

    def export_svg(self, path: str) -> None:
        """Write the plot area as SVG; say so in the status bar."""
        self.live.write_svg(path)
        self.state_label.setText(self.tr("Plot saved to {p}").format(p=path))

    def export_all(self, folder: str, pdf: bool = False) -> None:
        """Images now (GUI thread), data files in the background; ``exportDone(folder)`` at the end.
        ``pdf``: the report as ``report.pdf`` too (the guide's export)."""
        run_path = self.window.run_path
        if run_path is None:
            self.state_label.setText(self.tr("Nothing to export yet: run an experiment or open a run"))
            return
        if self._csv_run():
            return
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        self.export_png(str(out / "plot.png"))
        self.export_svg(str(out / "plot.svg"))
        res = self.stats_view.result
        tables = dict(res.tables) if res else None
        readings = dict(res.readings) if res else None
        result = res.result if res else None
        stats = res if res and res.tables else None
        options = ExportOptions(tables=tables, readings=readings, result=result, stats=stats, pdf=pdf)
        self.tasks.start(
            "export",
            lambda state: export_run(run_path, out, ALL_OUTPUTS, options),
            succeeded=lambda written: self._export_done(str(out), written),
            failed=lambda msg, _tb: self.window.show_error(self.tr("Export failed"), msg),
        )

    def _export_done(self, folder: str, written: list[Path]) -> None:
        self.state_label.setText(self.tr("Exported %Ln file(s) to {f}", "", len(written) + 2).format(f=folder))
        s = settings()
        s.setValue("exportDir", folder)
        self.exportDone.emit(folder)

    def export_report(self, path: str) -> bool:
        """Write the run's report as a PDF at ``path`` and as HTML beside it, in the background with its
        progress in the status bar; ``reportDone(path)`` at the end. False (the reason in the status bar)
        when there is no run to report or a report is being written."""
        run_path = self.window.run_path
        if run_path is None:
            self.state_label.setText(self.tr("Nothing to export yet: run an experiment or open a run"))
            return False
        if self.tasks.busy("report"):
            self.state_label.setText(self.tr("A report is being written: wait for it to end"))
            return False
        res = self.stats_view.result
        stats = res if res and res.tables else None
        self.state_label.setText(self.tr("Writing the report… {p} %").format(p=0))
        self.tasks.start(
            "report",
            lambda state: export_report(run_path, path, stats, state.progress),
            progressed=lambda f: self.state_label.setText(
                self.tr("Writing the report… {p} %").format(p=round(100 * f))
            ),
            succeeded=lambda written: self._report_done(path, written),
            failed=lambda msg, _tb: self.window.show_error(self.tr("The report could not be written"), msg),
        )
        return True

    def _report_done(self, path: str, written: list[Path]) -> None:
        self.state_label.setText(
            self.tr("Report written: {pdf} and {html}").format(pdf=written[0], html=written[1].name)
        )
        settings().setValue("exportDir", str(Path(path).parent))
        self.reportDone.emit(path)

    def export_report_dialog(self) -> None:
        start = Path(settings().value("exportDir") or str(Path.cwd()))
        name = f"{self.window.run_path.stem}.pdf" if self.window.run_path is not None else "report.pdf"
        path, _ = QFileDialog.getSaveFileName(
            self.live.window(), self.tr("Export report"), str(start / name), self.tr("PDF (*.pdf)")
        )
        if path:
            self.export_report(path if path.lower().endswith(".pdf") else path + ".pdf")

    def export_all_dialog(self) -> None:
        start = settings().value("exportDir") or str(Path.cwd())
        folder = QFileDialog.getExistingDirectory(self.live.window(), self.tr("Export into folder"), str(start))
        if folder:
            self.export_all(folder)

    def export_png_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.live.window(), self.tr("Export plot"), "plot.png", "PNG (*.png)")
        if path:
            self.export_png(path)

    def export_svg_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.live.window(), self.tr("Export plot"), "plot.svg", "SVG (*.svg)")
        if path:
            self.export_svg(path)

    def export_csv_dialog(self) -> None:
        run_path = self.window.run_path
        if run_path is None or self._csv_run():
            return
        path, _ = QFileDialog.getSaveFileName(
            self.live.window(), self.tr("Export samples"), "samples.csv", "CSV (*.csv)"
        )
        if not path:
            return

        def job(state: TaskState) -> int:
            from bancada.store.runstore import RunStore
            from bancada.store.tidy_csv import export_csv

            with RunStore.open(run_path) as store:
                return export_csv(store, path)

        self.tasks.start(
            "export",
            job,
            succeeded=lambda n: self.state_label.setText(self.tr("Wrote %Ln row(s) to {p}", "", n).format(p=path)),
            failed=lambda msg, _tb: self.window.show_error(self.tr("Export failed"), msg),
        )
