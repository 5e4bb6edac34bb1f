"""The k6-style summary's words: its title, its column labels and its cells in the language in use
(:mod:`bancada.stats.k6_summary` computes the rows), and its table printed as k6's end-of-test summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING

from bancada.core.i18n import number, translate
from bancada.stats.k6_summary import K6Row

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console


def all_requests() -> str:
    """The one row's treatment when the samples have no treatment columns, in the language in use."""
    return translate("K6Summary", "all requests")


def title() -> str:
    """The table's title in the language in use."""
    return translate("K6Summary", "k6-style summary (http_req_duration, http_reqs, http_req_failed)")


def columns() -> list[tuple[str, str]]:
    """``(field, label)`` in k6's order, labels in the language in use."""
    return [
        ("treatment", translate("K6Summary", "treatment")),
        ("avg_ms", translate("K6Summary", "avg (ms)")),
        ("min_ms", translate("K6Summary", "min (ms)")),
        ("med_ms", translate("K6Summary", "med (ms)")),
        ("max_ms", translate("K6Summary", "max (ms)")),
        ("p90_ms", translate("K6Summary", "p(90) (ms)")),
        ("p95_ms", translate("K6Summary", "p(95) (ms)")),
        ("requests", translate("K6Summary", "requests")),
        ("requests_per_s", translate("K6Summary", "requests/s")),
        ("failed_pct", translate("K6Summary", "failed (%)")),
    ]


def cell(field: str, value: str | float | None) -> str:
    """A cell as the reader sees it (decimal comma in pt-BR; "–" for an unknown rate)."""
    if field == "treatment":
        return str(value)
    if value is None:
        return "–"
    value = float(value)
    if field == "requests":
        return number(value, 0)
    return number(value, 2)


def frame(rows: Sequence[K6Row]) -> pd.DataFrame:
    """The rows as a DataFrame with the translated labels as columns (numbers kept as numbers)."""
    import pandas as pd

    cols = columns()
    return pd.DataFrame(
        [{label: asdict(r)[field] for field, label in cols} for r in rows], columns=[c[1] for c in cols]
    )


def print_table(console: Console, rows: Sequence[K6Row]) -> None:
    """Print the rows on a ``rich`` console as k6's end-of-test summary lists them.

    Nothing is cut: on a narrow terminal a cell wraps; output piped into a file is at least
    160 columns wide (as k6 writes its summary lines unwrapped).
    """
    from rich.table import Table

    t = Table(title=title(), title_justify="left")
    cols = columns()
    for field, label in cols:
        t.add_column(label, overflow="fold", justify="left" if field == "treatment" else "right")
    for r in rows:
        values = asdict(r)
        t.add_row(*(cell(field, values[field]) for field, _ in cols))
    width = console.width
    if not console.is_terminal:
        console.width = max(width, 160)
    try:
        console.print(t)
    finally:
        console.width = width
