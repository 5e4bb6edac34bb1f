"""The report's figures as SVG text, drawn with matplotlib (no Qt: ``bancada report`` runs headless).

The same two figures as the window's live view (:mod:`bancada.ui.plots.live_view`), one column per
workload: Tukey box plots of the measured latencies per implementation (box Q1–Q3 with numpy's
default ``linear`` quantiles, R's type 7; whiskers to the most extreme value within 1.5·IQR;
Tukey 1977, *Exploratory Data Analysis*, ch. 2; matplotlib's ``boxplot`` with ``whis=1.5``), and
the latency of each request in arrival order per treatment (warm-up faint). Styles are the
window's (:mod:`bancada.core.colours`): one colour-blind-safe colour and one hatch per level of the
colour factor (gRPC blue, REST vermilion), and in the trace one marker per treatment.

A trace longer than :data:`TRACE_POINTS` per treatment is reduced as pyqtgraph's "peak" mode
does: the requests are cut into :data:`TRACE_POINTS` / 2 consecutive bins and each bin keeps its
smallest and largest latency, so spikes stay visible and the SVG stays small at any run size.
"""

from __future__ import annotations

import io
import math

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pandas as pd

from bancada.core import colours
from bancada.core.i18n import language, number, translate
from bancada.core.plot_scale import wide_range
from bancada.stats.box_stats import WHISKER_IQR, tukey_fences

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

TRACE_POINTS = 1200  # per treatment and phase
OUTLIERS_SHOWN = 400  # per box: the most extreme ones (an SVG with 10^5 circles opens slowly)


def treatment_styles(df: pd.DataFrame) -> dict[str, colours.LevelStyle]:
    """``{implementation: style}``: its colour-factor level's colour and hatch (as in the window); its
    marker the level's, or when the language varies too, the language's (as the window's trace)."""
    cfac = _colour_factor(df)
    pos = "language" if "language" in df.columns and cfac != "language" else None
    first = df.drop_duplicates("implementation")
    clevels = list(dict.fromkeys(first[cfac].astype(str)))
    protocols = {}
    if "protocol" in first.columns:
        protocols = {str(r[cfac]): str(r["protocol"]) for _, r in first.iterrows()}
    styles = colours.level_styles(clevels, protocols=protocols)
    plevels = list(dict.fromkeys(first[pos].astype(str))) if pos else []
    out = {}
    for _, row in first.iterrows():
        style = styles[str(row[cfac])]
        if pos and len(plevels) > 1:
            marker = colours.MARKERS[plevels.index(str(row[pos])) % len(colours.MARKERS)]
            style = colours.LevelStyle(style.colour, marker, style.hatch)
        out[str(row["implementation"])] = style
    return out


def _tick(x: float, _pos: int | None = None) -> str:
    """A tick label without exponent in the usual range, with the language's decimal mark."""
    if x == 0:
        return "0"
    a = abs(x)
    if 1e-4 <= a < 1e6:
        decimals = max(0, min(6, -int(math.floor(math.log10(a))) + 1)) if a < 1 else (0 if x.is_integer() else 1)
        text = f"{x:.{decimals}f}".rstrip("0").rstrip(".") if decimals else f"{x:.0f}"
        return text.replace(".", ",") if language() == "pt_BR" else text
    return f"{x:.0e}"


def _svg(fig: Figure) -> str:
    """The figure as inline SVG (no XML prolog; text kept as text)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _figure(columns: int, height_in: float) -> tuple[Figure, npt.NDArray[np.object_]]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(max(5.5, 4.6 * columns), height_in), dpi=96, layout="constrained")
    return fig, fig.subplots(1, columns, squeeze=False)[0]


def _colour_factor(df: pd.DataFrame) -> str:
    for f in ("protocol", "language", "implementation"):
        if f in df.columns and df[f].nunique() >= 1:
            return f
    return "implementation"


def box_plots_svg(df: pd.DataFrame, log_y: bool | None = None) -> str:
    """Box plots per workload of the measured, successful latencies.

    ``df``: tidy samples with ``implementation``, ``payload``, ``latency_ms`` (``phase``, ``ok``
    and ``protocol`` when present). ``log_y``: None decides from the medians' spread
    (:data:`bancada.core.plot_scale.LOG_RATIO`). Returns the SVG element as text.
    """
    kept = _measured(df)
    workloads = list(dict.fromkeys(kept["payload"]))
    styles = treatment_styles(df)
    fig, axes = _figure(len(workloads), 3.6)
    medians = kept.groupby(["payload", "implementation"], sort=False)["latency_ms"].median()
    if log_y is None:
        log_y = wide_range(kept["latency_ms"].to_numpy(dtype=float), medians.to_numpy(dtype=float))
    order = list(dict.fromkeys(kept["implementation"]))
    for ax, wl in zip(axes, workloads):
        part = kept[kept["payload"] == wl]
        present = set(part["implementation"])
        impls = [i for i in order if i in present]
        data = []
        for impl in impls:
            rows = part[part["implementation"] == impl]
            data.append(rows["latency_ms"].to_numpy(dtype=float))
        parts = ax.boxplot(
            data,
            whis=WHISKER_IQR,
            widths=0.6,
            patch_artist=True,
            showfliers=False,
            medianprops={"color": "black", "linewidth": 2},
        )
        for box, impl in zip(parts["boxes"], impls):
            box.set_facecolor(styles[impl].colour)
            box.set_hatch(styles[impl].hatch)  # the second channel beside the colour
            box.set_edgecolor("black")
        for i, values in enumerate(data, start=1):
            out = _outliers(values)
            ax.plot(np.full(len(out), i), out, "o", ms=2.5, mfc="none", mec="#555555", mew=0.6)
        ax.set_xticks(range(1, len(impls) + 1), impls, rotation=20 if len(impls) > 3 else 0)
        ax.set_title(wl)
        ax.set_ylabel(translate("Report", "latency (ms)"))
        _y_axis(ax, log_y)
    return _svg(fig)


def _y_axis(ax: Axes, log_y: bool) -> None:
    """Plain tick labels (1, 2, 5, 10, 20...) with the language's decimal mark; no 6×10¹ on a log axis."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    if log_y:
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_major_formatter(FuncFormatter(_tick))
    ax.grid(axis="y", alpha=0.3)


