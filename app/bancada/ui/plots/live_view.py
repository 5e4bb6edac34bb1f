"""The live view: one box per treatment (one plot per workload) and a latency trace.

Boxes: position = level of the first factor (language by default), colour =
level of the second (protocol); one plot per workload. Trace: every ok sample
of each treatment in arrival order, peak-downsampled so spikes stay visible: the
measured requests from 0 across most of the width, the warm-up as its own phase
before them, faint in a shaded, labelled band of :data:`WARMUP_SHARE` of the width.
:meth:`LiveView.refresh` is called by the window's fixed timer and redraws only
the treatments that changed.
"""

from __future__ import annotations

import html
import textwrap

import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsItem, QScrollArea, QVBoxLayout, QWidget

from bancada.core.plot_scale import wide_range
from bancada.ui.plots.locale_axis import LocaleAxis, localized
from bancada.core import colours, i18n
from bancada.ui.plots.boxplot_item import Box, BoxPlotItem
from bancada.session.live_model import LiveModel, TreatmentInfo
from bancada.ui.window.panel import pretty
from bancada.analysis.words.readings import factor_name

TRACE_INTERVAL_S = 1.0  # the trace's long arrays redraw once a second; the boxes at every plot tick
TEXT_PX, TITLE_PX = 13, 15  # text sizes in pixels (not points): an exported PNG scales every text alike


#: The legend glyph of each marker (the boxes' key in a plot's title is text).
MARKER_GLYPHS = {"o": "&#9679;", "s": "&#9632;", "^": "&#9650;", "D": "&#9670;", "v": "&#9660;", "P": "&#10010;"}
MARKERS_PER_CURVE = 16  # the trace's sparse markers: the second channel beside the colour, cheap to draw
#: The most of the trace's width the warm-up takes once requests are measured: a warm-up until steady
#: may send a hundred times the measured requests, and drawn to scale it left the measured ones a sliver.
WARMUP_SHARE = 0.2


def _plain_number(x: float) -> str:
    """A tick label: ``0.1``, ``2``, ``50``, ``1000``; ``1e+05`` beyond."""
    return f"{x:g}" if 1e-4 <= abs(x) < 1e5 else f"{x:.0e}"


#: The factors whose levels are codes, shown by their proper names (``grpc`` -> ``gRPC``, ``cpp`` -> ``C++``);
#: any other level (an implementation's, a workload's, a link's name) is shown as the profile spells it,
#: the same on the axis, in the key, in the trace's legend and in the tables.
CODED_FACTORS = ("language", "protocol")


def level_label(factor: str, level: str) -> str:
    """How the plots write ``level`` of ``factor`` (``protocol``/``grpc`` -> ``gRPC``; ``lab6-rest`` as is)."""
    return pretty(level) if factor in CODED_FACTORS else level


class LatencyAxis(LocaleAxis):
    """A latency axis whose log scale labels 1, 10, 100 (and 2, 5 when few decades show) as plain numbers.

    pyqtgraph labels every minor tick of a log axis (``9·10¹ 8·10¹ 7·10¹``), and
    the labels overlap; here the other minor ticks stay as marks without text.
    """

    def logTickStrings(self, values, scale, spacing):
        lo, hi = self.range if self.range else (0.0, 1.0)
        decades = abs(hi - lo)
        keep = (1,) if decades > 2.5 else (1, 2, 5)
        out = []
        for v in values:
            x = 10 ** (v * scale)
            mant = round(x / 10 ** np.floor(np.log10(x) + 1e-9), 3) if x > 0 else 0
            out.append(localized(_plain_number(x)) if mant in keep else "")
        return out


#: Workloads side by side at most: as many as columns of :data:`COLUMN_MIN_WIDTH_PX` fit the view
#: (the trace's title needs about 490 px), the others in further rows (seed 001 has eight workloads).
#: At 1024 x 768 with the panel shown that is one column; the view lays itself out again when a
#: resize changes the count.
MAX_COLUMNS = 3
COLUMN_MIN_WIDTH_PX = 500
#: The height a row of workloads needs (boxes, trace, legend) when there are several rows: the view
#: scrolls rather than squeezing eight workloads' plots into one screen.
ROW_MIN_HEIGHT_PX = 540
#: The narrowest a plot's title makes its plot (a longer title is cut at both ends).
TITLE_MIN_WIDTH_PX = 160


