"""The inputs of ``bancada compare``: run ids, run files or tidy sample CSVs,
each read into a :class:`bancada.stats.side.Side`, and what their metadata
allows (a noise floor for the same profile on the same host, the server/transit
split for the same profile on different hosts)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from bancada.core.i18n import translate
from bancada.stats.run_comparison import PairOptions
from bancada.stats.side import RESPONSE, TREATMENT_COLUMNS, Side
from bancada.stats.options import OptionMessage
from bancada.stats.prepare import InputError, keep_measured
from bancada.core.installation import explain
from bancada.store.run_source import RunSourceError, open_run, source_kind
from bancada.store.sample_reader import csv_header, read_csv_columns, read_run_columns
from bancada.store.tidy_csv import COLUMNS

REQUIRED = [*TREATMENT_COLUMNS, RESPONSE]
OPTIONAL = ["run_id", "repetition", "server_s", "phase", "ok"]
#: Host facts that make two hosts the same machine (load and time-of-run facts excluded).
HOST_FACTS = ("hostname", "os", "kernel", "arch", "cpu_model", "cpu_count", "memory_bytes")
MODES = ("auto", "on", "off")


@dataclass
class LoadedSide:
    """A side and where it came from: ``kind`` is ``run`` or ``csv``; ``meta`` the
    run file's metadata (None for a CSV); ``rows_in`` rows read, ``removed``
    the rows dropped by :func:`bancada.stats.prepare.keep_measured`."""

    side: Side
    source: str
    kind: str
    meta: dict[str, Any] | None
    rows_in: int
    removed: dict[str, Any]

    def describe(self) -> dict[str, Any]:
        """The side as the JSON's ``runs`` entry."""
        m = self.meta or {}
        return {
            "label": self.side.label,
            "source": self.source,
            "kind": self.kind,
            "run_id": m.get("run_id"),
            "profile": m.get("profile_name"),
            "host": m.get("host_name"),
            "created_at": m.get("created_at"),
            "rows_in": self.rows_in,
            "rows_used": len(self.side.samples),
            "removed": self.removed,
            "treatments": list(self.side.treatments),
        }


def load_side(spec: str, keep_measure_ok: bool = True) -> LoadedSide:
    """Read one input: a tidy sample CSV (``*.csv``), a run file, or a run id.

    Raises :class:`InputError` (one line naming the input and what was
    expected) for an unknown run, a file that is neither, a CSV without the
    needed columns or with a non-numeric latency, or no measured sample.
    """
    try:
        kind = source_kind(spec)
        if kind == "csv":
            df, meta = _read_csv(Path(spec)), None
        else:
            with open_run(spec) as store:
                meta = store.meta()
                df = read_run_columns(store, [c for c in COLUMNS if c in {*REQUIRED, *OPTIONAL}])
    except RunSourceError as exc:
        raise InputError(str(exc)) from None
    rows_in = len(df)
    if keep_measure_ok:
        df, removed = keep_measured(df)
    else:
        removed = {"warmup_or_other_phase": None, "not_ok": None}
    numeric = pd.api.types.is_numeric_dtype(df[RESPONSE])  # then no cell can be a bad text
    lat = df[RESPONSE] if numeric else pd.to_numeric(df[RESPONSE], errors="coerce")
    bad = lat.isna() & df[RESPONSE].notna() & (df[RESPONSE].astype(str).str.strip() != "") if not numeric else None
    if bad is not None and bad.any():
        raise InputError(
            f"{spec}: column {RESPONSE} is not numeric: {df[RESPONSE][bad].iloc[0]!r} (expected latencies in seconds)"
        )
    keep = np.isfinite(lat.to_numpy(dtype=float))
    removed["missing_response"] = int((~keep).sum())
    df = df.assign(**{RESPONSE: lat})
    df = df if keep.all() else df[keep]
    df = df.assign(**{c: df[c].astype(str) for c in TREATMENT_COLUMNS})
    if df.empty:
        raise InputError(f"{spec}: no measured, successful sample (phase = measure, ok = true) to compare")
    label = (meta or {}).get("run_id") or _csv_label(df, Path(spec))
    return LoadedSide(Side(label, df.reset_index(drop=True)), spec, kind, meta, rows_in, removed)


