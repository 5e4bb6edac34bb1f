"""The siege and ab tables as the user reads them: translated titles, column labels and cells.

Shared by ``bancada run``, ``bancada analyze``, ``bancada export`` and the window's Load table
(no Qt here). Cells follow the language (decimal comma in pt-BR); an empty byte field is "–".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bancada.core.i18n import number, translate
from bancada.stats.load_tables import AB_PERCENTS, AbRow, LoadTables, SiegeRow

if TYPE_CHECKING:
    from rich.console import Console

#: A column: (field, label, formatter of the field's value).
Column = tuple[str, str, Callable[[Any], str]]


def _fixed(decimals: int) -> Callable[[Any], str]:
    return lambda v: "–" if v is None else number(float(v), decimals)


def _count(v: Any) -> str:
    return number(float(v), 0)


def siege_title() -> str:
    return translate("LoadTables", "Load (siege): transactions, availability and transaction rate")


def ab_title() -> str:
    return translate("LoadTables", "Load (ab): requests per second, time per request and percentiles")


def siege_columns() -> list[Column]:
    """siege's fields in the order siege prints them (units as siege writes them)."""
    return [
        ("implementation", translate("LoadTables", "implementation"), str),
        ("workload", translate("LoadTables", "workload"), str),
        ("repetition", translate("LoadTables", "repetition"), str),
        ("transactions", translate("LoadTables", "transactions (hits)"), _count),
        ("availability_pct", translate("LoadTables", "availability (%)"), _fixed(2)),
        ("elapsed_s", translate("LoadTables", "elapsed time (s)"), _fixed(2)),
        ("data_mib", translate("LoadTables", "data transferred (MB)"), _fixed(2)),
        ("response_time_s", translate("LoadTables", "response time (s)"), _fixed(4)),
        ("transaction_rate", translate("LoadTables", "transaction rate (trans/s)"), _fixed(2)),
        ("throughput_mib_s", translate("LoadTables", "throughput (MB/s)"), _fixed(2)),
        ("concurrency", translate("LoadTables", "concurrency"), _fixed(2)),
        ("successful", translate("LoadTables", "successful transactions"), _count),
        ("failed", translate("LoadTables", "failed transactions"), _count),
        ("longest_s", translate("LoadTables", "longest transaction (s)"), _fixed(4)),
        ("shortest_s", translate("LoadTables", "shortest transaction (s)"), _fixed(4)),
    ]


def ab_columns() -> list[Column]:
    """ab's fields in the order ab prints them, then "served within" 50 % ... 100 % (ms)."""
    within = translate("LoadTables", "served within {p} % (ms)")
    return [
        ("implementation", translate("LoadTables", "implementation"), str),
        ("workload", translate("LoadTables", "workload"), str),
        ("repetition", translate("LoadTables", "repetition"), str),
        ("concurrency_level", translate("LoadTables", "concurrency level"), _count),
        ("time_taken_s", translate("LoadTables", "time taken for tests (s)"), _fixed(3)),
        ("complete", translate("LoadTables", "complete requests"), _count),
        ("failed", translate("LoadTables", "failed requests"), _count),
        ("non_2xx", translate("LoadTables", "non-2xx responses"), _count),
        ("requests_per_s", translate("LoadTables", "requests per second (#/s, mean)"), _fixed(2)),
        ("time_per_request_ms", translate("LoadTables", "time per request (ms, mean)"), _fixed(3)),
        (
            "time_per_request_all_ms",
            translate("LoadTables", "time per request (ms, mean, across all concurrent requests)"),
            _fixed(3),
        ),
        ("transfer_kib_s", translate("LoadTables", "transfer rate (KB/s received)"), _fixed(2)),
        ("total_mean_ms", translate("LoadTables", "total time, mean (ms)"), _fixed(1)),
        ("total_sd_ms", translate("LoadTables", "total time, standard deviation (ms)"), _fixed(1)),
        ("total_median_ms", translate("LoadTables", "total time, median (ms)"), _fixed(1)),
        ("total_max_ms", translate("LoadTables", "total time, longest (ms)"), _fixed(1)),
        *((f"p{p}_ms", within.format(p=p), _fixed(1)) for p in AB_PERCENTS),
    ]


