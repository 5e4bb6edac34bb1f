"""``bancada report RUN [--compare RUN ...] --html FILE | --pdf FILE [--language pt_BR|en]``.

The report a student hands in about one run (a run id, a run file or a tidy sample CSV): the
question, the design, the host and workers, the box plots and trace, every statistics table with
its reading, the conclusions in sentences, and the comparison with other runs when given. One
self-contained HTML file and/or its PDF (WeasyPrint). See docs/report.md and
:mod:`bancada.report.build`.
"""

from __future__ import annotations

import argparse
import sys

from bancada.stats.prepare import InputError


def configure_parser(p: argparse.ArgumentParser) -> None:
    """Add every ``report`` argument, including the positional run."""
    p.add_argument("run", metavar="RUN", help="run id, run file (.sqlite) or tidy sample CSV")
    p.add_argument(
        "--compare",
        nargs="+",
        default=[],
        metavar="RUN",
        help="other runs to compare with RUN (the baseline), as bancada compare does",
    )
    p.add_argument("--html", metavar="FILE", help="write the report as one self-contained HTML file")
    p.add_argument("--pdf", metavar="FILE", help="write the report as PDF (A4)")
    p.add_argument(
        "--language", choices=["en", "pt_BR"], default=None, help="language of the report (default: the system's)"
    )


def _fail(msg: str) -> int:
    print(f"bancada report: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Write the report; 0 on success, 2 with one line on stderr on bad input."""
    from bancada.core.i18n import set_language
    from bancada.report.build import PdfUnavailable, write_report

    if not args.html and not args.pdf:
        return _fail("say where to write the report: --html FILE and/or --pdf FILE")
    set_language(args.language)
    try:
        written = write_report(args.run, args.html, args.pdf, args.compare)
    except (InputError, PdfUnavailable) as exc:
        return _fail(str(exc).splitlines()[0])
    except OSError as exc:
        return _fail(f"cannot write the report: {exc.strerror or exc} ({exc.filename or ''})")
    for path in written:
        print(f"wrote {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point (``python -m bancada.cli.report``)."""
    p = argparse.ArgumentParser(prog="bancada report", description=__doc__.splitlines()[0])
    configure_parser(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