def _read_csv(path: Path) -> pd.DataFrame:
    try:
        header = csv_header(path)
    except pd.errors.EmptyDataError:
        raise InputError(f"{path} is empty: expected a tidy sample CSV with a header row") from None
    except (OSError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise InputError(explain(exc, f"cannot read {path}: {str(exc).splitlines()[0]}", path)) from None
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise InputError(
            f"{path}: missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}; "
            f"expected a tidy sample CSV with {', '.join(REQUIRED)} "
            "(from bancada export, or bancada import soares2024)"
        )
    cols = [c for c in header if c in {*REQUIRED, *OPTIONAL}]
    numeric = [c for c in cols if c in (RESPONSE, "server_s", "repetition")]
    try:
        df = read_csv_columns(path, cols, numeric=numeric)
    except (ValueError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise InputError(explain(exc, f"cannot read {path}: {str(exc).splitlines()[0]}", path)) from None
    if df.empty:
        raise InputError(f"{path} has a header but no rows: there is nothing to compare")
    return df


def _csv_label(df: pd.DataFrame, path: Path) -> str:
    if "run_id" in df.columns:
        ids = pd.unique(df["run_id"].astype(str))
        if len(ids) == 1 and ids[0] not in ("", "nan"):
            return str(ids[0])
    return path.stem


def unique_labels(loaded: list[LoadedSide]) -> None:
    """Make the sides' labels unique (``label#2``, ``label#3`` for repeats), in place."""
    seen: dict[str, int] = {}
    for item in loaded:
        label = item.side.label
        seen[label] = seen.get(label, 0) + 1
        if seen[label] > 1:
            item.side.label = f"{label}#{seen[label]}"


def _design(meta: dict[str, Any]) -> dict[str, Any] | None:
    """The profile as run, without the schedule's seed (drawn anew for each run)."""
    try:
        profile: dict[str, Any] = json.loads(meta["profile_json"])
    except (KeyError, ValueError):
        return None
    profile.get("experiment", {}).pop("seed", None)
    return profile


def _host(meta: dict[str, Any], prefix: str) -> tuple[Any, ...]:
    try:
        facts = json.loads(meta.get(f"{prefix}_facts", "{}"))
    except ValueError:
        facts = {}
    name = meta.get("host_name" if prefix == "host" else "driver_host")
    return (name, *(facts.get(k) for k in HOST_FACTS))


def pair_options(a: LoadedSide, b: LoadedSide, noise_floor: str = "auto", network_share: str = "auto") -> PairOptions:
    """Decide the noise floor and the server/transit split for the pair (a, b).

    ``auto``: the noise floor when both are run files of the same profile (the
    schedule's seed aside) on the same host and driver host (name and
    :data:`HOST_FACTS`); the split when the profile is the same and the host
    or the driver host differs.  ``on`` / ``off`` force either.
    """
    if noise_floor not in MODES or network_share not in MODES:
        raise InputError(
            OptionMessage(
                "{noise_floor} and {network_share} take one of {modes}",
                ("noise_floor", "network_share"),
                {"modes": ", ".join(MODES)},
            )
        )
    if a.meta is None or b.meta is None:
        same_profile = same_host = None
        why = translate("CompareTable", "a tidy CSV carries no profile or host facts")
    else:
        da, db = _design(a.meta), _design(b.meta)
        same_profile = da is not None and da == db
        same_host = _host(a.meta, "host") == _host(b.meta, "host") and _host(a.meta, "driver_host") == _host(
            b.meta, "driver_host"
        )
        why = (
            translate("CompareTable", "same profile")
            if same_profile
            else translate("CompareTable", "different profiles")
        ) + ", "
        why += (
            translate("CompareTable", "same host")
            if same_host
            else translate("CompareTable", "hosts {a} and {b} differ").format(
                a=a.meta.get("host_name"), b=b.meta.get("host_name")
            )
        )
    floor = same_profile is True and same_host is True
    split = same_profile is True and same_host is False
    return PairOptions(
        noise_floor=noise_floor == "on" or (noise_floor == "auto" and floor),
        noise_floor_reason=_reason(noise_floor, why),
        network_share=network_share == "on" or (network_share == "auto" and split),
        network_share_reason=_reason(network_share, why),
    )


def _reason(mode: str, why: str) -> str:
    """Why the noise floor or the split is (not) computed, in the language in use (``bancada compare``
    and its JSON: English; the window and the report: theirs)."""
    if mode == "on":
        return translate("CompareTable", "asked for ({why})").format(why=why)
    return translate("CompareTable", "turned off") if mode == "off" else why
