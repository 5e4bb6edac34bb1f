"""Entry fields that refuse bad input at entry and say why."""

from __future__ import annotations

from PySide6.QtCore import QLocale, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QComboBox, QLineEdit, QToolTip


class IntRangeValidator(QValidator):
    """Accepts whole numbers in [lo, hi]; refuses anything else and says why (``refused``)."""

    refused = Signal(str)

    def __init__(self, name: str, lo: int, hi: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name, self.lo, self.hi = name, lo, hi

    def reason(self, text: str) -> str:
        """Why ``text`` is not acceptable, or "" if it is."""
        t = text.strip().replace("_", "")
        if not t:
            return self.tr("{name} is empty: enter a whole number from {lo} to {hi}").format(
                name=self.name, lo=self.lo, hi=QLocale().toString(self.hi)
            )
        if not t.isdigit():
            return self.tr("{name}: {text!r} is not a whole number").format(name=self.name, text=text)
        v = int(t)
        if v < self.lo or v > self.hi:
            return self.tr("{name} must be from {lo} to {hi}, not {v}").format(
                name=self.name, lo=self.lo, hi=QLocale().toString(self.hi), v=v
            )
        return ""

    def validate(self, text: str, pos: int):
        t = text.strip().replace("_", "")
        if t and not t.isdigit():
            self.refused.emit(self.reason(text))
            return QValidator.State.Invalid, text, pos
        if len(t) > len(str(self.hi)):
            self.refused.emit(
                self.tr("{name} must be at most {hi}").format(name=self.name, hi=QLocale().toString(self.hi))
            )
            return QValidator.State.Invalid, text, pos
        if self.reason(text):
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Acceptable, text, pos


class IntField(QLineEdit):
    """A whole-number field in [lo, hi]; ``problem()`` says what is wrong with its text."""

    problemChanged = Signal(str)

    def __init__(self, name: str, lo: int, hi: int, value: int, parent=None) -> None:
        super().__init__(str(value), parent)
        self.name = name
        self.validator_ = IntRangeValidator(name, lo, hi, self)
        self.setValidator(self.validator_)
        self.validator_.refused.connect(self._on_refused)
        # a refusal is told from the event loop (a child timer, gone with the field), once the text is back
        self._refused_reason = ""
        self._refusal_timer = QTimer(self)
        self._refusal_timer.setSingleShot(True)
        self._refusal_timer.setInterval(0)
        self._refusal_timer.timeout.connect(lambda: self.problemChanged.emit(self._refused_reason))
        self.textChanged.connect(self._on_text)
        self.setToolTip(
            self.tr("{name}: a whole number from {lo} to {hi}").format(name=name, lo=lo, hi=QLocale().toString(hi))
        )

    def value(self) -> int | None:
        return None if self.problem() else int(self.text().strip().replace("_", ""))

    def setValue(self, v: int) -> None:
        self.setText(str(v))

    def problem(self) -> str:
        return self.validator_.reason(self.text())

    def _on_text(self, _text: str) -> None:
        p = self.problem()
        self.setStyleSheet("QLineEdit { border: 2px solid #d32f2f; }" if p else "")
        self.problemChanged.emit(p)

    def _on_refused(self, reason: str) -> None:
        """A keystroke was refused (the text stays as it was): say why at the field, for a moment.

        Called from inside ``validate``, while ``text()`` still holds the refused
        proposal; listeners hear of it from the event loop, once the text is back.
        """
        # no widget tied to the tip: it outlives a field deleted while it shows (tests, a closed window)
        QToolTip.showText(self.mapToGlobal(self.rect().bottomLeft()), reason)
        self._refused_reason = reason
        self._refusal_timer.start()


class ChoiceBox(QComboBox):
    """A combo box that takes the mouse wheel only when it has the keyboard focus.

    Scrolling the panel over it scrolls the panel (the ignored wheel event goes
    to the scroll area behind) instead of changing the setting under the pointer.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel does not give it the focus

    def wheelEvent(self, event) -> None:
        if not self.hasFocus():
            event.ignore()
            return
        super().wheelEvent(event)


def choice_box(choices: list[tuple[str, str]], tip: str = "") -> ChoiceBox:
    """A combo box of ``(shown text, value)`` pairs; ``currentData()`` is the value."""
    box = ChoiceBox()
    for text, value in choices:
        box.addItem(text, value)
    if tip:
        box.setToolTip(tip)
    return box
