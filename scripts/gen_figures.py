#!/usr/bin/env python3
"""Write the figure tables of README.md and docs/ from the benchmark results files in docs/results/.

    .venv/bin/python scripts/gen_figures.py            rewrite every generated table from its results file
    .venv/bin/python scripts/gen_figures.py --check    exit 1, naming page, line and table, when a table differs

A page holds a generated table between two markers; what is between them is replaced:

    <!-- figures: docs/results/user_path.json#placement -->
    ...
    <!-- end of figures -->

The part after ``#`` names one table of the file; without it every table of the file is written, in the
file's order. A results file (written by a script in tests/bench/ with ``--write-results``, see
tests/bench/_results.py) is JSON:

    {"script": "tests/bench/user_path.py", "command": "...", "source": "measured" | "transcribed from docs",
     "commit": "..." | null, "date": "YYYY-MM-DD" | null,
     "machine": {"cores": 2, "cpu_model": ..., "kernel": ..., "load_average": ..., ...},
     "tables": {"NAME": {"columns": [...], "rows": [[cell, ...], ...], "formats": {"column": "{:,.0f}"}}}}

A cell is a string (written as it is) or a number (written with its column's format, else ``{:,}``).
Under each table a line names the command, the machine and the results file; the date and the commit
stay in the file (the pages do not date their text).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BEGIN = re.compile(r"^<!-- figures: (?P<file>docs/results/[\w.-]+\.json)(?:#(?P<table>[\w-]+))? -->$")
END = "<!-- end of figures -->"
#: The keys every results file has.
REQUIRED = ("script", "command", "source", "commit", "date", "machine", "tables")
#: The machine facts written under a table, in this order, with their wording.
MACHINE_FACTS = (
    ("cores", "{} cores"),
    ("cpu_model", "{}"),
    ("memory_gib", "{} GiB"),
    ("kernel", "Linux {}"),
    ("load_average", "load average {}"),
    ("note", "{}"),
)


class FiguresError(Exception):
    """A results file or a page's markers that cannot be used: the message names the file and the problem."""


@dataclass(frozen=True)
class Block:
    """One generated table of a page: its marker's line (1-based), results file and table name (or None)."""

    page: Path
    line: int
    results: str
    table: str | None
    text: str


def pages(root: Path = ROOT) -> list[Path]:
    """README.md and every Markdown page under docs/, sorted."""
    return [root / "README.md", *sorted((root / "docs").rglob("*.md"))]


def load(results: str, root: Path = ROOT) -> dict[str, Any]:
    """The results file ``results`` (a path from the repository root) as a dict.

    Raises FiguresError when it is missing, not JSON or lacks one of ``REQUIRED``.
    """
    path = root / results
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FiguresError(f"{results}: no such results file (run its script with --write-results)") from None
    except json.JSONDecodeError as exc:
        raise FiguresError(f"{results}: not JSON ({exc})") from None
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise FiguresError(f"{results}: lacks {', '.join(missing)} (expected the keys {', '.join(REQUIRED)})")
    return data


def cell(value: Any, fmt: str | None) -> str:
    """A table cell: a string as it is, a number in ``fmt`` (``{:,}`` without one), None as a dash."""
    if value is None:
        return "–"
    if isinstance(value, str):
        return value
    return (fmt or "{:,}").format(value)


def machine_line(data: dict[str, Any]) -> str:
    """The line under a table: the command, the machine's facts, where the figures come from."""
    machine = data["machine"]
    facts = [wording.format(machine[key]) for key, wording in MACHINE_FACTS if machine.get(key) not in (None, "")]
    source = "transcribed from earlier docs" if data["source"] == "transcribed from docs" else "measured"
    parts = [f"`{data['command']}`", ", ".join(facts), f"{source}: `{data['_path']}`"]
    return "<small>" + " · ".join(part for part in parts if part) + "</small>"


def render_table(data: dict[str, Any], name: str) -> str:
    """The Markdown of table ``name`` of the results ``data``, its caption first when it has one."""
    try:
        table = data["tables"][name]
    except KeyError:
        raise FiguresError(f"{data['_path']}: no table {name!r} (it has {', '.join(data['tables'])})") from None
    columns = table["columns"]
    formats = table.get("formats", {})
    lines = [f"*{table['caption']}*", ""] if table.get("caption") else []
    lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for number, row in enumerate(table["rows"], start=1):
        if len(row) != len(columns):
            raise FiguresError(f"{data['_path']}: table {name!r} row {number} has {len(row)} cells, not {len(columns)}")
        lines.append("| " + " | ".join(cell(v, formats.get(c)) for c, v in zip(columns, row, strict=True)) + " |")
    return "\n".join(lines)


def render(results: str, table: str | None, root: Path = ROOT) -> str:
    """What stands between a block's markers: the table (or every table) of ``results`` and the source line."""
    data = load(results, root)
    data["_path"] = results
    names = [table] if table else list(data["tables"])
    return "\n\n".join(render_table(data, name) for name in names) + "\n\n" + machine_line(data)


def blocks(page: Path, shown_as: Path | None = None) -> list[Block]:
    """Every generated block of ``page``. Raises FiguresError on a marker left open or an end with no start."""
    found: list[Block] = []
    open_at: tuple[int, str, str | None] | None = None
    body: list[str] = []
    name = shown_as or page
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        match = BEGIN.match(line.strip())
        if match:
            if open_at:
                raise FiguresError(f"{name}:{number}: a figures marker inside the one of line {open_at[0]}")
            open_at, body = (number, match["file"], match["table"]), []
        elif line.strip() == END:
            if not open_at:
                raise FiguresError(f"{name}:{number}: '{END}' with no figures marker before it")
            found.append(Block(name, open_at[0], open_at[1], open_at[2], "\n".join(body).strip("\n")))
            open_at = None
        elif open_at:
            body.append(line)
    if open_at:
        raise FiguresError(f"{name}:{open_at[0]}: figures marker with no '{END}' after it")
    return found


def regenerate(text: str, root: Path = ROOT) -> str:
    """``text`` with every block's content written anew from its results file."""
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        match = BEGIN.match(line.strip())
        if match:
            out += [line, render(match["file"], match["table"], root) + "\n"]
            skipping = True
        elif line.strip() == END:
            out.append(line)
            skipping = False
        elif not skipping:
            out.append(line)
    return "".join(out)


def differences(root: Path = ROOT) -> list[str]:
    """One line per block of README.md and docs/ whose text differs from what its results file gives."""
    found = []
    for page in pages(root):
        for block in blocks(page, page.relative_to(root)):
            want = render(block.results, block.table, root)
            if block.text != want:
                wrong = next(
                    (line for line in block.text.splitlines() if line not in want.splitlines()), "(lines missing)"
                )
                table = f"#{block.table}" if block.table else ""
                found.append(f"{block.page}:{block.line}: differs from {block.results}{table}: {wrong.strip()[:100]}")
    return found


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report the tables that differ; exit 1 if any")
    args = parser.parse_args(argv)
    try:
        if args.check:
            found = differences(root)
            for line in found:
                print(line, file=sys.stderr)
            if found:
                print("run scripts/gen_figures.py to write them from docs/results/", file=sys.stderr)
            return 1 if found else 0
        for page in pages(root):
            text = page.read_text(encoding="utf-8")
            new = regenerate(text, root)
            if new != text:
                page.write_text(new, encoding="utf-8")
                print(f"wrote {page.relative_to(root)}")
    except FiguresError as exc:
        print(f"gen_figures.py: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
