"""The statistics of a run, computed away from the GUI (no Qt here).

:func:`compute_statistics` reads the run file, calls
:func:`bancada.stats.frame_analysis.analyze_frame` and
:func:`bancada.analysis.words.tables.build_tables`, and writes a plain-language line per
table (:func:`bancada.analysis.words.readings.readings`) through
:func:`bancada.analysis.run_statistics.analyse_run_frame`, which ``bancada report`` uses too.
The window runs it in a separate process (:class:`StatsProcess`, at a lower CPU priority): pandas and the tests hold
the GIL for long stretches, and in the GUI's process that would stall the
plots' timer.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from bancada.core.i18n import language, set_language
from bancada.analysis.run_statistics import StatsResult, analyse_run_frame, with_latency_ms

if TYPE_CHECKING:
    import pandas as pd

    from bancada.store.runstore import RunStore


#: A running run's tables are computed from about this many samples at most: beyond it, every k-th
#: sample as stored (:func:`read_every`); a finished run's from every sample. One read of 1,000,000
#: samples out of 80,000,000 takes about 1.2 s and 150 MB (docs/reliability.md).
RUNNING_READ_SAMPLES = 1_000_000
#: The tidy columns every analysis reads; the treatment's texts among them as categoricals (a byte a row).
ANALYSIS_COLUMNS = ("implementation", "language", "protocol", "operation", "payload")
SAMPLE_ANALYSIS_COLUMNS = ("repetition", "phase", "ok", "latency_s")


def read_every(stored: int, running: bool) -> int:
    """Which samples a computation reads: every one (1) of a finished run or of a running run of at most
    :data:`RUNNING_READ_SAMPLES` ``stored`` samples, else every k-th, k the smallest that keeps the read
    within that many (a computation's memory stays bounded while a long run goes on: 280 MB at 8,000,000
    samples, 284 MB at 80,000,000, in 1.7 s and 4.0 s)."""
    return max(1, -(-stored // RUNNING_READ_SAMPLES)) if running else 1


def analysis_columns(store: RunStore) -> list[str]:
    """The tidy columns the window's tables read of ``store``: :data:`ANALYSIS_COLUMNS` and
    :data:`SAMPLE_ANALYSIS_COLUMNS`, the split columns of a run with links or formats (seed 004's
    tables), ``start_s`` of a virtual-user run (its k6 summary's rates)."""
    from bancada.stats import k6_summary
    from bancada.store.tidy_csv import SPLIT_COLUMNS

    columns = [*ANALYSIS_COLUMNS, *SAMPLE_ANALYSIS_COLUMNS]
    if any(t.link or t.format for t in store.treatments()):
        columns += ["payload_count", *SPLIT_COLUMNS]
    if k6_summary.is_vus_run(store.meta()):
        columns.append("start_s")
    return columns


def analysis_frame(store: RunStore, every: int = 1) -> pd.DataFrame:
    """The run's tidy :func:`analysis_columns` with ``latency_ms`` added (the response the window
    analyses; ``latency_s`` kept only when a split's or a k6 summary's table reads it); the treatment's
    texts as categoricals; ``every``: only every k-th sample as stored (:meth:`RunStore.sample_columns`).

    80,000,000 samples (tests/bench/_bigrun.py, 8 treatments): 42 s and a 3.5 GB peak for the whole
    analysis (the whole tidy frame took about 6 GB for 8,000,000).
    """
    from bancada.store.sample_reader import read_run_columns

    columns = analysis_columns(store)
    frame = with_latency_ms(read_run_columns(store, columns, ANALYSIS_COLUMNS, every))
    if set(columns) == {*ANALYSIS_COLUMNS, *SAMPLE_ANALYSIS_COLUMNS}:  # only a split's or a k6 summary's
        del frame["latency_s"]  # tables read latency_s besides latency_ms: 8 bytes a sample less
    return frame


def compute_statistics(
    run_path: str | Path, factors: list[str], generation: int, running: bool = False, lang: str | None = None
) -> StatsResult:
    """Read the run file (or a tidy sample CSV) and compute every table (in :class:`StatsProcess`).

    ``running``: the run goes on, so only its complete repetitions are
    analysed; a finished run whose last repetition is partial (stopped early:
    an unbalanced design) is analysed without it. ``res.repetitions`` and
    ``res.partial_repetition`` say so. A running run of more than :data:`RUNNING_READ_SAMPLES`
    samples is read thinned (``res.read_every``, ``res.stored``), its load tables and k6 summary
    (counts and rates, which a thinned read would understate) left for the end.
    ``lang``: the language of the readings and messages (:func:`bancada.core.i18n.set_language`;
    None keeps the current one). See :func:`bancada.analysis.run_statistics.analyse_run_frame`.
    """
    from bancada.session import tidy_run
    from bancada.stats import k6_summary, load_tables
    from bancada.analysis.words import load_labels
    from bancada.store.runstore import RunStore

    if lang is not None:
        set_language(lang)

    every = 1
    if tidy_run.is_csv(run_path):  # a tidy sample CSV opened as a run: its samples, no load tables
        df, load = with_latency_ms(tidy_run.read_tidy_csv(run_path)), None
        meta, treatments = {}, []
        stored = len(df)
    else:
        with RunStore.open(run_path) as store:
            stored = store.sample_count()
            every = read_every(stored, running)
            df = analysis_frame(store, every)
            load = load_tables.from_store(store) if not df.empty and every == 1 else None
            meta, treatments = store.meta(), store.treatments()
    res = analyse_run_frame(df, factors, generation, running)
    res.read_every, res.stored = every, stored
    if load is not None:
        res.load, res.load_note = load_labels.cells(load), load_labels.tables_note(load)
    if k6_summary.is_vus_run(meta) and not df.empty and every == 1:
        try:  # every measured row so far, as k6 prints at the end, in the run's treatment order
            res.k6 = k6_summary.in_run_order(k6_summary.from_tidy(df, meta, running=running), treatments)
        except k6_summary.K6SummaryError:
            res.k6 = []
    return res


#: How often the statistics process looks whether the window's process is still its parent (s).
PARENT_CHECK_S = 2.0


def _start_worker(parent_pid: int) -> None:
    """The statistics process's start: yield the CPU to the GUI, the workers and the driver on a busy
    machine, and end when the window's process ``parent_pid`` is gone (:func:`_end_with_parent`)."""
    try:
        os.nice(15)
    except OSError:
        pass
    threading.Thread(target=_end_with_parent, args=(parent_pid,), name="parent-watch", daemon=True).start()


def _end_with_parent(parent_pid: int) -> None:
    """End this process once its parent is another than ``parent_pid`` (the window's process died and
    it was handed to init). A killed window would otherwise leave it waiting for work forever: it holds
    its task queue's writing end itself, so it never reads the end of the queue."""
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


class StatsProcess:
    """One long-lived worker process for :func:`compute_statistics` (started on first use)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future[StatsResult] | None = None

    def compute(self, run_path: str | Path, factors: list[str], generation: int, running: bool = False) -> StatsResult:
        """Compute in the worker process; blocks the calling (task) thread, not the GUI."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker, initargs=(os.getpid(),)
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
