"""``bancada run`` and ``export run``: the headless commands (``runs``: :mod:`bancada.cli.runs`, ``workers``:
:mod:`bancada.cli.workers`)."""

from __future__ import annotations

import argparse
import signal
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TaskID, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from bancada.cli.option_flags import flag
from bancada.experiment.overrides import ProfileOverrides
from bancada.experiment.plan import PlanError
from bancada.experiment.profile import ProfileError
from bancada.core.i18n import translate
from bancada.core.installation import explain
from bancada.core.paths import BancadaHomeError
from bancada.run.events import Notice, Progress as RunProgress, RunError, RunFinished, RunStarted
from bancada.run.run_setup import RunSetup, runner_for
from bancada.run.runner import Runner
from bancada.store.runstore import RunStore, RunStoreError

if TYPE_CHECKING:
    import pandas as pd

    from bancada.export.run_export import Exported

err = Console(stderr=True)
out = Console()

_LEVEL_STYLE = {"error": "red", "warning": "yellow"}  # rich markup per event level; info is dim


def _fail(message: str, code: int = 2) -> int:
    err.print(f"[bold red]bancada:[/] {escape(message)}", highlight=False, markup=True, soft_wrap=True)
    return code


def _run_setup(args: argparse.Namespace) -> RunSetup:
    """The run ``args`` asks for, in the run room's terms (its overrides' messages name their flags)."""
    overrides = ProfileOverrides(
        implementations=args.implementations,
        operation=args.operation,
        payloads=args.payloads,
        requests=args.requests,
        repetitions=args.repetitions,
        warmup=args.warmup,
        warmup_until=args.warmup_until,
        schedule=args.schedule,
        driver=args.driver,
        connection=args.connection,
        seed=args.seed,
        load=args.load,
        concurrency=args.concurrency,
        duration_s=args.duration,
        rate_per_s=args.rate,
        load_workers=getattr(args, "load_workers", None),
        profile_cpu=getattr(args, "profile_cpu", False),
    )
    return RunSetup(
        args.profile,
        overrides,
        named=flag,
        host=args.host,
        driver_host=args.driver_host,
        on_disconnect="pause" if args.on_disconnect == "pause" else "incomplete",
    )


def run_command(args: argparse.Namespace) -> int:
    setup = _run_setup(args)
    try:
        with runner_for(setup) as runner:
            # SIGTERM behaves like Ctrl-C: stop workers, keep the run.
            signal.signal(signal.SIGTERM, lambda *_: runner.cancel())
            try:
                run_path, finished = _follow_run(runner, args.quiet)
            except (RunError, PlanError, BancadaHomeError) as exc:
                return _fail(str(exc))
    except (FileNotFoundError, ProfileError, RunError) as exc:
        return _fail(str(exc))
    if finished is None or run_path is None:
        return _fail("the run did not start")
    if finished.status != "complete":  # said first: writing the CSV below may fail for the same reason
        _fail(f"run {finished.status}: {finished.message}", 1)
    try:
        return _report(run_path, finished, args)
    except RunStoreError as exc:  # the run file moved or deleted while the run was ending
        return _fail(str(exc))


def _follow_run(runner: Runner, quiet: bool) -> tuple[Path | None, RunFinished | None]:
    """Run ``runner`` with a progress bar on stderr; its run file and its end (None if it did not start).

    Ctrl-C cancels the run and waits for the runner to stop its workers and close the run file.

    Raises:
        RunError, PlanError, BancadaHomeError: the run could not start or go on.
    """
    finished: RunFinished | None = None
    run_path = None
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[count]}"),
        TextColumn("{task.fields[rate]}"),
        TextColumn("[red]{task.fields[errors]}"),
        TimeRemainingColumn(),
        console=err,
        disable=quiet,
        transient=False,
    ) as bar:
        task = None
        events = runner.events()
        try:
            for event in events:
                if isinstance(event, RunStarted):
                    run_path = event.path
                    task = _started(bar, runner, event)
                elif isinstance(event, RunProgress) and task is not None:
                    _show_progress(bar, task, event)
                elif isinstance(event, Notice):
                    _notice(bar, event, quiet)
                elif isinstance(event, RunFinished):
                    finished = event
                    if task is not None and event.status == "complete":  # the bar full only now
                        bar.update(task, completed=next(t.total or 0 for t in bar.tasks if t.id == task))
        except KeyboardInterrupt:
            runner.cancel()
            for event in events:  # let the runner stop workers and close the store
                if isinstance(event, RunFinished):
                    finished = event
    return run_path, finished


def _started(bar: Progress, runner: Runner, event: RunStarted) -> TaskID:
    """The run's progress task, and the line with its id and file (whole, to copy at any width)."""
    task = bar.add_task(
        runner.profile.experiment.name, total=event.total_requests or None, rate="", errors="", count=""
    )
    exp = runner.profile.experiment
    err.print(
        f"run {event.run_id} ({event.driver} driver, {exp.schedule} schedule, seed {exp.seed}) -> {event.path}",
        soft_wrap=True,
    )
    return task


