"""The statistics of a run, computed away from the GUI (no Qt here).

:func:`compute_statistics` reads the run file, calls
:func:`bancada.stats.report.analyze_frame` and
:func:`bancada.stats.tables.build_tables`, and writes a plain-language line per
table (:func:`readings`). The window runs it in a separate process
(:class:`StatsProcess`, at a lower CPU priority): pandas and the tests hold
the GIL for long stretches, and in the GUI's process that would stall the
plots' timer.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from bancada.i18n import language, number, percent, set_language, significant, translate
from bancada.stats.tables import treatment_label as _label

#: Display order of the tables (names from bancada.stats.tables).
TABLE_ORDER = [
    "Summary",
    "Normality",
    "Wilcoxon rank-sum",
    "Wilcoxon rank-sum, repetition medians",
    "Kruskal-Wallis",
    "Dunn post-hoc",
    "Ranking",
    "Factorial allocation of variation",
    "Factorial effects",
    "Sample size",
    # seed 004's tables (bancada.stats.serialization), when the run has serial treatments
    "Serialized size (bytes)",
    "Serialization + deserialization (ms)",
    "Total (ms)",
    "Time split (ms)",
]
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
    repetitions: int = 0  # the complete repetitions analysed (0: all the rows, the run is over)
    partial_repetition: int | None = None  # the repetition left out because it is still going on
    unbalanced: bool = False  # the factorial design had unequal replications (not computed)
    factors: list[str] = field(default_factory=list)
    computed_at: float = field(default_factory=time.time)
    # siege's and ab's tables of a run with a load model (bancada.stats.load_labels.cells), and the
    # sentence on requests past the raw-sample cap; empty otherwise
    load: dict = field(default_factory=dict)
    load_note: str = ""


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


def complete_repetitions(df: pd.DataFrame) -> tuple[pd.DataFrame, int, int | None]:
    """The run's rows without its last repetition: ``(rows, repetitions kept, the one left out)``.

    While a run goes on its last repetition is partial (every schedule runs
    repetition k of every treatment before k + 1), and so is the last one of a
    run stopped early; the factorial design needs the same replications in
    every treatment.
    """
    reps = sorted(int(r) for r in df["repetition"].unique()) if "repetition" in df else []
    if not reps:
        return df, 0, None
    return df[df["repetition"] != reps[-1]], len(reps) - 1, reps[-1]


def compute_statistics(
    run_path: str | Path, factors: list[str], generation: int, running: bool = False, lang: str | None = None
) -> StatsResult:
    """Read the run file and compute every table (runs in :class:`StatsProcess`; seconds for 10^5 rows).

    ``running``: the run goes on, so only its complete repetitions are
    analysed; a finished run whose last repetition is partial (stopped early:
    an unbalanced design) is analysed without it. ``res.repetitions`` and
    ``res.partial_repetition`` say so. ``lang``: the language of the readings
    and messages (:func:`bancada.i18n.set_language`; None keeps the current one).
    """
    from bancada.stats import load_labels, load_tables
    from bancada.store.runstore import RunStore

    if lang is not None:
        set_language(lang)

    with RunStore.open(run_path) as store:
        df = analysis_frame(store)
        load = load_tables.from_store(store) if not df.empty else None
    res = _statistics(df, factors, generation, running)
    if load is not None:
        res.load, res.load_note = load_labels.cells(load), load_labels.capped_note(load.capped)
    return res


def _statistics(df: pd.DataFrame, factors: list[str], generation: int, running: bool) -> StatsResult:
    """The tables of :func:`compute_statistics` from the run's analysis frame."""
    res = StatsResult(generation, rows=len(df))
    if df.empty:
        res.message = translate("Readings", "no samples yet")
        return res
    if running:
        return _with_seed_tables(_analyse_complete(df, factors, res, running=True), df)
    _analyse(df, factors, res)
    if res.unbalanced and df["repetition"].nunique() > 1:
        res = _analyse_complete(df, factors, StatsResult(generation, rows=len(df)), running=False)
    return _with_seed_tables(res, df)


def _with_seed_tables(res: StatsResult, df: pd.DataFrame) -> StatsResult:
    """Add seed 004's tables (sizes, serialization times, totals, the split) when ``df`` has serial rows."""
    from bancada.stats.serialization import seed_tables

    res.tables.update(seed_tables(df))
    return res


