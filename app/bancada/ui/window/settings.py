"""What the main window remembers: geometry, splitter, log axis, last profile, recent runs.

A component of :class:`MainWindow`; it reads and writes the GUI's settings file
(:mod:`bancada.ui.settings`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QScrollArea, QSplitter

from bancada.experiment.profile import ProfileError
from bancada.ui import screen_fit
from bancada.ui.settings import recent_runs, settings
from bancada.ui.screen_fit import available_area

if TYPE_CHECKING:
    from bancada.ui.plots.live_view import LiveView
    from bancada.ui.window.panel import ExperimentPanel

DEFAULT_SIZE = (1280, 800)  # the window's size on a screen that has room for it (logical pixels)


class WindowSettings(QObject):
    """Restores and saves the window's settings and fills the recent-runs menu.

    ``window``: the main window whose geometry and dock state are kept; ``splitter``: panel | plots;
    ``panel`` and ``panel_scroll``: the experiment panel and its scroll area (their width);
    ``live``: the plots (their log axis).
    """

    def __init__(
        self,
        window: QMainWindow,
        splitter: QSplitter,
        panel: ExperimentPanel,
        panel_scroll: QScrollArea,
        live: LiveView,
    ) -> None:
        super().__init__()
        self.window = window
        self.splitter = splitter
        self.panel = panel
        self.panel_scroll = panel_scroll
        self.live = live
        self._panel_min_px = 0  # the panel's minimum width last fitted to
        panel.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """When the panel's rows need more width than before (its implementations and workloads arrive
        after the window is sized, and a language's labels are longer), widen its side of the splitter
        so that it does not scroll sideways, up to 42 % of the window; never narrow it."""
        if watched is self.panel and event.type() == QEvent.Type.LayoutRequest:
            need = self.panel.minimumSizeHint().width()
            if need > self._panel_min_px:
                self._panel_min_px = need
                self.widen_panel()
        return False

    def widen_panel(self) -> None:
        """Give the panel the width its rows need (up to 42 % of the window), taken from the plots."""
        sizes = self.splitter.sizes()
        total = sum(sizes)
        want = self._panel_width()
        if len(sizes) == 2 and total > 0 and sizes[0] < want:
            panel = min(want, int(total * 0.42))
            if panel > sizes[0]:
                self.splitter.setSizes([panel, total - panel])

    def _panel_width(self) -> int:
        """The panel's side of the splitter that shows its rows whole: their width, its scroll bar, a margin."""
        self.panel.ensurePolished()  # its fonts and style applied: the hint of the rows as they will be drawn
        scroll_bar = self.panel_scroll.verticalScrollBar()
        return self.panel.minimumSizeHint().width() + scroll_bar.sizeHint().width() + 6

    def fill_recent(self, menu: QMenu, open_run: Callable[[str], object]) -> None:
        """The recent runs that still exist, as entries of ``menu`` that call ``open_run(path)``, each
        named by its study, start, size and note (:func:`bancada.session.run_caption.caption`)."""
        menu.clear()
        runs = [p for p in recent_runs() if Path(p).exists()]
        from bancada.session.run_caption import caption

        for p in runs:
            action = menu.addAction(caption(p), partial(open_run, p))
            action.setToolTip(p)
        if not runs:
            a = menu.addAction(self.tr("(none yet)"))
            a.setEnabled(False)

    def restore(self, log_axis: QAction) -> None:
        """The geometry, dock state, splitter and log axis (``log_axis`` checked or not) of the last session.

        The remembered place and size (``frameRect``: the window with its frame, ``size``: without)
        are taken only when they fit the available area of the screen they are on; otherwise the
        window takes :data:`DEFAULT_SIZE` or what that screen has room for, centred
        (:func:`bancada.ui.screen_fit.fit_to_screen`).
        """
        s = settings()
        w = self.window
        frame, size = s.value("frameRect"), s.value("size")
        restored = False
        if isinstance(frame, QRect) and isinstance(size, QSize) and size.isValid() and frame.isValid():
            if available_area(w, frame.center()).contains(frame):
                w.resize(size)
                w.move(frame.topLeft())
                screen_fit.fit_to_screen(w)  # watched while the window manager frames it
                restored = True
        if not restored:
            self.fit_to_screen()
        state = s.value("windowState")
        if state is not None:
            w.restoreState(state)
        split = s.value("splitter")
        if split is not None and restored:
            self.splitter.restoreState(split)
        if s.value("maximized", False, type=bool):
            w.setWindowState(w.windowState() | Qt.WindowState.WindowMaximized)
        log_axis.setChecked(bool(s.value("logAxis", False, type=bool)))
        self.live.log_y = log_axis.isChecked()

    def fit_to_screen(self, available: QRect | None = None, reset: bool = True) -> None:
        """Size the window to the screen's available area, frame included (logical pixels, so Qt's scaling counts).

        ``available``: the area (default: the available area of the screen the window opens on);
        ``reset``: take ``DEFAULT_SIZE`` or less, centred; otherwise only shrink or move a window
        that no longer fits. The panel gets the width its content wants, up to 42 %.
        """
        w = self.window
        wanted = QSize(*DEFAULT_SIZE) if reset else None
        size = screen_fit.fit_to_screen(w, wanted, center=reset, available=available)
        # the panel as wide as its content wants (it scrolls when the screen cannot give that much)
        panel = max(240, min(self._panel_width(), int(size.width() * 0.42)))
        self.splitter.setSizes([panel, max(1, size.width() - panel)])

    def save(self, log_axis: QAction) -> None:
        """Keep the geometry, dock state, splitter, log axis and the panel's experiment for the next session."""
        s = settings()
        w = self.window
        normal = w.normalGeometry() if w.isVisible() else w.geometry()  # without maximized or full screen
        margins = screen_fit.frame_margins(w)
        s.setValue("frameRect", normal.marginsAdded(margins))
        s.setValue("size", normal.size())
        s.setValue("maximized", bool(w.windowState() & Qt.WindowState.WindowMaximized))
        s.remove("geometry")  # Qt's saveGeometry of older versions: restored 640 × 480 and 25 px lower each time
        s.setValue("windowState", self.window.saveState())
        s.setValue("splitter", self.splitter.saveState())
        s.setValue("logAxis", log_axis.isChecked())
        try:
            s.setValue("lastProfile", self.panel.build_profile().to_toml())
        except ProfileError:
            pass
        s.sync()
