"""Opening the GUI from the command line, with a clear message when it cannot start."""

from __future__ import annotations

import sys


def open_gui(profile: str | None) -> int:
    try:
        from bancada.ui.app import main as gui_main
    except ImportError as exc:
        print(f"bancada: the GUI cannot start ({exc}); the headless command is: bancada run profiles/quick.toml",
              file=sys.stderr)
        return 2
    return gui_main(profile)
