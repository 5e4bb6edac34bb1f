"""A tidy sample CSV opened as a read-only run: its treatments, the live view's arrays and the tidy frame.

The window opens a run file or a tidy CSV (``bancada export``'s, or published data
converted by ``bancada import soares2024``) the same way: the boxes, the trace and
the statistics read the samples, never the run's profile. A CSV has no profile, no
host facts and no treatment ids: its treatments are the combinations of
:data:`TREATMENT_COLUMNS` in order of first appearance, numbered from 1.

The file is read column by column by :func:`bancada.store.sample_reader.read_csv_columns`
(Arrow's CSV reader, texts as categoricals), once for the view and once by the
statistics process.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from bancada.core.i18n import translate
from bancada.store.sample_reader import csv_header, read_csv_columns
from bancada.stats import columns
from bancada.store.runstore import TreatmentRow

# The columns that make a treatment (the guide's tidy CSV).
TREATMENT_COLUMNS = ("implementation", "language", "protocol", "operation", "payload")
# What the window needs of a tidy CSV.
REQUIRED = (*TREATMENT_COLUMNS, "repetition", "phase", "latency_s", "ok")
# Read when present.
OPTIONAL = ("run_id", "payload_count", "payload_bytes", "server_s")
_NUMERIC = ("latency_s", "server_s", "payload_count", "payload_bytes")


class TidyCsvError(ValueError):
    """The file is not a tidy sample CSV Bancada can open; the message (translated) names what is wrong."""


def is_csv(path: str | Path) -> bool:
    """Whether ``path`` names a CSV (by its extension), which the window opens as a tidy sample CSV."""
    return Path(path).suffix.lower() == ".csv"


def read_tidy_csv(path: str | Path) -> pd.DataFrame:
    """The tidy CSV's :data:`REQUIRED` and present :data:`OPTIONAL` columns, in the file's order.

    Texts of the treatment columns, ``phase`` and ``ok`` are categoricals; ``latency_s``
    float64; ``repetition`` integers (or texts when a label is not one).

    Raises:
        TidyCsvError: the file is empty, is not a CSV, lacks columns of :data:`REQUIRED`
            (named), has no rows or a latency that is not a number.
        OSError: the file cannot be read.
    """
    name = Path(path).name
    try:
        header = csv_header(path)
    except pd.errors.EmptyDataError:
        raise TidyCsvError(
            translate("TidyCsv", "{f} is empty: expected a tidy sample CSV (from bancada export)").format(f=name)
        ) from None
    except (pd.errors.ParserError, UnicodeDecodeError):
        raise TidyCsvError(
            translate("TidyCsv", "{f} is not a CSV file: expected a tidy sample CSV (from bancada export)").format(
                f=name
            )
        ) from None
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise TidyCsvError(
            translate(
                "TidyCsv",
                "{f} is not a Bancada tidy sample CSV: missing columns {cols} (expected the columns of {all})",
            ).format(f=name, cols=", ".join(missing), all=", ".join(REQUIRED))
        )
    wanted = [c for c in header if c in {*REQUIRED, *OPTIONAL}]
    try:
        df = read_csv_columns(
            path,
            wanted,
            numeric=[c for c in wanted if c in _NUMERIC],
            labels=["repetition"],
            categorical=TREATMENT_COLUMNS,
        )
    except (ValueError, pd.errors.ParserError, UnicodeDecodeError):
        raise TidyCsvError(
            translate("TidyCsv", "{f} cannot be read as a tidy sample CSV: a row does not fit its header").format(
                f=name
            )
        ) from None
    if df.empty:
        raise TidyCsvError(translate("TidyCsv", "{f} has a header but no samples").format(f=name))
    if not pd.api.types.is_numeric_dtype(df["latency_s"]):
        raise TidyCsvError(
            translate("TidyCsv", "{f}: column latency_s holds a text that is not a number of seconds").format(f=name)
        )
    return df


@dataclass(frozen=True)
class TidyRun:
    """A tidy CSV as the window shows it.

    ``treatments``: one row per treatment (ids from 1, in order of first appearance);
    ``treatment``: each sample's treatment id (int64); ``latency_ms`` (float64);
    ``phase`` (int8: 0 warm-up, 1 measure, 2 anything else); ``ok`` (bool);
    ``meta``: what stands for a run file's metadata (``run_id``, ``status``).
    """

    treatments: list[TreatmentRow]
    treatment: np.ndarray
    latency_ms: np.ndarray
    phase: np.ndarray
    ok: np.ndarray
    meta: dict[str, str]


def tidy_run(path: str | Path) -> TidyRun:
    """Read the tidy CSV at ``path`` for the window (see :func:`read_tidy_csv` for the errors raised)."""
    df = read_tidy_csv(path)
    coded = [columns.code_column(df[c]) for c in TREATMENT_COLUMNS]
    cell = columns.combine([c.codes for c in coded], [len(c.names) for c in coded]).astype(np.int64)
    first = pd.unique(cell[cell >= 0])  # the combinations in order of first appearance
    ids = np.zeros(int(cell.max()) + 2 if len(cell) else 1, dtype=np.int64)
    ids[first] = np.arange(1, len(first) + 1)
    counts = [_first_number(df, c, cell) for c in ("payload_count", "payload_bytes")]
    treatments = []
    for i, k in enumerate(first.tolist(), start=1):
        texts = []
        rest = k
        for c in reversed(coded):
            texts.append(c.names[rest % len(c.names)])
            rest //= len(c.names)
        impl, language, protocol, operation, payload = reversed(texts)
        treatments.append(
            TreatmentRow(
                i, impl, language, protocol, impl, operation, payload, "", counts[0].get(k, 0), counts[1].get(k, 0)
            )
        )
    phase = _per_text(df["phase"], lambda t: {"warmup": 0, "measure": 1}.get(t, 2), np.int8)
    ok = _per_text(df["ok"], lambda t: t in ("true", "1", "yes", "t", "y"), np.bool_)
    run_id = str(df["run_id"].iloc[0]) if "run_id" in df.columns else Path(path).stem
    return TidyRun(
        treatments,
        ids[cell],  # a row with a missing treatment text: id 0, in no treatment
        df["latency_s"].to_numpy(dtype=float) * 1e3,
        phase,
        ok,
        {"run_id": run_id, "status": "complete", "source": "csv"},
    )


def _per_text(col: pd.Series, value: Callable[[str], object], dtype: type[np.generic]) -> np.ndarray:
    """``value(text)`` of each row's text (trimmed, lower case; "" when missing), looked up once per level."""
    coded = columns.code_column(col)
    lookup = np.array([value(t.strip().lower()) for t in coded.names] + [value("")], dtype=dtype)
    return lookup[coded.codes]


def _first_number(df: pd.DataFrame, column: str, cell: np.ndarray) -> dict[int, int]:
    """The first value of a count column in each treatment (0 when the column is absent or empty)."""
    if column not in df.columns:
        return {}
    values = pd.to_numeric(df[column], errors="coerce")
    firsts = pd.Series(values.to_numpy()).groupby(cell).first()
    return {int(str(k)): int(v) for k, v in firsts.items() if int(str(k)) >= 0 and pd.notna(v)}


__all__ = ["REQUIRED", "TidyCsvError", "TidyRun", "is_csv", "read_tidy_csv", "tidy_run"]