def _notice(bar: Progress, event: Notice, quiet: bool) -> None:
    """A notice of the run above the bar (its info notices only without --quiet)."""
    if event.level != "info" or not quiet:
        bar.console.print(f"[{_LEVEL_STYLE.get(event.level, 'dim')}]{event.text}", highlight=False, markup=True)


def _show_progress(bar: Progress, task: TaskID, event: RunProgress) -> None:
    """Move the progress bar to ``event``: the share of the run's expected time gone when the runner
    knows it (else the requests done of the total), the measured and warm-up requests apart, samples/s,
    errors."""
    if event.measured_total:
        count = f"{event.measured}/{event.measured_total} measured, {event.warmup} warm-up requests"
    elif event.total:
        count = f"{event.done}/{event.total} requests"
    else:
        count = f"{event.done} requests"
    if event.fraction is not None:
        bar.update(task, total=1000, completed=round(1000 * event.fraction))
    else:
        bar.update(task, completed=event.done)
    bar.update(
        task,
        count=count,
        rate=f"{event.samples_per_s:,.0f} samples/s",
        errors=f"{event.errors} errors" if event.errors else "",
    )


def _report(run_path: Path, finished: RunFinished, args: argparse.Namespace) -> int:
    """Print the run's summary (and its siege and ab tables after a load run, k6's table after a run of
    virtual users or with --k6-summary); write :data:`bancada.export.run_export.RUN_OUT` into --out."""
    # the statistics (pandas, scipy) are imported once the run has ended, not before its workers start
    from bancada.analysis import k6_run
    from bancada.analysis.words import k6_table
    from bancada.analysis.words.load_labels import print_tables
    from bancada.export.context import ExportError, ExportOptions
    from bancada.export.run_export import RUN_OUT, export_run
    from bancada.stats import k6_summary, load_tables as load_tables_mod

    k6_always = bool(getattr(args, "k6_summary", False))
    with RunStore.open(run_path) as store:
        print_summary(summary_frame(store), store)
        load_tables = load_tables_mod.from_store(store)
        if load_tables is not None:
            print_tables(out, load_tables)
        k6_rows = k6_run.k6_rows(store) if k6_always or k6_summary.is_vus_run(store.meta()) else []
        if k6_rows:
            k6_table.print_table(out, k6_rows)
        run_id = store.meta()["run_id"]
    out_dir = args.out or Path("bancada-results") / run_id
    try:  # each output reads what it needs of the run file: the samples' CSV a part at a time
        written = export_run(run_path, out_dir, RUN_OUT, ExportOptions(k6_always=k6_always))
    except ExportError as exc:
        out.print(f"run file: {run_path}")
        return _fail(
            explain(exc.cause, f"cannot write {exc.path}: {exc.strerror or exc.cause}", out_dir)
            + f"; the run file keeps every sample (bancada export {run_id} --csv FILE)"
        )
    _print_written(run_path, written)
    return 0 if finished.status == "complete" else 1


def _print_written(run_path: Path, written: Exported) -> None:
    """The run file and each file ``bancada run`` wrote, a line per output."""
    out.print(f"run file: {run_path}")
    samples = written.by_output["samples"]
    out.print(f"samples:  {samples[0]} ({written.rows['samples']} rows)")
    if written.by_output["load_tables"]:
        out.print(f"load:     {', '.join(str(p) for p in written.by_output['load_tables'])}")
    if written.by_output["k6_summary"]:
        out.print(f"k6:       {written.by_output['k6_summary'][0]}")
    _print_flames(written.by_output["flame_graphs"])


def _treatment_label(implementation: str, fmt: str, link: str) -> str:
    """``go-rest``, or with a format and a link ``go-rest / avro / cross-region``."""
    return " / ".join(x for x in (implementation, fmt, link) if isinstance(x, str) and x)


def _treatment_labels(df: pd.DataFrame) -> np.ndarray:
    """:func:`_treatment_label` of every row of ``df`` (columns implementation, format, link), made
    once per distinct treatment: per row it took 5.7 s of a 507,000-sample run's summary."""
    import pandas as pd

    keys = df[["implementation", "format", "link"]].fillna("")
    codes, uniques = pd.MultiIndex.from_frame(keys).factorize()
    labels: np.ndarray = np.array([_treatment_label(*u) for u in uniques], dtype=object)[codes]
    return labels


