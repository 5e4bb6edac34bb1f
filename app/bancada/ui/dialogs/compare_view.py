"""The Compare view: two or more runs side by side, as ``bancada compare`` shows them.

A dialog (File ▸ Compare runs…, Ctrl+Shift+K): the runs to compare are picked from Recent runs
or added as files (a run file ``.sqlite`` or a tidy sample CSV such as published data, read-only);
the first is the baseline; each is listed by its study, start, size and note
(:func:`bancada.session.run_caption.caption`). :func:`bancada.cli.compare.compare` runs as a background task of the
window's :class:`~bancada.ui.tasks.TaskRunner`, never on the GUI thread, and its tables
(:func:`bancada.analysis.words.compare_tables.display_tables`, in the window's language) appear one under
the other, each with the "Copy as Markdown / LaTeX / CSV" menu of the Statistics tab.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pandas as pd
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bancada.session.run_caption import caption
from bancada.ui.tables.stats_view import FrameModel, add_copy_menu
from bancada.ui.screen_fit import fit_to_screen


def compare_job(state, specs: list[str]) -> dict:
    """Task function: the comparison's result (JSON-shaped dict) and its text tables.

    Raises:
        bancada.stats.prepare.InputError: a run cannot be read, or no treatment is in both.
    """
    from bancada.analysis.compare_runs import compare
    from bancada.analysis.words import compare_tables

    result = compare(specs)
    return {
        "result": result,
        "tables": compare_tables.display_tables(result),
        "notes": compare_tables.noise_floor_lines(result),
    }


class CompareView(QDialog):
    """Pick runs, compare them in the background, show the tables. ``compared`` is emitted with the
    tables (``{title: DataFrame}``) when a comparison is shown."""

    compared = Signal(object)

    def __init__(self, tasks, recent_runs: list[str], current: str | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare runs"))
        self.tasks = tasks
        fit_to_screen(self, QSize(1280, 760))  # smaller on a small screen, frame included
        lay = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "Pick two or more runs; the first is the baseline. A tidy sample CSV (e.g. published data "
                "from bancada import) can be one of them. For each treatment: the medians with their 95 % "
                "intervals, the change, the Holm-adjusted rank-sum p and ~ when it is not significant."
            )
        )
        intro.setWordWrap(True)
        lay.addWidget(intro)

        pick = QHBoxLayout()
        self.recent = QComboBox()
        for path in recent_runs:
            if Path(path).exists():
                self.recent.addItem(caption(path), path)
                self.recent.setItemData(self.recent.count() - 1, path, Qt.ItemDataRole.ToolTipRole)
        self.add_recent_button = QPushButton(self.tr("Add"))
        self.add_recent_button.clicked.connect(self._add_recent)
        self.add_file_button = QPushButton(self.tr("Add run file or CSV…"))
        self.add_file_button.clicked.connect(self._add_file_dialog)
        recent_label = QLabel(self.tr("Recent runs:"))
        recent_label.setBuddy(self.recent)  # the combo box's accessible name
        pick.addWidget(recent_label)
        pick.addWidget(self.recent, 1)
        pick.addWidget(self.add_recent_button)
        pick.addWidget(self.add_file_button)
        lay.addLayout(pick)

        row = QHBoxLayout()
        self.runs = QListWidget()
        self.runs.setMaximumHeight(80)
        self.runs.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.runs.setToolTip(self.tr("Drag to reorder: the first run is the baseline"))
        self.runs.setAccessibleName(self.tr("Runs to compare"))
        self.runs.setAccessibleDescription(self.tr("Drag to reorder: the first run is the baseline"))
        row.addWidget(self.runs, 1)
        side = QVBoxLayout()
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(self._remove_selected)
        self.compare_button = QPushButton(self.tr("Compare"))
        self.compare_button.setDefault(True)
        self.compare_button.setShortcut(QKeySequence("Ctrl+Return"))
        self.compare_button.clicked.connect(self.start_compare)
        side.addWidget(self.remove_button)
        side.addWidget(self.compare_button)
        side.addStretch(1)
        row.addLayout(side)
        lay.addLayout(row)

        self.status = QLabel(self.tr("Add at least two runs, then Compare."))
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.status)

        self.scroll_area = QScrollArea()  # not "scroll": that is QWidget.scroll(dx, dy)
        self.scroll_area.setWidgetResizable(True)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.addStretch(1)
        self.scroll_area.setWidget(self.body)
        lay.addWidget(self.scroll_area, 1)
        self.views: dict[str, QTableView] = {}
        self.tables: dict[str, pd.DataFrame] = {}
        if current:
            self.add_run(current)

    # -- the list of runs ------------------------------------------------------------
    def specs(self) -> list[str]:
        """The runs in the list, the baseline first (paths of run files or CSVs)."""
        return [self.runs.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.runs.count())]

    def add_run(self, path: str) -> None:
        """Add a run file or a tidy CSV (once)."""
        if path in self.specs():
            return
        item = QListWidgetItem(caption(path))
        item.setData(Qt.ItemDataRole.UserRole, path)
        item.setToolTip(path)
        self.runs.addItem(item)

    def _add_recent(self) -> None:
        path = self.recent.currentData()
        if path:
            self.add_run(path)

    def _add_file_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Add runs to compare"),
            "",
            self.tr("Runs and tidy CSVs (*.sqlite *.csv);;Run files (*.sqlite);;Tidy sample CSV (*.csv)"),
        )
        for path in paths:
            self.add_run(path)

    def _remove_selected(self) -> None:
        for item in self.runs.selectedItems():
            self.runs.takeItem(self.runs.row(item))

    # -- comparing -------------------------------------------------------------------
    def start_compare(self) -> None:
        """Compare the listed runs in the background; the tables replace the old ones when done."""
        specs = self.specs()
        if len(specs) < 2:
            self.status.setText(self.tr("Add at least two runs to compare (the first is the baseline)."))
            return
        self.compare_button.setEnabled(False)
        self.status.setText(self.tr("Comparing {n} runs…").format(n=len(specs)))
        self.tasks.start(
            "compare",
            lambda state: compare_job(state, specs),
            succeeded=self._show,
            failed=self._failed,
            ended=lambda: self.compare_button.setEnabled(True),
        )

    def _failed(self, message: str, _tb: str) -> None:
        self.status.setText(self.tr("Cannot compare: {m}").format(m=str(message).splitlines()[0] if message else ""))

    def _clear_tables(self) -> None:
        while self.body_layout.count() > 1:
            item = self.body_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.views.clear()
        self.tables.clear()

    def _show(self, out: dict) -> None:
        self._clear_tables()
        result = out["result"]
        count = len(out["tables"])
        tables = self.tr("%Ln table(s)", "", count)
        self.status.setText(
            self.tr("Baseline {b}; {tables}. Right-click a table to copy it as Markdown, LaTeX or CSV.").format(
                b=result["baseline"], tables=tables
            )
            + "".join(f"\n{line}" for line in out["notes"])
        )
        at = 0
        for name, df in out["tables"].items():
            heading = QLabel(f"<b>{name}</b>")
            view = QTableView()
            view.setAccessibleName(name)
            view.setTabKeyNavigation(False)  # Tab leaves the table; the arrow keys move between its cells
            view.setModel(FrameModel(df, view))
            view.verticalHeader().setVisible(False)
            view.setAlternatingRowColors(True)
            view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            rows = min(len(df), 12)
            height = view.horizontalHeader().sizeHint().height() + 2 * view.frameWidth() + 4
            height += sum(view.verticalHeader().sectionSize(i) for i in range(rows))
            view.setFixedHeight(height + 18)
            view.copy_menu = add_copy_menu(view, lambda name=name, df=df: (name, df))  # type: ignore[attr-defined]  # a Python attribute on the Qt view: tests and callers find its menu there
            self.body_layout.insertWidget(at, heading)
            self.body_layout.insertWidget(at + 1, view)
            at += 2
            self.views[name] = view
            self.tables[name] = df
        self.compared.emit(dict(self.tables))

    def cell(self, table: str, row: int, column: str) -> str:
        """The text shown in one cell (``column``: the table's raw column name)."""
        return cast(FrameModel, self.views[table].model()).cell(row, column)
