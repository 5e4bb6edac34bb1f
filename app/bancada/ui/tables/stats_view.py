"""The statistics view: the study's tables, each with a plain-language reading.

:class:`StatisticsView` only shows a :class:`~bancada.analysis.run_statistics.StatsResult`,
computed in another process by :mod:`bancada.session.stats_job`. Each table's
tooltip is the first paragraph under its ``## `` heading in docs/statistics.md.
"""

from __future__ import annotations

import numbers
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QLocale, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QLabel,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bancada.core import paths
from bancada.ui.tables.load_table_view import LoadTableView
from bancada.analysis.words.readings import factor_name, readings  # noqa: F401 - readings re-exported
from bancada.analysis.run_statistics import StatsResult
from bancada.analysis.words.table_labels import TABLE_ORDER
from bancada.analysis.words.table_labels import QT_TRANSLATE_NOOP, TITLES  # typed: returns its text
from bancada.ui.tables.table_format import format_value, label
from bancada.ui.tables.table_widgets import make_read_only, section_heading

if TYPE_CHECKING:
    import pandas as pd


def help_texts(path: Path | None = None) -> dict[str, str]:
    """``{heading: first paragraph}`` of docs/statistics.md (empty if the file is missing)."""
    try:
        path = path or paths.home() / "docs" / "statistics.md"
        text = path.read_text(encoding="utf-8")
    except (OSError, RuntimeError):
        return {}
    out = {}
    for block in re.split(r"^## ", text, flags=re.M)[1:]:
        title, _, body = block.partition("\n")
        para = body.strip().split("\n\n")[0]
        out[title.strip()] = " ".join(para.split())
    return out


# -- widgets ------------------------------------------------------------------------
class FrameModel(QAbstractTableModel):
    """A read-only pandas DataFrame: labels a student reads, numbers formatted by :mod:`table_format`."""

    def __init__(self, df: pd.DataFrame, parent=None) -> None:
        super().__init__(parent)
        self.df = df
        self._cols = [str(c) for c in df.columns]
        self._cells = [
            [format_value(c, v) for c, v in zip(self._cols, row)] for row in df.itertuples(index=False, name=None)
        ]

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cells)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cols)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            text = self._cells[index.row()][index.column()]
            return text if len(text) <= 48 else text[:46] + "…"
        if role == Qt.ItemDataRole.ToolTipRole:
            text = self._cells[index.row()][index.column()]
            return text if len(text) > 48 else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            v = self.df.iat[index.row(), index.column()]
            num = isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))
            return int(
                (Qt.AlignmentFlag.AlignRight if num else Qt.AlignmentFlag.AlignLeft) | Qt.AlignmentFlag.AlignVCenter
            )
        return None

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return label(self._cols[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("column {c} in the exported CSV").format(c=self._cols[section])
        return None

    def cell(self, row: int, column: str) -> str:
        return self._cells[row][self._cols.index(column)]


#: A short explanation of each table, for the languages docs/statistics.md is not written in (the English
#: tooltip is the docs' paragraph; a translation of these replaces it).
SHORT_HELP = {
    "Summary": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Per treatment: the number of measured requests n, mean, standard deviation, median with its "
        "confidence interval, quartiles Q1 and Q3, minimum, maximum and interquartile range, in ms.",
    ),
    "Normality": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Shapiro-Wilk test of each treatment's latencies: p < 0.05 says they are not normal, so the rank "
        "tests (Wilcoxon, Kruskal-Wallis) fit better than the t test and ANOVA.",
    ),
    "Wilcoxon rank-sum": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Wilcoxon rank-sum test of every pair of treatments (as R's wilcox.test), p adjusted by Holm for "
        "the many pairs; Cliff's δ and P(A > B) say how large the difference is.",
    ),
    "Wilcoxon rank-sum, repetition medians": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "The same test with each repetition counted once (its median): requests of one block are not "
        "independent, so the test over requests finds differences that are not there; trust this one "
        "when the two disagree, if it can decide: with few repetitions its smallest possible p stays above "
        "alpha (with Holm over the 6 pairs of a 2 × 2 design, below 5 repetitions), and the line under the "
        "table then says how many it needs.",
    ),
    "Kruskal-Wallis": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Kruskal-Wallis test per factor and of all treatments together (as R's kruskal.test): does at "
        "least one level differ?",
    ),
    "Dunn post-hoc": QT_TRANSLATE_NOOP(
        "StatsHelp", "Dunn's post-hoc test after Kruskal-Wallis: which pairs of treatments differ, p adjusted by Holm."
    ),
    "Ranking": QT_TRANSLATE_NOOP(
        "StatsHelp", "The treatments from the fastest to the slowest by their median latency."
    ),
    "Factorial allocation of variation": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "2^k r factorial design (Jain, ch. 17-18): the share of the latency's variation explained by "
        "each factor, by their interaction and by experimental error.",
    ),
    "Factorial effects": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "The effects q of the factorial model with their confidence intervals; an interval that "
        "excludes 0 is a significant effect.",
    ),
    "Sample size": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Requests per treatment needed for a mean within ±r % at the given confidence, "
        "n = (100·z·s / (r·x̄))² (Jain, ch. 13), from the samples so far.",
    ),
    "Serialized size (bytes)": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Seed 004's table 5.1-5.3: the mean size of the request body per format (rows) and type "
        "(columns), for each array size; it depends on the format and the data only.",
    ),
    "Serialization + deserialization (ms)": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Seed 004's table 5.4: the client's encoding plus the worker's decoding of the request, "
        "mean in ms, per format and type, for each array size.",
    ),
    "Total (ms)": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Seed 004's tables 5.5-5.6: encoding + latency + decoding of the answer on the client, "
        "mean in ms, per link, array size, format and type.",
    ),
    "Time split (ms)": QT_TRANSLATE_NOOP(
        "StatsHelp",
        "Where each request's time goes, mean in ms: client serialization, server deserialization, "
        "handling and serialization, transfer (latency minus the server's time) and client "
        "deserialization. The Time split tab draws it as stacked bars.",
    ),
}


