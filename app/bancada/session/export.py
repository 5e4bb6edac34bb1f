"""Export: the data files (in a background task) and the plot images (GUI thread).

:func:`export_data` writes, into one folder: ``samples.csv`` (the tidy CSV of
the guide), ``k6_summary.csv`` (k6's end-of-test table per treatment, for a run of
k6's virtual users: :mod:`bancada.stats.k6_summary`), ``statistics/<table>.csv`` (one per table), ``statistics.md``
(Markdown tables), ``conclusions.md`` (the results in sentences, in the window's
language), ``profile.toml`` (the profile as run), ``host.json`` (the
host's facts and the workers' versions), ``run.json`` (the run's metadata) and
``report.html`` (the whole report in one self-contained file, as ``bancada report``
writes it: :mod:`bancada.report.build`; with ``report.pdf`` for the guide's export).
:func:`export_report` writes the report alone, PDF and HTML (File > Export report).
The plot's ``plot.png`` (2× the widget's pixels) and ``plot.svg`` are rendered
by :class:`bancada.ui.plots.live_view.LiveView` on the GUI thread.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from bancada.stats.results import Analysis
    from bancada.analysis.run_statistics import StatsResult
    import pandas as pd


def slug(title: str) -> str:
    """``"Wilcoxon rank-sum"`` -> ``"wilcoxon-rank-sum"``."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def write_tables(tables: dict[str, pd.DataFrame], folder: Path, readings: dict[str, str] | None = None) -> list[Path]:
    """One CSV per table under ``folder/statistics`` (raw column names, numbers at full precision: data
    for a program) and ``folder/statistics.md`` (the tables as the window shows them, in its language:
    :func:`bancada.analysis.words.table_export.statistics_markdown`)."""
    from bancada.analysis.words.table_export import statistics_markdown

    out = []
    sub = folder / "statistics"
    sub.mkdir(parents=True, exist_ok=True)
    for title, df in tables.items():
        path = sub / f"{slug(title)}.csv"
        df.to_csv(path, index=False, float_format="%.9g")
        out.append(path)
    path = folder / "statistics.md"
    path.write_text(statistics_markdown(tables, readings), encoding="utf-8")
    out.append(path)
    return out


def export_data(
    run_path: str | Path,
    folder: str | Path,
    tables: dict[str, pd.DataFrame] | None = None,
    readings: dict[str, str] | None = None,
    result: Analysis | None = None,
    stats: StatsResult | None = None,
    pdf: bool = False,
) -> list[Path]:
    """Write the run's data files into ``folder`` (created); return the paths written.

    Only what applies to the run: ``k6_summary.csv`` for a run of k6's virtual users
    (:func:`bancada.stats.k6_summary.is_vus_run`, the runs whose window shows the k6 tab), the flame
    graphs for a run with CPU profiles, ``conclusions.md`` when there is a result.

    ``stats``: the window's :class:`bancada.analysis.run_statistics.StatsResult`, reused by the report
    (None: the report computes its own). ``pdf``: the report as ``report.pdf`` too (WeasyPrint).

    Raises:
        OSError: the folder cannot be written.
        bancada.store.runstore.RunStoreError: the run file is not readable.
        bancada.report.build.PdfUnavailable: ``pdf`` without WeasyPrint (the HTML report is written).
    """
    from bancada.analysis import k6_run
    from bancada.stats import k6_summary
    from bancada.store.runstore import RunStore
    from bancada.store.tidy_csv import export_csv
    from bancada.report.flames import write_flame_svgs

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with RunStore.open(run_path) as store:
        export_csv(store, folder / "samples.csv")
        written.append(folder / "samples.csv")
        meta = store.meta()
        workers = store.workers()
        # k6's end-of-test table per treatment, for a run of k6's virtual users only
        k6_rows = k6_run.k6_rows(store) if k6_summary.is_vus_run(meta) else []
    if k6_rows:
        k6_summary.write_csv(k6_rows, folder / "k6_summary.csv")
        written.append(folder / "k6_summary.csv")
    written += write_flame_svgs(run_path, folder)  # the CPU profiles' flame graphs ([profiling] cpu)
    if meta.get("profile_toml"):
        (folder / "profile.toml").write_text(meta["profile_toml"], encoding="utf-8")
        written.append(folder / "profile.toml")
    try:
        facts = json.loads(meta.get("host_facts", "{}"))
    except ValueError:
        facts = {"raw": meta.get("host_facts")}
    (folder / "host.json").write_text(
        json.dumps({"host": meta.get("host_name", "local"), "facts": facts, "workers": workers}, indent=2),
        encoding="utf-8",
    )
    written.append(folder / "host.json")
    run_meta = {k: v for k, v in meta.items() if k not in ("profile_toml", "profile_json", "host_facts")}
    (folder / "run.json").write_text(json.dumps(run_meta, indent=2), encoding="utf-8")
    written.append(folder / "run.json")
    if tables:
        written += write_tables(tables, folder, readings)
    if result is not None:
        from bancada.analysis.conclusions import conclusions
        from bancada.report.published import paper_beside_markdown

        text = conclusions(result) + paper_beside_markdown(run_path)  # a seed study's paper beside the run
        (folder / "conclusions.md").write_text(text, encoding="utf-8")
        written.append(folder / "conclusions.md")
    from bancada.report.build import write_report

    written += write_report(
        str(run_path), html_path=folder / "report.html", pdf_path=folder / "report.pdf" if pdf else None, stats=stats
    )
    return written


def export_report(
    run_path: str | Path,
    pdf_path: str | Path,
    stats: StatsResult | None = None,
    progress: Callable[[float], None] | None = None,
) -> list[Path]:
    """Write the run's report as a PDF at ``pdf_path`` and as HTML beside it (the same name, ``.html``);
    return both paths. ``progress`` hears the share done (0–1) after each step: reading the run,
    the statistics and figures, the HTML, the PDF's pages.

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
