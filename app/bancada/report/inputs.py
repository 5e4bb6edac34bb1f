"""The input of ``bancada report``: a run id, a run file or a tidy sample CSV, read as a :class:`ReportRun`
(samples with ``latency_ms``, the run's metadata, the workers' versions, the profile as run)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from bancada.stats.prepare import InputError
from bancada.core.installation import explain
from bancada.store.sample_reader import read_csv_whole


@dataclass
class ReportRun:
    """One run as the report reads it: ``kind`` is ``run`` (a run file) or ``csv`` (a tidy CSV,
    e.g. published data, without profile or host facts); ``samples`` the tidy rows with
    ``latency_ms``; ``profile`` the profile as run (None for a CSV)."""

    label: str
    source: str
    kind: str
    samples: pd.DataFrame
    meta: dict[str, Any] = field(default_factory=dict)
    workers: dict[str, Any] = field(default_factory=dict)
    profile: dict[str, Any] | None = None
    #: the driver's ``warmup_end`` events (a steady-state warm-up's count per treatment and block),
    #: each with the treatment's ``label`` (implementation / workload)
    warmups: list[dict[str, Any]] = field(default_factory=list)


def load_run(spec: str) -> ReportRun:
    """Read a run id, a run file or a tidy sample CSV.

    Raises:
        InputError: one line naming the input and what was expected.
    """
    from bancada.analysis.run_statistics import with_latency_ms
    from bancada.store.run_source import RunSourceError, open_run, source_kind
    from bancada.store.tidy_csv import tidy_frame

    path = Path(spec)
    try:
        if source_kind(spec) == "csv":
            return _load_csv(path)
        with open_run(spec) as store:
            meta = store.meta()
            workers = store.workers()
            labels = {t.id: f"{t.implementation} / {t.workload}" for t in store.treatments()}
            warmups = [
                {**e, "label": labels.get(int(e.get("treatment", -1)), "")} for e in store.driver_events("warmup_end")
            ]
            df = tidy_frame(store)
    except RunSourceError as exc:
        raise InputError(str(exc)) from None
    try:
        profile = json.loads(meta.get("profile_json", ""))
    except ValueError:
        profile = None
    return ReportRun(meta.get("run_id", path.stem), spec, "run", with_latency_ms(df), meta, workers, profile, warmups)


def _load_csv(path: Path) -> ReportRun:
    from bancada.analysis.run_statistics import with_latency_ms

    df = _read_tidy_csv(path)
    for col in ("repetition", "seq"):
        if col in df.columns:
            df[col] = pd.to_numeric(df[col], errors="coerce").fillna(0).astype(int)
    for col in ("phase", "ok"):
        if col not in df.columns:
            df[col] = "measure" if col == "phase" else "true"
    if "repetition" not in df.columns:
        df["repetition"] = 1
    return ReportRun(_csv_label(path, df), str(path), "csv", with_latency_ms(df.dropna(subset=["latency_s"])))


def _read_tidy_csv(path: Path) -> pd.DataFrame:
    """The CSV at ``path`` as text columns, ``latency_s`` as numbers (NaN where not one). Raises
    :class:`InputError` for a missing, empty or unreadable file, a missing column, or no latency."""
    if not path.is_file():
        raise InputError(f"no such file: {path} (expected a tidy sample CSV, a run file or a run id)")
    try:
        df = read_csv_whole(path, dtype=str)
    except pd.errors.EmptyDataError:
        raise InputError(f"{path} is empty: expected a tidy sample CSV with a header row") from None
    except (OSError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise InputError(explain(exc, f"cannot read {path}: {str(exc).splitlines()[0]}", path)) from None
    needed = ["implementation", "payload", "latency_s"]
    missing = [c for c in needed if c not in df.columns]
    if missing:
        raise InputError(
            f"{path}: missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}; expected a tidy sample "
            "CSV (from bancada export, or bancada import soares2024)"
        )
    lat = pd.to_numeric(df["latency_s"], errors="coerce")
    if lat.isna().all():
        raise InputError(f"{path}: column latency_s has no number (expected latencies in seconds)")
    return df.assign(latency_s=lat)


def _csv_label(path: Path, df: pd.DataFrame) -> str:
    """The run's label: the CSV's one ``run_id`` when it has one, else the file's stem."""
    if "run_id" in df.columns and df["run_id"].nunique() == 1 and str(df["run_id"].iloc[0]) not in ("", "nan"):
        return str(df["run_id"].iloc[0])
    return path.stem


def report_factors(run: ReportRun) -> list[str]:
    """The profile's factors (language, protocol by default), else those the CSV has with two levels."""
    if run.profile:
        return list(run.profile.get("experiment", {}).get("factors") or ["language", "protocol"])
    return [f for f in ("language", "protocol") if f in run.samples.columns] or ["implementation"]
