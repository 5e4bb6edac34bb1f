"""The statistics view: the study's tables, each with a plain-language reading.

:func:`compute_statistics` runs in a background task (never on the GUI
thread): it reads the run store, calls :func:`bancada.stats.report.analyze_frame`
and :func:`bancada.stats.tables.build_tables`, and writes one-line readings.
:class:`StatisticsView` only shows a :class:`StatsResult`. Each table's
tooltip is the first paragraph under its ``## `` heading in docs/statistics.md.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QScrollArea, QSizePolicy, QTableView,
                               QVBoxLayout, QWidget)

from bancada import paths

#: Display order of the tables (names from bancada.stats.tables).
TABLE_ORDER = ["Summary", "Normality", "Wilcoxon rank-sum", "Kruskal-Wallis", "Dunn post-hoc", "Ranking",
               "Factorial allocation of variation", "Factorial effects", "Sample size"]
RESPONSE = "latency_ms"


@dataclass
class StatsResult:
    """One computation of the tables. ``generation`` ties it to the request that asked for it."""

    generation: int
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    result: dict | None = None
    message: str = ""  # why there are no tables (too few data, one treatment, ...)
    rows: int = 0
    factors: list[str] = field(default_factory=list)
    computed_at: float = field(default_factory=time.time)


def analysis_frame(store) -> pd.DataFrame:
    """The run's tidy samples with ``latency_ms`` added (the response the GUI analyses)."""
    from bancada.store.tidy_csv import tidy_frame

    df = tidy_frame(store)
    return df.assign(latency_ms=df["latency_s"] * 1e3)


def usable_factors(df: pd.DataFrame, factors: list[str]) -> list[str]:
    """The factors with at least two levels among measured ok rows; ``implementation`` as a fallback."""
    kept = df[(df["phase"] == "measure") & (df["ok"] == "true")]
    out = [f for f in factors if f != "payload" and f in kept and kept[f].nunique() >= 2]
    if not out and "implementation" in kept and kept["implementation"].nunique() >= 2:
        out = ["implementation"]
    return out


def compute_statistics(run_path: str | Path, factors: list[str], generation: int) -> StatsResult:
    """Read the run file and compute every table (runs in a worker thread; seconds for 10^5 rows)."""
    from bancada.stats.report import InputError, analyze_frame
    from bancada.stats.tables import build_tables
    from bancada.store.runstore import RunStore

    store = RunStore.open(run_path)
    try:
        df = analysis_frame(store)
    finally:
        store.conn.close()
    res = StatsResult(generation, rows=len(df))
    if df.empty:
        res.message = "no samples yet"
        return res
    use = usable_factors(df, factors)
    res.factors = use
    if not use:
        res.message = "the tables compare treatments: choose at least two implementations"
        return res
    try:
        result = analyze_frame(df, response=RESPONSE, factors=use, by=("payload",), replication="repetition")
    except InputError as exc:
        res.message = str(exc)
        return res
    res.result = result
    res.tables = build_tables(result)
    res.readings = readings(result, res.tables)
    return res


# -- readings -----------------------------------------------------------------------
def _label(levels: dict) -> str:
    return "/".join(str(v) for v in levels.values())


def _p(p) -> str:
    from bancada.stats.tables import format_p

    return format_p(p)


