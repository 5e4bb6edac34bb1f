"""A k6-style summary per treatment: what k6 prints for ``http_req_duration``, from stored samples.

For each treatment (one combination of the factor levels) the row gives avg, min, med, max,
p(90), p(95) of the latency in milliseconds, the number of requests, requests/s and the
failed requests in percent — the trend stats k6 prints by default (``summaryTrendStats``
``avg, min, med, max, p(90), p(95)``) beside ``http_reqs`` and ``http_req_failed``, as in
k6's end-of-test summary (Grafana k6 documentation, "Results output > End of test",
https://grafana.com/docs/k6/latest/results-output/end-of-test/).

The statistics are those k6's documentation names ("k6/metrics > Trend": avg, min, med, max,
p(N)); it does not write the percentile's formula, and the one below gives the percentiles k6
prints there (docs/statistics.md). The unit tests check Bancada's numbers against an oracle of
these documented definitions (tests/k6_trend.py); no k6 code is used (k6 is AGPL-licensed):

- ``P(pct)``: sort the values; ``i = pct * (count - 1)``;
  ``P = v[floor(i)] + (v[ceil(i)] - v[floor(i)]) * (i - floor(i))`` — linear interpolation
  between the closest ranks (Hyndman & Fan 1996, type 7; the same as numpy's default
  ``method="linear"`` and R's default ``quantile``); one value: that value; none: 0.
  ``med`` is ``P(0.5)``, ``p(90)`` is ``P(0.90)``, ``p(95)`` is ``P(0.95)``.
  (A later k6 development commit, 12c4eff2, moves ``TrendSink`` onto an HDR histogram
  whose percentiles are approximations within a bucket's width; Bancada keeps the exact
  definition, which that histogram approximates.)
- ``avg`` is ``sum / count``; ``min`` and ``max`` are the extremes.
- ``http_req_failed`` is a ``RateSink``: failed / total. Shown here as a percentage.
- ``http_reqs`` is a ``CounterSink``: its rate is ``count / test duration`` (``Format(t)``
  with the test's elapsed time). A stored sample does not carry that time: here it is, per
  repetition, the span from the first request's send (``start_s``) to the last answer
  (``start_s + latency_s``), and for a virtual-user run at least the load's planned
  ``duration_s`` (k6's ``constant-vus`` test lasts its ``duration`` even when the last
  iteration's answer came earlier), summed over the repetitions. Without ``start_s`` the
  rate is unknown (None).

What is timed: k6's ``http_req_duration`` is sending + waiting + receiving and leaves out
the time to open a connection (``http_req_blocked``, ``http_req_connecting``; k6 docs,
"Built-in metrics"); k6's virtual users keep their connections, so after the first request
it is the whole request. Bancada's latency runs from the send to the last byte of the answer:
the same span with ``connection = "reuse"``; with ``"new"`` it also holds the connection.

Which rows: like k6's top-level ``http_req_duration``, the trend counts failed requests
too (every row with a latency); ``failed_pct`` is the share of rows with ``ok`` false.
Warm-up rows are left out unless ``keep_warmup`` (k6 has no warm-up phase).
Numbers only: the table's title, labels and cells in the language in use are
:mod:`bancada.analysis.words.k6_table`. Shared by ``bancada run``, ``bancada analyze --k6-summary``,
``bancada export``, ``bancada report`` and the window's k6 table (:mod:`bancada.ui.tables.k6_table_view`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np


if TYPE_CHECKING:
    import pandas as pd


class TreatmentLevels(Protocol):
    """A treatment's levels as a run file lists them (:class:`bancada.store.runstore.TreatmentRow`)."""

    @property
    def implementation(self) -> str: ...
    @property
    def workload(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def link(self) -> str: ...


# The load model of k6's virtual users (``[load] model = "vus"``).
VUS_MODEL = "vus"
#: The one row's treatment when the samples have no treatment columns.
ALL_REQUESTS = "all requests"


class K6SummaryError(ValueError):
    """The samples cannot give a k6-style summary (message: one line naming what is missing)."""


@dataclass(frozen=True)
class K6Row:
    """One treatment's k6-style summary. Durations in milliseconds."""

    treatment: str
    avg_ms: float
    min_ms: float
    med_ms: float
    max_ms: float
    p90_ms: float
    p95_ms: float
    requests: int
    requests_per_s: float | None
    failed_pct: float


def _p_sorted(v: np.ndarray[Any, np.dtype[np.float64]], pct: float) -> float:
    """k6's ``TrendSink.P`` on values already sorted ascending (at least two)."""
    i = pct * (len(v) - 1.0)
    j, k = float(v[math.floor(i)]), float(v[math.ceil(i)])
    return j + (k - j) * (i - math.floor(i))


def k6_percentile(values: Sequence[float] | np.ndarray[Any, Any], pct: float) -> float:
    """k6's ``TrendSink.P(pct)`` of ``values`` (any order); ``pct`` in [0, 1].

    Returns 0.0 for no values (as k6 does) and the value itself for one.

    Raises:
        ValueError: ``pct`` outside [0, 1].
    """
    if not 0.0 <= pct <= 1.0:
        raise ValueError(f"a k6 percentile takes a fraction from 0 to 1, got {pct}")
    v = np.sort(np.asarray(values, dtype=float))
    if len(v) == 0:
        return 0.0
    if len(v) == 1:
        return float(v[0])
    return _p_sorted(v, pct)


def trend_ms(latency_ms: Sequence[float] | np.ndarray[Any, Any]) -> dict[str, float]:
    """avg, min, med, max, p(90), p(95) of ``latency_ms`` as k6's ``TrendSink.Format`` (0 when empty)."""
    v = np.sort(np.asarray(latency_ms, dtype=float))
    if len(v) == 0:
        return {"avg_ms": 0.0, "min_ms": 0.0, "med_ms": 0.0, "max_ms": 0.0, "p90_ms": 0.0, "p95_ms": 0.0}
    if len(v) == 1:
        return dict.fromkeys(("avg_ms", "min_ms", "med_ms", "max_ms", "p90_ms", "p95_ms"), float(v[0]))
    return {
        "avg_ms": float(v.sum() / len(v)),
        "min_ms": float(v[0]),
        "med_ms": _p_sorted(v, 0.5),
        "max_ms": float(v[-1]),
        "p90_ms": _p_sorted(v, 0.90),
        "p95_ms": _p_sorted(v, 0.95),
    }


def _ok(series: pd.Series) -> pd.Series:
    """True where ``ok`` reads true, 1 or yes (any case and spacing); decided once per distinct value."""
    import pandas as pd

    verdict = {v: str(v).strip().lower() in ("true", "1", "yes") for v in pd.unique(series)}
    return series.map(verdict).astype(bool)


def _duration_s(group: pd.DataFrame, replication_column: str, planned_duration_s: float | None) -> float | None:
    """Sum over the repetitions of max(last answer - first send, ``planned_duration_s``), seconds.

    None without ``start_s``.
    """
    import pandas as pd

    if "start_s" not in group.columns:
        return None
    start = pd.to_numeric(group["start_s"], errors="coerce")
    end = start + pd.to_numeric(group["latency_s"], errors="coerce").fillna(0.0)
    frame = pd.DataFrame({"start": start, "end": end})
    if frame["start"].isna().all():
        return None
    keys = group[replication_column] if replication_column in group.columns else pd.Series(0, index=group.index)
    spans = frame.groupby(keys.to_numpy()).agg(first=("start", "min"), last=("end", "max"))
    span_s = spans["last"] - spans["first"]
    if planned_duration_s is not None:
        span_s = span_s.clip(lower=planned_duration_s)
    total = float(span_s.sum())
    return total if total > 0 else None


def summarize(
    samples: pd.DataFrame,
    treatment_columns: Sequence[str],
    *,
    replication_column: str = "repetition",
    keep_warmup: bool = False,
    planned_duration_s: float | None = None,
    all_label: str = ALL_REQUESTS,
) -> list[K6Row]:
    """One :class:`K6Row` per treatment of ``samples`` (the tidy sample CSV's columns).

    Args:
        samples: rows with ``latency_s`` (seconds), ``ok`` and the ``treatment_columns``;
            optional ``phase`` (``warmup``/``measure``), ``start_s`` (seconds) and ``replication_column``.
        treatment_columns: the columns whose level combination is a treatment (e.g.
            language, protocol, operation); the treatment's name joins the levels with " / ",
            the empty ones left out.
        keep_warmup: also count ``phase == warmup`` rows.
        planned_duration_s: a virtual-user run's ``[load] duration_s``: a repetition's test
            duration is at least this long (k6's ``http_reqs`` rate divides by the test's time).
        all_label: the one row's treatment when ``treatment_columns`` is empty (the caller words it:
            :func:`bancada.analysis.words.k6_table.all_requests`).

    Raises:
        K6SummaryError: a named column is missing, or no row is left.
    """
    import pandas as pd

    missing = [c for c in ["latency_s", "ok", *treatment_columns] if c not in samples.columns]
    if missing:
        raise K6SummaryError(f"the k6-style summary needs the column(s) {', '.join(missing)}")
    used = dict.fromkeys([*treatment_columns, "latency_s", "ok", "start_s", replication_column, "phase"])
    df = samples[[c for c in used if c in samples.columns]]  # the groups copy only what they count
    if not keep_warmup and "phase" in df.columns:
        df = df[df["phase"].astype(str) != "warmup"]
    if df.empty:
        raise K6SummaryError("no measured rows: the k6-style summary has nothing to count")
    rows: list[K6Row] = []
    groups: Any = df.groupby(list(treatment_columns), sort=True, dropna=False) if treatment_columns else [((), df)]
    for key, group in groups:
        levels = key if isinstance(key, tuple) else (key,)
        latency_ms = pd.to_numeric(group["latency_s"], errors="coerce").dropna().to_numpy() * 1e3
        failed = int((~_ok(group["ok"])).sum())
        duration_s = _duration_s(group, replication_column, planned_duration_s)
        rows.append(
            K6Row(
                treatment=_label(*(str(x) for x in levels)) or all_label,
                **trend_ms(latency_ms),
                requests=len(group),
                requests_per_s=None if duration_s is None else len(group) / duration_s,
                failed_pct=100.0 * failed / len(group),
            )
        )
    return rows


#: The CSV's columns (``k6_summary.csv``): K6Row's fields, units in the names.
CSV_COLUMNS = [f.name for f in fields(K6Row)]


def csv_frame(rows: Sequence[K6Row]) -> pd.DataFrame:
    """The rows with K6Row's field names as columns (``treatment``, ``avg_ms`` ... ``failed_pct``)."""
    import pandas as pd

    return pd.DataFrame([asdict(r) for r in rows], columns=CSV_COLUMNS)


def write_csv(rows: Sequence[K6Row], path: Path) -> None:
    """Write ``k6_summary.csv``: one line per treatment, numbers with a decimal point.

    Raises:
        OSError: the file cannot be written.
    """
    csv_frame(rows).to_csv(path, index=False)


def load_of_run(meta: dict[str, str]) -> dict[str, Any]:
    """The ``[load]`` table of a run's stored profile (``profile_json`` meta); empty when unknown."""
    try:
        data = json.loads(meta.get("profile_json") or "{}")
    except ValueError:
        return {}
    load = data.get("load") if isinstance(data, dict) else None
    return load if isinstance(load, dict) else {}


def is_vus_run(meta: dict[str, str]) -> bool:
    """Whether the run's profile used k6's virtual users (``[load] model = "vus"``)."""
    return load_of_run(meta).get("model") == VUS_MODEL


def _label(*levels: object) -> str:
    """``go-rest / ListPets10``, with a format and a link when the run has them."""
    return " / ".join(str(x) for x in levels if isinstance(x, str) and x)


def from_tidy(df: pd.DataFrame, meta: dict[str, str], *, running: bool = False) -> list[K6Row]:
    """One row per treatment (implementation / workload [/ format / link]) of a run's tidy samples
    (:func:`bancada.store.tidy_csv.tidy_frame`'s columns), sorted by name; ``meta``: the run's
    meta (a virtual-user run's rate uses its planned ``duration_s``, unless ``running``: the
    repetition in progress has not lasted that long yet, so its rate is over its span so far).

    Raises:
        K6SummaryError: a needed column is missing, or no measured row is left.
    """
    if "implementation" not in df.columns or "payload" not in df.columns:
        raise K6SummaryError("the k6-style summary needs the columns implementation and payload")
    names = [c for c in ("implementation", "payload", "format", "link") if c in df.columns]
    df = df.assign(**{c: df[c].fillna("") for c in names[2:]})  # format and link: empty without them
    load = load_of_run(meta)
    vus = load.get("model") == VUS_MODEL and load.get("duration_s") and not running
    planned = float(load["duration_s"]) if vus else None
    return summarize(df, names, planned_duration_s=planned)


def in_run_order(rows: Sequence[K6Row], treatments: Sequence[TreatmentLevels]) -> list[K6Row]:
    """``rows`` in the order of the run's treatments (the profile's order); unknown names last."""
    order = {_label(t.implementation, t.workload, t.format, t.link): i for i, t in enumerate(treatments)}
    return sorted(rows, key=lambda r: order.get(r.treatment, len(order)))
