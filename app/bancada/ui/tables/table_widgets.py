"""The pieces the window's result tables share: a section heading, a read-only table, a number cell.

Used by the Statistics tab's tables (:mod:`bancada.ui.tables.stats_view`), its Load table
(:mod:`bancada.ui.tables.load_table_view`) and the k6 summary tab (:mod:`bancada.ui.tables.k6_table_view`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QTableWidgetItem


def section_heading(text: str, scale: float, tooltip: str = "") -> QLabel:
    """A heading above a table: ``text`` in the window's font times ``scale``, semi-bold, with ``tooltip``."""
    heading = QLabel(text)
    font = heading.font()
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setWeight(QFont.Weight.DemiBold)
    heading.setFont(font)
    heading.setToolTip(tooltip)
    return heading


def make_read_only(view: QTableView) -> None:
    """Set ``view`` (a QTableView or QTableWidget) up as a result table: not editable, alternating row
    colours, columns fit to their contents, Tab leaving it (the arrow keys move between its cells)."""
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)
    view.setAlternatingRowColors(True)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)


def number_item(text: str) -> QTableWidgetItem:
    """A cell holding a number's ``text``, right-aligned as numbers are read."""
    item = QTableWidgetItem(text)
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item
