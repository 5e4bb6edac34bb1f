"""Driving a window with key presses only: Tab to a widget, press it, and the order Tab follows."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

#: Tab presses allowed to reach a widget before it counts as unreachable from the keyboard.
TAB_LIMIT = 150


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def tab_to(qtbot, window: QWidget, target: QWidget) -> int:
    """Press Tab until ``target`` has the focus; returns the presses it took (AssertionError: never)."""
    QApplication.processEvents()
    seen: list[str] = []
    for presses in range(TAB_LIMIT):
        now = focused()
        if now is target:
            return presses
        seen.append(_name(now) if now is not None else "none")
        qtbot.keyClick(now or window, Qt.Key.Key_Tab)
        QApplication.processEvents()  # as a user's event loop would: a page's new widgets are shown by a queued call
    stops = list(dict.fromkeys(seen))
    raise AssertionError(f"{_name(target)} not reached with {TAB_LIMIT} Tab presses; the focus went to {stops}")


def press(qtbot, window: QWidget, target: QWidget, key: Qt.Key = Qt.Key.Key_Space) -> None:
    """Tab to ``target`` and press ``key`` on it (Space: a button's, a check box's click)."""
    tab_to(qtbot, window, target)
    qtbot.keyClick(target, key)


def type_into(qtbot, window: QWidget, field: QWidget, text: str) -> None:
    """Tab to ``field``, select what it holds (Ctrl+A) and type ``text`` over it, key by key."""
    tab_to(qtbot, window, field)
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(field, Qt.Key.Key_Delete)
    qtbot.keyClicks(field, text)


def tab_chain(container: QWidget) -> list[QWidget]:
    """The widgets under ``container`` that Tab stops at, in the order it does (Qt's focus chain)."""
    out: list[QWidget] = []
    w = container.nextInFocusChain()
    for _ in range(2000):
        if w is container:
            break
        if (
            container.isAncestorOf(w)
            and w.isVisible()
            and w.isEnabled()
            and w.focusPolicy() & Qt.FocusPolicy.TabFocus
            and w.focusProxy() is None
        ):
            out.append(w)
        w = w.nextInFocusChain()
    return out


def out_of_reading_order(container: QWidget, row_px: int = 12) -> list[tuple[str, str]]:
    """Pairs of consecutive tab stops under ``container`` whose order is not the reading order
    (top to bottom; on one row, within ``row_px``, left to right)."""
    chain = tab_chain(container)
    problems = []
    for a, b in zip(chain, chain[1:]):
        pa, pb = a.mapTo(container, QPoint(0, 0)), b.mapTo(container, QPoint(0, 0))
        same_row = abs(pa.y() - pb.y()) <= row_px
        if (same_row and pb.x() < pa.x()) or (not same_row and pb.y() < pa.y()):
            problems.append((_name(a), _name(b)))
    return problems


def _name(w: QWidget) -> str:
    text = w.accessibleName() or getattr(w, "text", lambda: "")()
    return f"{type(w).__name__}({text!r})"
