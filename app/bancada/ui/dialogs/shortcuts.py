"""The list of keyboard shortcuts (Help ▸ Keyboard shortcuts, Ctrl+/).

A non-modal dialog with one table row per shortcut (the action's name, its keys), which scrolls
and is fitted to the screen (:func:`bancada.ui.screen_fit.fit_to_screen`): at a scale of 2 on a
1366×768 screen (683×384 logical pixels) the list is taller than the screen. A table is also what a
screen reader reads row by row, each cell with its column's name.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bancada.ui.screen_fit import fit_to_screen


class ShortcutsDialog(QDialog):
    """The shortcuts ``rows`` (``(action's name, keys)`` pairs, in the menus' order) in a table."""

    def __init__(self, rows: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.setModal(False)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._rows = list(rows)
        table = QTableWidget(len(rows), 2, self)
        table.setObjectName("shortcutsTable")
        table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys")])
        table.setAccessibleName(self.tr("Keyboard shortcuts"))
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setAlternatingRowColors(True)
        for i, (name, keys) in enumerate(rows):
            table.setItem(i, 0, QTableWidgetItem(name))
            keys_item = QTableWidgetItem(keys)
            font = keys_item.font()
            font.setBold(True)
            keys_item.setFont(font)
            table.setItem(i, 1, keys_item)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        table.resizeColumnsToContents()
        self.table = table
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
        # room for every row where the screen has it; a smaller screen gets a scroll bar
        frame = 2 * table.frameWidth()
        wanted_h = header.height() + sum(table.rowHeight(i) for i in range(len(rows))) + frame
        wanted_w = table.horizontalHeader().length() + frame + table.verticalScrollBar().sizeHint().width()
        margins = layout.contentsMargins()
        fit_to_screen(
            self,
            QSize(
                max(wanted_w + margins.left() + margins.right(), 360),
                wanted_h + buttons.sizeHint().height() + layout.spacing() + margins.top() + margins.bottom(),
            ),
        )

    def text(self) -> str:
        """The list as plain text, a shortcut a line: ``name<TAB>keys``."""
        return "\n".join(f"{name}\t{keys}" for name, keys in self._rows)
