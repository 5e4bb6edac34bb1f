"""``bancada runs [--long | --json]``: the stored runs, one line each.

The run id is the value a user copies into ``bancada export``, ``analyze``, ``compare`` and
``report``: it is never folded or cut, at any terminal width (the other columns wrap around it), and
output that goes to a file or a pipe is as wide as its rows. Measured and warm-up samples are counted
apart (a steady warm-up may take many more requests than the measurement). ``--json`` gives scripts
one array of objects with raw numbers; ``--long`` gives every field of each run, one per line.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from bancada.core.i18n import integer, translate
from bancada.store.runstore import list_runs

#: The width of output that is not a terminal: as wide as the rows need (no row is this long).
PIPE_WIDTH = 10_000


def run_records(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The runs as ``--json`` writes them: run_id, created_at, profile, host, status, measured, warmup
    (sample counts of each phase) and file (the run file's path)."""
    return [
        {
            "run_id": r["run_id"],
            "created_at": r["created_at"],
            "profile": r["name"],
            "host": r["host"],
            "status": r["status"],
            "measured": r["measured"],
            "warmup": r["warmup"],
            "file": r["path"],
        }
        for r in runs
    ]


def runs_table(runs: list[dict[str, Any]]) -> Table:
    """The table of ``runs``: run id (never folded), profile, status, measured and warm-up samples."""
    table = Table(title=translate("cli", "runs"), title_justify="left")
    table.add_column(translate("cli", "run id"), no_wrap=True, min_width=max(len(r["run_id"]) for r in runs))
    table.add_column(translate("cli", "profile"), overflow="fold")
    table.add_column(translate("cli", "status"), overflow="fold")
    table.add_column(translate("cli", "measured"), justify="right", no_wrap=True)
    table.add_column(translate("cli", "warm-up"), justify="right", no_wrap=True)
    for r in runs:
        table.add_row(r["run_id"], r["name"], r["status"], integer(r["measured"]), integer(r["warmup"]))
    return table


def runs_long(runs: list[dict[str, Any]]) -> str:
    """``--long``: each run as its id, then one indented line per field (every value whole, at any width)."""
    labels = {
        "created_at": translate("cli", "started"),
        "name": translate("cli", "profile"),
        "host": translate("cli", "host"),
        "status": translate("cli", "status"),
        "measured": translate("cli", "measured"),
        "warmup": translate("cli", "warm-up"),
        "path": translate("cli", "file"),
    }
    width = max(len(label) for label in labels.values())
    lines = []
    for r in runs:
        lines.append(r["run_id"])
        for key, label in labels.items():
            value = integer(r[key]) if key in ("measured", "warmup") else str(r[key])
            lines.append(f"  {label:<{width}}  {value}")
    return "\n".join(lines) + "\n"


def runs_command(args: argparse.Namespace) -> int:
    """List the stored runs (``args.long``, ``args.json``); 0."""
    runs = list_runs()
    if getattr(args, "json", False):
        sys.stdout.write(json.dumps(run_records(runs), indent=2) + "\n")
        return 0
    console = Console()
    if not console.is_terminal:  # a file or a pipe: every row whole, never folded to a guessed width
        console = Console(width=PIPE_WIDTH)
    if not runs:
        console.print(translate("cli", "no runs yet: try  bancada run profiles/quick.toml"), highlight=False)
        return 0
    if getattr(args, "long", False):
        sys.stdout.write(runs_long(runs))
    else:
        console.print(runs_table(runs), highlight=False)
    return 0
