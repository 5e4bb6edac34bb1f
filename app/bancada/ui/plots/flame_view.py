"""The "Flame graphs" tab: a run's CPU profiles per treatment, and the difference between two.

Pick a treatment to see its flame graph (bancada.analysis.flame: frames merged by name, width =
share of the samples, callers below); hover a frame for its name and share. "Compare with" a
second treatment draws the first one's flame graph coloured by how each frame's share changed
against the second (red: more in the first, blue: less). The tab shows once the run on screen
has profiles; reading them runs in the background (a task of the window's TaskRunner).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from bancada.analysis.flame import Frame, differential, layout
from bancada.core import i18n
from bancada.analysis.flame_run import TreatmentProfile
from bancada.report.flame_svg import delta_colour, warm_colour

ROW_PX = 18
WORDS_FRAMES = 5  # how many of the widest frames the text alternative names


def _qcolor(css: str) -> QColor:
    r, g, b = (int(v) for v in css[4:-1].split(","))
    return QColor(r, g, b)


class FlameCanvas(QWidget):
    """Draws frames bottom-up; ``hovered(text)`` with the frame under the mouse ("" when none)."""

    hovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        # a few rows at least; not more, or the window outgrows a small screen at a high scale factor
        self.setMinimumHeight(5 * ROW_PX)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.frames: list[Frame] = []
        self.diff = False

    def set_frames(self, frames: list[Frame], diff: bool) -> None:
        self.frames, self.diff = frames, diff
        self.update()

    def _rect(self, f: Frame) -> QRectF:
        w = self.width()
        return QRectF(f.x * w, self.height() - (f.depth + 1) * ROW_PX, f.width * w, ROW_PX - 1)

    def frame_at(self, x: float, y: float) -> Frame | None:
        for f in self.frames:
            if self._rect(f).contains(x, y):
                return f
        return None

    def describe(self, f: Frame) -> str:
        text = self.tr("{name}: {share} of the samples ({n})").format(
            name=f.name, share=f"{f.share * 100:.1f} %", n=f"{f.samples:.0f}"
        )
        if self.diff:
            text += self.tr("; {d} points against the other treatment").format(d=f"{f.delta * 100:+.1f}")
        return text

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), self.palette().base())
        metrics = QFontMetrics(self.font())
        p.setPen(QPen(QColor(0, 0, 0)))
        for f in self.frames:
            r = self._rect(f)
            if r.width() < 0.5:
                continue
            p.fillRect(r, _qcolor(delta_colour(f.delta) if self.diff else warm_colour(f.name)))
            if r.width() > 20:
                text = metrics.elidedText(f.name, Qt.TextElideMode.ElideRight, int(r.width()) - 4)
                p.drawText(r.adjusted(2, 0, -2, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        p.end()

    def mouseMoveEvent(self, event) -> None:
        pos = event.position()
        f = self.frame_at(pos.x(), pos.y())
        text = self.describe(f) if f else ""
        self.hovered.emit(text)
        if text:
            QToolTip.showText(event.globalPosition().toPoint(), text, self)
        else:
            QToolTip.hideText()


class FlameView(QWidget):
    """The tab: treatment and comparison pickers, the canvas, the hovered frame's line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profiles: list[TreatmentProfile] = []
        self.treatment = QComboBox()
        self.other = QComboBox()
        self.canvas = FlameCanvas()
        self.canvas.setAccessibleName(self.tr("Flame graph"))
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.hover = QLabel()
        self.hover.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Treatment")))
        top.addWidget(self.treatment, 1)
        top.addWidget(QLabel(self.tr("Compare with")))
        top.addWidget(self.other, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.info)
        lay.addWidget(self.canvas, 1)
        lay.addWidget(self.hover)
        self.treatment.currentIndexChanged.connect(self._draw)
        self.other.currentIndexChanged.connect(self._draw)
        self.canvas.hovered.connect(self.hover.setText)

    def has_data(self) -> bool:
        return bool(self.profiles)

    def show_profiles(self, profiles: list[TreatmentProfile]) -> None:
        """Show ``profiles`` (the run's, from bancada.analysis.flame_run); [] empties the tab."""
        self.profiles = list(profiles)
        for box in (self.treatment, self.other):
            box.blockSignals(True)
            box.clear()
        self.other.addItem(self.tr("(nothing: one flame graph)"))
        for p in self.profiles:
            self.treatment.addItem(p.label)
            self.other.addItem(p.label)
        for box in (self.treatment, self.other):
            box.blockSignals(False)
        self._draw()

    def select(self, label: str, other: str = "") -> None:
        """Pick the treatment ``label`` (and ``other`` to compare with, "" for none), as a user would."""
        self.treatment.setCurrentText(label)
        self.other.setCurrentIndex(max(0, self.other.findText(other)) if other else 0)

    def _draw(self) -> None:
        self._show()
        self.canvas.setAccessibleDescription(self.text_alternative())

    def text_alternative(self) -> str:
        """The flame graph in words (the canvas's accessible description): the line above it, then the
        widest frames that are not the root, with their share of the samples."""
        frames = [f for f in self.canvas.frames if f.depth > 0]
        widest = sorted(frames, key=lambda f: -f.width)[:WORDS_FRAMES]
        if not widest:
            return self.info.text()
        shares = "; ".join(
            self.tr("{name} {share} %").format(name=f.name, share=i18n.number(100 * f.width, 1)) for f in widest
        )
        return self.info.text() + " " + self.tr("The widest frames: {frames}.").format(frames=shares)

    def _show(self) -> None:
        i, j = self.treatment.currentIndex(), self.other.currentIndex() - 1
        if not (0 <= i < len(self.profiles)):
            self.canvas.set_frames([], False)
            self.info.setText(self.tr("No CPU profiles in this run (turn on Profile CPU before running)."))
            return
        p = self.profiles[i]
        if not p.samples:
            self.canvas.set_frames([], False)
            self.info.setText(
                self.tr("{label}: no samples (its worker used too little CPU while profiled).").format(label=p.label)
            )
            return
        if 0 <= j < len(self.profiles) and j != i and self.profiles[j].samples:
            q = self.profiles[j]
            self.canvas.set_frames(differential(q.stacks, p.stacks), True)
            self.info.setText(
                self.tr("{a} ({n} samples) against {b}: red frames take a larger share in {a}, blue a smaller.").format(
                    a=p.label, b=q.label, n=p.samples
                )
            )
            return
        self.canvas.set_frames(layout(p.stacks), False)
        text = self.tr("{label}: {n} samples by {tool}; width is the share of the samples, callers below.").format(
            label=p.label, n=p.samples, tool=p.tool
        )
        if p.shared:
            text += " " + self.tr("The worker also served {others} in the same blocks.").format(
                others=", ".join(p.shared)
            )
        self.info.setText(text)


def attach_flame_tab(window) -> FlameView:
    """Add the tab to ``window`` (the MainWindow: ``tabs``, ``tasks``, ``stats.shown``, ``run_path``).

    After each final statistics of a run, the run's profiles are read in the background and the tab
    shows when there are any.
    """
    from bancada.analysis.flame_run import treatment_profiles
    from bancada.store.runstore import RunStore

    view = FlameView()
    window.tabs.addTab(view, QCoreApplication.translate("FlameView", "Flame graphs"))
    window.tabs.setTabVisible(window.tabs.indexOf(view), False)

    def read(path):
        with RunStore.open(path) as store:
            return treatment_profiles(store)

    def shown(profiles) -> None:
        view.show_profiles(profiles)
        window.tabs.setTabVisible(window.tabs.indexOf(view), view.has_data())

    def refresh(final: bool) -> None:
        path = window.run_path
        if not final or path is None or str(path).endswith(".csv"):
            shown([])
            return
        window.tasks.start("flames", lambda _state: read(path), succeeded=shown, failed=lambda *_: shown([]))

    window.stats.shown.connect(refresh)
    return view
