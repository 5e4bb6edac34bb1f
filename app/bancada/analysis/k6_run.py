"""The k6-style summary of a stored run (:mod:`bancada.stats.k6_summary` over the run file's samples):
what ``bancada run --out``, ``bancada export`` and the window's Export all write."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bancada.stats.k6_summary import K6Row, K6SummaryError, from_tidy, in_run_order
from bancada.store.tidy_csv import tidy_frame

if TYPE_CHECKING:
    import pandas as pd

    from bancada.store.runstore import RunStore


def k6_rows(store: RunStore, tidy: pd.DataFrame | None = None) -> list[K6Row]:
    """One :class:`bancada.stats.k6_summary.K6Row` per treatment, in the order of the run's treatments;
    ``[]`` when the run has no measured samples yet.

    ``tidy``: the run's tidy frame when the caller has already read it (``implementation``, ``payload``,
    ``repetition``, ``phase``, ``latency_s``, ``ok``, ``start_s`` and, on a run with links or formats,
    ``format`` and ``link``); read from the run file otherwise.
    """
    treatments = store.treatments()
    try:
        if tidy is None:
            split = any(t.link or t.format for t in treatments)
            extra = ["format", "link"] if split else []
            columns = ["implementation", "payload", "repetition", "phase", "latency_s", "ok", "start_s", *extra]
            tidy = tidy_frame(store, columns)
        return in_run_order(from_tidy(tidy, store.meta()), treatments)
    except K6SummaryError:
        return []