def readings(result: dict, tables: dict[str, pd.DataFrame]) -> dict[str, str]:
    """One plain-language line per table (several groups joined by " · ")."""
    alpha = result.get("alpha", 0.05)
    conf = result.get("confidence", 0.9)
    lines: dict[str, list[str]] = {k: [] for k in TABLE_ORDER}
    many = len(result["groups"]) > 1
    for g in result["groups"]:
        pre = (" ".join(str(v) for v in g["by"].values()) + ": ") if many else ""
        ts = sorted(g["treatments"], key=lambda t: t["median"])
        if ts:
            fast, slow = ts[0], ts[-1]
            ratio = slow["median"] / fast["median"] if fast["median"] else float("nan")
            lines["Summary"].append(f"{pre}fastest {_label(fast['levels'])} (median {fast['median']:.3g} ms), "
                                    f"slowest {_label(slow['levels'])} ({slow['median']:.3g} ms, {ratio:.1f}×)")
            nonnormal = sum(1 for t in ts if t["shapiro"].get("p") is not None and t["shapiro"]["p"] < alpha)
            lines["Normality"].append(f"{pre}{nonnormal} of {len(ts)} treatments are not normal (p < {alpha:g})"
                                      + (": the rank tests below fit" if nonnormal else ""))
        pw = g["pairwise"]
        if pw:
            diff = sum(1 for r in pw if r["p_holm"] is not None and r["p_holm"] < alpha)
            big = max(pw, key=lambda r: abs(r["cliffs_delta"] or 0))
            lines["Wilcoxon rank-sum"].append(
                f"{pre}{diff} of {len(pw)} pairs differ (Holm p < {alpha:g}); largest effect "
                f"{_label(big['a'])} vs {_label(big['b'])}: {big['magnitude']}")
        dunn = g.get("dunn") or []
        if dunn:
            diff = sum(1 for r in dunn if r["p_holm"] is not None and r["p_holm"] < alpha)
            lines["Dunn post-hoc"].append(f"{pre}{diff} of {len(dunn)} pairs differ (Holm p < {alpha:g})")
        kw = []
        for k in g["kruskal"]:
            if k.get("p") is None:
                continue
            verdict = "matters" if k["p"] < alpha else "makes no clear difference"
            kw.append(f"{k['factor']} {verdict} (p = {_p(k['p'])})")
        if kw:
            lines["Kruskal-Wallis"].append(pre + "; ".join(kw))
        if g["ranking"]:
            lines["Ranking"].append(pre + ", ".join(f"{r['position']}. {_label(r['levels'])}" for r in g["ranking"]))
        f = g["factorial"]
        if "error" in f:
            lines["Factorial allocation of variation"].append(f"{pre}not computed: {f['error']}")
        else:
            parts = sorted(((v, k) for k, v in f["variation_pct"].items() if k != "error"), reverse=True)
            text = ", ".join(f"{k.replace('*', ' × ')} explains {v:.0f}%" if i == 0 else f"{k.replace('*', ' × ')} {v:.0f}%"
                             for i, (v, k) in enumerate(parts))
            err = f["variation_pct"].get("error")
            lines["Factorial allocation of variation"].append(
                f"{pre}{text} of the variation" + (f"; {err:.0f}% is experimental error" if err is not None else ""))
            eff = [e for e in f["effects"] if e["term"] != "I"]
            sig = [e for e in eff if e.get("significant")]
            lines["Factorial effects"].append(
                f"{pre}{len(sig)} of {len(eff)} effects are significant (their {conf:.0%} interval excludes 0)")
        ss = g["sample_size"]
        if ss:
            top = max(ss, key=lambda s: s["n_required"] or 0)
            have = min(t["n"] for t in g["treatments"])
            lines["Sample size"].append(
                f"{pre}up to {top['n_required']} requests per treatment ({_label(top['levels'])}) for a mean within "
                f"±{top['error_pct']:g}% at {top['confidence']:.0%}; this run has {have}")
    return {k: " · ".join(v) for k, v in lines.items() if v}


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
    """A read-only pandas DataFrame, cells formatted as the terminal and Markdown do."""

    def __init__(self, df: pd.DataFrame, parent=None) -> None:
        super().__init__(parent)
        from bancada.stats.tables import format_cell

        self.df = df
        self._cols = [str(c) for c in df.columns]
        self._cells = [[format_cell(c, v) for c, v in zip(self._cols, row)]
                       for row in df.itertuples(index=False, name=None)]

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cells)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._cols)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cells[index.row()][index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            v = self.df.iat[index.row(), index.column()]
            num = isinstance(v, (int, float)) and not isinstance(v, bool)
            return int((Qt.AlignmentFlag.AlignRight if num else Qt.AlignmentFlag.AlignLeft) | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._cols[section]
        return None

    def cell(self, row: int, column: str) -> str:
        return self._cells[row][self._cols.index(column)]


class TableSection(QWidget):
    """Title (with the help tooltip), reading, and the table."""

    def __init__(self, title: str, help_text: str, parent=None) -> None:
        super().__init__(parent)
        self.title = title
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 8, 0, 4)
        self.heading = QLabel(f"{title} <span style='color: gray; font-size: small'>(?)</span>" if help_text else title)
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setWeight(QFont.Weight.DemiBold)
        self.heading.setFont(font)
        self.heading.setToolTip(help_text)
        self.reading = QLabel()
        self.reading.setWordWrap(True)
        self.reading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.view = QTableView()
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().setVisible(False)
        self.view.setAlternatingRowColors(True)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.view.setToolTip(help_text)
        lay.addWidget(self.heading)
        lay.addWidget(self.reading)
        lay.addWidget(self.view)
        self.model: FrameModel | None = None

    def set_frame(self, df: pd.DataFrame, reading: str) -> None:
        self.model = FrameModel(df, self)
        self.view.setModel(self.model)
        self.reading.setText(reading)
        rows = min(len(df), 14)
        h = self.view.horizontalHeader().sizeHint().height() + 2 * self.view.frameWidth()
        h += sum(self.view.verticalHeader().sectionSize(i) for i in range(rows)) if rows else 0
        self.view.setFixedHeight(h + 2)


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
        self.sections: dict[str, TableSection] = {}
        for title in TABLE_ORDER:
            sec = TableSection(title, self.helps.get(title, self.helps.get(title.replace("effects", "allocation of variation"), "")))
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
            self.status.setText(self.tr("Response: latency in ms of the measured, successful requests; factors: "
                                        "{f}; {n} rows read; computed {t} ({s}). Hover a title for what it means.")
                                .format(f=", ".join(res.factors), n=f"{res.rows:,}", t=when, s=state))
        for title, sec in self.sections.items():
            df = res.tables.get(title)
            if df is None or df.empty:
                sec.setVisible(False)
                continue
            sec.set_frame(df, res.readings.get(title, ""))
            sec.setVisible(True)

    def clear(self, text: str = "") -> None:
        self.result = None
        self.status.setText(text or self.tr("The tables appear here about once a second while a run goes on."))
        for sec in self.sections.values():
            sec.setVisible(False)
