"""``bancada compare RUN_A RUN_B [RUN_C ...]``: runs side by side, treatment by
treatment, the first as the baseline.

Each input is a run id, a run file (``.sqlite``) or a tidy sample CSV.  Prints
the tables (rich); optionally writes JSON, Markdown, LaTeX and one CSV per table.
See docs/compare.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from bancada.analysis import compare_inputs
from bancada.analysis.compare_runs import compare
from bancada.cli import option_flags
from bancada.cli.analyze import add_output_arguments, add_table_arguments, write_paper_tables
from bancada.core.installation import explain
from bancada.stats import bootstrap
from bancada.stats import side as side_mod
from bancada.analysis.words import compare_tables
from bancada.analysis.words import table_export
from bancada.stats.prepare import InputError


def configure_parser(p: argparse.ArgumentParser) -> None:
    """Add every ``compare`` argument, including the positional runs."""
    p.add_argument(
        "runs",
        nargs="+",
        metavar="RUN",
        help="run ids, run files (.sqlite) or tidy sample CSVs; the first is the baseline",
    )
    p.add_argument("--alpha", type=float, default=0.05, help="significance level of the Holm-adjusted tests (0.05)")
    p.add_argument(
        "--confidence", type=float, default=0.95, help="confidence of the medians' and the changes' intervals (0.95)"
    )
    p.add_argument(
        "--resamples",
        type=int,
        default=bootstrap.RESAMPLES,
        help=f"bootstrap resamples of the change's interval ({bootstrap.RESAMPLES})",
    )
    p.add_argument("--seed", type=int, default=bootstrap.SEED, help=f"bootstrap seed ({bootstrap.SEED})")
    p.add_argument(
        "--test",
        choices=side_mod.UNITS,
        default="sample",
        dest="unit",
        help="what decides ~: the rank-sum over requests (sample, as benchstat) or over the medians "
        "of the repetitions (repetition; needs r >= 4 on each side to reach p < 0.05)",
    )
    p.add_argument(
        "--noise-floor",
        choices=compare_inputs.MODES,
        default="auto",
        help="compare the repetitions of each run among themselves (auto: same profile and host)",
    )
    p.add_argument(
        "--network-share",
        choices=compare_inputs.MODES,
        default="auto",
        help="split the latency change into server time and transit+client (auto: same profile, different hosts)",
    )
    add_output_arguments(p, latex=True)
    add_table_arguments(p, old_flag="--format")


def _fail(msg: str) -> int:
    print(f"bancada compare: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Run the comparison; 0 on success, 2 with one line on stderr on bad input."""
    try:
        result = compare(
            args.runs,
            alpha=args.alpha,
            confidence=args.confidence,
            resamples=args.resamples,
            seed=args.seed,
            noise_floor=args.noise_floor,
            network_share=args.network_share,
            keep_measure_ok=not args.all_rows,
            unit=args.unit,
        )
    except InputError as exc:
        return _fail(option_flags.message(exc))
    from bancada.core.i18n import set_language

    set_language(args.language)
    try:
        write_paper_tables(args, compare_tables.display_tables(result), "compare")
    except InputError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(explain(exc, f"cannot write output: {exc}"))
    set_language("en")  # the terminal, --markdown and --latex stay as documented in docs/compare.md
    display = compare_tables.display_tables(result)
    try:
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
        if args.markdown:
            Path(args.markdown).write_text(_markdown(result, display))
        if args.latex:
            Path(args.latex).write_text(table_export.to_latex(display, "compare"))
        if args.csv_dir:
            out = Path(args.csv_dir)
            out.mkdir(parents=True, exist_ok=True)
            for title, table in compare_tables.numeric_tables(result).items():
                table.to_csv(out / (re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") + ".csv"), index=False)
    except OSError as exc:
        return _fail(explain(exc, f"cannot write output: {exc}"))
    if not args.quiet:
        _print(result, display)
    return 0


def _header_lines(result: dict[str, Any]) -> list[str]:
    lines = [
        f"baseline {result['baseline']}; medians with {result['median_ci_method']}; "
        f"change interval: {result['change_ci_method']} ({result['bootstrap']['resamples']} resamples, "
        f"seed {result['bootstrap']['seed']}); p: Wilcoxon rank-sum as R's wilcox.test over "
        f"{'requests' if result['test_unit'] == 'sample' else 'repetition medians'}, Holm-adjusted "
        f"per table; ~ = not significant at alpha {result['alpha']}"
    ]
    for r in result["runs"]:
        lines.append(
            f"{r['label']}: {r['kind']} {r['source']}, {r['rows_used']} of {r['rows_in']} rows used"
            + (f", profile {r['profile']}, host {r['host']}" if r["kind"] == "run" else "")
        )
    return lines


def _markdown(result: dict[str, Any], display: dict[str, Any]) -> str:
    head = "\n".join(f"- {line}" for line in _header_lines(result) + compare_tables.noise_floor_lines(result))
    return head + "\n\n" + table_export.to_markdown(display)


def _print(result: dict[str, Any], display: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:  # a file or a pipe: as wide as the tables need, never folded
        console = Console(width=240)
    for line in _header_lines(result):
        console.print(line, highlight=False)
    for title, df in display.items():
        t = Table(title=title, title_justify="left")
        for c in df.columns:
            t.add_column(str(c), no_wrap=True)
        for _, row in df.iterrows():
            t.add_row(*(str(row[c]) for c in df.columns))
        console.print(t)
    for line in compare_tables.noise_floor_lines(result):
        console.print(line, highlight=False)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point (``python -m bancada.cli.compare``)."""
    p = argparse.ArgumentParser(prog="bancada compare", description=__doc__.splitlines()[0])
    configure_parser(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
