"""A Tukey box plot as one pyqtgraph GraphicsObject (pyqtgraph has none).

Each box is drawn from a :class:`BoxStats`: the box spans the first to the
third quartile (numpy's default ``linear`` quantiles, R's type 7), a thicker
line marks the median, the whiskers reach the most extreme data within
1.5·IQR of the box (Tukey 1977, *Exploratory Data Analysis*, ch. 2) and every
value beyond them is an outlier drawn as a point.

Coordinates are data coordinates: x is the box's position, y the response
(the live view uses milliseconds). In log mode (``PlotItem.setLogMode(y=True)``
calls :meth:`BoxPlotItem.setLogMode`) y values are drawn as log10(y).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen

from bancada.stats.box_stats import WHISKER_IQR, BoxStats, tukey_stats

__all__ = ["WHISKER_IQR", "Box", "BoxPlotItem", "BoxStats", "tukey_stats"]

#: Qt's brush for each of :data:`bancada.core.colours.HATCHES` (matplotlib's hatch names).
QT_HATCHES = {
    "//": Qt.BrushStyle.BDiagPattern,
    "\\\\": Qt.BrushStyle.FDiagPattern,
    "xx": Qt.BrushStyle.DiagCrossPattern,
    "--": Qt.BrushStyle.HorPattern,
    "||": Qt.BrushStyle.VerPattern,
}


@dataclass
class Box:
    """One box to draw: where, how wide, which colour and hatch (matplotlib's name, "" for none), and its statistics."""

    x: float
    stats: BoxStats
    color: QColor
    label: str = ""
    width: float = 0.6
    hatch: str = ""


class BoxPlotItem(pg.GraphicsObject):
    """Draws a list of :class:`Box` in data coordinates; hover shows n, median, q1, q3."""

    def __init__(self, boxes: list[Box] | None = None, unit: str = "ms") -> None:
        super().__init__()
        self._boxes: list[Box] = []
        self._log_y = False
        self._rect = QRectF()
        self.unit = unit
        self.line_scale = 1.0  # classroom mode: thicker lines and dots for a projector
        self.setAcceptHoverEvents(True)
        if boxes:
            self.setBoxes(boxes)

    # -- data ------------------------------------------------------------------
    def setBoxes(self, boxes: list[Box]) -> None:
        """Replace every box and redraw."""
        self.prepareGeometryChange()
        self._boxes = list(boxes)
        self._rect = self._compute_rect()
        self.informViewBoundsChanged()
        self.update()

    def boxes(self) -> list[Box]:
        """The boxes as given (data units, not log-transformed): what tests assert on."""
        return list(self._boxes)

    def setLogMode(self, x: bool, y: bool) -> None:  # called by PlotItem.setLogMode
        if y != self._log_y:
            self.prepareGeometryChange()
            self._log_y = y
            self._rect = self._compute_rect()
            self.informViewBoundsChanged()
            self.update()

    def _y(self, v):
        if not self._log_y:
            return v
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.log10(np.maximum(v, 1e-12))

    def _compute_rect(self) -> QRectF:
        if not self._boxes:
            return QRectF()
        xs0 = min(b.x - b.width / 2 for b in self._boxes)
        xs1 = max(b.x + b.width / 2 for b in self._boxes)
        lo = min(
            min(b.stats.whisker_lo, b.stats.outliers[0] if b.stats.outliers.size else b.stats.whisker_lo)
            for b in self._boxes
        )
        hi = max(
            max(b.stats.whisker_hi, b.stats.outliers[-1] if b.stats.outliers.size else b.stats.whisker_hi)
            for b in self._boxes
        )
        y0, y1 = float(self._y(lo)), float(self._y(hi))
        return QRectF(xs0, y0, xs1 - xs0, max(y1 - y0, 1e-12))

    # -- pyqtgraph protocol ------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def dataBounds(self, ax: int, frac: float = 1.0, orthoRange=None):
        if not self._boxes:
            return None
        r = self._rect
        return (r.left(), r.right()) if ax == 0 else (r.top(), r.bottom())

    def paint(self, p: QPainter, *args) -> None:
        # Boxes, medians and whiskers are axis-aligned: they look the same without
        # antialiasing, which costs CPU at every live refresh, CPU that the driver and
        # the workers share with the window (tests/bench/gui_perturbation.py: the
        # window/headless median ratio went from 1.059 to 1.035 on Ping under Xvfb).
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for b in self._boxes:
            s = b.stats
            half = b.width / 2
            color = QColor(b.color)
            edge = QPen(color.darker(150), 1.5 * self.line_scale)
            edge.setCosmetic(True)
            fill = QColor(color)
            fill.setAlpha(150)
            q1, med, q3, wlo, whi = (float(self._y(v)) for v in (s.q1, s.median, s.q3, s.whisker_lo, s.whisker_hi))
            p.setPen(edge)
            # whiskers and caps
            p.drawLine(QPointF(b.x, q3), QPointF(b.x, whi))
            p.drawLine(QPointF(b.x, q1), QPointF(b.x, wlo))
            p.drawLine(QPointF(b.x - half / 2, whi), QPointF(b.x + half / 2, whi))
            p.drawLine(QPointF(b.x - half / 2, wlo), QPointF(b.x + half / 2, wlo))
            p.setBrush(fill)
            p.drawRect(QRectF(b.x - half, q1, b.width, q3 - q1))
            if b.hatch in QT_HATCHES:  # the second channel beside the colour
                # in device coordinates: a pattern brush under the data transform would be scaled with it
                device = p.transform().mapRect(QRectF(b.x - half, q1, b.width, q3 - q1))
                p.save()
                p.resetTransform()
                p.setPen(Qt.PenStyle.NoPen)
                # black lines on a light colour, white on a dark one: the box's own shades would not show
                lines = QColor(0, 0, 0, 170) if color.lightnessF() > 0.45 else QColor(255, 255, 255, 190)
                p.setBrush(QBrush(lines, QT_HATCHES[b.hatch]))
                p.drawRect(device)
                p.restore()
            med_pen = QPen(color.darker(250), 3 * self.line_scale)
            med_pen.setCosmetic(True)
            p.setPen(med_pen)
            p.drawLine(QPointF(b.x - half, med), QPointF(b.x + half, med))
            if s.outliers.size:
                # dots are round in pixels: draw them in device coordinates, one per pixel row
                # (thousands of outliers of a long run collapse to at most the plot's height)
                tr = p.transform()
                ys = np.asarray(self._y(s.outliers), dtype=float)
                dev_y = np.unique(np.round(tr.m22() * ys + tr.m12() * b.x + tr.dy()))
                dev_x = tr.m11() * b.x + tr.m21() * float(ys[0]) + tr.dx()
                pts = pg.functions.create_qpolygonf(dev_y.size)
                arr = pg.functions.ndarray_from_qpolygonf(pts)
                arr[:, 0] = dev_x
                arr[:, 1] = dev_y
                p.save()
                p.resetTransform()
                p.setPen(QPen(color.darker(140), 6 * self.line_scale, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                p.drawPoints(pts)
                p.restore()
        p.setBrush(Qt.BrushStyle.NoBrush)

    # -- hover -----------------------------------------------------------------
    def box_at(self, x: float, y: float) -> Box | None:
        """The box whose column (x within its width) holds the point, in item coordinates."""
        for b in self._boxes:
            if abs(x - b.x) <= b.width / 2:
                return b
        return None

    def describe(self, b: Box) -> str:
        """The hover text of a box."""
        s, u = b.stats, self.unit
        return (
            f"{b.label}\nn = {s.n}\nmedian = {s.median:.4g} {u}\nq1 = {s.q1:.4g} {u}\n"
            f"q3 = {s.q3:.4g} {u}\nIQR = {s.iqr:.4g} {u}\noutliers = {s.outliers.size}"
        )

    def hoverEvent(self, ev) -> None:
        if ev.isExit():
            self.setToolTip("")
            return
        pos = ev.pos()
        b = self.box_at(pos.x(), pos.y())
        self.setToolTip(self.describe(b) if b else "")