def help_for(title: str, docs_help: dict[str, str]) -> str:
    """The tooltip of a table: the translated short help, else docs/statistics.md's paragraph (English)."""
    short = SHORT_HELP.get(title, "")
    translated = QCoreApplication.translate("StatsHelp", short) if short else ""
    if translated and translated != short:
        return translated
    return docs_help.get(title, docs_help.get(title.replace("effects", "allocation of variation"), "")) or short


#: "Copy as" formats of every table view: (format of bancada.analysis.words.table_export, menu text).
COPY_FORMATS = [
    ("md", QT_TRANSLATE_NOOP("StatsTable", "Copy as Markdown")),
    ("tex", QT_TRANSLATE_NOOP("StatsTable", "Copy as LaTeX (booktabs)")),
    ("csv", QT_TRANSLATE_NOOP("StatsTable", "Copy as CSV")),
]


def table_text(name: str, df: pd.DataFrame, fmt: str) -> str:
    """One table as text for a paper (:mod:`bancada.analysis.words.table_export`), in the window's language."""
    from bancada.analysis.words import table_export

    if fmt == "md":
        return table_export.markdown_table(df)
    if fmt == "csv":
        return table_export.csv_table(df)
    return table_export.latex_table(df, table_export.title(name), f"tab:bancada-{table_export.slug(name)}")


def add_copy_menu(view: QTableView, name_and_frame) -> QMenu:
    """A context menu on ``view``: Copy as Markdown / LaTeX / CSV of the table ``name_and_frame()``
    returns as ``(name, DataFrame)`` (None: nothing to copy). Returns the menu (tests trigger its actions)."""
    menu = QMenu(view)
    for fmt, text in COPY_FORMATS:
        action = menu.addAction(QCoreApplication.translate("StatsTable", text))
        action.setData(fmt)

        def copy(_checked=False, fmt=fmt):
            got = name_and_frame()
            if got is not None:
                QGuiApplication.clipboard().setText(table_text(got[0], got[1], fmt))

        action.triggered.connect(copy)
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    view.customContextMenuRequested.connect(lambda pos: menu.popup(view.viewport().mapToGlobal(pos)))
    return menu


class TableSection(QWidget):
    """Title (with the help tooltip), reading, and the table. ``title`` is the table's name in bancada.stats."""

    def __init__(self, title: str, help_text: str, parent=None) -> None:
        super().__init__(parent)
        self.title = title
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 8, 0, 4)
        shown = QCoreApplication.translate("StatsTable", TITLES.get(title, title))
        self.heading = section_heading(
            f"{shown} <span style='color: gray; font-size: small'>(?)</span>" if help_text else shown, 1.25, help_text
        )
        self.base_heading_pt = self.heading.font().pointSizeF()
        self.reading = QLabel()
        self.reading.setWordWrap(True)
        self.reading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.view = QTableView()
        self.view.setAccessibleName(shown)  # a screen reader names the table by its title
        make_read_only(self.view)
        self.view.verticalHeader().setVisible(False)
        self.view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        copy_hint = self.tr("Right-click the table to copy it as Markdown, LaTeX or CSV.")
        self.view.setToolTip(f"{help_text}\n\n{copy_hint}" if help_text else copy_hint)
        lay.addWidget(self.heading)
        lay.addWidget(self.reading)
        lay.addWidget(self.view)
        self.model: FrameModel | None = None
        self.copy_menu = add_copy_menu(self.view, lambda: (self.title, self.model.df) if self.model else None)

    def set_frame(self, df: pd.DataFrame, reading: str) -> None:
        self.model = FrameModel(df, self)
        self.view.setModel(self.model)
        self.reading.setText(reading)
        rows = min(len(df), 14)
        h = self.view.horizontalHeader().sizeHint().height() + 2 * self.view.frameWidth()
        h += sum(self.view.verticalHeader().sectionSize(i) for i in range(rows)) if rows else 0
        self.view.resizeColumnsToContents()
        bar = self.view.horizontalScrollBar()
        extra = bar.sizeHint().height() if self.view.horizontalHeader().length() > self.view.viewport().width() else 0
        self.view.setFixedHeight(h + 2 + extra)


