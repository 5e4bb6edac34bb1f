"""What Orca would read from Bancada over AT-SPI, for ``test_atspi.py``; run with Debian's
``python3`` (``python3-pyatspi``), not the project's virtual environment.

    /usr/bin/python3 tests/ui/access/atspi_reader.py FOLDER

Waits for ``FOLDER/shown``, walks every showing node of the application named Bancada on the
accessibility bus, touches ``FOLDER/walked``, then listens to its announcements until
``FOLDER/finished`` exists (at most 120 s).
Prints JSON: ``{"nodes": n, "unnamed": [[role, description], ...], "announcements": [...]}``.
"""

import json
import sys
import time
from pathlib import Path

import pyatspi
from gi.repository import GLib

INTERACTIVE = {
    pyatspi.ROLE_PUSH_BUTTON,
    pyatspi.ROLE_TOGGLE_BUTTON,
    pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_COMBO_BOX,
    pyatspi.ROLE_TEXT,
    pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_PASSWORD_TEXT,
    pyatspi.ROLE_SPIN_BUTTON,
    pyatspi.ROLE_SLIDER,
    pyatspi.ROLE_PAGE_TAB,
    pyatspi.ROLE_TABLE,
    pyatspi.ROLE_LIST,
    pyatspi.ROLE_TREE,
    pyatspi.ROLE_LINK,
}


def wait_for(path: Path, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while not path.exists():
        if time.monotonic() > end:
            return False
        time.sleep(0.1)
    return True


def bancada():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == "Bancada":
            return app
    return None


def walk(acc, out, depth=0):
    if acc is None or depth > 80:
        return
    if not acc.getState().contains(pyatspi.STATE_SHOWING) and depth > 0:
        return
    out["nodes"] += 1
    if acc.getRole() in INTERACTIVE and not (acc.name or "").strip():
        out["unnamed"].append([acc.getRoleName(), (acc.description or "")[:80]])
    for i in range(acc.childCount):
        walk(acc.getChildAtIndex(i), out, depth + 1)


def main(folder: Path) -> int:
    out = {"nodes": 0, "unnamed": [], "announcements": [], "found": False}
    if wait_for(folder / "shown", 120):
        app = bancada()
        out["found"] = app is not None
        walk(app, out)
    (folder / "walked").touch()

    def heard(event):
        text = event.any_data if isinstance(event.any_data, str) else str(event.any_data)
        out["announcements"].append(text)

    pyatspi.Registry.registerEventListener(heard, "object:announcement")
    end = time.monotonic() + 120

    def check():
        if (folder / "finished").exists() or time.monotonic() > end:
            GLib.timeout_add(1000, lambda: pyatspi.Registry.stop() or False)  # the last events in
            return False
        return True

    GLib.timeout_add(200, check)
    pyatspi.Registry.start()
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
