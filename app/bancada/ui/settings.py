"""The GUI's settings file, ``<config dir>/gui.ini``: the last profile, the recent runs, and what
the window, the dialogs and the language menu remember (tests isolate the config dir).
"""

from __future__ import annotations

from PySide6.QtCore import QSettings

from bancada.core import paths
from bancada.experiment.profile import Profile, ProfileError, parse_profile

MAX_RECENT = 8


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
