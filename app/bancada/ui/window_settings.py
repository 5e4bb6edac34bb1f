"""What the main window remembers: geometry, splitter, log axis, last profile, recent runs.

A component of :class:`MainWindow`; the file is ``<config dir>/gui.ini`` (tests
isolate the config dir).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRect, QSettings
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMainWindow, QMenu, QScrollArea, QSplitter

from bancada import paths
from bancada.experiment.profile import Profile, ProfileError, parse_profile

if TYPE_CHECKING:
    from bancada.ui.live_view import LiveView
    from bancada.ui.panel import ExperimentPanel

MAX_RECENT = 8
DEFAULT_SIZE = (1280, 800)  # the window's size on a screen that has room for it (logical pixels)


def settings() -> QSettings:
    """The GUI's settings file (``<config dir>/gui.ini``; tests isolate the config dir)."""
    return QSettings(str(paths.config_dir() / "gui.ini"), QSettings.Format.IniFormat)


def last_profile() -> Profile | None:
    """The experiment the window showed when it was last closed, or None."""
    text = settings().value("lastProfile")
    if not text:
        return None
    import tomllib

    try:
        return parse_profile(tomllib.loads(text), "last settings")
    except (ProfileError, ValueError):
        return None


def recent_runs() -> list[str]:
    """The runs opened last (newest first, at most :data:`MAX_RECENT`)."""
    value = settings().value("recentRuns") or []
    return [value] if isinstance(value, str) else list(value)


def add_recent(path: str) -> None:
    """Put ``path`` first in the recent runs."""
    s = settings()
    s.setValue("recentRuns", [path, *(p for p in recent_runs() if p != path)][:MAX_RECENT])


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

    def fill_recent(self, menu: QMenu, open_run: Callable[[str], object]) -> None:
        """The recent runs that still exist, as entries of ``menu`` that call ``open_run(path)``, each
        named by its study, start, size and note (:func:`bancada.run_caption.caption`)."""
        menu.clear()
        runs = [p for p in recent_runs() if Path(p).exists()]
        from bancada.run_caption import caption

        for p in runs:
            action = menu.addAction(caption(p), partial(open_run, p))
            action.setToolTip(p)
        if not runs:
            a = menu.addAction(self.tr("(none yet)"))
            a.setEnabled(False)

    def restore(self, log_axis: QAction) -> None:
        """The geometry, dock state, splitter and log axis (``log_axis`` checked or not) of the last session."""
        s = settings()
        w = self.window
        geometry = s.value("geometry")
        if geometry is not None:
            w.restoreGeometry(geometry)
        self.fit_to_screen(reset=geometry is None)
        state = s.value("windowState")
        if state is not None:
            w.restoreState(state)
        split = s.value("splitter")
        if split is not None:
            self.splitter.restoreState(split)
        log_axis.setChecked(bool(s.value("logAxis", False, type=bool)))
        self.live.log_y = log_axis.isChecked()

    def fit_to_screen(self, available: QRect | None = None, reset: bool = True) -> None:
        """Size the window to the screen's available area (logical pixels, so Qt's scaling counts).

        ``reset``: take ``DEFAULT_SIZE`` or less; otherwise only shrink a
        remembered geometry that no longer fits (another screen, another scale).
        """
        w = self.window
        if available is None:
            screen = w.screen() or QGuiApplication.primaryScreen()
            if screen is None:
                return
            available = screen.availableGeometry()
        frame_w = max(0, w.frameGeometry().width() - w.width())
        frame_h = max(0, w.frameGeometry().height() - w.height())
        max_w, max_h = available.width() - frame_w, available.height() - frame_h
        if reset:
            width, height = min(DEFAULT_SIZE[0], max_w), min(DEFAULT_SIZE[1], max_h)
        else:
            width, height = min(w.width(), max_w), min(w.height(), max_h)
        w.resize(width, height)
        x = min(max(w.x(), available.left()), available.right() - width - frame_w)
        y = min(max(w.y(), available.top()), available.bottom() - height - frame_h)
        if reset:
            x = available.left() + (available.width() - width - frame_w) // 2
            y = available.top() + (available.height() - height - frame_h) // 2
        w.move(max(available.left(), x), max(available.top(), y))
        # the panel as wide as its content wants (it scrolls when the screen cannot give that much)
        scroll_bar = self.panel_scroll.verticalScrollBar()
        want = self.panel.minimumSizeHint().width() + scroll_bar.sizeHint().width() + 6
        panel = max(240, min(want, int(width * 0.42)))
        self.splitter.setSizes([panel, max(1, width - panel)])

    def save(self, log_axis: QAction) -> None:
        """Keep the geometry, dock state, splitter, log axis and the panel's experiment for the next session."""
        s = settings()
        s.setValue("geometry", self.window.saveGeometry())
        s.setValue("windowState", self.window.saveState())
        s.setValue("splitter", self.splitter.saveState())
        s.setValue("logAxis", log_axis.isChecked())
        try:
            s.setValue("lastProfile", self.panel.build_profile().to_toml())
        except ProfileError:
            pass
        s.sync()
