"""The time split of seed 004's requests: one stacked bar per format × type × size (and link).

Each bar is one row of the ``Time split (ms)`` table (bancada.stats.serialization,
computed with the other tables in the statistics process): from the bottom, the
client's encoding, the worker's decoding, handling and encoding, the transfer
(latency minus the worker's time: the network and both HTTP stacks) and the
client's decoding of the answer, each the mean over the measured requests in ms.
"Shares" shows each part as a percentage of its bar, so that the parts of a
10-element exchange can be seen beside a 10^5-element one. One plot per link.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from bancada.analysis.words.table_labels import QT_TRANSLATE_NOOP  # typed: returns its text
from bancada.ui.plots.locale_axis import LocaleAxis
from bancada.core import colours, i18n

if TYPE_CHECKING:
    import pandas as pd

#: The parts, bottom to top (columns of the table), with their legend names.
PARTS = {
    "client_ser": QT_TRANSLATE_NOOP("SplitBars", "client serialization"),
    "server_deser": QT_TRANSLATE_NOOP("SplitBars", "server deserialization"),
    "server_handle": QT_TRANSLATE_NOOP("SplitBars", "server handling"),
    "server_ser": QT_TRANSLATE_NOOP("SplitBars", "server serialization"),
    "transfer": QT_TRANSLATE_NOOP("SplitBars", "transfer"),
    "client_deser": QT_TRANSLATE_NOOP("SplitBars", "client deserialization"),
}
COLOURS = {part: colours.style(j).colour for j, part in enumerate(PARTS)}
BAR_WIDTH = 0.8


def bar_label(row) -> str:
    """``json int64 10``: the bar's format, type and size."""
    return f"{row.format} {row.payload_kind} {int(row.payload_count)}"


def stacks(table: pd.DataFrame, shares: bool) -> np.ndarray:
    """The parts of each bar, shape ``(bars, len(PARTS))``: ms, or percent of the bar's total when ``shares``."""
    values = table[list(PARTS)].to_numpy(dtype=float)
    values = np.nan_to_num(np.clip(values, 0, None))
    if shares:
        totals = values.sum(axis=1, keepdims=True)
        values = np.divide(values * 100, totals, out=np.zeros_like(values), where=totals > 0)
    return values


class SplitBarsView(QWidget):
    """Stacked bars of the split; :meth:`set_table` redraws them (the table may be None or empty)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.hint = QLabel(
            self.tr("Where the time of each request goes, per format, type and size (seed 004's split).")
        )
        self.hint.setWordWrap(True)
        self.shares = QCheckBox(self.tr("Shares (%)"))
        self.shares.setToolTip(self.tr("Each part as a percentage of its bar, instead of milliseconds"))
        self.shares.toggled.connect(self._redraw)
        top.addWidget(self.hint, 1)
        top.addWidget(self.shares)
        layout.addLayout(top)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setAccessibleName(self.tr("Time split bars"))
        layout.addWidget(self.graphics, 1)
        self.table: pd.DataFrame | None = None
        self.plots: dict[str, pg.PlotItem] = {}
        self.bars: dict[str, list[pg.BarGraphItem]] = {}

    def set_table(self, table: pd.DataFrame | None) -> None:
        """Show ``table`` (bancada.stats.serialization.split_means' shape)."""
        self.table = table if table is not None and not table.empty else None
        self._redraw()

    def has_data(self) -> bool:
        return self.table is not None

    def _redraw(self, *_args) -> None:
        self.graphics.clear()
        self.plots, self.bars = {}, {}
        self.graphics.setAccessibleDescription(self.text_alternative())
        if self.table is None:
            return
        shares = self.shares.isChecked()
        unit = self.tr("share of the request (%)") if shares else self.tr("time (ms)")
        for row_index, (link, group) in enumerate(self.table.groupby("link", sort=False)):
            plot = self.graphics.addPlot(row=row_index, col=0, axisItems={"left": LocaleAxis("left")})
            if link:
                plot.setTitle(self.tr("link {l}").format(l=link))
            plot.setLabel("left", unit)
            plot.showGrid(y=True, alpha=0.3)
            values = stacks(group, shares)
            x = np.arange(len(group), dtype=float)
            bottom = np.zeros(len(group))
            items = []
            legend = plot.addLegend(offset=(-10, 5), brush=pg.mkBrush(0, 0, 0, 170)) if row_index == 0 else None
            for j, part in enumerate(PARTS):
                item = pg.BarGraphItem(
                    x=x, height=values[:, j], y0=bottom.copy(), width=BAR_WIDTH, brush=QColor(COLOURS[part])
                )
                plot.addItem(item)
                if legend is not None:
                    legend.addItem(item, QCoreApplication.translate("SplitBars", PARTS[part]))
                items.append(item)
                bottom += values[:, j]
            axis = plot.getAxis("bottom")
            axis.setTicks([[(i, bar_label(r)) for i, r in enumerate(group.itertuples(index=False))]])
            axis.setStyle(tickTextOffset=4)
            plot.setXRange(-0.6, len(group) - 0.4, padding=0)
            plot.setYRange(0, max(float(bottom.max()), 1e-6) * 1.05, padding=0)
            plot.getViewBox().setMouseEnabled(x=True, y=False)
            self.plots[str(link)] = plot  # the link column holds text ("" without a link)
            self.bars[str(link)] = items
        self.graphics.ci.layout.setSpacing(12)

    def text_alternative(self) -> str:
        """The bars in words (the plot's accessible description): per bar its total time in ms and its
        two largest parts; "" without a table."""
        if self.table is None:
            return ""
        sentences = []
        for link, group in self.table.groupby("link", sort=False):
            values = stacks(group, False)
            names = [QCoreApplication.translate("SplitBars", text) for text in PARTS.values()]
            bars = []
            for row, parts in zip(group.itertuples(index=False), values, strict=True):
                largest = sorted(range(len(names)), key=lambda j: -parts[j])[:2]
                bars.append(
                    self.tr("{bar}: {total} ms, most in {a} ({ms_a} ms) and {b} ({ms_b} ms)").format(
                        bar=bar_label(row),
                        total=i18n.number(float(parts.sum()), 3),
                        a=names[largest[0]],
                        ms_a=i18n.number(float(parts[largest[0]]), 3),
                        b=names[largest[1]],
                        ms_b=i18n.number(float(parts[largest[1]]), 3),
                    )
                )
            head = self.tr("Link {l}: ").format(l=link) if link else ""
            sentences.append(head + "; ".join(bars) + ".")
        return " ".join(sentences)

    def bar_totals(self, link: str) -> np.ndarray:
        """The height of each bar of ``link`` (ms or %), as drawn (for tests and exports)."""
        items = self.bars.get(link, [])
        if not items:
            return np.zeros(0)
        top = items[-1].opts
        return np.asarray(top["y0"]) + np.asarray(top["height"])
