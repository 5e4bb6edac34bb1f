"""siege's and ab's summary tables computed from a run's stored samples (no Qt).

A *load run* is a run whose profile has ``[load] model = "closed"`` or ``"open"``: many
requests in flight at once, as siege (``siege -c C -t T``) and Apache Bench
(``ab -n N -c C``) drive a server. For each treatment and repetition (one block: what one
siege or ab invocation measures) :func:`load_rows` gives the fields those tools print, each
computed as the tool computes it (docs/statistics.md, "Load (siege)" and "Load (ab)", cites
siege(1) and the Apache httpd manual page of ab):

siege (Jeff Fulmer, siege 4 manual, "Siege statistics"):
    transactions         responses received (any HTTP status): siege counts every server hit
    availability_pct     100 x transactions / (transactions + socket failures, timeouts included)
    elapsed_s            first request sent to last response received
    data_mib             transactions x body bytes of one response / 2^20 (siege's MB; siege's
                         manual says headers are included, siege 4.0.7 counts the bodies only:
                         this follows the program)
    response_time_s      mean time of a transaction
    transaction_rate     transactions / elapsed_s
    throughput_mib_s     data_mib / elapsed_s
    concurrency          sum of transaction times / elapsed_s (rises as the server slows down)
    successful           responses with a status below 400
    failed               responses with a status of 400 or above + socket failures
    longest_s, shortest_s  the slowest and fastest transaction

ab (Apache httpd 2.4 manual, "ab - Apache HTTP server benchmarking tool", and ab.c):
    complete             requests that got a response (ab's "Complete requests")
    failed               requests without one (connect, receive, timeout)
    non_2xx              responses with a status outside 200..299
    time_taken_s         first request sent to last response received
    requests_per_s       complete / time_taken_s
    time_per_request_ms  concurrency x time_taken_s x 1000 / complete ("mean")
    time_per_request_all_ms  time_taken_s x 1000 / complete ("mean, across all concurrent requests")
    transfer_kib_s       complete x (header + body bytes) / 1024 / time_taken_s ("Transfer rate":
                         totalread / 1024 / timetaken, totalread counting the headers)
    total_mean_ms, total_sd_ms, total_median_ms, total_max_ms   "Connection Times (ms)", row Total
                         (sd with n - 1, as ab.c)
    p50_ms ... p100_ms   "Percentage of the requests served within a certain time": the sorted
                         times at index int(n x p / 100), p = 50, 66, 75, 80, 90, 95, 98, 99; 100 is
                         the longest request (ab rounds these to whole ms; here they keep 3 decimals)

Bytes: Bancada does not record the bytes of every response. ``response_bytes`` gives, per
treatment, the ``[head, body]`` bytes of one answer (the runner asks each REST treatment once,
:mod:`bancada.experiment.probe`); every response is taken to be that size (exact for a fixed
answer such as the seed's ``GET /json``, approximate for a 4xx). Without it, the byte fields
are None. Samples beyond the driver's raw-sample cap (``load.max_records``) are not in the
store and not in these tables; ``capped`` says how many there were.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol

import numpy as np
import pandas as pd

from bancada.core.samples import PHASE_MEASURE
from bancada.stats.load_blocks import PART_COLUMNS, Block, blocks_of_parts, error_flags


class StoredTreatment(Protocol):
    """What :func:`from_store` reads of a treatment (:class:`bancada.store.runstore.TreatmentRow`)."""

    @property
    def id(self) -> int: ...
    @property
    def implementation(self) -> str: ...
    @property
    def workload(self) -> str: ...


class StoredRun(Protocol):
    """What :func:`from_store` reads of a run (:class:`bancada.store.runstore.RunStore` has it all)."""

    def meta(self) -> dict[str, str]: ...
    def treatments(self) -> Sequence[StoredTreatment]: ...
    def measured_parts(self, columns: Sequence[str]) -> Iterator[dict[str, np.ndarray]]: ...
    def driver_events(self, kind: str | None = None) -> list[dict[str, Any]]: ...


MIB = 1024 * 1024
#: ab's percentiles ("Percentage of the requests served within a certain time (ms)").
AB_PERCENTS = (50, 66, 75, 80, 90, 95, 98, 99, 100)


@dataclass(frozen=True)
class SiegeRow:
    """siege's summary of one treatment's block (times in seconds, data in MiB as siege's MB)."""

    implementation: str
    workload: str
    repetition: int
    transactions: int
    availability_pct: float
    elapsed_s: float
    data_mib: float | None
    response_time_s: float
    transaction_rate: float
    throughput_mib_s: float | None
    concurrency: float
    successful: int
    failed: int
    longest_s: float
    shortest_s: float


@dataclass(frozen=True)
class AbRow:
    """ab's summary of one treatment's block (times in ms unless named ``_s``)."""

    implementation: str
    workload: str
    repetition: int
    concurrency_level: int
    complete: int
    failed: int
    non_2xx: int
    time_taken_s: float
    requests_per_s: float
    time_per_request_ms: float
    time_per_request_all_ms: float
    transfer_kib_s: float | None
    total_mean_ms: float
    total_sd_ms: float
    total_median_ms: float
    total_max_ms: float
    percentiles_ms: dict[int, float]


@dataclass(frozen=True)
class LoadTables:
    """Both tools' rows for a run, how many requests ran past the raw-sample cap, and how the run
    drove the load: ``connection`` ("reuse": keep-alive; "new": a connection per request; "" when
    not known), ``timed`` (the clients ran for a duration, siege's ``-t``, not a request count, ab's
    ``-n``), ``model`` ("closed" or "open") and ``ab_start`` (the driver sent each block's first
    measured request alone, as ab does)."""

    siege: list[SiegeRow]
    ab: list[AbRow]
    capped: int = 0
    connection: str = ""
    timed: bool = True
    model: str = "closed"
    ab_start: bool = False


def _block(group: pd.DataFrame) -> Block:
    """The arrays of one block of a normalized frame (see :func:`normalize`)."""
    ok = group["ok"].to_numpy(dtype=bool)
    answered_by_error, bad_status = error_flags(group["error"].fillna("").astype(str).to_numpy(dtype=object))
    start = group["start_s"].to_numpy(dtype=float)
    latency = group["latency_s"].to_numpy(dtype=float)
    elapsed = float((start + latency).max() - start.min()) if len(group) else 0.0
    return Block(latency, ok | answered_by_error, ok, bad_status & ~ok, elapsed)


def _as_bool(column: pd.Series) -> pd.Series:
    if column.dtype == bool:
        return column
    return column.astype(str).str.strip().str.lower().isin(("1", "true", "yes"))


def normalize(samples: pd.DataFrame) -> pd.DataFrame:
    """The measured samples with the columns the tables need, from either a run's
    :meth:`RunStore.samples_frame` (``phase`` 0/1, ``*_ns``, ``workload``) or the tidy sample CSV
    (``phase`` warmup/measure, ``*_s``, ``payload``): ``treatment``, ``implementation``,
    ``workload``, ``repetition``, ``ok`` (bool), ``error``, ``latency_s``, ``start_s``.

    Raises:
        ValueError: a needed column is missing (the message names it).
    """
    df = samples
    workload = "workload" if "workload" in df.columns else "payload"
    need = ["implementation", workload, "repetition", "ok", "phase"]
    need += ["latency_ns", "start_ns"] if "latency_ns" in df.columns else ["latency_s", "start_s"]
    missing = [c for c in need if c not in df.columns]
    if missing:
        raise ValueError(f"the load tables need the column(s) {', '.join(missing)}")
    phase = df["phase"]
    measured = phase == PHASE_MEASURE if phase.dtype.kind in "iu" else phase.astype(str).str.strip() == "measure"
    df = df[measured]
    out = pd.DataFrame(
        {
            "implementation": df["implementation"].astype(str),
            "workload": df[workload].astype(str),
            "repetition": pd.to_numeric(df["repetition"]).astype(int),
            "ok": _as_bool(df["ok"]),
            "error": df["error"].fillna("").astype(str) if "error" in df.columns else "",
        }
    )
    if "latency_ns" in df.columns:
        out["latency_s"] = df["latency_ns"].to_numpy(dtype=float) / 1e9
        out["start_s"] = df["start_ns"].to_numpy(dtype=float) / 1e9
    else:
        out["latency_s"] = pd.to_numeric(df["latency_s"]).to_numpy(dtype=float)
        out["start_s"] = pd.to_numeric(df["start_s"]).to_numpy(dtype=float)
    out["treatment"] = df["treatment"].astype(str) if "treatment" in df.columns else ""
    return out


def siege_row(impl: str, workload: str, repetition: int, b: Block, bytes_each: int | None) -> SiegeRow:
    """``bytes_each``: body bytes of one response (None: unknown)."""
    transactions = int(b.answered.sum())
    socket_failures = int((~b.answered).sum())
    attempts = transactions + socket_failures
    times = b.latency_s[b.answered]
    elapsed = b.elapsed_s
    data = transactions * bytes_each / MIB if bytes_each is not None else None
    return SiegeRow(
        implementation=impl,
        workload=workload,
        repetition=repetition,
        transactions=transactions,
        availability_pct=100.0 * transactions / attempts if attempts else 0.0,
        elapsed_s=elapsed,
        data_mib=data,
        response_time_s=float(times.mean()) if len(times) else 0.0,
        transaction_rate=transactions / elapsed if elapsed > 0 else 0.0,
        throughput_mib_s=data / elapsed if data is not None and elapsed > 0 else None,
        concurrency=float(times.sum()) / elapsed if elapsed > 0 else 0.0,
        successful=int((b.answered & ~b.client_error_or_worse).sum()),
        failed=int(b.client_error_or_worse.sum()) + socket_failures,
        longest_s=float(times.max()) if len(times) else 0.0,
        shortest_s=float(times.min()) if len(times) else 0.0,
    )


def ab_percentiles_ms(times_ms: np.ndarray) -> dict[int, float]:
    """ab's "served within a certain time": sorted times at ``int(n * p / 100)``; 100 % is the longest.

    ``times_ms`` is not empty.
    """
    ordered = np.sort(times_ms)
    n = len(ordered)
    return {p: float(ordered[-1] if p >= 100 else ordered[min(n * p // 100, n - 1)]) for p in AB_PERCENTS}


def ab_row(impl: str, workload: str, repetition: int, b: Block, concurrency: int, bytes_each: int | None) -> AbRow:
    """ab's fields of one block; ``bytes_each``: head + body bytes of one response (None: unknown)."""
    complete = int(b.answered.sum())
    times_ms = b.latency_s[b.answered] * 1e3
    taken = b.elapsed_s
    empty = complete == 0
    return AbRow(
        implementation=impl,
        workload=workload,
        repetition=repetition,
        concurrency_level=concurrency,
        complete=complete,
        failed=int((~b.answered).sum()),
        non_2xx=int((b.answered & ~b.status_ok).sum()),
        time_taken_s=taken,
        requests_per_s=complete / taken if taken > 0 else 0.0,
        time_per_request_ms=concurrency * taken * 1000 / complete if complete else 0.0,
        time_per_request_all_ms=taken * 1000 / complete if complete else 0.0,
        transfer_kib_s=complete * bytes_each / 1024 / taken if bytes_each is not None and taken > 0 else None,
        total_mean_ms=0.0 if empty else float(times_ms.mean()),
        total_sd_ms=float(times_ms.std(ddof=1)) if complete > 1 else 0.0,
        total_median_ms=0.0 if empty else float(np.median(times_ms)),
        total_max_ms=0.0 if empty else float(times_ms.max()),
        percentiles_ms={} if empty else ab_percentiles_ms(times_ms),
    )


def load_rows(
    samples: pd.DataFrame,
    concurrency: int,
    response_bytes: dict[str, list[int]] | list[int] | None = None,
    capped: int = 0,
) -> LoadTables:
    """siege's and ab's rows for every treatment and repetition of a run's samples.

    Args:
        samples: :meth:`RunStore.samples_frame` or the tidy sample CSV as a DataFrame (see
            :func:`normalize`); only the measured phase is used.
        concurrency: the load's clients (``load.concurrency``), ab's "Concurrency Level".
        response_bytes: ``[head, body]`` bytes of one answer: by treatment id (as text, the
            run's ``response_bytes`` meta), or one pair for every treatment; None or a missing
            id leaves the byte fields None.
        capped: requests that ran past the driver's raw-sample cap (not in ``samples``).

    Rows come in the profile's order of treatments (a run's treatment ids; the tidy CSV's
    first appearance), then by repetition.

    Raises:
        ValueError: a needed column is missing.
    """
    measured = normalize(samples)
    keys = ["treatment", "implementation", "workload", "repetition"]
    blocks = []
    for key, group in measured.groupby(keys, sort=False):
        treatment, impl, workload, rep = (str(k) for k in key)  # pandas types a group key as Hashable
        order = int(treatment) if treatment.isdigit() else 0
        blocks.append((order, treatment, impl, workload, int(rep), _block(group)))
    return _tables(blocks, concurrency, response_bytes, capped)


def _tables(
    blocks: list[tuple[int, str, str, str, int, Block]],
    concurrency: int,
    response_bytes: dict[str, list[int]] | list[int] | None,
    capped: int,
) -> LoadTables:
    """Both tools' rows of ``blocks`` (order key, treatment id as text, implementation, workload,
    repetition, block), in the profile's order (treatment ids follow it; not the schedule's shuffled
    block order), then by repetition."""
    siege, ab = [], []
    for _, treatment, impl, workload, rep, b in sorted(blocks, key=lambda x: (x[0], x[4])):
        pair = response_bytes if isinstance(response_bytes, list) else (response_bytes or {}).get(treatment)
        body = int(pair[1]) if pair else None
        whole = int(pair[0]) + int(pair[1]) if pair else None
        siege.append(siege_row(impl, workload, rep, b, body))
        ab.append(ab_row(impl, workload, rep, b, concurrency, whole))
    return LoadTables(siege, ab, capped)


def siege_frame(tables: LoadTables) -> pd.DataFrame:
    """The siege rows as a DataFrame (one column per field, units in the names)."""
    return pd.DataFrame([asdict(r) for r in tables.siege])


def ab_frame(tables: LoadTables) -> pd.DataFrame:
    """The ab rows as a DataFrame; the percentiles become columns ``p50_ms`` ... ``p100_ms``."""
    rows = []
    for r in tables.ab:
        row = asdict(r)
        percentiles = row.pop("percentiles_ms")
        row.update({f"p{p}_ms": percentiles.get(p) for p in AB_PERCENTS})
        rows.append(row)
    return pd.DataFrame(rows)


def load_of_run(meta: dict[str, str]) -> dict[str, Any] | None:
    """The ``[load]`` table of a run's stored profile (``profile_json`` meta) when it used a load
    model (closed or open), else None."""
    import json

    try:
        load = json.loads(meta.get("profile_json") or "{}").get("load") or {}
    except ValueError:
        return None
    return load if load.get("model") in ("closed", "open") else None


def from_store(store: StoredRun) -> LoadTables | None:
    """The tables of a stored run (:class:`bancada.store.runstore.RunStore`), or None when the run
    did not use a load model."""
    import json

    meta = store.meta()
    load = load_of_run(meta)
    if load is None:
        return None
    try:
        sizes = json.loads(meta.get("response_bytes") or "{}")
    except ValueError:
        sizes = {}
    done = store.driver_events("done")
    capped = sum(int(e.get("samples_capped", 0)) for e in done)
    # the measured samples only, their columns the tables read, a part at a time (bancada.stats.load_blocks)
    names = {t.id: (t.implementation, t.workload) for t in store.treatments()}
    blocks = [
        (treatment, str(treatment), *names[treatment], rep, b)
        for (treatment, rep), b in blocks_of_parts(store.measured_parts(PART_COLUMNS)).items()
    ]
    tables = _tables(blocks, int(load.get("concurrency", 1)), sizes, capped)
    try:
        connection = str(json.loads(meta.get("profile_json") or "{}").get("experiment", {}).get("connection", ""))
    except (ValueError, AttributeError):
        connection = ""
    return replace(
        tables,
        connection=connection,
        timed=bool(load.get("duration_s")),
        model=str(load.get("model", "closed")),
        ab_start=any(bool(e.get("ab_start")) for e in done),
    )