def summary_frame(store: RunStore) -> pd.DataFrame:
    """The tidy columns :func:`print_summary` reads (implementation, payload, phase, ok, latency_s, and
    format and link on a run with them), the treatment's texts as categoricals (texts on a run with
    formats or links, whose labels join them): about 12 bytes a sample."""
    from bancada.store.sample_reader import read_run_columns

    split = ["format", "link"] if any(t.link or t.format for t in store.treatments()) else []
    columns = ["implementation", "payload", "phase", "ok", "latency_s", *split]
    return read_run_columns(store, columns, [] if split else ["implementation", "payload"])  # labels join texts


def print_summary(df: pd.DataFrame, store: RunStore) -> None:
    """Print n, median, mean, sd, q1, q3 (ms) per workload and treatment of a tidy frame; errors apart.

    The figures come from :func:`bancada.stats.summary.summarize` (R's type-7 quantiles, sd with n − 1).
    """
    measured = df[df["phase"] == "measure"]
    # the profile's order (the samples arrive in the schedule's shuffled block order)
    rows = store.treatments()
    payload_order = list(dict.fromkeys(t.workload for t in rows))
    impl_order = list(dict.fromkeys(_treatment_label(t.implementation, t.format, t.link) for t in rows))
    if {"format", "link"} <= set(measured.columns):  # the levels of formats and links join the label
        measured = measured.assign(implementation=_treatment_labels(measured))
    groups = dict(tuple(measured.groupby("payload", sort=False)))
    for payload in [p for p in payload_order if p in groups]:
        out.print(_summary_table(payload, groups[payload], impl_order))
    capped = sum(int(e.get("samples_capped", 0)) for e in store.driver_events("done"))
    if capped:
        out.print(
            f"[yellow]{capped} more requests ran past the driver's raw-sample cap (load.max_records); "
            f"they are in the run's per-second histograms, not in this table.[/]"
        )


def _summary_table(payload: str, group: pd.DataFrame, impl_order: list[str]) -> Table:
    """One workload's table of :func:`print_summary`: a row per treatment (``impl_order``), times in ms."""
    from bancada.stats.summary import summarize

    table = Table(title=f"{payload}: latency (ms), measured requests", title_justify="left")
    for col in ("treatment", "n", "median", "mean", "sd", "q1", "q3", "errors"):
        table.add_column(col, justify="left" if col == "treatment" else "right")
    by_impl = dict(tuple(group.groupby("implementation", sort=False)))
    for impl, g in [(i, by_impl[i]) for i in impl_order if i in by_impl]:
        ok = np.sort(g.loc[g["ok"] == "true", "latency_s"].to_numpy() * 1e3)
        errors = str(int((g["ok"] == "false").sum()))
        if len(ok):
            s = summarize(ok)
            table.add_row(impl, str(s.n), *(f"{v:.3f}" for v in (s.median, s.mean, s.sd, s.q1, s.q3)), errors)
        else:
            table.add_row(impl, "0", "-", "-", "-", "-", "-", errors)
    return table


def _print_flames(paths: list[Path]) -> None:
    """The flame graphs written (``bancada run --profile-cpu``), one line; nothing without any."""
    if paths:
        said = translate("Export", "flame graphs: {paths}")
        out.print(said.format(paths=", ".join(str(p) for p in paths)), soft_wrap=True, highlight=False)


def export_command(args: argparse.Namespace) -> int:
    """``bancada export RUN --csv F [--load-dir D]``: :data:`bancada.export.run_export.RUN_OUT` of the run, the
    tidy CSV at ``F``, k6's table and the flame graphs beside it where they apply, the load tables in ``D``."""
    from bancada.export.context import ExportError, ExportOptions
    from bancada.export.run_export import RUN_OUT, export_run

    load_dir = getattr(args, "load_dir", None)
    outputs = [o for o in RUN_OUT if o != "load_tables" or load_dir is not None]
    options = ExportOptions(samples_csv=args.csv.name, load_folder=load_dir)
    try:
        written = export_run(args.run, args.csv.parent, outputs, options)
    except RunStoreError as exc:
        return _fail(str(exc))
    except ExportError as exc:
        if load_dir is not None and load_dir in (exc.path, exc.path.parent):
            return _fail(explain(exc.cause, f"cannot write the load tables into {load_dir}: {exc.strerror}"))
        return _fail(explain(exc.cause, f"cannot write {exc.path}: {exc.strerror or exc.cause}", exc.path))
    if load_dir is not None:
        if not written.by_output["load_tables"]:
            return _fail(f"run {args.run} used no load model (closed or open): it has no siege or ab tables")
        out.print(f"wrote {load_dir / 'load_siege.csv'} and {load_dir / 'load_ab.csv'}")
    out.print(f"wrote {written.rows['samples']} rows to {args.csv}")
    k6_path = written.by_output["k6_summary"]
    if k6_path:
        out.print(f"wrote the k6-style summary ({written.rows['k6_summary']} treatments) to {k6_path[0]}")
    _print_flames(written.by_output["flame_graphs"])
    return 0
