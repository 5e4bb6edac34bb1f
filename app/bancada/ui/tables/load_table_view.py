"""The Statistics tab's Load table: siege's and ab's summaries of a run that used a load model.

Filled from :attr:`StatsResult.load` (cells already translated and formatted in the statistics
process by :mod:`bancada.analysis.words.load_labels`); hidden for runs without a load model. Laid out as
the tools print their summaries: one line per field, one column per implementation and
repetition.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QTableWidget, QVBoxLayout, QWidget

from bancada.ui.tables.table_widgets import make_read_only, number_item, section_heading

#: {title: (labels, rows of cells)}, as bancada.analysis.words.load_labels.cells gives it
LoadCells = dict[str, tuple[list[str], list[list[str]]]]


class LoadTableView(QWidget):
    """Two transposed tables (siege, ab) under one heading; :meth:`show_cells` replaces them."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 8, 0, 4)
        self.heading = section_heading(
            self.tr("Load (siege and ab)"),
            1.25,
            self.tr(
                "The summaries siege and Apache Bench print, computed from this run's stored samples "
                "as those tools compute them (docs/statistics.md, Load)."
            ),
        )
        self.note = QLabel()
        self.note.setWordWrap(True)
        lay.addWidget(self.heading)
        lay.addWidget(self.note)
        self.titles: list[QLabel] = []
        self.tables: list[QTableWidget] = []
        for _ in range(2):
            title = QLabel()
            table = QTableWidget()
            title.setBuddy(table)  # a screen reader names the table by its title
            make_read_only(table)
            table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            lay.addWidget(title)
            lay.addWidget(table)
            self.titles.append(title)
            self.tables.append(table)
        self.setVisible(False)

    def show_cells(self, cells: LoadCells | None, note: str = "") -> None:
        """Show ``cells`` (hide the whole view when there are none)."""
        if not cells:
            self.setVisible(False)
            return
        self.note.setText(note)
        self.note.setVisible(bool(note))
        for (title, (labels, rows)), label, table in zip(cells.items(), self.titles, self.tables):
            label.setText(f"<b>{title}</b>")
            self._fill(table, labels, rows)
        self.setVisible(True)

    @staticmethod
    def _fill(table: QTableWidget, labels: list[str], rows: list[list[str]]) -> None:
        fields = labels[3:]  # implementation, workload and repetition head the columns
        several_workloads = len({row[1] for row in rows}) > 1
        table.clear()
        table.setRowCount(len(fields))
        table.setColumnCount(len(rows))
        table.setVerticalHeaderLabels(fields)
        heads = [f"{row[0]} {row[1]} #{row[2]}" if several_workloads else f"{row[0]} #{row[2]}" for row in rows]
        table.setHorizontalHeaderLabels(heads)
        for c, row in enumerate(rows):
            for r, text in enumerate(row[3:]):
                table.setItem(r, c, number_item(text))
        table.resizeColumnsToContents()
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth() + 2
        height += sum(table.verticalHeader().sectionSize(i) for i in range(len(fields)))
        if table.horizontalHeader().length() > table.viewport().width():
            height += table.horizontalScrollBar().sizeHint().height()
        table.setFixedHeight(height)
