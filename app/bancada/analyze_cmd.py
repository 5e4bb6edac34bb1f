"""``bancada analyze SAMPLES.csv``: the statistics of an empirical study.

Reads the tidy sample CSV (or any CSV with the named columns), runs
:func:`bancada.stats.report.analyze_frame` and prints the tables (rich);
optionally writes JSON, Markdown and one CSV per table.  See docs/analyze.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
from pathlib import Path

import pandas as pd

from . import sample_reader
from .stats import tables as tables_mod
from .stats.report import InputError, analyze_frame, jsonable
from .store.runstore import RunStore, RunStoreError
from .store.tidy_csv import COLUMNS, EXTRA_COLUMNS


def _csv_list(text: str) -> list[str]:
    return [s.strip() for s in text.split(",") if s.strip()]


def configure_parser(p: argparse.ArgumentParser) -> None:
    """Add every ``analyze`` argument, including the positional CSV."""
    p.add_argument(
        "samples",
        metavar="SAMPLES.csv|RUN",
        help="tidy sample CSV (or any CSV with the named columns), a run file or a run id",
    )
    p.add_argument("--response", default="latency_s", help="numeric response column (default latency_s)")
    p.add_argument(
        "--factors",
        default="language,protocol",
        type=_csv_list,
        help="comma-separated factor columns; their level combinations are the treatments",
    )
    p.add_argument(
        "--by",
        default=None,
        type=_csv_list,
        help="comma-separated columns that split the analysis into groups ('' for none; "
        "default: payload when the CSV has that column, otherwise none)",
    )
    p.add_argument("--replication", default="repetition", help="replication column (default repetition)")
    p.add_argument(
        "--aggregate",
        default="none",
        choices=["none", "mean", "median"],
        help="response of a replication in the factorial design (default none: each row)",
    )
    p.add_argument(
        "--outliers-iqr",
        type=float,
        default=None,
        metavar="K",
        help="drop rows outside Q1-K*IQR..Q3+K*IQR per treatment",
    )
    p.add_argument(
        "--replications", default=None, metavar="A-B", help="replications kept for the factorial design only, e.g. 2-6"
    )
    p.add_argument(
        "--trim-unbalanced", action="store_true", help="trim an unbalanced factorial design to the smallest r"
    )
    p.add_argument("--confidence", type=float, default=0.90, help="confidence of the effects' intervals (0.90)")
    p.add_argument("--alpha", type=float, default=0.05, help="significance level of the tests (0.05)")
    p.add_argument("--error-pct", type=float, default=5.0, help="tolerated error of the sample size, percent (5)")
    p.add_argument("--log", action="store_true", help="log10 of the response in the factorial design")
    add_output_arguments(p)
    p.add_argument("--conclusions", metavar="OUT.md", help="write the results as sentences (Markdown)")
    p.add_argument(
        "--language", choices=["en", "pt_BR"], default=None, help="language of the conclusions (default: the system's)"
    )


def add_output_arguments(p: argparse.ArgumentParser, latex: bool = False) -> None:
    """The options shared by ``analyze`` and ``compare``: which rows, and where the tables go."""
    p.add_argument(
        "--all-rows",
        action="store_true",
        help="do not drop warm-up and failed rows (default keeps phase=measure, ok=true)",
    )
    p.add_argument("--json", metavar="OUT.json", help="write the full result as JSON")
    p.add_argument("--markdown", metavar="OUT.md", help="write the tables as Markdown")
    if latex:
        p.add_argument(
            "--latex", metavar="OUT.tex", help="write the tables as LaTeX (booktabs, with caption and label)"
        )
    p.add_argument("--csv-dir", metavar="DIR", help="write one CSV per table into DIR")
    p.add_argument("--quiet", action="store_true", help="do not print the tables")


def _fail(msg: str) -> int:
    print(f"bancada analyze: {msg}", file=sys.stderr)
    return 2


def _is_run(spec: str) -> bool:
    """A run file (an SQLite file) or a run id (not a file); any other file is read as a CSV."""
    path = Path(spec)
    if path.suffix.lower() == ".csv":
        return False
    if not path.is_file():
        return True
    try:
        with open(path, "rb") as f:
            return f.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def _header(path: str) -> list[str]:
    """The input's column names: the CSV's header, or the tidy columns of a run file.

    Raises:
        InputError: the CSV is empty (no header row).
    """
    if _is_run(path):
        return list(COLUMNS + EXTRA_COLUMNS)
    try:
        return list(pd.read_csv(path, nrows=0).columns)
    except pd.errors.EmptyDataError:
        raise InputError(
            f"{path} is empty: expected a CSV with a header row and one row per request (e.g. from bancada export)"
        ) from None


def _read(
    path: str, response: str, required: list[str], optional: list[str], labels: tuple[str, ...] = ("repetition",)
) -> pd.DataFrame:
    """The ``required`` and present ``optional`` columns of a tidy CSV or a run (file or id).

    A CSV's columns are all read as text but ``response`` (numbers) and ``labels``
    (the replication column: integers when every cell is one); see :mod:`bancada.sample_reader`.

    Raises:
        InputError: a required column is missing, the input has no rows, or the run cannot be read.
    """
    header = _header(path)
    missing = [c for c in required if c not in header]
    if missing:
        raise InputError(f"missing column{'s' if len(missing) > 1 else ''} in {path}: {', '.join(missing)}")
    cols = [c for c in header if c in {*required, *optional}]
    if _is_run(path):
        df = _read_run(path, cols)
    else:
        df = sample_reader.read_csv_columns(
            path, cols, numeric=[response], labels=[c for c in labels if c in cols and c != response]
        )
    if df.empty:
        raise InputError(f"{path} has a header but no rows: there is nothing to analyse")
    return df


def _read_run(spec: str, cols: list[str]) -> pd.DataFrame:
    try:
        with RunStore.open(spec) as store:
            return sample_reader.read_run_columns(store, cols)
    except RunStoreError as exc:
        raise InputError(f"{exc} (expected a tidy sample CSV, a run file or a run id)") from None
    except sqlite3.Error as exc:
        raise InputError(f"{spec}: cannot read it as a Bancada run file ({exc})") from None


def run(args: argparse.Namespace) -> int:
    """Run the analysis; 0 on success, 2 with one line on stderr on bad input."""
    try:
        if args.by is None:  # payload when there is one, else the whole file is one group
            args.by = ["payload"] if "payload" in _header(args.samples) else []
        result = analyze_frame(
            _read(
                args.samples,
                args.response,
                [args.response, *args.factors, *args.by],
                [args.replication, "phase", "ok"],
                (args.replication,),
            ),
            response=args.response,
            factors=args.factors,
            by=args.by,
            replication=args.replication,
            aggregate=args.aggregate,
            confidence=args.confidence,
            alpha=args.alpha,
            error_pct=args.error_pct,
            log=args.log,
            outliers_iqr=args.outliers_iqr,
            replications=args.replications,
            trim_unbalanced=args.trim_unbalanced,
            keep_measure_ok=not args.all_rows,
        )
    except FileNotFoundError:
        return _fail(f"no such file: {args.samples}")
    except (InputError, ValueError) as exc:
        return _fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    except (OSError, pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        return _fail(f"cannot read {args.samples}: {str(exc).splitlines()[0]}")
    result = jsonable(result)
    tables = tables_mod.build_tables(result)
    try:
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
        if args.markdown:
            Path(args.markdown).write_text(tables_mod.to_markdown(tables))
        if args.conclusions:
            from .i18n import set_language
            from .stats.conclusions import conclusions

            set_language(args.language)
            Path(args.conclusions).write_text(conclusions(result), encoding="utf-8")
        if args.csv_dir:
            out = Path(args.csv_dir)
            out.mkdir(parents=True, exist_ok=True)
            for title, table in tables.items():
                table.to_csv(out / (re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") + ".csv"), index=False)
    except OSError as exc:
        return _fail(f"cannot write output: {exc}")
    if not args.quiet:
        _print(result, tables)
    return 0


def _print(result: dict, tables: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:  # a file or a pipe: as wide as the tables need, never folded
        console = Console(width=240)
    prep = result["preparation"]
    console.print(
        f"[bold]response[/bold] {result['response']}  [bold]factors[/bold] {', '.join(result['factors'])}  "
        f"[bold]rows[/bold] {prep['rows_in']} in, {prep['rows_analysed']} analysed "
        f"(removed: phase {prep.get('warmup_or_other_phase')}, not ok {prep.get('not_ok')}, "
        f"missing response {prep['missing_response']}, outliers {prep['outliers']})"
    )
    for title, df in tables.items():
        if title == "Summary":  # the terminal view; Markdown/CSV keep every column
            df = df.drop(columns=["q1", "q3", "min", "max"])
        t = Table(title=title, title_justify="left")
        for c in df.columns:
            t.add_column(str(c), no_wrap=True)  # a number folded over two lines reads as two numbers
        for _, row in df.iterrows():
            t.add_row(*(tables_mod.format_cell(c, row[c]) for c in df.columns))
        console.print(t)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point (``python -m bancada.analyze_cmd``)."""
    p = argparse.ArgumentParser(prog="bancada analyze", description=__doc__.splitlines()[0])
    configure_parser(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
