"""Classroom mode: the window as a projector shows it (View > Classroom mode, F11).

Full screen, every font and plot text scaled by a factor (``classroomScale``
in ``gui.ini``, default :data:`DEFAULT_SCALE`), a high-contrast palette, the
experiment panel hidden, the tables reduced to their readings, and above the
plots a :class:`ClassroomBar`: the run's progress and each treatment's
current median as large numbers. Leaving it (F11 again, or Esc) restores the
window as it was.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from bancada.session.live_model import LiveModel

DEFAULT_SCALE = 1.75
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
        self.caption = QLabel(self.tr("requests measured"))
        left.addWidget(self.progress)
        left.addWidget(self.caption)
        outer.addLayout(left)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(28)
        outer.addLayout(self.grid, 1)
        self.medians: dict[int, QLabel] = {}
        self.set_scale(DEFAULT_SCALE)

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

    def set_treatments(self, model: LiveModel) -> None:
        """A table of large medians: a column per implementation, a row per workload (call after the model's reset)."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.medians.clear()
        infos = [s.info for s in model.series.values()]
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

    def refresh(self, model: LiveModel, done: int | None = None, total: int | None = None) -> None:
        """Show the medians (ms) of the measured samples so far and ``done`` of ``total`` requests."""
        loc = QLocale()
        for tid, label in self.medians.items():
            stats = model.series[tid].box() if tid in model.series else None
            label.setText(_three_digits(stats.median, loc) if stats else "–")
        if total:
            self.progress.setText(f"{loc.toString(100.0 * (done or 0) / total, 'f', 0)} %")
            self.caption.setText(
                self.tr("{d} of {t} requests").format(d=loc.toString(done or 0), t=loc.toString(total))
            )
        elif done is not None:
            self.progress.setText(loc.toString(done))


def _three_digits(v: float, loc: QLocale) -> str:
    if v >= 100:
        return loc.toString(v, "f", 0)
    if v >= 10:
        return loc.toString(v, "f", 1)
    if v >= 1:
        return loc.toString(v, "f", 2)
    return loc.toString(v, "f", 3)


class ClassroomMode:
    """Entering and leaving classroom mode (a mixin of :class:`MainWindow`; ``act_classroom`` toggles it)."""

    classroom = False

    def classroom_scale(self) -> float:
        from bancada.ui.window_settings import settings

        try:
            scale = float(settings().value("classroomScale", DEFAULT_SCALE))
        except (TypeError, ValueError):
            scale = DEFAULT_SCALE
        return min(4.0, max(1.0, scale))

    def set_classroom(self, on: bool) -> None:
        """Full screen, scaled fonts and plots, high contrast, large medians and progress; or back as before."""
        if on == self.classroom:
            return
        self.classroom = on
        self.act_classroom.setChecked(on)
        if on:
            scale = self.classroom_scale()
            self._before_classroom = (
                self.windowState(),
                QFont(self.font()),
                QPalette(self.palette()),
                self.splitter.sizes(),
            )
            font = QFont(QApplication.font())
            font.setPointSizeF(font.pointSizeF() * scale)
            self.setFont(font)
            self.setPalette(high_contrast_palette())
            self.size_status_labels()
            self.live.set_scale(scale)
            self.classroom_bar.set_scale(scale)
            self.classroom_bar.set_treatments(self.model)
            self.refresh_classroom()
            self.panel_scroll.hide()
            self.stats_view.set_compact(True, scale)
            self.classroom_bar.show()
            self._apply_palette()
            self.showFullScreen()
        else:
            state, font, palette, sizes = self._before_classroom
            self.setFont(font)
            self.setPalette(palette)
            self.live.set_scale(1.0)
            self.size_status_labels()
            self.classroom_bar.hide()
            self.stats_view.set_compact(False)
            self.panel_scroll.setVisible(not (self.guide is not None and self.guide.isVisible()))
            self.splitter.setSizes(sizes)
            self._apply_palette()
            self.setWindowState(state)

    def start_demo(self) -> bool:
        """One click for a class: the quick study of seed 000 (Go/Java × gRPC/REST, StdSize and LargeSize,
        n = 20, r = 2) on this computer, in classroom mode. False (the reason in the status bar) if it cannot start."""
        from bancada import paths

        if self.running():
            self.state_label.setText(self.tr("A run is already going on: stop it first"))
            return False
        try:
            demo = paths.home() / "profiles" / DEMO_PROFILE
        except paths.BancadaHomeError:
            self.state_label.setText(self.tr("The demo profile is not installed with this copy of Bancada"))
            return False
        if not self.open_profile(str(demo)):
            return False
        self.panel.host_combo.setCurrentIndex(0)  # this computer
        self.set_classroom(True)
        return self.start_run()

    def refresh_classroom(self) -> None:
        """The large numbers from the live model and the newest progress (called by the plot timer)."""
        if not self.classroom:
            return
        if set(self.classroom_bar.medians) != set(self.model.series):
            self.classroom_bar.set_treatments(self.model)
        p = self.progress.value
        if p is not None and self.running():
            self.classroom_bar.refresh(self.model, p.done, p.total)
        else:
            self.classroom_bar.refresh(self.model, self.model.total, self.model.total)
