"""The run's data for programs: the tidy sample CSV, k6's end-of-test table where it applies, the
siege and ab tables of a load run."""

from __future__ import annotations

from pathlib import Path

from bancada.export.context import ExportContext, writing


def samples_csv(ctx: ExportContext) -> list[Path]:
    """``samples.csv`` (or :attr:`ExportOptions.samples_csv`): the tidy CSV, one row per request
    (:mod:`bancada.store.tidy_csv`'s columns); its rows go to ``ctx.rows["samples"]``.

    Raises:
        ExportError: the file cannot be written.
    """
    from bancada.store import tidy_csv

    with writing(ctx.folder / ctx.options.samples_csv) as path:
        if ctx.tidy is not None:
            ctx.rows["samples"] = tidy_csv.write_csv(ctx.tidy, path)
        else:
            ctx.rows["samples"] = tidy_csv.export_csv(ctx.store, path)
    return [path]


def k6_summary_csv(ctx: ExportContext) -> list[Path]:
    """``k6_summary.csv``, k6's end-of-test table per treatment (:mod:`bancada.stats.k6_summary`), for a
    run of k6's virtual users (:func:`bancada.stats.k6_summary.is_vus_run`, the runs whose window shows the
    k6 tab) or any run when :attr:`ExportOptions.k6_always`; nothing for a run without measured samples.
    Its rows (treatments) go to ``ctx.rows["k6_summary"]``.

    Raises:
        ExportError: the file cannot be written.
    """
    from bancada.analysis import k6_run
    from bancada.stats import k6_summary

    if not (ctx.options.k6_always or k6_summary.is_vus_run(ctx.meta)):
        return []
    rows = k6_run.k6_rows(ctx.store, ctx.tidy)
    if not rows:
        return []
    with writing(ctx.folder / "k6_summary.csv") as path:
        k6_summary.write_csv(rows, path)
    ctx.rows["k6_summary"] = len(rows)
    return [path]


def load_tables_csv(ctx: ExportContext) -> list[Path]:
    """``load_siege.csv`` and ``load_ab.csv`` (one column per field, units in the names) of a run with a
    load model (closed or open), in :attr:`ExportOptions.load_folder` or the export's folder; nothing
    for a run without one.

    Raises:
        ExportError: a file or the folder cannot be written.
    """
    from bancada.stats import load_tables

    tables = load_tables.from_store(ctx.store)
    if tables is None:
        return []
    folder = ctx.options.load_folder or ctx.folder
    with writing(folder):
        folder.mkdir(parents=True, exist_ok=True)
    with writing(folder / "load_siege.csv") as siege:
        load_tables.siege_frame(tables).to_csv(siege, index=False)
    with writing(folder / "load_ab.csv") as ab:
        load_tables.ab_frame(tables).to_csv(ab, index=False)
    return [siege, ab]
