"""Run in a subprocess on a real X display (``tests/ui/xdisplay.py``): show every page of the guide and
open every dialog, with large text or a high scale factor, and write what is clipped, overlapped or cut
off, as JSON.

    QT_QPA_PLATFORM=xcb DISPLAY=:N python -m tests.ui.layout_probe OUT.json [--font-scale 1.5] [--dark] [--contrast]

``--font-scale``: the application font's point size times this, as a user's desktop setting of large
text does; ``--dark``: the dark colour scheme (:func:`bancada.ui.scheme.apply`); ``--contrast``: measure
the labels' contrast too (slower: each label is grabbed). The window is in
Brazilian Portuguese, whose texts are the longer.

Writes ``{"screen": [x, y, w, h], "font_pt": size, "views": [{"name", "frame", "controls", "defects",
"labels"}]}``: one view per guide step and per dialog; ``controls`` counts the controls measured,
``defects`` lists one sentence per defect found by :func:`defects`, ``labels`` gives each shown
label's text and the contrast of its text with its ground as painted (:func:`label_contrasts`).
Nothing here asserts: the test reads the file (``tests/ui/access/test_large_text_and_dark.py``).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QProgressBar,
    QScrollArea,
    QScrollBar,
    QTabBar,
    QWidget,
)

from bancada.core import colours
from tests.ui.screen_probe import PLACED_TIMEOUT_S, placed, pump, rect, wait_placed

ROOT = Path(__file__).resolve().parents[2]
#: What a user reads or operates: measured for clipping, overlap and being cut off.
CONTROLS = (QLabel, QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QProgressBar)
#: Widgets whose inner parts are theirs to place (a combo box's line edit, a table's cells).
COMPOSITE = (QComboBox, QAbstractSpinBox, QAbstractItemView, QTabBar, QScrollBar)
SLACK_PX = 1  # rounding at fractional scale factors


def _in_window(widget: QWidget, win: QWidget) -> QRect:
    return QRect(widget.mapTo(win, QPoint(0, 0)), widget.size())


def _ancestors(widget: QWidget, win: QWidget) -> list[QWidget]:
    out, parent = [], widget.parentWidget()
    while parent is not None and parent is not win:
        out.append(parent)
        parent = parent.parentWidget()
    return out


def _measured(win: QWidget) -> list[QWidget]:
    """The shown controls of ``win`` (not inner parts of composite widgets, not a file dialog's)."""
    out = []
    for c in win.findChildren(QWidget):
        if not isinstance(c, CONTROLS) or not c.isVisibleTo(win) or c.window() is not win:
            continue
        if any(isinstance(a, COMPOSITE) for a in _ancestors(c, win)):
            continue
        out.append(c)
    return out


def _describe(c: QWidget) -> str:
    text = c.text() if isinstance(c, (QLabel, QAbstractButton, QLineEdit)) else ""
    text = " ".join(text.replace("&", "").split())
    return f"{type(c).__name__} {text[:50]!r}" if text else f"{type(c).__name__} {c.objectName() or '(unnamed)'}"


def _clipped(c: QWidget) -> str:
    """Why ``c`` does not show all of its text in its size ("" when it does)."""
    w, h = c.width(), c.height()
    if isinstance(c, QLabel):
        if not c.text() and c.pixmap().isNull():
            return ""
        if type(c).__name__ == "ElidedLabel":  # draws its text shortened, the whole in its tooltip
            shown = c.elided_text()  # type: ignore[attr-defined]
            return "elided without a tooltip" if shown != c.text() and not c.toolTip() else ""
        if c.wordWrap():
            need = c.heightForWidth(w)
            return f"needs {need} px of height, has {h}" if need > h + SLACK_PX else ""
        hint = c.sizeHint()
        if hint.width() > w + SLACK_PX or hint.height() > h + SLACK_PX:
            return f"needs {hint.width()}×{hint.height()} px, has {w}×{h}"
        return ""
    if isinstance(c, QAbstractButton):
        hint = c.sizeHint()
        if hint.width() > w + SLACK_PX or hint.height() > h + SLACK_PX:
            return f"needs {hint.width()}×{hint.height()} px, has {w}×{h}"
        return ""
    hint = c.minimumSizeHint()
    if hint.height() > h + SLACK_PX:
        return f"needs {hint.height()} px of height, has {h}"
    return ""


def _visible_part(c: QWidget, win: QWidget) -> tuple[QRect, bool, bool]:
    """``c``'s rectangle in ``win`` as its ancestors let it show; whether its height and its width are
    cut where no scroll bar reaches the rest (a scroll area's vertical, or horizontal, scroll bar)."""
    whole = _in_window(c, win)
    shown = whole & win.rect()
    # the extent each way, apart: a control scrolled out below is cut in height, not in width
    x0, x1, y0, y1 = whole.left(), whole.right(), whole.top(), whole.bottom()
    cut_down = cut_side = False
    for a in [*_ancestors(c, win), win]:
        r = _in_window(a, win) if a is not win else win.rect()
        shown &= r
        area = a.parentWidget()
        if isinstance(area, QScrollArea) and a is area.viewport():  # what it clips, its scroll bars reach
            if area.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
                x0, x1 = max(x0, r.left()), min(x1, r.right())
            if area.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
                y0, y1 = max(y0, r.top()), min(y1, r.bottom())
        if x0 <= x1:
            cut_side = cut_side or x0 < r.left() - SLACK_PX or x1 > r.right() + SLACK_PX
        if y0 <= y1:
            cut_down = cut_down or y0 < r.top() - SLACK_PX or y1 > r.bottom() + SLACK_PX
    return shown, cut_down, cut_side


def defects(win: QWidget) -> tuple[int, list[str]]:
    """(controls measured, defects) of the shown window ``win``: not framed by the window manager
    (:func:`tests.ui.screen_probe.placed`) or its frame outside the screen's available area; a control
    whose text needs more room than it has (its ``sizeHint``; for a wrapped label its height for its
    width) or is elided without a tooltip; a control cut off by its parent where no scroll bar reaches
    the rest; two controls overlapping."""
    bad = []
    screen = win.screen().availableGeometry()
    if not placed(win):
        bad.append(
            f"not framed by the window manager within {PLACED_TIMEOUT_S:.0f} s "
            f"(frame {rect(win.frameGeometry())}, client {rect(win.geometry())})"
        )
    elif not screen.contains(win.frameGeometry()):
        bad.append(
            f"frame {rect(win.frameGeometry())} (client {rect(win.geometry())}) outside the screen {rect(screen)}"
        )
    shown_rects: list[tuple[QWidget, QRect]] = []
    controls = _measured(win)
    for c in controls:
        why = _clipped(c)
        if why:
            bad.append(f"{_describe(c)} clipped: {why}")
        shown, cut_down, cut_side = _visible_part(c, win)
        if cut_down or cut_side:
            where = "below or above" if cut_down else "at a side"
            bad.append(f"{_describe(c)} cut off {where}: {rect(_in_window(c, win))}, no scroll bar reaches it")
        if not shown.isEmpty():
            shown_rects.append((c, shown.adjusted(SLACK_PX, SLACK_PX, -SLACK_PX, -SLACK_PX)))
    for i, (a, ra) in enumerate(shown_rects):
        for b, rb in shown_rects[i + 1 :]:
            if a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            common = ra & rb
            if common.width() > 0 and common.height() > 0:
                bad.append(f"{_describe(a)} and {_describe(b)} overlap by {common.width()}×{common.height()} px")
    return len(controls), bad


def _contrast(a: QColor, b: QColor) -> float:
    return colours.contrast_ratio(a.name(), b.name())


def painted_contrast(label: QLabel) -> float:
    """The contrast of ``label``'s text with its ground as painted: the ground is the commonest colour
    of the grabbed label, the text the colour farthest in contrast from it (a glyph's stem is painted
    whole, anti-aliasing only at its edges)."""
    img = label.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    counts: dict[int, int] = {}
    for y in range(img.height()):
        for x in range(img.width()):
            p = img.pixel(x, y)
            counts[p] = counts.get(p, 0) + 1
    if len(counts) < 2:
        return 0.0
    ground = QColor.fromRgb(max(counts, key=counts.__getitem__))
    # a colour counts as the text's when it fills at least a few pixels (not one anti-aliased dot)
    return max(_contrast(ground, QColor.fromRgb(p)) for p, n in counts.items() if n >= 3)


def label_contrasts(win: QWidget) -> list[list]:
    """``[text, contrast]`` for each shown label of ``win`` with text."""
    out = []
    for c in _measured(win):
        if isinstance(c, QLabel) and c.text().strip() and not c.visibleRegion().isEmpty():
            out.append([" ".join(c.text().split())[:60], round(painted_contrast(c), 2)])
    return out


#: The longest a view is given to settle: its layouts done and a background answer (the host check's)
#: applied. Measuring after a fixed pause caught a guide step mid-layout on a loaded machine (its check
#: boxes 6 px high for a moment).
SETTLE_TIMEOUT_S = 30.0


def settle(app: QApplication, win: QWidget) -> None:
    """Process events until the shown controls of ``win`` keep the same geometry over two looks 0.2 s
    apart (at most :data:`SETTLE_TIMEOUT_S`), so that what is measured does not depend on the machine's speed."""
    end, last = time.monotonic() + SETTLE_TIMEOUT_S, None
    while time.monotonic() < end:
        pump(app, 0.2)
        now = [(c.objectName(), type(c).__name__, rect(c.geometry()), c.isVisible()) for c in _measured(win)]
        if now == last:
            return
        last = now


def view(name: str, win: QWidget, with_contrast: bool) -> dict:
    n, bad = defects(win)
    out = {"name": name, "frame": rect(win.frameGeometry()), "controls": n, "defects": bad}
    if with_contrast:
        out["labels"] = label_contrasts(win)
    return out


def guide_views(app: QApplication, w, with_contrast: bool) -> list[dict]:
    """Every step of the guide, docked in the window, with the quick study chosen (the run steps as
    before their run: what the student sees on arriving)."""
    guide = w.show_guide()
    wait_placed(app, w)
    guide.choose_study("quick")
    out = []
    for k, step in enumerate(guide.state.steps()):
        guide.state.step = k
        guide._show_step()
        settle(app, w)
        out.append(view(f"guide {k + 1:02d} {step}", w, with_contrast))
    guide.close()
    pump(app, 0.1)
    return out


def dialog_views(app: QApplication, w, with_contrast: bool) -> list[dict]:
    """Every dialog of the window (Compare, Hosts and its form, My own service, the shortcuts, an error,
    About), each as it opens."""
    out = []

    def shown(name: str, dlg: QWidget) -> None:
        wait_placed(app, dlg)
        settle(app, dlg)
        out.append(view(name, dlg, with_contrast))

    cv = w.open_compare()
    shown("Compare", cv)
    cv.close()
    if w.hosts_dialog_class is not None:
        w.manage_hosts()
        dlg = next(t for t in app.topLevelWidgets() if isinstance(t, w.hosts_dialog_class) and t.isVisible())
        shown("Hosts", dlg)
        dlg.show_add_form()
        shown("Hosts, new host form", dlg)
        dlg.close()
    form = w.show_own_service(str(ROOT / "profiles" / "my-service.toml"))
    shown("My own service", form)
    form.close()
    box = w.menus.show_shortcuts()
    shown("Keyboard shortcuts", box)
    box.close()
    box = w.show_error("A problem during the run", "The worker died.\n" + "\n".join(f"log line {i}" for i in range(40)))
    shown("Error message", box)
    box.close()
    about = next_modal(app, w.menus._about)
    out.append(about)
    return out


def next_modal(app: QApplication, open_it) -> dict:
    """Open a modal message box with ``open_it()``, measure it, close it."""
    from PySide6.QtCore import QTimer

    found: dict = {}

    def inspect() -> None:
        dlg = app.activeModalWidget()
        if dlg is None or isinstance(dlg, QFileDialog):
            found.update({"name": "About", "frame": [], "controls": 0, "defects": ["no dialog appeared"]})
            return
        wait_placed(app, dlg)
        found.update(view("About", dlg, False))
        dlg.close()

    QTimer.singleShot(300, inspect)
    open_it()
    return found


def main() -> int:
    out_path = Path(sys.argv[1])
    args = sys.argv[2:]
    font_scale = float(args[args.index("--font-scale") + 1]) if "--font-scale" in args else 1.0
    dark = "--dark" in args
    contrast = "--contrast" in args
    from bancada.ui import language
    from bancada.ui.app import create_app, make_window

    app = create_app()
    if font_scale != 1.0:  # as the desktop's text size setting does: every widget's font grows
        font = app.font()
        font.setPointSizeF(font.pointSizeF() * font_scale)
        app.setFont(font)
    if dark:
        from bancada.ui import scheme

        scheme.apply(Qt.ColorScheme.Dark)
    language.install("pt_BR")
    w = make_window(str(ROOT / "profiles" / "quick.toml"))
    w.show()
    wait_placed(app, w)
    assert isinstance(w, QMainWindow)
    end = time.monotonic() + 60  # the host check's answer fills the host and factor pages
    while (not w.panel._impl_boxes or w.tasks.busy("probe")) and time.monotonic() < end:
        pump(app, 0.05)
    pump(app, 0.5)  # and lays them out
    views = [view("Main window", w, contrast)]
    views += guide_views(app, w, contrast)
    views += dialog_views(app, w, contrast)
    result = {"screen": rect(w.screen().availableGeometry()), "font_pt": app.font().pointSizeF(), "views": views}
    w.tasks.cancel_all()
    w.close()
    pump(app, 0.2)
    out_path.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
