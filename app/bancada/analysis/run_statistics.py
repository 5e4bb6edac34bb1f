"""The statistics of one run as the window and the report show them (no Qt, no files).

:func:`analyse_samples` takes the run's tidy samples (with ``latency_ms``), keeps the
factors that have two levels, runs :func:`bancada.stats.frame_analysis.analyze_frame` per
payload and adds the tables (:func:`bancada.analysis.words.tables.build_tables`) and their
readings (:func:`bancada.analysis.words.readings.readings`). :func:`analyse_run_frame` is the
whole path of a finished or running run, its partial last repetition left out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bancada.core.i18n import translate
from bancada.stats.k6_summary import K6Row
from bancada.analysis.words.readings import readings
from bancada.stats.results import Analysis

if TYPE_CHECKING:
    import pandas as pd

RESPONSE = "latency_ms"


@dataclass
class StatsResult:
    """One computation of the tables. ``generation`` ties it to the request that asked for it."""

    generation: int
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    result: Analysis | None = None  # the typed analysis, its factorial errors as text (pickled across the process)
    message: str = ""  # why there are no tables (too few data, one treatment, ...)
    rows: int = 0
    repetitions: int = 0  # the complete repetitions analysed (0: all the rows, the run is over)
    partial_repetition: int | None = None  # the repetition left out because it is still going on
    unbalanced: bool = False  # the factorial design had unequal replications (not computed)
    factors: list[str] = field(default_factory=list)
    computed_at: float = field(default_factory=time.time)
    # siege's and ab's tables of a run with a load model (bancada.analysis.words.load_labels.cells), and the
    # sentence on requests past the raw-sample cap; empty otherwise
    load: dict[str, Any] = field(default_factory=dict)
    load_note: str = ""
    # the k6-style summary per treatment of a [load] vus run (bancada.stats.k6_summary.K6Row); empty otherwise
    k6: list[K6Row] = field(default_factory=list)
    # which samples were read: every one (1), or every k-th as stored (a long run while it goes on,
    # bancada.session.stats_job.read_every); ``stored``: the run's sample rows when read
    read_every: int = 1
    stored: int = 0


def usable_factors(df: pd.DataFrame, factors: list[str]) -> list[str]:
    """The factors with at least two levels among measured ok rows; ``implementation`` as a fallback."""
    kept = ((df["phase"] == "measure") & (df["ok"] == "true")).to_numpy()

    def levels(f: str) -> int:  # one column of the kept rows at a time, not a copy of the frame
        return int(df[f][kept].nunique())

    out = [f for f in factors if f != "payload" and f in df and levels(f) >= 2]
    if not out and "implementation" in df and levels("implementation") >= 2:
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
    return analyse_samples(kept, factors, res)


def analyse_samples(df: pd.DataFrame, factors: list[str], res: StatsResult) -> StatsResult:
    from bancada.stats.frame_analysis import InputError, analyze_frame
    from bancada.analysis.words.tables import build_tables

    use = usable_factors(df, factors)
    res.factors = use
    if not use:
        res.message = translate("Readings", "the tables compare treatments: choose at least two implementations")
        return res
    try:
        analysis = analyze_frame(df, response=RESPONSE, factors=use, by=("payload",), replication_column="repetition")
    except InputError as exc:
        res.message = exc.text(advice=False)  # advice naming an option means nothing in the window
        return res
    res.result = result = analysis.named(advice=False)  # advice naming an option means nothing in the window
    res.unbalanced = any(str(g.factorial.error or "").startswith("unbalanced") for g in result.groups)
    res.tables = build_tables(result)
    res.readings = readings(result, res.tables)
    return res


def analyse_run_frame(df: pd.DataFrame, factors: list[str], generation: int = 0, running: bool = False) -> StatsResult:
    """Every table of a run's tidy samples (``latency_ms`` added, see :func:`with_latency_ms`).

    ``running``: the run goes on, so only its complete repetitions are analysed; a finished
    run whose last repetition is partial (stopped early: an unbalanced design) is analysed
    without it. ``res.repetitions`` and ``res.partial_repetition`` say so; ``res.message``
    says why there are no tables (never raises for bad data).
    """
    res = StatsResult(generation, rows=len(df))
    if df.empty:
        res.message = translate("Readings", "no samples yet")
        return res
    if running:
        return _with_seed_tables(_analyse_complete(df, factors, res, running=True), df)
    analyse_samples(df, factors, res)
    if res.unbalanced and df["repetition"].nunique() > 1:
        res = _analyse_complete(df, factors, StatsResult(generation, rows=len(df)), running=False)
    return _with_seed_tables(res, df)


def _with_seed_tables(res: StatsResult, df: pd.DataFrame) -> StatsResult:
    """Add seed 004's tables (sizes, serialization times, totals, the split) when ``df`` has serial rows."""
    from bancada.stats.serialization import seed_tables

    res.tables.update(seed_tables(df))
    return res


def with_latency_ms(df: pd.DataFrame) -> pd.DataFrame:
    """The tidy samples with ``latency_ms`` added (the response the window and the report analyse)."""
    return df.assign(latency_ms=df["latency_s"] * 1e3)
