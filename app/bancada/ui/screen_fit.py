"""Windows that fit the screen they open on, window-manager frame included.

Every window and dialog of Bancada calls :func:`fit_to_screen` before it is shown: its size
is the wanted one (``preferred``) or less, so that the whole window, the window manager's frame
(title bar and borders) included, lies inside the available area of its screen
(``QScreen.availableGeometry()``: the screen minus panels and docks, in logical pixels, so
``QT_SCALE_FACTOR`` counts). Before a window is first shown nobody knows its frame (the window
manager adds it when it maps the window): the frame of a window already shown is taken, else a
guess; once the window manager has framed it, a short settling watch fits it again with the real
frame, then leaves the window to the user.

:func:`frame_rect_fits` tells whether a remembered geometry (frame position, client size) still
fits a screen (the main window restores it only then: :mod:`bancada.ui.window.settings`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

#: The frame assumed before any window was framed, on platforms with window decorations
#: (left, top, right, bottom, logical pixels): a title bar and thin borders; the real frame
#: replaces it as soon as the window manager has framed a window.
FRAME_GUESS = QMargins(4, 30, 4, 4)
#: How long after its first show a window is fitted again when the window manager frames or
#: moves it (ms); afterwards where the user puts it is left alone.
SETTLE_MS = 1500
_NO_FRAME_PLATFORMS = ("offscreen", "minimal", "vnc", "eglfs", "linuxfb")

_known_frame: QMargins | None = None  # the frame of the last window the window manager framed


def _platform_frames() -> bool:
    app = QGuiApplication.instance()
    name = QGuiApplication.platformName() if app is not None else ""
    return name not in _NO_FRAME_PLATFORMS


def frame_margins(widget: QWidget) -> QMargins:
    """The window manager's frame around ``widget``'s window (logical pixels).

    The measured frame once the window is shown and framed; else the frame of the last framed
    window; else :data:`FRAME_GUESS` (none on a platform without decorations, such as offscreen).
    """
    global _known_frame
    window = widget.window()
    if window.isVisible():
        outer, inner = window.frameGeometry(), window.geometry()
        margins = QMargins(
            inner.left() - outer.left(),
            inner.top() - outer.top(),
            outer.right() - inner.right(),
            outer.bottom() - inner.bottom(),
        )
        # a frame caught mid-change (the window moved or resized, its frame not yet) can come out
        # negative on a side; such a reading is no frame at all and would let a window outgrow its screen
        sides = (margins.left(), margins.top(), margins.right(), margins.bottom())
        if not margins.isNull() and min(sides) >= 0:
            _known_frame = margins
            return margins
    if _known_frame is not None:
        return QMargins(_known_frame)
    return QMargins(FRAME_GUESS) if _platform_frames() else QMargins()


def screen_for(widget: QWidget, at: QPoint | None = None) -> QScreen | None:
    """The screen ``widget`` opens on: the one under ``at`` (a global point), else its parent
    window's, else its own, else the primary screen."""
    screen = QGuiApplication.screenAt(at) if at is not None else None
    parent = widget.parentWidget()
    if screen is None and parent is not None:
        screen = parent.window().screen()
    if screen is None:
        screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen


def available_area(widget: QWidget, at: QPoint | None = None) -> QRect:
    """The available area (``availableGeometry``) of the screen ``widget`` opens on (:func:`screen_for`);
    an empty rectangle when there is no screen."""
    screen = screen_for(widget, at)
    return screen.availableGeometry() if screen is not None else QRect()


def frame_rect_fits(frame_top_left: QPoint, size: QSize, margins: QMargins, available: QRect) -> bool:
    """Whether a window of client ``size`` whose frame starts at ``frame_top_left`` lies inside ``available``."""
    outer = QRect(
        frame_top_left,
        QSize(
            size.width() + margins.left() + margins.right(),
            size.height() + margins.top() + margins.bottom(),
        ),
    )
    return available.contains(outer)


def fitted_size(wanted: QSize, margins: QMargins, available: QRect) -> QSize:
    """``wanted`` shrunk so that it, with the frame ``margins``, fits ``available`` (never below 1 × 1;
    a negative side of ``margins`` counts as none: the client never gets more room than the screen)."""
    m = QMargins(max(0, margins.left()), max(0, margins.top()), max(0, margins.right()), max(0, margins.bottom()))
    room = QSize(available.width() - m.left() - m.right(), available.height() - m.top() - m.bottom())
    return QSize(max(1, min(wanted.width(), room.width())), max(1, min(wanted.height(), room.height())))


