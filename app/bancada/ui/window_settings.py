"""What the main window remembers: geometry, splitter, log axis, last profile, recent runs.

A mixin of :class:`MainWindow`; the file is ``<config dir>/gui.ini`` (tests
isolate the config dir).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QRect, QSettings
from PySide6.QtGui import QGuiApplication

from bancada import paths
from bancada.experiment.profile import Profile, ProfileError, parse_profile

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


class WindowSettings:
    """Restores and saves the window's settings and keeps the recent-runs list."""

    def _add_recent(self, path: str) -> None:
        s = settings()
        recent = [p for p in (s.value("recentRuns") or []) if p != path]
        s.setValue("recentRuns", [path, *recent][:MAX_RECENT])

    def recent_runs(self) -> list[str]:
        value = settings().value("recentRuns") or []
        return [value] if isinstance(value, str) else list(value)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        runs = [p for p in self.recent_runs() if Path(p).exists()]
        for p in runs:
            self.recent_menu.addAction(Path(p).stem, partial(self.open_run, p))
        if not runs:
            a = self.recent_menu.addAction(self.tr("(none yet)"))
            a.setEnabled(False)

    def _restore_settings(self) -> None:
        s = settings()
        geometry = s.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        self.fit_to_screen(reset=geometry is None)
        state = s.value("windowState")
        if state is not None:
            self.restoreState(state)
        split = s.value("splitter")
        if split is not None:
            self.splitter.restoreState(split)
        self.act_log.setChecked(s.value("logAxis", False, type=bool))
        self.live.log_y = self.act_log.isChecked()

    def fit_to_screen(self, available: QRect | None = None, reset: bool = True) -> None:
        """Size the window to the screen's available area (logical pixels, so Qt's scaling counts).

        ``reset``: take ``DEFAULT_SIZE`` or less; otherwise only shrink a
        remembered geometry that no longer fits (another screen, another scale).
        """
        if available is None:
            screen = self.screen() or QGuiApplication.primaryScreen()
            if screen is None:
                return
            available = screen.availableGeometry()
        frame_w = max(0, self.frameGeometry().width() - self.width())
        frame_h = max(0, self.frameGeometry().height() - self.height())
        max_w, max_h = available.width() - frame_w, available.height() - frame_h
        if reset:
            w, h = min(DEFAULT_SIZE[0], max_w), min(DEFAULT_SIZE[1], max_h)
        else:
            w, h = min(self.width(), max_w), min(self.height(), max_h)
        self.resize(w, h)
        x = min(max(self.x(), available.left()), available.right() - w - frame_w)
        y = min(max(self.y(), available.top()), available.bottom() - h - frame_h)
        if reset:
            x = available.left() + (available.width() - w - frame_w) // 2
            y = available.top() + (available.height() - h - frame_h) // 2
        self.move(max(available.left(), x), max(available.top(), y))
        # the panel as wide as its content wants (it scrolls when the screen cannot give that much)
        want = self.panel.minimumSizeHint().width() + self.panel_scroll.verticalScrollBar().sizeHint().width() + 6
        panel = max(240, min(want, int(w * 0.42)))
        self.splitter.setSizes([panel, max(1, w - panel)])

    def last_profile(self) -> Profile | None:
        return last_profile()

    def _save_settings(self) -> None:
        s = settings()
        s.setValue("geometry", self.saveGeometry())
        s.setValue("windowState", self.saveState())
        s.setValue("splitter", self.splitter.saveState())
        s.setValue("logAxis", self.act_log.isChecked())
        try:
            s.setValue("lastProfile", self.panel.build_profile().to_toml())
        except ProfileError:
            pass
        s.sync()