class StatisticsView(QScrollArea):
    """All tables in one scrolling column; :meth:`show_result` replaces them."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        body = QWidget()
        self.body_layout = QVBoxLayout(body)
        self.status = QLabel(self.tr("The tables appear here about once a second while a run goes on."))
        self.status.setWordWrap(True)
        self.body_layout.addWidget(self.status)
        self.helps = help_texts()
        self.load_view = LoadTableView()  # siege's and ab's tables, runs with a load model only
        self.body_layout.addWidget(self.load_view)
        self.sections: dict[str, TableSection] = {}
        for title in TABLE_ORDER:
            sec = TableSection(title, help_for(title, self.helps))
            sec.setVisible(False)
            self.sections[title] = sec
            self.body_layout.addWidget(sec)
        self.body_layout.addStretch(1)
        self.setWidget(body)
        self.result: StatsResult | None = None

    def show_result(self, res: StatsResult, final: bool) -> None:
        self.result = res
        when = time.strftime("%H:%M:%S", time.localtime(res.computed_at))
        if res.message and not res.tables:
            self.status.setText(self.tr("No statistics yet: {m}").format(m=res.message))
        else:
            state = self.tr("final") if final else self.tr("provisional, the run goes on")
            if res.repetitions and res.partial_repetition is not None:
                state += (
                    self.tr(
                        "; {k} complete repetitions analysed, repetition {p} is left out until it is complete"
                    ).format(k=res.repetitions, p=res.partial_repetition)
                    if not final
                    else self.tr("; {k} complete repetitions analysed, the partial repetition {p} is left out").format(
                        k=res.repetitions, p=res.partial_repetition
                    )
                )
            short = [res.readings[k] for k in ("Factorial allocation of variation", "Ranking") if k in res.readings]
            self.status.setText(
                (self.tr("<b>In short:</b> {s}.<br>").format(s=self.tr(". Ranking: ").join(short)) if short else "")
                + self.tr(
                    "Response: latency in ms of the measured, successful requests; factors: {f}; {n} rows "
                    "read; computed {t} ({st}). Hover a title for what it means."
                ).format(
                    f=", ".join(factor_name(f) for f in res.factors), n=QLocale().toString(res.rows), t=when, st=state
                )
                + self.thinned_text(res)
            )
        self.load_view.show_cells(res.load, res.load_note)
        for title, sec in self.sections.items():
            df = res.tables.get(title)
            if df is None or df.empty:
                sec.setVisible(False)
                continue
            sec.set_frame(df, res.readings.get(title, ""))
            sec.setVisible(True)

    def thinned_text(self, res: StatsResult) -> str:
        """The sentence on a long running run's thinned read (``res.read_every`` > 1), else ""."""
        if res.read_every <= 1:
            return ""
        return self.tr(
            "<br>The run is long: while it goes on, the tables read 1 in every {k} of its {n} samples as "
            "stored, so their memory stays bounded; when it ends they read every sample, and siege's, "
            "ab's and k6's tables, which count every request, appear then."
        ).format(k=QLocale().toString(res.read_every), n=QLocale().toString(res.stored))

    def set_compact(self, on: bool, scale: float = 1.0) -> None:
        """Classroom mode: only the titles (``scale`` times larger) and readings, the tables hidden."""
        self.compact = on
        for sec in self.sections.values():
            sec.view.setVisible(not on)
            font = sec.heading.font()
            font.setPointSizeF(sec.base_heading_pt * (scale if on else 1.0))
            sec.heading.setFont(font)

    def clear(self, text: str = "") -> None:
        self.result = None
        self.status.setText(text or self.tr("The tables appear here about once a second while a run goes on."))
        self.load_view.show_cells(None)
        for sec in self.sections.values():
            sec.setVisible(False)
