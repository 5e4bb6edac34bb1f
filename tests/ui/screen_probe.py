"""Run in a subprocess on a real X display (``tests/ui/xdisplay.py``): open the window and its dialogs
as a user does and write where they landed, in global coordinates, as JSON.

    QT_QPA_PLATFORM=xcb DISPLAY=:N python -m tests.ui.screen_probe OUT.json [--dialogs] [--switch-language]

Writes ``{"screen": [x, y, w, h], "windows": [{"name", "frame", "parts": {name: rect}}], "closed_frame"}``
where ``screen`` is the screen's available area and every rectangle is ``[x, y, width, height]`` in
logical pixels; ``closed_frame`` is the main window's frame when it was closed (its settings saved).
Nothing here asserts: the test reads the file (``test_window_on_real_screens.py``).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from PySide6.QtCore import QEventLoop, QPoint, QRect, Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QScrollArea, QWidget

ROOT = Path(__file__).resolve().parents[2]
STABLE_S = 0.3  # a window counts as placed when its frame has not moved for this long
#: The longest a window is given to be framed and placed: on a loaded machine the window manager can
#: take seconds to map a window (a dialog was measured unmapped, 0 × 0, after a 6 s wait).
PLACED_TIMEOUT_S = 30.0


def rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def global_rect(widget: QWidget) -> list[int]:
    return rect(QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size()))


def pump(app: QApplication, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.01)


def placed(win: QWidget) -> bool:
    """Whether ``win`` is shown, has a size, and is framed by the window manager (its frame holds its
    client area and is larger) or is full screen."""
    frame, client = win.frameGeometry(), win.geometry()
    if bool(win.windowState() & Qt.WindowState.WindowFullScreen):
        return win.isVisible() and not client.isEmpty()
    return win.isVisible() and not client.isEmpty() and frame != client and frame.contains(client)


def wait_placed(app: QApplication, win: QWidget) -> bool:
    """Until the window manager has framed ``win`` (:func:`placed`) and it stopped moving for
    :data:`STABLE_S`; False when that did not happen within :data:`PLACED_TIMEOUT_S`."""
    end = time.monotonic() + PLACED_TIMEOUT_S
    last, since = None, time.monotonic()
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        now = (rect(win.frameGeometry()), rect(win.geometry()))
        if now != last:
            last, since = now, time.monotonic()
        elif placed(win) and time.monotonic() - since >= STABLE_S:
            return True
        time.sleep(0.02)
    return False


def buttons(win: QWidget) -> dict[str, list[int]]:
    """Every shown push button of ``win`` that is not inside a scrolled area, by its text."""
    out = {}
    for b in win.findChildren(QAbstractButton):
        if not b.isVisible() or b.window() is not win or type(b).__name__ not in ("QPushButton",):
            continue
        parent, scrolled = b.parentWidget(), False
        while parent is not None and parent is not win:
            scrolled = scrolled or isinstance(parent, QScrollArea)
            parent = parent.parentWidget()
        if not scrolled:
            out[f"button {b.text().replace('&', '') or b.objectName() or id(b)}"] = global_rect(b)
    return out


def record(name: str, win: QWidget, parts: dict[str, list[int]] | None = None) -> dict:
    return {"name": name, "frame": rect(win.frameGeometry()), "parts": {**buttons(win), **(parts or {})}}


def main_window_parts(w) -> dict[str, list[int]]:
    st = w.status
    st.begin(27_200)
    st.progress_bar.setValue(1_234)
    st.rate_label.setText("1.234 samples/s")
    st.eta_label.setText("ETA 4:56")
    st.show_errors(0)
    run = w.menus.run_toolbar.widgetForAction(w.menus.act_run)
    return {
        "status bar": global_rect(w.statusBar()),
        "state": global_rect(st.state_label),
        "progress": global_rect(st.progress_bar),
        "ETA": global_rect(st.eta_label),
        "Run": global_rect(run),
    }


def panel_sideways_px(w) -> int:
    """How far the experiment panel scrolls sideways (0: its rows are shown whole)."""
    return int(w.panel_scroll.horizontalScrollBar().maximum())


def modal(app: QApplication, name: str, open_it, out: list[dict]) -> None:
    """Open a modal dialog with ``open_it()`` (a static QFileDialog call), record it, cancel it."""

    def inspect() -> None:
        end = time.monotonic() + PLACED_TIMEOUT_S
        while app.activeModalWidget() is None and time.monotonic() < end:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        dlg = app.activeModalWidget()
        if dlg is None:
            out.append({"name": name, "error": "no modal dialog appeared"})
            return
        wait_placed(app, dlg)
        out.append(record(name, dlg))
        dlg.close()

    QTimer.singleShot(0, inspect)
    open_it()


def dialogs(app: QApplication, w, out: list[dict]) -> None:
    cv = w.open_compare()
    wait_placed(app, cv)
    out.append(record("Compare", cv))
    cv.close()
    if w.hosts_dialog_class is not None:
        w.manage_hosts()
        dlg = next(t for t in app.topLevelWidgets() if isinstance(t, w.hosts_dialog_class) and t.isVisible())
        wait_placed(app, dlg)
        out.append(record("Hosts", dlg))
        dlg.show_add_form()
        pump(app, 0.3)
        wait_placed(app, dlg)
        out.append(record("Hosts, new host form", dlg))
        dlg.close()
    form = w.show_own_service()
    wait_placed(app, form)
    out.append(record("My own service", form))
    form.close()
    box = w.menus.show_shortcuts()
    wait_placed(app, box)
    out.append(record("Keyboard shortcuts", box))
    box.close()
    box = w.show_error("A problem during the run", "The worker died.\n" + "\n".join(f"log line {i}" for i in range(40)))
    wait_placed(app, box)
    out.append(record("Error message", box))
    box.close()
    modal(app, "Open run (file dialog)", w.run.open_dialog, out)
    modal(app, "Export all (folder dialog)", w.exports.export_all_dialog, out)
    modal(app, "About", w.menus._about, out)
    guide = w.show_guide()
    wait_placed(app, w)
    out.append(
        {
            **record(
                "Guided experiment (docked)",
                w,
                {"guide Next": global_rect(guide.next_button), "guide Back": global_rect(guide.back_button)},
            ),
            "guide pages wider than the dock px": guide_pages_too_wide(guide),
        }
    )
    guide.close()
    pump(app, 0.2)


def guide_pages_too_wide(guide) -> dict[str, int]:
    """{step: pixels} for each guide page whose narrowest width is more than the dock's scroll area
    shows (its horizontal scroll bar is off: what is wider is cut off at the right)."""
    room = guide.scroll_area.viewport().width() - 4  # the content's right margin
    return {
        name: page.minimumSizeHint().width() - room
        for name, page in guide.page_of.items()
        if page.minimumSizeHint().width() > room
    }


def show_two_workloads(w) -> None:
    """The quick study's eight treatments (four implementations × StdSize, LargeSize) with samples, as after a run."""
    import numpy as np

    from bancada.store.runstore import TreatmentRow

    impls = [("go", "grpc"), ("go", "rest"), ("java", "grpc"), ("java", "rest")]
    rows = [
        TreatmentRow(i, f"{lang}-{proto}", lang, proto, lang, "select", payload, "int64s", count, 8 * count)
        for i, ((lang, proto), (payload, count)) in enumerate(
            (impl, size) for size in (("StdSize", 200), ("LargeSize", 20_000)) for impl in impls
        )
    ]
    w.run.factors = ["language", "protocol"]
    w.run.begin_live("r-probe", None, rows, 27_200, "python")
    w.run.plot_timer.stop()
    w.stats.timer.stop()
    rng = np.random.default_rng(3)
    for t in range(len(rows)):
        lat = (0.2 + 0.3 * t) * (1 + rng.random(40))
        w.model.extend_arrays(np.full(40, t), lat, np.ones(40, np.int8), np.ones(40, bool))
    w.live.refresh(w.model, force_trace=True)


