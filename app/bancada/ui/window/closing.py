"""The question asked when the window is closed (or Ctrl+Q) during a run: keep it, stop it, or stay.

The box is window-modal and opened without a nested event loop (``open()``), so the run goes on being
drawn while it is shown. Its buttons have mnemonics (Alt+K, Alt+S) and Tab reaches each; Escape stays.
The default (Enter) is "Keep running" for a long run (more than :data:`LONG_RUN_S` left, or not known)
and "Cancel" (stay) for a short one.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

LONG_RUN_S = 60.0  # a run with more left than this is kept going by default when its window closes


class CloseDuringRun(QMessageBox):
    """Asks what to do with the run going on; calls ``keep()`` or ``stop()`` on the choice (Cancel: nothing).

    ``keep_button``, ``stop_button`` and ``cancel_button`` are the three choices (the tests press them).
    """

    def __init__(self, parent: QWidget, eta_s: float | None, keep: Callable[[], None], stop: Callable[[], None]):
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(self.tr("A run is going on"))
        self.setText(self.tr("Keep the run going without the window, or stop it?"))
        self.setObjectName("closeDuringRun")
        self.setInformativeText(
            self.tr(
                "Kept running, it goes on measuring and storing its samples; open Bancada again to come back "
                "to it. Stopped, the workers stop and the samples measured so far are kept."
            )
        )
        self.keep_button = self.addButton(self.tr("&Keep running"), QMessageBox.ButtonRole.AcceptRole)
        self.stop_button = self.addButton(self.tr("&Stop the run"), QMessageBox.ButtonRole.DestructiveRole)
        self.cancel_button = self.addButton(QMessageBox.StandardButton.Cancel)
        long_run = eta_s is None or eta_s > LONG_RUN_S
        self.setDefaultButton(self.keep_button if long_run else self.cancel_button)
        self.setEscapeButton(self.cancel_button)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.keep_button.clicked.connect(keep)
        self.stop_button.clicked.connect(stop)