def _analyse_complete(df: pd.DataFrame, factors: list[str], res: StatsResult, running: bool) -> StatsResult:
    kept, res.repetitions, res.partial_repetition = complete_repetitions(df)
    if kept.empty:
        res.message = (
            translate("Readings", "the tables appear when the first repetition is complete")
            if running
            else translate("Readings", "no repetition is complete in every treatment")
        )
        return res
    res.rows = len(kept)
    return _analyse(kept, factors, res)


def _analyse(df: pd.DataFrame, factors: list[str], res: StatsResult) -> StatsResult:
    from bancada.stats.report import InputError, analyze_frame
    from bancada.stats.tables import build_tables

    use = usable_factors(df, factors)
    res.factors = use
    if not use:
        res.message = translate("Readings", "the tables compare treatments: choose at least two implementations")
        return res
    try:
        result = analyze_frame(df, response=RESPONSE, factors=use, by=("payload",), replication="repetition")
    except InputError as exc:
        res.message = str(exc).split("; use --")[0]  # CLI advice means nothing in the window
        return res
    for g in result["groups"]:
        err = g["factorial"].get("error")
        if err:
            res.unbalanced = res.unbalanced or err.startswith("unbalanced")
            g["factorial"]["error"] = err.split("; use --")[0]  # CLI advice means nothing in the window
    res.result = result
    res.tables = build_tables(result)
    res.readings = readings(result, res.tables)
    return res


# -- readings -----------------------------------------------------------------------
def factor_name(factor: str) -> str:
    """A factor's name as the reader's language says it (``protocol`` -> ``protocolo``; ``a*b`` -> ``a × b``)."""
    if "*" in factor:
        return " × ".join(factor_name(f) for f in factor.split("*"))
    words = {
        "language": translate("Readings", "language"),
        "protocol": translate("Readings", "protocol"),
        "implementation": translate("Readings", "implementation"),
        "payload": translate("Readings", "payload"),
        "link": translate("Readings", "link"),
        "format": translate("Readings", "format"),
        "error": translate("Readings", "experimental error"),
    }
    return words.get(factor, factor)


def magnitude_name(word: str) -> str:
    words = {
        "negligible": translate("Readings", "negligible"),
        "small": translate("Readings", "small"),
        "medium": translate("Readings", "medium"),
        "large": translate("Readings", "large"),
    }
    return words.get(word, word)


def p_text(p: float) -> str:
    """``< 0.001`` or three decimals, in the language's number format."""
    return "< " + number(0.001, 3) if p < 0.001 else number(p, 3)