def _value(row: SiegeRow | AbRow, field: str) -> object:
    if field.startswith("p") and field.endswith("_ms") and field[1:-3].isdigit():
        return row.percentiles_ms.get(int(field[1:-3]))  # type: ignore[union-attr]
    return getattr(row, field)


def cells(tables: LoadTables) -> dict[str, tuple[list[str], list[list[str]]]]:
    """``{title: (labels, rows of formatted cells)}`` for the siege table, then the ab table."""
    out = {}
    for title, columns, rows in (
        (siege_title(), siege_columns(), tables.siege),
        (ab_title(), ab_columns(), tables.ab),
    ):
        labels = [label for _, label, _ in columns]
        out[title] = (labels, [[fmt(_value(r, field)) for field, _, fmt in columns] for r in rows])
    return out


def capped_note(capped: int) -> str:
    """The sentence saying how many requests the tables leave out; '' when none."""
    if not capped:
        return ""
    return translate(
        "LoadTables",
        "{n} more requests ran past the driver's raw-sample cap (load.max_records) and are not in these tables.",
    ).format(n=number(capped, 0))


def behaviour_note(tables: LoadTables) -> str:
    """Which of siege's and ab's behaviours the run reproduced, in sentences (the tables' note):
    keep-alive or not, siege's per-request delay (never: Bancada's clients send their next request
    when an answer is in, as ``siege -b``) and ab's start (its first request alone)."""
    if tables.connection == "reuse":
        parts = [translate("LoadTables", "Connections kept alive, as siege's connection = keep-alive and ab -k.")]
    elif tables.connection == "new":
        parts = [
            translate(
                "LoadTables", "A new connection for every request, as siege's connection = close and ab without -k."
            )
        ]
    else:
        parts = []
    if tables.model == "open":
        parts.append(
            translate(
                "LoadTables",
                "Open load: requests leave at a fixed rate, not from clients that wait for their answers as "
                "siege's and ab's do; the tables apply the tools' definitions to them.",
            )
        )
        return " ".join(parts)
    parts.append(
        translate(
            "LoadTables",
            "siege's per-request delay (-d, delay in .siegerc) is not reproduced: each client sends its next "
            "request as soon as an answer is in, as siege -b does.",
        )
    )
    if tables.ab_start:
        parts.append(
            translate(
                "LoadTables",
                "ab's start is reproduced: each block's first measured request ran alone and the other clients "
                "started when its answer was in, as ab -n N -c C does.",
            )
        )
    elif not tables.timed:
        parts.append(
            translate(
                "LoadTables",
                "ab's start (its first request alone) is not in this run: all clients started together, so ab's "
                "time taken would be one request longer.",
            )
        )
    return " ".join(parts)


def tables_note(tables: LoadTables) -> str:
    """The note under the tables: :func:`behaviour_note`, then :func:`capped_note`."""
    return " ".join(p for p in (behaviour_note(tables), capped_note(tables.capped)) if p)


def print_tables(console: Console, tables: LoadTables) -> None:
    """Print both tables on a rich ``console``, as the tools print them: one line per field, one
    column per implementation (and workload, when there are several), one table per repetition."""
    from rich.console import Console
    from rich.table import Table

    if not console.is_terminal:  # a file or a pipe: as wide as the tables need, never folded
        console = Console(width=max(console.width, 200), file=console.file)
    for title, (labels, rows) in cells(tables).items():
        several_workloads = len({row[1] for row in rows}) > 1
        for repetition in dict.fromkeys(row[2] for row in rows):
            chosen = [row for row in rows if row[2] == repetition]
            heading = translate("LoadTables", "{title}, repetition {r}").format(title=title, r=repetition)
            t = Table(title=heading, title_justify="left")
            t.add_column("", no_wrap=True)
            for row in chosen:
                t.add_column(f"{row[0]} {row[1]}" if several_workloads else row[0], justify="right", no_wrap=True)
            for i, label in enumerate(labels[3:], start=3):
                t.add_row(label, *(row[i] for row in chosen))
            console.print(t)
    note = behaviour_note(tables)
    if note:
        console.print(note)
    note = capped_note(tables.capped)
    if note:
        console.print(f"[yellow]{note}[/]")
