"""Export: the data files (in a background task) and the plot images (GUI thread).

:func:`export_data` writes, into one folder: ``samples.csv`` (the tidy CSV of
the guide), ``k6_summary.csv`` (k6's end-of-test table per treatment:
:mod:`bancada.stats.k6_summary`), ``statistics/<table>.csv`` (one per table), ``statistics.md``
(Markdown tables), ``conclusions.md`` (the results in sentences, in the window's
language), ``profile.toml`` (the profile as run), ``host.json`` (the
host's facts and the workers' versions), ``run.json`` (the run's metadata) and
``report.html`` (the whole report in one self-contained file, as ``bancada report``
writes it: :mod:`bancada.report.build`).
The plot's ``plot.png`` (2× the widget's pixels) and ``plot.svg`` are rendered
by :class:`bancada.ui.plots.live_view.LiveView` on the GUI thread.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
) -> list[Path]:
    """Write the run's data files into ``folder`` (created); return the paths written.

    ``stats``: the window's :class:`bancada.analysis.run_statistics.StatsResult`, reused by the report
    (None: the report computes its own).

    Raises:
        OSError: the folder cannot be written.
        bancada.store.runstore.RunStoreError: the run file is not readable.
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
        k6_rows = k6_run.k6_rows(store)  # k6's end-of-test table per treatment, as bancada run --out writes it
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

    written += write_report(str(run_path), html_path=folder / "report.html", stats=stats)
    return written