def _shrinkable(label: pg.LabelItem) -> None:
    """Let a plot's title be narrower than its text (cut at both sides), so that a narrow view shrinks the
    plot instead of pushing it out of sight; pyqtgraph makes a label at least as wide as its text."""
    fit_text = label.updateMin

    def update_min() -> None:
        fit_text()
        width = min(label.minimumWidth(), TITLE_MIN_WIDTH_PX)
        label.setMinimumWidth(width)
        label._sizeHint[Qt.SizeHint.MinimumSize] = (width, label.minimumHeight())
        label.updateGeometry()

    label.updateMin = update_min
    label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape)
    update_min()


class TraceAxis(LocaleAxis):
    """The trace's request axis: measured requests from 0; the warm-up band left of 0 is compressed
    and labelled, so its (negative) coordinates have no tick labels."""

    def tickStrings(self, values, scale, spacing):
        return ["" if v < 0 else s for v, s in zip(values, super().tickStrings(values, scale, spacing), strict=True)]


def trace_x(warm: np.ndarray, band: float, warm_max: int) -> np.ndarray:
    """The trace's x of each sample of one treatment (``warm``: True for a warm-up sample, arrival order).

    Measured samples at their measured index (0, 1, ...); warm-up samples, in their order, spread over
    the band ``[-band, 0)`` (``warm_max``: the most warm-up samples of any treatment of the plot, so
    the same warm-up request lines up across treatments). ``band`` 0: nothing measured yet, the
    warm-up at its own index (it is the whole plot).
    """
    x = np.empty(warm.size, dtype=float)
    k_warm = np.cumsum(warm) - 1
    k_meas = np.cumsum(~warm) - 1
    if band > 0:
        x[warm] = -band + band * k_warm[warm] / max(1, warm_max)
    else:
        x[warm] = k_warm[warm]
    x[~warm] = k_meas[~warm]
    return x


