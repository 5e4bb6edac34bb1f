"""``bancada analyze RUN|SAMPLES.csv``: the statistics of an empirical study.

Reads a run (its id or its run file) or a tidy sample CSV (or any CSV with the named columns), runs
:func:`bancada.stats.frame_analysis.analyze_frame` and prints the tables (rich);
optionally writes JSON, Markdown and one CSV per table.  See docs/analyze.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from bancada.cli import option_flags
from bancada.store import sample_reader
from bancada.core.installation import explain
from bancada.stats import serialization
from bancada.analysis.words import tables as tables_mod
from bancada.analysis.words.load_labels import print_tables
from bancada.stats.load_tables import LoadTables, ab_frame, load_rows, siege_frame
from bancada.stats.frame_analysis import InputError, analyze_frame, jsonable
from bancada.stats.results import Analysis, map_values
from bancada.store.run_source import RunSourceError, open_run
from bancada.store.tidy_csv import COLUMNS, EXTRA_COLUMNS


def _csv_list(text: str) -> list[str]:
    return [s.strip() for s in text.split(",") if s.strip()]


def configure_parser(p: argparse.ArgumentParser) -> None:
    """Add every ``analyze`` argument, including the positional CSV."""
    p.add_argument(
        "samples",
        metavar="RUN|SAMPLES.csv",
        help="a run id (as bancada runs lists them), a run file (.sqlite) or a tidy sample CSV "
        "(or any CSV with the named columns)",
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
        default="auto",
        choices=["auto", "none", "mean", "median"],
        help="response of a replication in the factorial design: the mean or median of a repetition's rows, "
        "or none (each row); default auto: the mean when every treatment has 2 repetitions or more, else none",
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
    p.add_argument(
        "--load-concurrency",
        type=int,
        metavar="C",
        help="also give siege's and ab's tables for a load run of C clients (needs start_s, ok, error)",
    )
    p.add_argument(
        "--response-bytes",
        metavar="HEAD,BODY",
        help="header and body bytes of one answer, for the load tables' data transferred and transfer rate",
    )
    p.add_argument(
        "--k6-summary",
        action="store_true",
        help="print only k6's end-of-test summary per treatment (avg, min, med, max, p(90), p(95), requests, "
        "requests/s, failed %%; factors and --by columns are the treatment); see docs/statistics.md",
    )
    add_output_arguments(p)
    p.add_argument("--conclusions", metavar="OUT.md", help="write the results as sentences (Markdown)")
    add_table_arguments(p)


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


class _DeprecatedFlag(argparse.Action):
    """A flag kept for old scripts, hidden from the help: it stores as its new name does and says once,
    on stderr, which flag to use instead."""

    def __init__(self, *args: Any, new_flag: str, **kwargs: Any) -> None:
        self.new_flag = new_flag
        super().__init__(*args, **kwargs)

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        print(f"{parser.prog}: {option} is deprecated: use {self.new_flag}", file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_table_arguments(p: argparse.ArgumentParser, old_flag: str | None = None) -> None:
    """``--tables OUT`` in ``--tables-format md|tex|csv`` and ``--language``; ``old_flag`` (compare's
    ``--format``) still works, hidden from the help, with a deprecation line on stderr."""
    from bancada.analysis.words.table_export import FORMATS

    p.add_argument(
        "--tables-format",
        dest="tables_format",
        choices=FORMATS,
        default=None,
        help="write the tables for a paper: Markdown, LaTeX (booktabs, caption, label) or CSV, "
        "numbers as the --language writes them (needs --tables OUT)",
    )
    if old_flag:
        p.add_argument(
            old_flag,
            dest="tables_format",
            choices=FORMATS,
            default=None,
            action=_DeprecatedFlag,
            new_flag="--tables-format",
            help=argparse.SUPPRESS,
        )
    p.add_argument(
        "--tables",
        metavar="OUT",
        help="where the tables go: one file for md and tex; for csv a folder (one CSV per table) "
        "or a .csv file (every table in it)",
    )
    p.add_argument(
        "--language",
        choices=["en", "pt_BR"],
        default=None,
        help="language of the conclusions and tables (default: the system's)",
    )


def write_paper_tables(
    args: argparse.Namespace, tables: dict[str, Any], prefix: str, readings: dict[str, str] | None = None
) -> None:
    """Write ``tables`` as ``args.tables_format`` into ``args.tables`` (nothing when neither is given).

    Raises:
        InputError: only one of the two options is given.
        OSError: the output cannot be written.
    """
    fmt, out = getattr(args, "tables_format", None), getattr(args, "tables", None)
    if fmt is None and out is None:
        return
    if fmt is None or out is None:
        raise InputError("--tables OUT and the table format (md, tex or csv) go together: give both")
    from bancada.analysis.words import table_export

    table_export.write(tables, fmt, out, label_prefix=prefix, readings=readings)


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
        return sample_reader.csv_header(path)
    except pd.errors.EmptyDataError:
        raise InputError(
            f"{path} is empty: expected a CSV with a header row and one row per request (e.g. from bancada export)"
        ) from None


def _read(
    path: str,
    response: str,
    required: list[str],
    optional: list[str],
    labels: tuple[str, ...] = ("repetition",),
    categorical: Sequence[str] = (),
) -> pd.DataFrame:
    """The ``required`` and present ``optional`` columns of a tidy CSV or a run (file or id).

    A CSV's columns are all read as text but ``response`` (numbers) and ``labels``
    (the replication column: integers when every cell is one); the text columns in
    ``categorical`` (the factors) as categoricals; see :mod:`bancada.store.sample_reader`.

    Raises:
        InputError: a required column is missing, the input has no rows, or the run cannot be read.
    """
    header = _header(path)
    missing = [c for c in required if c not in header]
    if missing:
        raise InputError(f"missing column{'s' if len(missing) > 1 else ''} in {path}: {', '.join(missing)}")
    cols = [c for c in header if c in {*required, *optional}]
    if _is_run(path):
        df = _read_run(path, cols, categorical)
    else:
        df = sample_reader.read_csv_columns(
            path,
            cols,
            numeric=[response],
            labels=[c for c in labels if c in cols and c != response],
            categorical=[c for c in categorical if c != response],
        )
    if df.empty:
        raise InputError(f"{path} has a header but no rows: there is nothing to analyse")
    return df


def _read_run(spec: str, cols: list[str], categorical: Sequence[str] = ()) -> pd.DataFrame:
    try:
        with open_run(spec) as store:
            return sample_reader.read_run_columns(store, cols, categorical)
    except RunSourceError as exc:
        raise InputError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Run the analysis; 0 on success, 2 with one line on stderr on bad input."""
    if getattr(args, "k6_summary", False):
        return _k6_summary(args)
    try:
        df, analysis = _analyze(args)
    except FileNotFoundError as exc:
        return _fail(explain(exc, f"no such file: {args.samples}", args.samples))
    except (InputError, ValueError) as exc:
        return _fail(option_flags.message(exc))
    except (OSError, pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        return _fail(explain(exc, f"cannot read {args.samples}: {str(exc).splitlines()[0]}", args.samples))
    named = analysis.named(option_flags.flag)  # options named by their flags
    result = jsonable(named.to_dict())  # the JSON's dict
    typed = map_values(named, jsonable)  # the same numbers as the JSON's (NaN as None) for the tables and sentences
    tables = tables_mod.build_tables(typed)
    tables.update(serialization.seed_tables(df))  # seed 004's tables when the rows carry a split
    load = None
    if args.load_concurrency is not None:
        try:
            load = _load_tables(args)
        except (ValueError, OSError) as exc:
            return _fail(explain(exc, str(exc).splitlines()[0]))
        tables.update({"Load (siege)": siege_frame(load), "Load (ab)": ab_frame(load)})
    from bancada.core.i18n import set_language

    set_language(args.language)
    failed = _write_outputs(args, result, typed, tables)
    if failed:
        return failed
    if not args.quiet:
        _print(result, {k: v for k, v in tables.items() if not k.startswith("Load (")})
        if load is not None:
            from rich.console import Console

            print_tables(Console(width=240) if not sys.stdout.isatty() else Console(), load)
    return 0


def _analyze(args: argparse.Namespace) -> tuple[pd.DataFrame, Analysis]:
    """Read ``args.samples`` and analyse it as the flags say: the rows read and the analysis.

    ``args.by`` left unset becomes ``payload`` when the input has that column, else no grouping.

    Raises:
        FileNotFoundError: no such file or run.
        InputError, ValueError: a column is missing, the input has no rows, or a flag does not fit it.
        OSError, pandas.errors.ParserError, pandas.errors.EmptyDataError, UnicodeDecodeError: unreadable input.
    """
    if args.by is None:  # payload when there is one, else the whole file is one group
        args.by = ["payload"] if "payload" in _header(args.samples) else []
    header = _header(args.samples)
    # seed 004's columns only when the input has them all (serial_rows needs every one but link)
    seed = list(serialization.COLUMNS) if {*serialization.COLUMNS} - {"link"} <= {*header} else []
    df = _read(
        args.samples,
        args.response,
        [args.response, *args.factors, *args.by],
        [args.replication, "phase", "ok", *seed],
        (args.replication,),
        categorical=[*args.factors, *args.by],  # read as codes: the analysis needs no text per row
    )
    analysis = analyze_frame(
        df,
        response=args.response,
        factors=args.factors,
        by=args.by,
        replication_column=args.replication,
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
    return df, analysis


def _write_outputs(
    args: argparse.Namespace, result: dict[str, Any], analysis: Analysis, tables: dict[str, pd.DataFrame]
) -> int:
    """Write the files the flags ask for (paper tables, JSON, Markdown, conclusions, CSVs); 0, or 2 on failure."""
    try:
        from bancada.analysis.words.table_export import tables_in_ms

        write_paper_tables(args, tables_in_ms(tables, args.response, args.log), "analyze")
    except InputError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(explain(exc, f"cannot write output: {exc}"))
    try:
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
        if args.markdown:
            Path(args.markdown).write_text(tables_mod.to_markdown(tables))
        if args.conclusions:
            from bancada.analysis.conclusions import conclusions

            Path(args.conclusions).write_text(conclusions(analysis), encoding="utf-8")
        if args.csv_dir:
            out = Path(args.csv_dir)
            out.mkdir(parents=True, exist_ok=True)
            for title, table in tables.items():
                table.to_csv(out / (re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") + ".csv"), index=False)
    except OSError as exc:
        return _fail(explain(exc, f"cannot write output: {exc}"))
    return 0


def _k6_summary(args: argparse.Namespace) -> int:
    """``--k6-summary``: k6's per-treatment table of the CSV (bancada.stats.k6_summary)."""
    from rich.console import Console

    from bancada.core.i18n import set_language
    from bancada.analysis.words import k6_table
    from bancada.stats import k6_summary

    set_language(args.language)
    try:
        by = args.by if args.by is not None else (["payload"] if "payload" in _header(args.samples) else [])
        extra = [args.replication, "phase", "start_s"]
        df = _read(args.samples, args.response, [args.response, "ok", *args.factors, *by], extra)
        df = df.rename(columns={args.response: "latency_s"}) if args.response != "latency_s" else df
        rows = k6_summary.summarize(
            df,
            [*args.factors, *by],
            replication_column=args.replication,
            keep_warmup=args.all_rows,
            all_label=k6_table.all_requests(),
        )
    except FileNotFoundError as exc:
        return _fail(explain(exc, f"no such file: {args.samples}", args.samples))
    except (InputError, ValueError) as exc:
        return _fail(option_flags.message(exc))
    except (OSError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        return _fail(explain(exc, f"cannot read {args.samples}: {str(exc).splitlines()[0]}", args.samples))
    if not args.quiet:
        k6_table.print_table(Console(width=240) if not sys.stdout.isatty() else Console(), rows)
    return 0


def _load_tables(args: argparse.Namespace) -> LoadTables:
    """siege's and ab's tables of the CSV (every row, the measured phase only).

    Raises:
        ValueError: a bad concurrency or response size, or a missing column (named).
    """
    if args.load_concurrency < 1:
        raise ValueError(f"--load-concurrency must be at least 1, got {args.load_concurrency}")
    sizes = None
    if args.response_bytes is not None:
        parts = args.response_bytes.split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError(
                f"--response-bytes takes HEAD,BODY (two byte counts, e.g. 150,16), got {args.response_bytes}"
            )
        sizes = [int(p) for p in parts]
    df = sample_reader.read_csv_whole(args.samples, dtype={"error": str, "ok": str})
    return load_rows(df, args.load_concurrency, sizes)


def removed_rows(prep: dict[str, Any]) -> str:
    """`` (removed: phase 40, not ok 2, ...)``: the rows each step of the preparation removed, only the
    steps that ran (no filter with --all-rows, no outliers without --outliers-iqr); "" when none ran."""
    steps = (
        ("phase", "warmup_or_other_phase"),
        ("not ok", "not_ok"),
        ("missing response", "missing_response"),
        ("outliers", "outliers"),
    )
    parts = [f"{label} {prep[key]}" for label, key in steps if prep.get(key) is not None]
    return f" (removed: {', '.join(parts)})" if parts else ""


def _print(result: dict[str, Any], tables: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:  # a file or a pipe: as wide as the tables need, never folded
        console = Console(width=240)
    prep = result["preparation"]
    console.print(
        f"[bold]response[/bold] {result['response']}  [bold]factors[/bold] {', '.join(result['factors'])}  "
        f"[bold]rows[/bold] {prep['rows_in']} in, {prep['rows_analysed']} analysed{removed_rows(prep)}"
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
    """Stand-alone entry point (``python -m bancada.cli.analyze``)."""
    p = argparse.ArgumentParser(prog="bancada analyze", description=__doc__.splitlines()[0])
    configure_parser(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
