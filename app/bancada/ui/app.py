"""Starting the GUI: ``bancada`` and ``bancada gui [PROFILE]`` call :func:`main`."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import cast

from bancada.core import paths
from bancada.experiment.profile import Profile, ProfileError, load_profile
from bancada.experiment.profile_check import load_checked_profile

DEFAULT_PROFILE = "quick.toml"
#: Set (to anything) to have the window print ``bancada startup: visible|usable EPOCH_S`` on stderr
#: (``time.time()``) when it is first shown on the screen and when it is usable (the profile in the panel
#: and the host's answer in): tests/bench/startup.py times the start-up with it.
STARTUP_TRACE = "BANCADA_STARTUP_TRACE"


def trace_startup(what: str) -> None:
    """Print the start-up mark ``what`` (``visible``, ``usable``) when :data:`STARTUP_TRACE` is set."""
    if os.environ.get(STARTUP_TRACE):
        print(f"bancada startup: {what} {time.time():.3f}", file=sys.stderr, flush=True)


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
        return load_checked_profile(profile_path), profile_path
    if last is not None:
        return last, None
    default = default_profile_path()
    if default is not None and default.exists():
        return load_profile(default), str(default)
    return None, None


class _StartupWatch:
    """Prints the ``visible`` and ``usable`` marks of :func:`trace_startup` for ``window``: visible once its
    first expose is painted, usable once the host check answered (the profile is in the panel by then)."""

    def __init__(self, window) -> None:
        self._window = window
        self._visible = False
        window.panel.capabilitiesChanged.connect(self._answered)

    def start(self) -> None:
        """Watch the window's native window for its first expose (call before ``show()``: on a fast or
        offscreen platform the expose can arrive inside ``show()`` and would be missed after it)."""
        from PySide6.QtCore import QEvent, QObject, QTimer

        watch = self

        class ExposeFilter(QObject):
            def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
                if event.type() == QEvent.Type.Expose and not watch._visible and obj.isExposed():
                    watch._visible = True
                    QTimer.singleShot(0, lambda: trace_startup("visible"))  # after the expose is painted
                return False

        self._filter = ExposeFilter(self._window)
        self._window.createWinId()  # the native window exists before show(), so its first expose is seen
        handle = self._window.windowHandle()
        handle.installEventFilter(self._filter)
        if handle.isExposed() and not self._visible:
            self._visible = True
            QTimer.singleShot(0, lambda: trace_startup("visible"))

    def _answered(self) -> None:
        self._window.panel.capabilitiesChanged.disconnect(self._answered)
        trace_startup("usable")


def create_app(argv: list[str] | None = None):
    """The QApplication (created once), with names for QSettings and translations."""
    from PySide6.QtWidgets import QApplication

    # the application is a QApplication (Bancada makes one); PySide6 types instance() as QCoreApplication
    app = cast("QApplication | None", QApplication.instance())
    if app is None:
        app = QApplication(argv or sys.argv[:1])
    app.setApplicationName("Bancada")
    app.setOrganizationName("bancada")
    app.setApplicationDisplayName("Bancada")
    from bancada.ui import language, scheme

    language.install()
    scheme.follow()
    return app


def make_window(profile_path: str | None = None):
    """Create the main window with the initial profile (tests use this).

    The profile is read and checked before the window (and its background
    host check) exists, so a bad one leaves no thread behind.

    Raises:
        ProfileError: the given profile is invalid or names an unknown implementation.
    """
    from bancada.ui.window.main_window import MainWindow
    from bancada.ui.settings import last_profile

    profile, path = initial_profile(profile_path, last_profile())
    return MainWindow(profile, path)


def offer_guide(window) -> bool:
    """At the first start (no ``guideOffered`` in ``gui.ini``), open the guided experiment; True if it did.

    Only once: afterwards it is in Help > Guided experiment (Ctrl+G). Not when a profile was given on the
    command line (whoever names a profile knows what to run).
    """
    from bancada.ui.settings import settings

    s = settings()
    if s.value("guideOffered", False, type=bool):
        return False
    s.setValue("guideOffered", True)
    s.sync()
    window.show_guide()
    return True


def show_startup_error(text: str) -> None:
    """The error that keeps the window from opening, in a dialog (a menu launch has no terminal)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(
        QMessageBox.Icon.Critical,
        QCoreApplication.translate("app", "Bancada cannot open this profile"),
        text,
        QMessageBox.StandardButton.Close,
    )
    box.setObjectName("startupError")
    box.exec()


#: The signals that close the window as File > Quit does (a session's logout, ``kill``, Ctrl+C in its terminal).
CLOSING_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def close_for_signal(app) -> None:
    """Close every main window without a question, as a shutdown asks: a run going on is stopped (the
    samples measured so far kept) and its window closes when the run has ended, unless it was kept
    running without a window (then the window leaves it going); a window closing stops its statistics
    process. Open modal dialogs are closed first."""
    from bancada.ui.window.main_window import MainWindow

    while (modal := app.activeModalWidget()) is not None:
        modal.close()
        if app.activeModalWidget() is modal:  # refused to close: give up on the dialogs, close the windows
            break
    for widget in app.topLevelWidgets():
        if not isinstance(widget, MainWindow):
            continue
        if widget.running() and widget.run.kept:
            widget.run.leave(keep=True)  # the user chose to keep this run going without a window
        elif widget.running():
            widget.run.stop_then_close()  # the window's own "stop the run and close" (closeEvent)
        else:
            widget.close()


def run_event_loop(app) -> int:
    """``app.exec()`` with :data:`CLOSING_SIGNALS` closing the windows (:func:`close_for_signal`) instead of
    killing the process, which would leave the statistics process and multiprocessing's resource
    tracker behind; the previous handlers are put back on return. Returns the exit code.

    Python runs a signal handler only between bytecodes, never while Qt waits for events: the handler
    does nothing itself, and the signal's number, written by Python to a socket
    (``signal.set_wakeup_fd``), wakes Qt's loop through a ``QSocketNotifier``.
    """
    from PySide6.QtCore import QSocketNotifier

    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    previous = {signum: signal.signal(signum, lambda *_: None) for signum in CLOSING_SIGNALS}
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read)

    def woken() -> None:
        try:
            numbers = reader.recv(64)
        except BlockingIOError:
            return
        if any(n in numbers for n in CLOSING_SIGNALS):
            close_for_signal(app)

    notifier.activated.connect(woken)
    try:
        return app.exec()
    finally:
        notifier.setEnabled(False)
        signal.set_wakeup_fd(previous_fd)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        reader.close()
        writer.close()


def main(profile_path: str | None) -> int:
    """Open the workbench window; return the process exit code (2: the profile is refused)."""
    app = create_app()
    try:
        window = make_window(profile_path)
    except ProfileError as exc:
        print(f"bancada: {exc}", file=sys.stderr)
        show_startup_error(str(exc))
        return 2
    if os.environ.get(STARTUP_TRACE):
        window.startup_watch = _StartupWatch(window)  # kept with the window
        window.startup_watch.start()
    window.show()
    if profile_path is None:
        offer_guide(window)
    return run_event_loop(app)
