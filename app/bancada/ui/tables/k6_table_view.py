"""The k6 summary tab: what k6 prints for ``http_req_duration`` per treatment.

Filled from :attr:`StatsResult.k6` (:class:`bancada.stats.k6_summary.K6Row`, computed in the
statistics process from the run file, like the Statistics tab's tables) for a run whose load
model is ``vus`` (k6's virtual users), live and opened; the window shows its tab only then
(``rowsChanged``). One row per
treatment: avg, min, med, max, p(90), p(95) in milliseconds, requests, requests/s and failed
requests in percent — k6's end-of-test summary (Grafana k6 documentation, "End of test"), with
k6's percentile (linear interpolation between the closest ranks, ``metrics/sink.go``).
Numbers follow the language (``QLocale``: a decimal comma in pt-BR).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QLocale, Signal
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from bancada.stats.k6_summary import K6Row
from bancada.ui.tables.table_widgets import make_read_only, number_item, section_heading

# K6Row's fields in k6's order (the columns after the treatment) and their decimals.
FIELDS = (
    ("avg_ms", 2),
    ("min_ms", 2),
    ("med_ms", 2),
    ("max_ms", 2),
    ("p90_ms", 2),
    ("p95_ms", 2),
    ("requests", 0),
    ("requests_per_s", 2),
    ("failed_pct", 2),
)


class K6TableView(QWidget):
    """A heading and one table; :meth:`show_rows` replaces the rows; ``rowsChanged(bool)`` says whether
    there are any (the window shows the tab only then)."""

    rowsChanged = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 0, 4)
        self.heading = section_heading(
            self.tr("k6 summary"),
            1.15,
            self.tr(
                "What k6 prints for http_req_duration at the end of a test, per treatment, computed from this "
                "run's stored samples: k6's percentiles (linear interpolation between the closest ranks), failed "
                "requests counted in the times, requests/s over the load's planned duration."
            ),
        )
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.table = QTableWidget()
        self.table.setAccessibleName(self.tr("k6 summary"))
        make_read_only(self.table)
        self.table.verticalHeader().setVisible(False)
        lay.addWidget(self.heading)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.note)
        self.rows: list[K6Row] = []

    def labels(self) -> list[str]:
        """The column labels in the language in use."""
        return [
            self.tr("treatment"),
            self.tr("avg (ms)"),
            self.tr("min (ms)"),
            self.tr("med (ms)"),
            self.tr("max (ms)"),
            self.tr("p(90) (ms)"),
            self.tr("p(95) (ms)"),
            self.tr("requests"),
            self.tr("requests/s"),
            self.tr("failed (%)"),
        ]

    def show_rows(self, rows: Sequence[K6Row] | None, running: bool = False) -> None:
        """Show ``rows`` (one per treatment); none empties the table. ``running``: say the numbers grow."""
        self.rows = list(rows or [])
        if not self.rows:
            self.table.setRowCount(0)
            self.rowsChanged.emit(False)
            return
        self.note.setText(
            self.tr("The run goes on: every request measured so far.") if running else self.tr("The whole run.")
        )
        locale = QLocale()
        table = self.table
        table.clear()
        table.setColumnCount(1 + len(FIELDS))
        table.setRowCount(len(self.rows))
        table.setHorizontalHeaderLabels(self.labels())
        for r, row in enumerate(self.rows):
            table.setItem(r, 0, QTableWidgetItem(row.treatment))
            for c, (name, decimals) in enumerate(FIELDS, start=1):
                value = getattr(row, name)
                text = "–" if value is None else locale.toString(float(value), "f", decimals)
                table.setItem(r, c, number_item(text))
        table.resizeColumnsToContents()
        self.rowsChanged.emit(True)

    def cell(self, treatment: str, column: int) -> str:
        """The text shown for ``treatment`` in ``column`` (0: the treatment)."""
        for r in range(self.table.rowCount()):
            name, item = self.table.item(r, 0), self.table.item(r, column)
            if name is not None and name.text() == treatment:
                return item.text() if item is not None else ""
        raise KeyError(treatment)
