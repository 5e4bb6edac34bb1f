"""The run's pictures and report: the CPU profiles' flame graphs and the report a student hands in
(HTML, and PDF when asked), both drawn by :mod:`bancada.report`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bancada.export.context import ExportContext, writing

if TYPE_CHECKING:
    from bancada.analysis.run_statistics import StatsResult


def flame_graphs(ctx: ExportContext) -> list[Path]:
    """``flame-<treatment>-<implementation>-<workload>.svg`` per profiled treatment of a run with CPU
    profiles (``[profiling] cpu``, ``bancada run --profile-cpu``): :func:`bancada.report.flames.write_flame_svgs`;
    nothing for a run without profiles.

    Raises:
        ExportError: a file cannot be written.
    """
    from bancada.report.flames import write_flame_svgs

    with writing(ctx.folder):
        return write_flame_svgs(ctx.run_path, ctx.folder)


def report_html(ctx: ExportContext) -> list[Path]:
    """``report.html`` (the whole report in one self-contained file, as ``bancada report`` writes it:
    :func:`bancada.report.build.write_report`) and ``report.pdf`` when :attr:`ExportOptions.pdf`.

    Raises:
        ExportError: a file cannot be written.
        bancada.report.build.PdfUnavailable: ``pdf`` without WeasyPrint (the HTML is written).
    """
    from bancada.report.build import write_report

    pdf = ctx.folder / "report.pdf" if ctx.options.pdf else None
    with writing(ctx.folder / "report.html"):
        return write_report(
            str(ctx.run_path), html_path=ctx.folder / "report.html", pdf_path=pdf, stats=ctx.options.stats
        )


def export_report(
    run_path: str | Path,
    pdf_path: str | Path,
    stats: StatsResult | None = None,
    progress: Callable[[float], None] | None = None,
) -> list[Path]:
    """Write the run's report as a PDF at ``pdf_path`` and as HTML beside it (the same name, ``.html``);
    return both paths (File > Export report). ``progress`` hears the share done (0–1) after each step:
    reading the run, the statistics and figures, the HTML, the PDF's pages.

    Raises:
        bancada.report.build.PdfUnavailable: WeasyPrint is not installed (the HTML is written).
        bancada.report.inputs.InputError: the run cannot be read.
        OSError: a file cannot be written.
    """
    from bancada.report.build import build_context, render_html, write_pdf
    from bancada.report.inputs import load_run

    step = progress or (lambda _f: None)
    pdf_path = Path(pdf_path)
    step(0.02)
    run = load_run(str(run_path))
    step(0.25)
    html = render_html(build_context(run, stats=stats))
    step(0.6)
    html_path = pdf_path.with_suffix(".html")
    html_path.write_text(html, encoding="utf-8")
    step(0.65)
    write_pdf(html, pdf_path)
    step(1.0)
    return [pdf_path, html_path]
