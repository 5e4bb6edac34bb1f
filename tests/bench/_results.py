"""A benchmark script's figures as a results file, docs/results/<script>.json, from which the docs' tables are written.

Each script in tests/bench/ that the docs cite takes ``--write-results``: at the end of a full run (never
with ``--smoke``) it calls ``write`` with its tables; scripts/gen_figures.py then writes the tables of
README.md and docs/ from the file (its docstring gives the format). The file holds the command that was
run, the commit of the checkout, the date and the machine's facts (cores, CPU model, memory, kernel, load
average before and after), so a figure in the docs always names where it comes from.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results"


def load_average() -> str:
    """The 1-minute load average as text (``"0.72"``), or ``""`` where /proc/loadavg is absent."""
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return ""


def cpu_model() -> str | None:
    """The CPU's model name from /proc/cpuinfo (Linux), None elsewhere."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def memory_gib() -> float | None:
    """The machine's memory in GiB, one decimal (MemTotal of /proc/meminfo), None elsewhere."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        pass
    return None


def commit() -> str | None:
    """The checkout's commit (with ``+changes`` when the work tree differs from it outside docs/results),
    None outside git."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
        dirty = subprocess.run(  # the results files a series of scripts writes are not changes to the code
            ["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs/results"],
            cwd=ROOT,
            capture_output=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return head.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def machine(load_before: str, note: str | None = None) -> dict[str, Any]:
    """The machine's facts: cores, CPU model, memory (GiB), kernel, load average before–after the run, a note."""
    after = load_average()
    return {
        "cores": os.cpu_count(),
        "cpu_model": cpu_model(),
        "memory_gib": memory_gib(),
        "kernel": platform.release(),
        "load_average": f"{load_before}–{after}" if load_before and load_before != after else after,
        "note": note,
    }


def table(
    columns: list[str], rows: list[list[Any]], caption: str | None = None, formats: dict[str, str] | None = None
) -> dict[str, Any]:
    """One table of a results file: column names, rows of cells (strings or numbers), the numbers' formats."""
    if any(len(row) != len(columns) for row in rows):
        raise ValueError(f"every row needs {len(columns)} cells ({', '.join(columns)})")
    return {"caption": caption, "columns": columns, "rows": rows, "formats": formats or {}}


def write(
    script: str,
    tables: dict[str, dict[str, Any]],
    load_before: str,
    note: str | None = None,
    name: str | None = None,
) -> Path:
    """Write docs/results/<name>.json (``name`` defaults to the script's stem) with ``tables`` (table name ->
    ``table(...)``) and the run's facts; a script with several kinds of run names each (``startup-xvfb``).

    ``script`` is the script's ``__file__``; the command is the one this process was started with.
    Returns the file's path.
    """
    path = Path(script).resolve()
    command = " ".join([".venv/bin/python", path.relative_to(ROOT).as_posix(), *sys.argv[1:]])
    data = {
        "script": path.relative_to(ROOT).as_posix(),
        "command": command,
        "source": "measured",
        "commit": commit(),
        "date": datetime.date.today().isoformat(),
        "machine": machine(load_before, note),
        "tables": tables,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"{name or path.stem}.json"
    out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"results: {out.relative_to(ROOT)} (scripts/gen_figures.py writes the docs' tables from it)")
    return out