def plot_parts(w, prefix: str) -> dict[str, list[int]]:
    """The shown plots' rectangles in global coordinates, cut to what the scrolled view shows."""
    view = w.live.graphics
    viewport = QRect(w.live.scroll_area.viewport().mapToGlobal(QPoint(0, 0)), w.live.scroll_area.viewport().size())
    out = {}
    for wl, plot in w.live.box_plots.items():
        for name, item in ((f"{wl} boxes", plot), (f"{wl} trace", w.live.trace_plots[wl])):
            scene_rect = item.sceneBoundingRect()
            top_left = view.viewport().mapToGlobal(view.mapFromScene(scene_rect.topLeft()))
            bottom_right = view.viewport().mapToGlobal(view.mapFromScene(scene_rect.bottomRight()))
            r = QRect(top_left, bottom_right)
            out[f"{prefix}{name}"] = rect(r)
            out[f"{prefix}{name} (in view)"] = [int(viewport.contains(r))]
    return out


def classroom(app: QApplication, w, out: list[dict]) -> None:
    show_two_workloads(w)
    w.classroom_mode.set_active(True)
    wait_placed(app, w)
    pump(app, 0.3)
    parts = {
        "status bar": global_rect(w.statusBar()),
        "progress": global_rect(w.status.progress_bar),
        "state": global_rect(w.status.state_label),
        **plot_parts(w, ""),
    }
    first = sorted(w.live.box_plots)
    nxt = getattr(w.classroom_mode, "next_page", None)
    if nxt is not None:
        nxt()
        pump(app, 0.3)
        parts.update(plot_parts(w, "after Next: "))
    out.append({**record("Classroom mode", w, parts), "workloads shown": first, "scrolls": scrolls(w)})
    w.classroom_mode.set_active(False)
    wait_placed(app, w)


def scrolls(w) -> bool:
    """Whether the live view needs its vertical scroll bar (a plot below the fold)."""
    return w.live.scroll_area.verticalScrollBar().maximum() > 0


def main() -> int:
    out_path = Path(sys.argv[1])
    with_dialogs = "--dialogs" in sys.argv[2:]
    from bancada.ui.app import create_app, make_window

    app = create_app()
    t0 = time.monotonic()
    w = make_window(str(ROOT / "profiles" / "quick.toml"))
    w.show()
    wait_placed(app, w)
    windows = [{**record("Main window", w, main_window_parts(w)), "panel sideways px": panel_sideways_px(w)}]
    opened_s = time.monotonic() - t0
    if with_dialogs:
        dialogs(app, w, windows)
        classroom(app, w, windows)
    if "--switch-language" in sys.argv[2:]:  # View > Language rebuilds the window: in the same place
        w = w.choose_language("pt_BR")
        wait_placed(app, w)
        windows.append(
            {
                **record("Main window after View > Language", w, main_window_parts(w)),
                "panel sideways px": panel_sideways_px(w),
            }
        )
    screen = w.screen().availableGeometry()
    closed = rect(w.frameGeometry())
    w.tasks.cancel_all()
    w.close()
    pump(app, 0.2)
    result = {"screen": rect(screen), "windows": windows, "closed_frame": closed, "opened_s": round(opened_s, 2)}
    out_path.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
