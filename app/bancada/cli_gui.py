"""Opening the GUI from the command line, with a clear message when it cannot start."""

from __future__ import annotations

import sys


def open_gui(profile: str | None) -> int:
    """Open the window with ``profile`` (a file, or the name of a shipped profile); the exit code.

    Returns 2, with the reason on stderr, when the profile is unknown or Qt cannot be imported.
    """
    if profile:
        from bancada import paths

        try:
            profile = str(paths.resolve_profile(profile))
        except FileNotFoundError as exc:
            print(f"bancada: {exc}", file=sys.stderr)
            return 2
    try:
        from bancada.ui.app import main as gui_main
    except ImportError as exc:
        print(f"bancada: the GUI cannot start ({exc}); the headless command is: bancada run quick",
              file=sys.stderr)
        return 2
    return gui_main(profile)