def trace_ends(latency_ms: np.ndarray) -> tuple[float, float] | None:
    """``(median of the first tenth, median of the last tenth)`` of one treatment's measured latencies
    in arrival order (ms; a tenth is at least one request; the NaNs that split the trace between
    blocks left out): how the trace drifts over the run. None when nothing is measured."""
    values = latency_ms[np.isfinite(latency_ms)]
    if not values.size:
        return None
    tenth = max(1, values.size // 10)
    return float(np.median(values[:tenth])), float(np.median(values[-tenth:]))


class LiveView(QWidget):
    """Box plots per workload over a latency-by-sequence trace; workloads in up to
    :data:`MAX_COLUMNS` columns, further ones in rows below (the view scrolls).

    The latency axis turns logarithmic by itself when a plot's values span more than a decade
    (:func:`bancada.core.plot_scale.wide_range`), unless the user chose the axis during the run (Ctrl+L);
    ``logAxisChosen(on)`` says so (the window's Log axis action follows it)."""

    logAxisChosen = Signal(bool)

    def _columns(self, n_workloads: int) -> int:
        """How many workloads go side by side: as many as the view's width holds, one at least."""
        if self.paged:
            return 1
        fit = self.scroll_area.viewport().width() // round(COLUMN_MIN_WIDTH_PX * self.scale)
        return max(1, min(MAX_COLUMNS, n_workloads, fit))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        shown = self._shown
        if shown is not None and self._columns(len(self.box_plots)) != self._columns_used:
            self.set_treatments(*shown, new=False)
            self.redraw(shown[0])

    def redraw(self, model: LiveModel) -> None:
        """Draw every treatment's boxes and trace again (after the layout was made anew)."""
        ids = set(model.series)
        self._refresh_trace(model, ids)
        self._draw_boxes(model, ids)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.graphics = pg.GraphicsLayoutWidget()
        # what a screen reader says of the plots: their name, and as description the numbers the
        # boxes show (kept by _draw_boxes); Tab reaches them
        self.graphics.setAccessibleName(self.tr("Live plots"))
        self.graphics.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.scroll_area = QScrollArea()  # several rows of workloads scroll; one row fills the view
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(self.graphics)
        layout.addWidget(self.scroll_area)
        self.box_plots: dict[str, pg.PlotItem] = {}
        self.box_items: dict[str, BoxPlotItem] = {}
        self.trace_plots: dict[str, pg.PlotItem] = {}
        self.legends: dict[str, pg.LegendItem] = {}
        self.warmup_hints: dict[str, pg.TextItem] = {}
        #: each trace's warm-up phase: a shaded band (left of the measured requests) and its label
        self.warmup_bands: dict[str, tuple[pg.LinearRegionItem, pg.TextItem]] = {}
        self.trace_curves: dict[int, tuple[pg.PlotDataItem, pg.PlotDataItem]] = {}
        self.trace_marks: dict[int, pg.PlotDataItem] = {}  # each treatment's sparse markers
        #: each treatment's trace for its text alternative: the first and the last tenth's median latency (ms)
        self.trace_ends: dict[int, tuple[float, float]] = {}
        self._positions_by_level = False  # the trace's markers tell the position levels apart
        self._message = ""  # the text shown instead of plots (show_message)
        self._positions: dict[int, tuple[str, float, colours.LevelStyle, str]] = {}
        self._styles: dict[str, colours.LevelStyle] = {}  # the colour factor's levels' styles
        self._col_factor = "implementation"  # the factor the colours tell apart
        self.log_y = False
        self.log_auto = True  # the axis follows the data until the user chooses it (set_log_y)
        self.scale = 1.0  # classroom mode: texts and lines this many times larger
        self._trace_dirty: set[int] = set()
        self._trace_at = 0.0
        self._foreground = QColor("black")
        self._background = QColor("white")
        self._shown: tuple[LiveModel, list[str]] | None = None  # what set_treatments laid out
        self._columns_used = 0
        self.paged = False  # classroom mode: one workload's plots fill the view, next_page() shows the next
        self.page = 0
        self.workloads: list[str] = []  # every workload of the shown run, in order (paged or not)
        self.show_message(
            self.tr("Press Run (Ctrl+R) to start: a box per treatment grows here while the samples arrive.")
        )

    # -- layout ------------------------------------------------------------------
    def _clear(self) -> None:
        self.graphics.clear()
        self.graphics.setMinimumHeight(0)
        self._shown = None
        self.box_plots.clear()
        self.box_items.clear()
        self.trace_curves.clear()
        self.trace_marks.clear()
        self.trace_ends.clear()
        self.trace_plots.clear()
        self.legends.clear()
        self.warmup_hints.clear()
        self.warmup_bands.clear()
        self._positions.clear()
        self._trace_dirty = set()
        self._trace_at = 0.0

    def show_message(self, text: str) -> None:
        self._message = text
        self._clear()
        self.workloads, self.page = [], 0
        # a label does not wrap by itself: lines of about 60 characters fit a narrow plot area (1024 × 768)
        lines = textwrap.wrap(text, 60) or [""]
        self.graphics.addLabel(
            "<br>".join(html.escape(line) for line in lines), row=0, col=0, size="12pt", color=self._foreground
        )

    def plots(self) -> list[pg.PlotItem]:
        return [*self.box_plots.values(), *self.trace_plots.values()]

    def set_colours(self, background: QColor, foreground: QColor) -> None:
        """Follow the palette (light or dark): titles, axes and labels in the text colour."""
        was_dark = self.dark()
        self._foreground = foreground
        self._background = background
        self.graphics.setBackground(background)
        for plot in self.plots():
            self._style(plot)
        if self.dark() != was_dark:  # the levels take the other background's palette
            self._relayout()
        if self._shown is None and self._message:  # the message in the new text colour
            self.show_message(self._message)

    def dark(self) -> bool:
        """Whether the plots draw on a dark background (their levels then take the dark palette)."""
        return self._background.lightness() < 128

    def level_styles(self) -> dict[str, colours.LevelStyle]:
        """The shown run's colour-factor levels and their styles (colour, marker, hatch)."""
        return dict(self._styles)

    def _style(self, plot: pg.PlotItem) -> None:
        fg = self._foreground
        text_px, title_px = round(TEXT_PX * self.scale), round(TITLE_PX * self.scale)
        font = QFont(self.font())
        font.setPixelSize(text_px)
        for name in ("left", "bottom"):
            ax = plot.getAxis(name)
            ax.setPen(fg)
            ax.setTextPen(fg)
            ax.setTickFont(font)
            ax.label.setFont(font)
            ax.labelStyle = {"color": fg.name(), "font-size": f"{text_px}px"}
            ax._updateLabel()
        plot.titleLabel.setAttr("color", fg.name())
        plot.titleLabel.setAttr("size", f"{title_px}px")
        plot.titleLabel.setAttr("bold", True)
        plot.titleLabel.setText(plot.titleLabel.text)

    def set_scale(self, scale: float) -> None:
        """Texts and lines ``scale`` times their usual size (classroom mode: 1.75 for a projector)."""
        self.scale = scale
        for plot in self.plots():
            self._style(plot)
        for legend in self.legends.values():
            for _sample, label in legend.items:
                label.setAttr("size", f"{round(TEXT_PX * scale)}px")
                label.setText(label.text)
        for _warm, meas in self.trace_curves.values():
            pen = pg.mkPen(meas.opts["pen"])
            pen.setWidthF(1.5 * scale)
            meas.setPen(pen)
        for marks in self.trace_marks.values():
            marks.setSymbolSize(8 * scale)
        for item in self.box_items.values():
            item.line_scale = scale
            item.update()
        for hint in self.warmup_hints.values():
            hint.setFont(self._hint_font())
        for _band, label in self.warmup_bands.values():
            label.setFont(self._hint_font())

    def _hint_font(self) -> QFont:
        """The warm-up hint's font: the plots' text size times the classroom scale."""
        f = QFont(self.font())
        f.setPixelSize(round(TEXT_PX * self.scale))
        return f

    def auto_range(self) -> None:
        """Fit every plot to its data again (after the user zoomed or panned)."""
        for wl in self.box_plots:
            self._fit_y(wl, force=True)
        for plot in self.trace_plots.values():
            plot.enableAutoRange()

    def _new_plot(self, row: int, col: int, title: str, bottom: LocaleAxis | None = None) -> pg.PlotItem:
        axes = {"left": LatencyAxis("left"), "bottom": bottom or LocaleAxis("bottom")}
        plot = self.graphics.addPlot(row=row, col=col, title=title, axisItems=axes)
        _shrinkable(plot.titleLabel)
        plot.getViewBox().sigRangeChangedManually.connect(lambda *_: self._show_reset_hint(plot))
        return plot

    def _show_reset_hint(self, plot: pg.PlotItem) -> None:
        plot.setToolTip(self.tr("Zoomed: View > Reset zoom (Ctrl+0) or the A button fits the data again"))

    def set_treatments(self, model: LiveModel, factors: list[str], new: bool = True) -> None:
        """Lay out the plots for the model's treatments (call after ``model.reset``); ``new``: a run
        shown anew (its axis follows its data again, :attr:`log_auto`), not a layout redone."""
        self._clear()
        if new:
            self.log_auto = True
        infos = [s.info for s in model.series.values()]
        if not infos:
            self.show_message(self.tr("This run has no treatments."))
            return
        pos_factor, col_factor = self._split_factors(infos, factors)
        workloads = self._shown_workloads(infos)
        pos_levels = list(dict.fromkeys(i.level(pos_factor) for i in infos))
        col_levels = list(dict.fromkeys(i.level(col_factor) for i in infos))
        self._place_boxes(infos, pos_factor, col_factor, pos_levels, col_levels)
        columns = self._columns_used = self._columns(len(workloads))
        for index, wl in enumerate(workloads):
            row, col = 3 * (index // columns), index % columns  # boxes, trace, legend: three layout rows
            op = next(i.operation for i in infos if i.workload == wl)
            self._add_box_plot(wl, op, row, col, pos_factor, col_levels if col_factor != pos_factor else [], pos_levels)
            self._add_trace_plot(wl, row, col, sum(1 for i in infos if i.workload == wl))
        self._positions_by_level = pos_factor != col_factor
        self._add_trace_curves(infos, pos_factor, pos_levels)
        for plot in self.plots():
            self._style(plot)
        self._stretch_rows(len(workloads), columns)
        self._shown = (model, factors)

    def _shown_workloads(self, infos: list[TreatmentInfo]) -> list[str]:
        """The workloads to lay out: the page's one when paged, else all (another run starts at its first)."""
        workloads_now = list(dict.fromkeys(i.workload for i in infos))
        if workloads_now != self.workloads:  # another run: its first workload first
            self.workloads, self.page = workloads_now, 0
        return [self.workloads[self.page]] if self.paged else self.workloads

    def _place_boxes(
        self, infos: list[TreatmentInfo], pos_factor: str, col_factor: str, pos_levels: list[str], col_levels: list[str]
    ) -> None:
        """Each treatment's box: its x (the position level, shifted by the colour level), colour and label."""
        width = 0.8 / max(1, len(col_levels)) if col_factor != pos_factor else 0.6
        protocols: dict[str, str] = {}
        for info in infos:
            protocols.setdefault(info.level(col_factor), info.protocol)
        self._styles = colours.level_styles(col_levels, self.dark(), protocols)
        self._col_factor = col_factor
        for info in infos:
            p = pos_levels.index(info.level(pos_factor))
            c = col_levels.index(info.level(col_factor))
            x = p + ((c - (len(col_levels) - 1) / 2) * width if col_factor != pos_factor else 0.0)
            label = f"{info.name()} ({info.workload})"
            self._positions[info.id] = (info.workload, x, self._styles[info.level(col_factor)], label)
        self._box_width = width * 0.85

    def _add_box_plot(
        self, wl: str, op: str, row: int, col: int, pos_factor: str, key_levels: list[str], pos_levels: list[str]
    ) -> None:
        """The box plot of workload ``wl`` at layout (row, col), its title keyed by the colour levels
        ``key_levels`` (none when one factor gives both position and colour), with its warm-up hint."""
        key = ""
        if key_levels:
            key = "&nbsp;&nbsp;&nbsp;" + "&nbsp;&nbsp;".join(
                f"<span style='color:{self._styles[lv].colour}'>{MARKER_GLYPHS[self._styles[lv].marker]}</span>"
                f" {html.escape(level_label(self._col_factor, lv))}"
                for lv in key_levels
            )
        # a request of one's own (operation custom) is named by its name alone, as the student typed it
        plot = self._new_plot(row, col, f"{html.escape(wl)}{'' if op == 'custom' else f' · {op}'}{key}")
        plot.showGrid(y=False)
        plot.getAxis("left").setLabel(self.tr("latency (ms)"))
        plot.getAxis("bottom").setTicks([[(i, level_label(pos_factor, lv)) for i, lv in enumerate(pos_levels)]])
        plot.getAxis("bottom").setLabel(factor_name(pos_factor).capitalize())
        plot.setXRange(-0.6, len(pos_levels) - 0.4, padding=0)
        plot.setMouseEnabled(x=False, y=True)
        plot.disableAutoRange()
        item = BoxPlotItem(unit="ms")
        item.line_scale = self.scale
        plot.addItem(item)
        plot.setLogMode(False, self.log_y)
        plot.setYRange(0, 1, padding=0)
        hint = pg.TextItem(
            self.tr("Warming up: the boxes appear with the first measured samples"),
            color=self._foreground,
            anchor=(0.5, 0.5),
        )
        hint.setFont(self._hint_font())  # a run started in classroom mode: as large as the rest
        hint.setPos((len(pos_levels) - 1) / 2, 0.5)
        plot.addItem(hint, ignoreBounds=True)
        self.warmup_hints[wl] = hint
        self.box_plots[wl] = plot
        self.box_items[wl] = item

    def _add_trace_plot(self, wl: str, row: int, col: int, n_here: int) -> None:
        """The trace of workload ``wl``'s ``n_here`` treatments, under its boxes; its legend below it, off the data."""
        trace = self._new_plot(
            row + 1, col, self.tr("Latency in arrival order (shaded: warm-up)"), bottom=TraceAxis("bottom")
        )
        trace.getAxis("left").setLabel(self.tr("latency (ms)"))
        trace.getAxis("bottom").setLabel(self.tr("measured request (per treatment)"))
        # the warm-up as its own phase: a shaded band, labelled, that the measured requests follow
        shade = QColor(self._foreground)
        shade.setAlpha(28)
        band = pg.LinearRegionItem(values=(0, 0), movable=False, brush=pg.mkBrush(shade), pen=pg.mkPen(None))
        band.setZValue(-10)
        band.setVisible(False)
        trace.addItem(band, ignoreBounds=True)
        label = pg.TextItem("", color=self._foreground, anchor=(0, 0))  # from the band's left edge
        label.setFont(self._hint_font())
        label.setVisible(False)
        trace.addItem(label, ignoreBounds=True)
        self.warmup_bands[wl] = (band, label)
        trace.getViewBox().sigRangeChanged.connect(lambda *_args, wl=wl: self._place_band_label(wl))
        trace.showGrid(y=True, alpha=0.25)
        trace.setDownsampling(auto=True, mode="peak")
        trace.setClipToView(True)
        trace.setLogMode(False, self.log_y)
        legend = pg.LegendItem(
            colCount=min(2, n_here),
            labelTextColor=self._foreground,
            labelTextSize=f"{round(TEXT_PX * self.scale)}px",
            verSpacing=-4,
        )
        # pyqtgraph's legend ignores the view's transformations: a 2x plot.png drew it at half size
        legend.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, False)
        self.graphics.addItem(legend, row=row + 2, col=col)
        self.trace_plots[wl] = trace
        self.legends[wl] = legend

    def _add_trace_curves(self, infos: list[TreatmentInfo], pos_factor: str, pos_levels: list[str]) -> None:
        """Each shown treatment's two curves (warm-up faint, measured solid) in its workload's trace."""
        for info in infos:
            if info.workload not in self.trace_plots:  # another page's
                continue
            # the colour of the treatment's box; its marker the box's, or with two factors the
            # position level's (solid, 1 px lines: dashed or wide pens over thousands of points
            # are slow to draw, so the second channel is a few markers along the curve)
            level_style = self._positions[info.id][2]
            colour = QColor(level_style.colour)
            marker = level_style.marker
            if self._positions_by_level:
                marker = colours.MARKERS[pos_levels.index(info.level(pos_factor)) % len(colours.MARKERS)]
            faint = QColor(colour)
            faint.setAlpha(80)
            trace = self.trace_plots[info.workload]
            warm = trace.plot([], [], pen=pg.mkPen(faint, width=1))
            meas = trace.plot([], [], pen=pg.mkPen(colour, width=1.5 * self.scale))
            symbol = dict(symbol=colours.QT_MARKERS[marker], symbolSize=8 * self.scale, symbolBrush=colour)
            marks = trace.plot([], [], pen=None, symbolPen=pg.mkPen(colour), **symbol)
            key = pg.PlotDataItem([], [], pen=pg.mkPen(colour, width=1.5 * self.scale), symbolPen=colour, **symbol)
            self.legends[info.workload].addItem(key, info.name())
            for curve in (warm, meas):
                curve.setDownsampling(auto=True, method="peak")
                curve.opts["autoDownsampleFactor"] = 1.0  # about 2 points per pixel column
                curve.setClipToView(True)
            self.trace_curves[info.id] = (warm, meas)
            self.trace_marks[info.id] = marks

    def _stretch_rows(self, n_workloads: int, columns: int) -> None:
        """Give each workload's rows their share of the height (boxes 3, trace 2, legend 0)."""
        rows = -(-n_workloads // columns)
        for r in range(rows):
            for offset, stretch in ((0, 3), (1, 2), (2, 0)):
                self.graphics.ci.layout.setRowStretchFactor(3 * r + offset, stretch)
        self.graphics.setMinimumHeight(round(rows * ROW_MIN_HEIGHT_PX * self.scale) if rows > 1 else 0)

    def set_paged(self, on: bool) -> None:
        """One workload at a time, filling the view (classroom mode), or all of them in columns and rows."""
        if on == self.paged:
            return
        self.paged = on
        self._relayout()

    def next_page(self, step: int = 1) -> str:
        """Show the next (``step`` -1: the previous) workload, after the last the first; returns its name."""
        if not self.workloads:
            return ""
        self.page = (self.page + step) % len(self.workloads)
        if self.paged:
            self._relayout()
        return self.workloads[self.page]

    def page_workload(self) -> str:
        """The workload a paged view shows ("" when no run is shown)."""
        return self.workloads[self.page] if self.workloads else ""

    def _relayout(self) -> None:
        shown = self._shown
        if shown is not None:
            self.set_treatments(*shown)
            self.redraw(shown[0])

    @staticmethod
    def _split_factors(infos: list[TreatmentInfo], factors: list[str]) -> tuple[str, str]:
        """(position factor, colour factor): the profile's factors that vary, payload excluded."""
        varying = [f for f in factors if f != "payload" and len({i.level(f) for i in infos}) > 1]
        if not varying:
            varying = ["implementation"]
        return varying[0], (varying[1] if len(varying) > 1 else varying[0])

    # -- drawing -------------------------------------------------------------------
    def refresh(self, model: LiveModel, force_trace: bool = False) -> bool:
        """Redraw what changed since the last call; return whether anything did.

        Boxes follow every call; the trace (long arrays) at most every ``TRACE_INTERVAL_S``
        unless ``force_trace``.
        """
        dirty = model.take_dirty()
        self._trace_dirty |= dirty
        now = time.monotonic()
        if (force_trace or now - self._trace_at >= TRACE_INTERVAL_S) and self._trace_dirty:
            self._refresh_trace(model, self._trace_dirty)
            self._trace_dirty = set()
            self._trace_at = now
        if not dirty or not self._positions:
            return False
        self._draw_boxes(model, dirty)
        return True

    def _draw_boxes(self, model: LiveModel, ids: set[int]) -> None:
        """The boxes of every workload that has one of the treatments ``ids``."""
        workloads = {self._positions[t][0] for t in ids if t in self._positions} & set(self.box_items)
        for wl in workloads:
            boxes = []
            for tid, (w, x, colour, label) in self._positions.items():
                if w != wl:
                    continue
                stats = model.series[tid].box()
                if stats is not None:
                    boxes.append(Box(x, stats, QColor(colour.colour), label, self._box_width, colour.hatch))
            self.box_items[wl].setBoxes(boxes)
            self.warmup_hints[wl].setVisible(not boxes)
            self._fit_y(wl)
        self.graphics.setAccessibleDescription(self.text_alternative())
        if self.log_auto and not self.log_y and any(self._spans_decades(wl) for wl in workloads):
            self._apply_log_y(True)
            self.logAxisChosen.emit(True)

    def text_alternative(self) -> str:
        """The plots in words, two sentences per workload: the boxes (each treatment's median, quartiles
        and n) and the trace (the median latency of the first and of the last tenth of each treatment's
        measured requests, its drift over the run): what a screen reader reads as the plots'
        description; the Statistics tab has the table."""
        sentences = []
        for wl, item in self.box_items.items():
            parts = [
                self.tr("{t}: median {m} ms, quartiles {q1} to {q3} ms, n = {n}").format(
                    t=b.label,
                    m=i18n.number(b.stats.median, 3),
                    q1=i18n.number(b.stats.q1, 3),
                    q3=i18n.number(b.stats.q3, 3),
                    n=i18n.integer(b.stats.n),
                )
                for b in item.boxes()
            ]
            if parts:
                sentences.append(self.tr("Latency of {w}: {boxes}.").format(w=wl, boxes="; ".join(parts)))
            trace = [
                self.tr("{t}: {first} ms, then {last} ms").format(
                    t=label, first=i18n.number(ends[0], 3), last=i18n.number(ends[1], 3)
                )
                for tid, (w, _x, _colour, label) in self._positions.items()
                if w == wl and (ends := self.trace_ends.get(tid)) is not None
            ]
            if trace:
                sentences.append(
                    self.tr(
                        "Trace of {w} (median of the first and of the last tenth of the measured requests): {parts}."
                    ).format(w=wl, parts="; ".join(trace))
                )
        return " ".join(sentences)

    def _spans_decades(self, wl: str) -> bool:
        """Whether the boxes of workload ``wl`` need a log axis (:func:`bancada.core.plot_scale.wide_range`)."""
        boxes = self.box_items[wl].boxes()
        if not boxes:
            return False
        ends = [v for b in boxes for v in (b.stats.whisker_lo, b.stats.whisker_hi)]
        ends += [float(b.stats.outliers[i]) for b in boxes if b.stats.outliers.size for i in (0, -1)]
        return wide_range(ends, [b.stats.median for b in boxes])

    def _fit_y(self, wl: str, force: bool = False) -> None:
        """Keep the y range steady while boxes grow: change it only when the data leave it or
        shrink well inside it (a changed range relayouts the axes and repaints the whole view)."""
        plot, item = self.box_plots[wl], self.box_items[wl]
        bounds = item.dataBounds(1)
        if bounds is None:
            return
        lo, hi = bounds
        (v0, v1) = plot.getViewBox().viewRange()[1]
        span = max(hi - lo, 1e-9)
        if self.log_y:
            if force or lo < v0 or hi > v1 or span < 0.5 * (v1 - v0):
                plot.setYRange(lo - 0.05 * span, hi + 0.15 * span, padding=0)
            return
        want_lo = min(0.0, lo)
        if force or hi > v1 or lo < v0 or hi < v0 + 0.5 * (v1 - v0):
            plot.setYRange(want_lo, hi + 0.12 * (hi - want_lo), padding=0)

    def _refresh_trace(self, model: LiveModel, dirty: set[int]) -> None:
        """Redraw the traces of the workloads ``dirty`` treatments belong to: every treatment of such a
        workload, since the warm-up band's width follows the most measured requests of any of them."""
        workloads = {model.series[t].info.workload for t in dirty if t in self.trace_curves}
        for wl in workloads:
            ids = [t for t, s in model.series.items() if s.info.workload == wl and t in self.trace_curves]
            traces = {t: model.series[t].trace_view() for t in ids}  # (latency_ms, warm, stride)
            # counts in requests: a trace kept every stride-th sample stands for stride requests a point
            warm_n = {t: int(w.sum()) * k for t, (_y, w, k) in traces.items()}
            warm_max = max(warm_n.values(), default=0)
            measured_max = max((int((~w).sum()) * k for _y, w, k in traces.values()), default=0)
            # at most WARMUP_SHARE of the width; a shorter warm-up to scale (one request as wide as a measured one)
            band = min(float(warm_max), measured_max * WARMUP_SHARE / (1 - WARMUP_SHARE)) if measured_max else 0.0
            for tid, (y, warm, stride) in traces.items():
                self._trace_curve(tid, y, warm, band, warm_max, stride)
            self._show_band(wl, band, warm_max, sum(warm_n.values()))
        if workloads:
            self.graphics.setAccessibleDescription(self.text_alternative())

    def _trace_curve(self, tid: int, y: np.ndarray, warm: np.ndarray, band: float, warm_max: int, stride: int) -> None:
        """One treatment's trace: its warm-up (faint) in the band, its measured requests (solid) after
        it; ``y`` holds every ``stride``-th request (x stays in requests)."""
        warm_curve, meas_curve = self.trace_curves[tid]
        x = trace_x(warm, band / stride, warm_max // stride) * stride
        # NaN splits the curve (connect="finite"): the warm-up of each block, then its measured requests
        warm_curve.setData(x[warm], y[warm], connect="finite")
        meas_curve.setData(x[~warm], y[~warm], connect="finite")
        measured = np.flatnonzero(~warm)
        ends = trace_ends(y[measured])
        if ends is not None:
            self.trace_ends[tid] = ends
        if tid in self.trace_marks and measured.size:
            at = measured[np.linspace(0, measured.size - 1, min(MARKERS_PER_CURVE, measured.size)).astype(int)]
            self.trace_marks[tid].setData(x[at], y[at])

    def _show_band(self, wl: str, band: float, warm_max: int, warm_total: int) -> None:
        """The warm-up band of ``wl``'s trace: ``[-band, 0)`` once requests are measured, the whole plot before."""
        region, label = self.warmup_bands[wl]
        shown = warm_max > 0
        region.setVisible(shown)
        label.setVisible(shown)
        if not shown:
            return
        lo, hi = (-band, 0.0) if band > 0 else (0.0, float(warm_max))
        region.setRegion((lo, hi))
        label.setText(self.tr("warm-up: {n}").format(n=i18n.integer(warm_total)))
        self._place_band_label(wl)

    def _place_band_label(self, wl: str) -> None:
        """The warm-up label at the top of its band, wherever the trace's range is."""
        if wl not in self.warmup_bands or wl not in self.trace_plots:
            return
        region, label = self.warmup_bands[wl]
        lo, _hi = region.getRegion()
        label.setPos(lo, self.trace_plots[wl].getViewBox().viewRange()[1][1])

    def set_log_y(self, on: bool) -> None:
        """The user's choice (View > Log axis): kept until the next run's layout."""
        self.log_auto = False
        self._apply_log_y(on)

    def _apply_log_y(self, on: bool) -> None:
        self.log_y = on
        for plot in self.plots():
            plot.setLogMode(False, on)
        for plot in self.trace_plots.values():
            plot.enableAutoRange(y=True)
        for wl in self.box_plots:
            self._fit_y(wl)

    # -- export ----------------------------------------------------------------------
    def render_image(self, scale: float = 2.0) -> QImage:
        """The plot area as an image ``scale`` times the widget's size (for PNG export)."""
        scene = self.graphics.scene()
        view = self.graphics
        source = view.mapToScene(view.viewport().rect()).boundingRect()
        size = QSize(int(view.viewport().width() * scale), int(view.viewport().height() * scale))
        image = QImage(size, QImage.Format.Format_ARGB32)
        image.fill(view.backgroundBrush().color())
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        scene.render(painter, QRectF(0, 0, size.width(), size.height()), source, Qt.AspectRatioMode.IgnoreAspectRatio)
        painter.end()
        return image

    def write_svg(self, path: str) -> None:
        from PySide6.QtSvg import QSvgGenerator

        view = self.graphics
        source = view.mapToScene(view.viewport().rect()).boundingRect()
        gen = QSvgGenerator()
        gen.setFileName(path)
        gen.setSize(QSize(int(source.width()), int(source.height())))
        gen.setViewBox(QRectF(0, 0, source.width(), source.height()))
        gen.setTitle(self.tr("Bancada live view"))
        painter = QPainter(gen)
        painter.fillRect(QRectF(0, 0, source.width(), source.height()), view.backgroundBrush())
        view.scene().render(painter, QRectF(0, 0, source.width(), source.height()), source)
        painter.end()
