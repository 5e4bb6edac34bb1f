"""What the main window remembers: geometry, splitter, log axis, last profile, recent runs.

A mixin of :class:`MainWindow`; the file is ``<config dir>/gui.ini`` (tests
isolate the config dir).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QSettings

from bancada import paths
from bancada.experiment.profile import Profile, ProfileError, parse_profile

MAX_RECENT = 8


def settings() -> QSettings:
    """The GUI's settings file (``<config dir>/gui.ini``; tests isolate the config dir)."""
    return QSettings(str(paths.config_dir() / "gui.ini"), QSettings.Format.IniFormat)


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
        else:
            self.resize(1280, 720)
        state = s.value("windowState")
        if state is not None:
            self.restoreState(state)
        split = s.value("splitter")
        if split is not None:
            self.splitter.restoreState(split)
        self.act_log.setChecked(s.value("logAxis", False, type=bool))
        self.live.log_y = self.act_log.isChecked()

    def last_profile(self) -> Profile | None:
        text = settings().value("lastProfile")
        if not text:
            return None
        import tomllib

        try:
            return parse_profile(tomllib.loads(text), "last settings")
        except (ProfileError, ValueError):
            return None

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
