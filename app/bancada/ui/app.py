"""Starting the GUI: ``bancada`` and ``bancada gui [PROFILE]`` call :func:`main`."""

from __future__ import annotations

import sys
from pathlib import Path

from bancada import paths
from bancada.experiment.profile import Profile, ProfileError, load_profile

DEFAULT_PROFILE = "quick.toml"


def default_profile_path() -> Path | None:
    try:
        return paths.home() / "profiles" / DEFAULT_PROFILE
    except paths.BancadaHomeError:
        return None


def initial_profile(profile_path: str | None, last: Profile | None) -> tuple[Profile | None, str | None]:
    """The profile to preload: the one given, else the last settings, else profiles/quick.toml.

    Raises:
        ProfileError: the given profile is invalid.
    """
    if profile_path:
        return load_profile(profile_path), profile_path
    if last is not None:
        return last, None
    default = default_profile_path()
    if default is not None and default.exists():
        return load_profile(default), str(default)
    return None, None


def create_app(argv: list[str] | None = None):
    """The QApplication (created once), with names for QSettings and translations."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(argv or sys.argv[:1])
    app.setApplicationName("Bancada")
    app.setOrganizationName("bancada")
    app.setApplicationDisplayName("Bancada")
    return app


def make_window(profile_path: str | None = None):
    """Create the main window with the initial profile (tests use this)."""
    from bancada.ui.main_window import MainWindow

    window = MainWindow()
    profile, path = initial_profile(profile_path, window.last_profile())
    if profile is not None:
        window.panel.set_profile(profile)
        window.profile_path = path
    return window


def main(profile_path: str | None) -> int:
    """Open the workbench window; return the process exit code."""
    app = create_app()
    try:
        window = make_window(profile_path)
    except ProfileError as exc:
        print(f"bancada: {exc}", file=sys.stderr)
        return 2
    window.show()
    return app.exec()
