"""Opening the GUI from the command line, with a clear message when it cannot start.

Checked before Qt is touched, because Qt aborts the process (exit 134) when it
has no display: :func:`display_problem` says in one line that there is none
and how to run the same experiment in a terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from bancada.core.i18n import set_language, translate


def headless_hint() -> str:
    return translate(
        "cli", "bancada run PROFILE runs the same experiment in this terminal (e.g. bancada run profiles/quick.toml)"
    )


def _x_display_reachable(display: str) -> bool:
    """Whether an X display name (``:0``, ``unix:1.0``, ``host:10.0``) looks usable.

    A local display needs its socket ``/tmp/.X11-unix/X<n>``; a remote one
    (``host:n``, e.g. SSH X forwarding) is assumed reachable.
    """
    host, _, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if not number.isdigit():
        return False
    if host in ("", "unix"):
        return Path(f"/tmp/.X11-unix/X{number}").exists()
    return True


def display_problem(env: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """Why no window can open here (one line in Bancada's words), or "" when a display is there.

    Only Linux and the BSDs need a display server; ``QT_QPA_PLATFORM`` naming a
    platform that needs none (offscreen, vnc, eglfs, ...) is respected.
    """
    env = os.environ if env is None else env  # Mapping: os.environ or a test's dict
    platform = platform or sys.platform
    if not (platform.startswith("linux") or "bsd" in platform):
        return ""
    qpa = env.get("QT_QPA_PLATFORM", "").split(":")[0].strip().lower()
    if qpa and qpa not in ("xcb", "wayland", "wayland-egl"):
        return ""
    display, wayland = env.get("DISPLAY", ""), env.get("WAYLAND_DISPLAY", "")
    if wayland and qpa != "xcb":
        return ""
    if display and _x_display_reachable(display):
        return ""
    where = (
        translate("cli", "DISPLAY={d} cannot be reached").format(d=display)
        if display
        else translate("cli", "DISPLAY is not set")
    )
    return "bancada: " + translate("cli", "there is no display to open the window on ({why}); {hint}").format(
        why=where, hint=headless_hint()
    )


def open_gui(profile: str | None) -> int:
    """Open the window with ``profile`` (a file, or the name of a shipped profile); the exit code.

    Returns 2, with one line on stderr, when there is no display, the profile is unknown or Qt
    cannot be imported.
    """
    set_language(None)  # the system's, until the window reads the user's choice
    if profile:  # a wrong name is said first: it is wrong with or without a display
        from bancada.experiment.profile_path import resolve_profile

        try:
            profile = str(resolve_profile(profile))
        except FileNotFoundError as exc:
            print(f"bancada: {exc}", file=sys.stderr)
            return 2
    problem = display_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    try:
        from bancada.ui.app import main as gui_main
    except ImportError as exc:
        why = translate("cli", "the GUI cannot start ({why}); {hint}").format(why=exc, hint=headless_hint())
        print("bancada: " + why, file=sys.stderr)
        return 2
    status: int = gui_main(profile)  # bancada.ui is not followed by mypy (checked at its own level)
    return status