def _clamped_frame_pos(pos: QPoint, size: QSize, margins: QMargins, available: QRect) -> QPoint:
    """The frame position nearest to ``pos`` that keeps the framed window inside ``available``."""
    outer_w = size.width() + margins.left() + margins.right()
    outer_h = size.height() + margins.top() + margins.bottom()
    x = min(max(pos.x(), available.left()), available.left() + available.width() - outer_w)
    y = min(max(pos.y(), available.top()), available.top() + available.height() - outer_h)
    return QPoint(max(available.left(), x), max(available.top(), y))


def fit_to_screen(
    widget: QWidget,
    preferred: QSize | None = None,
    *,
    center: bool = False,
    available: QRect | None = None,
) -> QSize:
    """Size (and, if it must, move) the window ``widget`` so that it and its frame fit its screen.

    ``preferred``: the size wanted where there is room (logical pixels); None keeps the
    widget's current size as the wish. ``center``: centre it on the screen (a main window
    without a remembered place); otherwise a window already placed keeps its place when it fits,
    and a dialog not yet placed is left to Qt, which centres it on its parent within the screen.
    ``available``: the area to fit (tests and screenshots); by default the available area of
    the screen it opens on. Watches the window for :data:`SETTLE_MS` after it is shown and
    fits it again with the window manager's real frame. Returns the client size set.
    """
    wanted = QSize(preferred) if preferred is not None else widget.size()
    area = QRect(available) if available is not None else available_area(widget)
    if area.isEmpty():
        widget.resize(wanted)
        return wanted
    watch = widget.findChild(_Settle, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if watch is None:
        watch = _Settle(widget)
    watch.wanted, watch.area = wanted, (QRect(available) if available is not None else None)
    size = watch.apply(area, center=center)
    if widget.isVisible():  # a shown window whose content grows (a dock added): watch the relayout too
        watch.start_settling()
    return size


class _Settle(QObject):
    """Fits its window again while the window manager frames and places it (its first :data:`SETTLE_MS`
    after a show); ``wanted``: the size asked for; ``area``: a fixed area (else the screen's)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.widget = widget
        self.wanted = widget.size()
        self.area: QRect | None = None
        self._settling = False
        self._pending = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self._stop)
        widget.installEventFilter(self)

    def apply(self, area: QRect, center: bool = False) -> QSize:
        w = self.widget
        if w.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            return w.size()  # the window manager sizes those to the screen
        margins = frame_margins(w)
        size = fitted_size(self.wanted, margins, area)
        if w.size() != size:
            w.resize(size)
        placed = w.isVisible() or w.testAttribute(Qt.WidgetAttribute.WA_Moved) or w.parentWidget() is None
        if center:
            outer_w = size.width() + margins.left() + margins.right()
            outer_h = size.height() + margins.top() + margins.bottom()
            pos = QPoint(
                area.left() + (area.width() - outer_w) // 2,
                area.top() + (area.height() - outer_h) // 2,
            )
            w.move(_clamped_frame_pos(pos, size, margins, area))
        elif placed:
            frame_pos = w.pos()  # a window's pos() is its frame's top-left corner
            pos = _clamped_frame_pos(frame_pos, size, margins, area)
            if pos != frame_pos:
                w.move(pos)
        return size

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if obj is self.widget:
            if kind == QEvent.Type.Show:
                self.start_settling()
            elif kind == QEvent.Type.Hide:
                self._timer.stop()
                self._stop()
            elif self._settling and kind in (QEvent.Type.Move, QEvent.Type.Resize):
                self._schedule()
        return False

    def start_settling(self) -> None:
        """Fit the window again on each move and resize for the next :data:`SETTLE_MS`."""
        self._settling = True
        self._timer.start()
        self._schedule()

    def _schedule(self) -> None:
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._refit)

    def _refit(self) -> None:
        self._pending = False
        w = self.widget
        if not w.isVisible() or w.windowState() & (
            Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen | Qt.WindowState.WindowMinimized
        ):
            return
        area = self.area if self.area is not None else available_area(w, w.frameGeometry().center())
        if not area.isEmpty():
            self.apply(area)

    def _stop(self) -> None:
        self._settling = False

    def settling(self) -> bool:
        """Whether the window is still within its settling time after a show."""
        return self._settling


def still_settling(widget: QWidget) -> bool:
    """Whether :func:`fit_to_screen` still watches ``widget`` (within :data:`SETTLE_MS` of its show)."""
    watch = widget.findChild(_Settle, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return watch is not None and watch.settling()


__all__ = [
    "FRAME_GUESS",
    "SETTLE_MS",
    "available_area",
    "fit_to_screen",
    "fitted_size",
    "frame_margins",
    "frame_rect_fits",
    "screen_for",
    "still_settling",
]
