"""Classroom mode: the window as a projector shows it (View > Classroom mode, F11).

Full screen, every font and plot text scaled by a factor (``classroomScale``
in ``gui.ini``, default :data:`DEFAULT_SCALE`), a high-contrast palette, the
experiment panel hidden, the tables reduced to their readings, and above the
plots a :class:`ClassroomBar`: the run's progress and each treatment's
current median as large numbers. Leaving it (F11 again, or Esc) restores the
window as it was. :class:`ClassroomMode` is a component of the main window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QLocale, QObject, Qt, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from bancada.session.live_model import LiveModel
from bancada.ui.window.run_status import ElidedLabel, phase_parts

if TYPE_CHECKING:
    from bancada.experiment.profile import Profile
    from bancada.run.events import Progress, RunFinished
    from bancada.ui.plots.live_view import LiveView
    from bancada.ui.window.run_job import LatestProgress
    from bancada.ui.tables.stats_view import StatisticsView

DEFAULT_SCALE = 1.75
ROOM_SIZE = (1024, 768)  # the smallest screen (logical pixels) classroomScale is meant for whole
DISABLED_GREY = "#9e9e9e"  # disabled texts in classroom mode: visibly not black on a washed-out projector
DEMO_PROFILE = "quick.toml"  # seed 000's design, small: the four implementations, StdSize and LargeSize


def high_contrast_palette() -> QPalette:
    """Black on white, a strong blue for selections: what a washed-out projector still shows."""
    pal = QPalette()
    black, white = QColor("black"), QColor("white")
    for role in (
        QPalette.ColorRole.Window,
        QPalette.ColorRole.Base,
        QPalette.ColorRole.Button,
        QPalette.ColorRole.AlternateBase,
        QPalette.ColorRole.ToolTipBase,
    ):
        pal.setColor(role, white)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.ToolTipText,
    ):
        pal.setColor(role, black)
    pal.setColor(QPalette.ColorRole.Highlight, QColor("#0050b3"))
    pal.setColor(QPalette.ColorRole.HighlightedText, white)
    # what cannot be used now (Pause and Stop before a run) in grey: black would look enabled
    grey = QColor(DISABLED_GREY)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.PlaceholderText,
    ):
        pal.setColor(QPalette.ColorGroup.Disabled, role, grey)
    pal.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Light, white)  # no embossed shadow
    return pal


class ClassroomBar(QWidget):
    """The run's progress and the median of each treatment, in large type."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("classroomBar")
        outer = QHBoxLayout(self)
        outer.setContentsMargins(12, 6, 12, 6)
        left = QVBoxLayout()
        self.progress = QLabel("–")
        self.progress.setObjectName("classroomProgress")
        self.caption = ElidedLabel(self.tr("requests measured"))
        left.addWidget(self.progress)
        left.addWidget(self.caption)
        outer.addLayout(left)
        # the medians' table scrolls sideways rather than widening the window past the screen
        # (seven implementations in large type do not fit 1024 px)
        self.table = QWidget()
        self.grid = QGridLayout(self.table)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(16)
        self.table_scroll = QScrollArea()
        self.table_scroll.setWidget(self.table)
        self.table_scroll.setWidgetResizable(True)
        self.table_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.table_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        outer.addWidget(self.table_scroll, 1)
        # which workload the plots show and Next: beside the tabs (``pages``, placed by the window), where
        # classroom mode leaves room; in the bar they took the width of a median column
        self.pages = QWidget()
        self.pages.setObjectName("classroomPages")
        pages = QHBoxLayout(self.pages)
        pages.setContentsMargins(6, 0, 6, 2)
        self.page_label = QLabel()
        self.page_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.next_button = QPushButton(self.tr("Next ▸"))
        self.next_button.setObjectName("classroomNext")
        self.next_button.setToolTip(self.tr("The next workload's plots (Page Down or N; Page Up or P goes back)"))
        pages.addWidget(self.page_label)
        pages.addWidget(self.next_button)
        self.medians: dict[int, QLabel] = {}
        self.set_scale(DEFAULT_SCALE)
        self.set_page("", 0, 0)

    def _fit_table_height(self) -> None:
        """The medians' area as tall as its table, plus the sideways scroll bar when it is needed."""
        self.table.adjustSize()
        bar = self.table_scroll.horizontalScrollBar().sizeHint().height()
        self.table_scroll.setMinimumHeight(self.table.sizeHint().height() + bar)

    def set_scale(self, scale: float) -> None:
        """Large numbers: ``scale`` times the window's base font, three times for the progress."""
        base = QApplication.font().pointSizeF()
        big = QFont(self.font())
        big.setPointSizeF(base * scale * 2.2)
        big.setWeight(QFont.Weight.Bold)
        self.progress.setFont(big)
        med = QFont(big)
        med.setPointSizeF(base * scale * 1.3)
        self._median_font = med
        for label in self.medians.values():
            label.setFont(med)
        self._fit_table_height()

    def set_page(self, workload: str, index: int, count: int) -> None:
        """Which workload the plots show: ``index`` (0-based) of ``count``; Next only when there are two or more."""
        paged = count > 1
        self.page_label.setText(self.tr("{w}: {i} of {n}").format(w=workload, i=index + 1, n=count) if paged else "")
        self.pages.setVisible(paged)

    def reset_progress(self) -> None:
        """A run is starting: no count yet (not the previous run's)."""
        self.progress.setText("–")
        self.caption.setText(self.tr("requests measured"))

    def set_treatments(self, model: LiveModel, workload: str = "") -> None:
        """A table of large medians: a column per implementation, a row per workload (only ``workload``'s
        when given: the one the plots show); call after the model's reset."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # at once: deleteLater waits for the event loop
                widget.deleteLater()
        self.medians.clear()
        infos = [s.info for s in model.series.values()]
        if workload:
            infos = [i for i in infos if i.workload == workload]
        impls = list(dict.fromkeys(i.implementation for i in infos))
        workloads = list(dict.fromkeys(i.workload for i in infos))
        corner = QLabel(self.tr("median (ms)"))
        self.grid.addWidget(corner, 0, 0)
        for c, impl in enumerate(impls, start=1):
            head = QLabel(impl)
            head.setAlignment(Qt.AlignmentFlag.AlignRight)
            self.grid.addWidget(head, 0, c)
        for r, wl in enumerate(workloads, start=1):
            self.grid.addWidget(QLabel(wl), r, 0)
        for info in infos:
            value = QLabel("–")
            value.setFont(self._median_font)
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.grid.addWidget(value, 1 + workloads.index(info.workload), 1 + impls.index(info.implementation))
            self.medians[info.id] = value
        self._fit_table_height()

    def refresh(self, model: LiveModel, done: int | None = None, total: int | None = None) -> None:
        """Show the medians (ms) of the measured samples so far and ``done`` of ``total`` requests (an
        opened run's count)."""
        self._medians(model)
        loc = QLocale()
        if total:
            self.progress.setText(f"{loc.toString(100.0 * (done or 0) / total, 'f', 0)} %")
            self.caption.setText(
                self.tr("{d} of {t} requests").format(d=loc.toString(done or 0), t=loc.toString(total))
            )
        elif done:
            self.progress.setText(loc.toString(done))
        else:
            self.reset_progress()

    def show_progress(self, model: LiveModel, p: Progress, warming_up: bool) -> None:
        """A live run's progress: the share of its expected time gone (below 100 % until it ends), the
        phase (warming up or measuring) and its measured and warm-up requests apart."""
        self._medians(model)
        loc = QLocale()
        if p.fraction is not None:
            self.progress.setText(f"{loc.toString(100.0 * p.fraction, 'f', 0)} %")
        elif p.total:
            self.progress.setText(f"{loc.toString(100.0 * min(p.done / p.total, 0.99), 'f', 0)} %")
        phase = self.tr("Warming up…") if warming_up else self.tr("Measuring")
        self._caption(phase, p)

    def show_done(self, model: LiveModel, p: Progress) -> None:
        """A run that has ended complete: 100 %, its measured and warm-up requests apart."""
        self._medians(model)
        self.progress.setText(f"{QLocale().toString(100)} %")
        self._caption(self.tr("Done"), p)

    def _caption(self, phase: str, p: Progress) -> None:
        """Under the share: the phase and the measured requests, then the warm-up requests on a line of
        their own, so that the medians' table keeps the bar's width."""
        measured, warmup = phase_parts(p)
        self.caption.setText(f"{phase} · {measured}\n{warmup}")

    def _medians(self, model: LiveModel) -> None:
        loc = QLocale()
        for tid, label in self.medians.items():
            stats = model.series[tid].box() if tid in model.series else None
            label.setText(_three_digits(stats.median, loc) if stats else "–")


def _three_digits(v: float, loc: QLocale) -> str:
    if v >= 100:
        return loc.toString(v, "f", 0)
    if v >= 10:
        return loc.toString(v, "f", 1)
    if v >= 1:
        return loc.toString(v, "f", 2)
    return loc.toString(v, "f", 3)


class ClassroomWindow(Protocol):
    """What classroom mode asks of the main window beyond its widgets."""

    @property
    def progress(self) -> LatestProgress: ...

    @property
    def last_finished(self) -> RunFinished | None: ...

    def running(self) -> bool: ...

    def open_profile(self, path: str) -> bool: ...

    def start_run(self, profile: Profile | None = None) -> bool: ...

    def size_status_labels(self) -> None: ...

    def apply_palette(self, *_args: object) -> None: ...

    def guide_shown(self) -> bool: ...


@dataclass
class ClassroomWidgets:
    """The widgets classroom mode changes: the window (full screen, font, palette) and its parts."""

    window: QMainWindow
    bar: ClassroomBar
    live: LiveView
    stats_view: StatisticsView
    splitter: QSplitter
    panel_scroll: QScrollArea
    host_combo: QComboBox
    state_label: QLabel


class ClassroomMode(QObject):
    """Entering and leaving classroom mode; ``toggled(on)`` each time (View > Classroom mode is checked by it).

    ``host``: the run on the window; ``ui``: the widgets it changes; ``model``: the live samples whose medians it shows.
    """

    toggled = Signal(bool)

    def __init__(self, host: ClassroomWindow, ui: ClassroomWidgets, model: LiveModel) -> None:
        super().__init__()
        self.host = host
        self.ui = ui
        self.model = model
        self.active = False
        # the window before classroom mode: its state, font, palette and splitter sizes
        self._before: tuple[Qt.WindowState, QFont, QPalette, list[int]] | None = None
        # Next workload (Page Down, N; the bar's button) and back (Page Up): one plot per screen
        self.act_next = QAction(self.tr("Next workload"), ui.window)
        self.act_next.setShortcuts([QKeySequence(Qt.Key.Key_PageDown), QKeySequence(Qt.Key.Key_N)])
        self.act_previous = QAction(self.tr("Previous workload"), ui.window)
        self.act_previous.setShortcuts([QKeySequence(Qt.Key.Key_PageUp), QKeySequence(Qt.Key.Key_P)])
        for action, step in ((self.act_next, 1), (self.act_previous, -1)):
            action.setEnabled(False)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _checked=False, step=step: self.next_page(step))
            ui.window.addAction(action)
        ui.bar.next_button.clicked.connect(lambda: self.next_page(1))

    def scale(self) -> float:
        """``classroomScale`` of ``gui.ini`` (default :data:`DEFAULT_SCALE`), within 1 to 4."""
        from bancada.ui.settings import settings

        try:
            scale = float(str(settings().value("classroomScale", DEFAULT_SCALE)))
        except (TypeError, ValueError):
            scale = DEFAULT_SCALE
        return min(4.0, max(1.0, scale))

    def effective_scale(self) -> float:
        """:meth:`scale`, smaller on a screen of fewer logical pixels than 1024 × 768 (at ``QT_SCALE_FACTOR``
        1.5 a 1024 × 768 projector has 683 × 512: Qt has enlarged everything already), so that the texts
        are as large on the wall as at 1024 × 768 unscaled and the window still fits; 1 at least."""
        screen = self.ui.window.screen()
        if screen is None:
            return self.scale()
        area = screen.geometry()
        room = min(1.0, area.width() / ROOM_SIZE[0], area.height() / ROOM_SIZE[1])
        return max(1.0, self.scale() * room)

    def set_active(self, on: bool) -> None:
        """Full screen, scaled fonts and plots, high contrast, large medians and progress; or back as before."""
        if on == self.active:
            return
        self.active = on
        self.toggled.emit(on)
        ui, w = self.ui, self.ui.window
        if on:
            scale = self.effective_scale()
            self._before = (w.windowState(), QFont(w.font()), QPalette(w.palette()), ui.splitter.sizes())
            font = QFont(QApplication.font())
            font.setPointSizeF(font.pointSizeF() * scale)
            w.setFont(font)
            w.setPalette(high_contrast_palette())
            self.host.size_status_labels()
            ui.live.set_scale(scale)
            ui.live.set_paged(True)
            ui.bar.set_scale(scale)
            self._show_page()
            self.refresh()
            ui.panel_scroll.hide()
            ui.stats_view.set_compact(True, scale)
            ui.bar.show()
            self.host.apply_palette()
            w.showFullScreen()
        elif self._before is not None:
            state, font, palette, sizes = self._before
            w.setFont(font)
            w.setPalette(palette)
            ui.live.set_scale(1.0)
            ui.live.set_paged(False)
            self.act_next.setEnabled(False)
            self.act_previous.setEnabled(False)
            ui.bar.set_page("", 0, 0)
            self.host.size_status_labels()
            ui.bar.hide()
            ui.stats_view.set_compact(False)
            ui.panel_scroll.setVisible(not self.host.guide_shown())
            ui.splitter.setSizes(sizes)
            self.host.apply_palette()
            w.setWindowState(state)

    def next_page(self, step: int = 1) -> str:
        """Classroom mode's plots show the next workload (``step`` -1: the previous); returns its name."""
        if not self.active:
            return ""
        workload = self.ui.live.next_page(step)
        self._show_page()
        self.refresh()
        return workload

    def _show_page(self) -> None:
        """The bar's medians and page label for the workload the plots show."""
        live, bar = self.ui.live, self.ui.bar
        workload = live.page_workload()
        bar.set_treatments(self.model, workload)
        bar.set_page(workload, live.page, len(live.workloads))
        many = self.active and len(live.workloads) > 1
        self.act_next.setEnabled(many)
        self.act_previous.setEnabled(many)

    def run_starting(self) -> None:
        """A run is starting: the large progress says so, not the previous run's count."""
        self.ui.bar.reset_progress()

    def start_demo(self) -> bool:
        """One click for a class: the quick study of seed 000 (Go/Java × gRPC/REST, StdSize and LargeSize,
        n = 20, r = 2) on this computer, in classroom mode. False (the reason in the status bar) if it cannot start."""
        from bancada.core import paths

        if self.host.running():
            self.ui.state_label.setText(self.tr("A run is already going on: stop it first"))
            return False
        try:
            demo = paths.home() / "profiles" / DEMO_PROFILE
        except paths.BancadaHomeError:
            self.ui.state_label.setText(self.tr("The demo profile is not installed with this copy of Bancada"))
            return False
        if not self.host.open_profile(str(demo)):
            return False
        self.ui.host_combo.setCurrentIndex(0)  # this computer
        self.set_active(True)
        return self.host.start_run()

    def refresh(self) -> None:
        """The large numbers from the live model and the newest progress (called by the plot timer)."""
        if not self.active:
            return
        bar, live = self.ui.bar, self.ui.live
        workload = live.page_workload()
        page_ids = {tid for tid, s in self.model.series.items() if not workload or s.info.workload == workload}
        if set(bar.medians) != page_ids:
            self._show_page()
        p = self.host.progress.value
        if self.host.running() and self.host.last_finished is None:
            if p is None:  # starting: the new run's first progress has not come yet
                bar.refresh(self.model)
            else:
                bar.show_progress(self.model, p, self.model.warming_up())
        elif p is not None and self.host.last_finished is not None and self.host.last_finished.status == "complete":
            bar.show_done(self.model, p)  # the run that just ended: its measured and warm-up requests apart
        else:
            bar.refresh(self.model, self.model.total, self.model.total)