def readings(result: dict, tables: dict[str, pd.DataFrame]) -> dict[str, str]:
    """One plain-language line per table (several groups joined by " · ").

    In the current language (:mod:`bancada.i18n`), numbers as it writes them.
    """
    alpha = result.get("alpha", 0.05)
    conf = result.get("confidence", 0.9)
    a_txt = number(alpha, 2)
    lines: dict[str, list[str]] = {k: [] for k in TABLE_ORDER}
    many = len(result["groups"]) > 1
    for g in result["groups"]:
        pre = (" ".join(str(v) for v in g["by"].values()) + ": ") if many else ""
        ts = sorted(g["treatments"], key=lambda t: t["median"])
        if ts:
            fast, slow = ts[0], ts[-1]
            ratio = slow["median"] / fast["median"] if fast["median"] else float("nan")
            lines["Summary"].append(
                pre
                + translate("Readings", "fastest {fast} (median {m1} ms), slowest {slow} ({m2} ms, {ratio}×)").format(
                    fast=_label(fast["levels"]),
                    m1=significant(fast["median"]),
                    slow=_label(slow["levels"]),
                    m2=significant(slow["median"]),
                    ratio=number(ratio, 1),
                )
            )
            nonnormal = sum(1 for t in ts if t["shapiro"].get("p") is not None and t["shapiro"]["p"] < alpha)
            lines["Normality"].append(
                pre
                + translate("Readings", "{k} of {n} treatments are not normal (p < {a})").format(
                    k=nonnormal, n=len(ts), a=a_txt
                )
                + (translate("Readings", ": the rank tests below fit") if nonnormal else "")
            )
        pw = g["pairwise"]
        if pw:
            diff = sum(1 for r in pw if r["p_holm"] is not None and r["p_holm"] < alpha)
            big = max(pw, key=lambda r: abs(r["cliffs_delta"] or 0))
            lines["Wilcoxon rank-sum"].append(
                pre
                + translate(
                    "Readings", "{k} of {n} pairs differ (Holm p < {a}); largest effect {x} vs {y}: {size}"
                ).format(
                    k=diff,
                    n=len(pw),
                    a=a_txt,
                    x=_label(big["a"]),
                    y=_label(big["b"]),
                    size=magnitude_name(big["magnitude"]),
                )
            )
        pr = g.get("pairwise_replication") or []
        if pr:
            diff = sum(1 for r in pr if r["p_holm"] is not None and r["p_holm"] < alpha)
            lines["Wilcoxon rank-sum, repetition medians"].append(
                pre
                + translate(
                    "Readings",
                    "{k} of {n} pairs differ when each repetition counts once (Holm p < {a}, r = {r}); "
                    "trust this one when it disagrees with the test above",
                ).format(k=diff, n=len(pr), a=a_txt, r=min(r["r_a"] for r in pr))
            )
        dunn = g.get("dunn") or []
        if dunn:
            diff = sum(1 for r in dunn if r["p_holm"] is not None and r["p_holm"] < alpha)
            lines["Dunn post-hoc"].append(
                pre
                + translate("Readings", "{k} of {n} pairs differ (Holm p < {a})").format(k=diff, n=len(dunn), a=a_txt)
            )
        kw = []
        for k in g["kruskal"]:
            if k.get("p") is None:
                continue
            verdict = (
                translate("Readings", "{f} matters (p {p})")
                if k["p"] < alpha
                else translate("Readings", "{f} makes no clear difference (p {p})")
            )
            p = p_text(k["p"])
            kw.append(verdict.format(f=factor_name(k["factor"]), p=p if p.startswith("<") else "= " + p))
        if kw:
            lines["Kruskal-Wallis"].append(pre + "; ".join(kw))
        if g["ranking"]:
            lines["Ranking"].append(pre + ", ".join(f"{r['position']}. {_label(r['levels'])}" for r in g["ranking"]))
        f = g["factorial"]
        if "error" in f:
            lines["Factorial allocation of variation"].append(
                pre + translate("Readings", "not computed: {why}").format(why=f["error"])
            )
        else:
            parts = sorted(((v, k) for k, v in f["variation_pct"].items() if k != "error"), reverse=True)
            names = [" × ".join(factor_name(x) for x in k.split("*")) for _, k in parts]
            text = ", ".join(
                translate("Readings", "{f} explains {pct}").format(f=n, pct=percent(v))
                if i == 0
                else f"{n} {percent(v)}"
                for i, ((v, _), n) in enumerate(zip(parts, names))
            )
            err = f["variation_pct"].get("error")
            lines["Factorial allocation of variation"].append(
                pre
                + translate("Readings", "{parts} of the variation").format(parts=text)
                + (
                    translate("Readings", "; {pct} is experimental error").format(pct=percent(err))
                    if err is not None
                    else ""
                )
            )
            eff = [e for e in f["effects"] if e["term"] != "I"]
            sig = [e for e in eff if e.get("significant")]
            lines["Factorial effects"].append(
                pre
                + translate("Readings", "{k} of {n} effects are significant (their {c} interval excludes 0)").format(
                    k=len(sig), n=len(eff), c=percent(conf * 100)
                )
            )
        ss = g["sample_size"]
        if ss:
            top = max(ss, key=lambda s: s["n_required"] or 0)
            have = min(t["n"] for t in g["treatments"])
            lines["Sample size"].append(
                pre
                + translate(
                    "Readings",
                    "up to {n} requests per treatment ({t}) for a mean within ±{e} at {c}; this run has {have}",
                ).format(
                    n=top["n_required"],
                    t=_label(top["levels"]),
                    e=percent(top["error_pct"], 0),
                    c=percent(top["confidence"] * 100),
                    have=have,
                )
            )
    return {k: " · ".join(v) for k, v in lines.items() if v}


def _lower_priority() -> None:
    """The statistics yield the CPU to the GUI, the workers and the driver on a busy machine."""
    try:
        os.nice(15)
    except OSError:
        pass


class StatsProcess:
    """One long-lived worker process for :func:`compute_statistics` (started on first use)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future | None = None

    def compute(self, run_path: str | Path, factors: list[str], generation: int, running: bool = False) -> StatsResult:
        """Compute in the worker process; blocks the calling (task) thread, not the GUI."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_lower_priority
            )
        self._future = self._pool.submit(
            compute_statistics, str(run_path), list(factors), generation, running, language()
        )
        return self._future.result()

    def close(self) -> None:
        """Stop the worker process (a computation in flight is abandoned)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if self._future is not None and not self._future.done():
            for proc in list(getattr(pool, "_processes", {}).values()):
                proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