def _measured(df: pd.DataFrame) -> pd.DataFrame:
    kept = df
    if "phase" in kept.columns:
        kept = kept[kept["phase"].astype(str) == "measure"]
    if "ok" in kept.columns:
        kept = kept[kept["ok"].astype(str).str.lower().isin(("true", "1"))]
    return kept


def _outliers(values: np.ndarray) -> np.ndarray:
    """The values beyond Tukey's whiskers, at most :data:`OUTLIERS_SHOWN` (the most extreme)."""
    if values.size < 4:
        return np.empty(0)
    q1, q3 = np.quantile(values, [0.25, 0.75])
    lo, hi = tukey_fences(float(q1), float(q3))
    out: np.ndarray = values[(values < lo) | (values > hi)]
    if out.size > OUTLIERS_SHOWN:
        dist = np.maximum(lo - out, out - hi)
        out = out[np.argsort(dist)[-OUTLIERS_SHOWN:]]
    return out


def peak_reduce(y: np.ndarray, points: int = TRACE_POINTS) -> tuple[np.ndarray, np.ndarray]:
    """``(x, y)`` of at most ``points`` values: each of ``points / 2`` bins keeps its min and max, in order."""
    n = len(y)
    if n <= points:
        return np.arange(n), y
    bins = points // 2
    edges = np.linspace(0, n, bins + 1).astype(int)
    xs, ys = [], []
    for a, b in zip(edges[:-1], edges[1:]):
        if b <= a:
            continue
        seg = y[a:b]
        i, j = int(np.argmin(seg)), int(np.argmax(seg))
        for k in sorted((i, j)):
            xs.append(a + k)
            ys.append(seg[k])
    return np.asarray(xs), np.asarray(ys)


def _segments(index: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The runs of consecutive ``index`` values, each peak-reduced, joined by NaN (a break in the line):
    one block's warm-up is not drawn as a line to the next block's."""
    cuts = np.flatnonzero(np.diff(index) != 1) + 1
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    gap = np.array([np.nan])
    for part in np.split(index, cuts):
        px, py = peak_reduce(y[part], max(2, int(TRACE_POINTS * len(part) / max(1, len(index)))))
        xs += [part[px], gap]
        ys += [np.asarray(py), gap]
    return np.concatenate(xs), np.concatenate(ys)


def trace_svg(df: pd.DataFrame, log_y: bool | None = None) -> str:
    """Latency of each request in arrival order, per treatment, one panel per workload.

    ``df``: tidy samples (``implementation``, ``payload``, ``latency_ms``; ``phase``, ``ok``,
    ``repetition``, ``seq``, ``protocol`` when present), in the run's order. Warm-up requests are
    drawn faint. ``log_y``: None decides as :func:`box_plots_svg` does (:func:`wide_range`).
    Returns the SVG element as text.
    """
    from matplotlib.ticker import FuncFormatter

    workloads = list(dict.fromkeys(df["payload"]))
    styles = treatment_styles(df)
    if log_y is None:
        kept = _measured(df)
        medians = kept.groupby(["payload", "implementation"], sort=False)["latency_ms"].median()
        log_y = wide_range(kept["latency_ms"].to_numpy(dtype=float), medians.to_numpy(dtype=float))
    fig, axes = _figure(len(workloads), 3.0)
    if "ok" in df.columns:
        df = df[df["ok"].astype(str).str.lower().isin(("true", "1"))]
    for ax, wl in zip(axes, workloads):
        part = df[df["payload"] == wl]
        impls = list(dict.fromkeys(part["implementation"]))
        for impl in impls:
            rows = part[part["implementation"] == impl]
            style = styles[impl]
            warm = (rows["phase"].astype(str) == "warmup").to_numpy() if "phase" in rows.columns else None
            y = rows["latency_ms"].to_numpy(dtype=float)
            if warm is None:
                warm = np.zeros(len(y), dtype=bool)
            for mask, alpha, lab in ((warm, 0.3, None), (~warm, 0.9, impl)):
                if mask.any():
                    xs, ys = _segments(np.flatnonzero(mask), y)
                    # a few markers along the measured curve: the second channel beside the colour
                    marks = {"marker": style.marker, "markevery": max(1, len(xs) // 16), "ms": 4} if lab else {}
                    ax.plot(xs, ys, "-", lw=0.8, color=style.colour, alpha=alpha, label=lab, **marks)
        ax.set_title(wl)
        ax.set_xlabel(translate("Report", "request (per treatment, in arrival order)"))
        ax.set_ylabel(translate("Report", "latency (ms)"))
        _y_axis(ax, log_y)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _p: number(x, 0)))
        ax.legend(fontsize="small", ncols=min(2, len(impls)), frameon=False)
    return _svg(fig)
