"""The window as a screen reader meets it, for ``test_atspi.py``: run on a real X display with the
accessibility bus up (``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1``), in Brazilian Portuguese.

    python -m tests.ui.access.atspi_app FOLDER

Opens the main window with the quick profile, the guide, the own-service form, Hosts (its add
form shown) and Compare; touches ``FOLDER/shown``; once the reader touched ``FOLDER/walked``,
runs a small experiment (go-grpc and go-rest, 10 requests × 1 repetition after a count warm-up
of 2) and, once it finished, writes the status line's text to ``FOLDER/finished``.
Waits to be stopped (at most 120 s). Asserts nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication


def pump(app: QApplication, seconds: float, until=lambda: False) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if until():
            return True
        time.sleep(0.02)
    return False


def main(folder: Path) -> int:
    from bancada.ui import language
    from bancada.ui.app import create_app, make_window
    from bancada.ui.dialogs.compare_view import CompareView
    from bancada.ui.dialogs.hosts_dialog import HostsDialog
    from tests.ui.conftest import QUICK

    app = create_app()
    language.install("pt_BR")
    w = make_window(str(QUICK))
    w.resize(1024, 700)
    w.show()
    pump(app, 60, lambda: bool(w.panel._impl_boxes) and not w.tasks.busy("probe"))
    w.show_guide()
    form = w.show_own_service(None)
    form.add_request_button.click()
    hosts = HostsDialog()
    hosts.show()
    hosts.show_add_form()
    compare = CompareView(w.tasks, [], current=None)
    compare.show()
    pump(app, 2)
    (folder / "shown").touch()
    pump(app, 120, lambda: (folder / "walked").exists())  # the reader walks the trees
    for dialog in (form, hosts, compare):
        dialog.close()
    w.guide.close()
    p = w.panel
    p.set_implementations(["go-grpc", "go-rest"])
    p.set_payloads(["StdSize"])
    p.requests.setValue(10)
    p.repetitions.setValue(1)
    p.warmup.setValue(2)
    p.warmup_until.setCurrentIndex(p.warmup_until.findData("count"))
    w.start_run()
    pump(app, 90, lambda: w.running())
    pump(app, 90, lambda: not w.running())
    pump(app, 1)
    (folder / "finished").write_text(w.status.state_label.text(), encoding="utf-8")
    pump(app, 120)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
