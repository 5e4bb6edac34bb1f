"""The ``bancada`` command: the GUI by default, and headless subcommands.

bancada                       open the workbench window
bancada run PROFILE [...]     run an experiment headless
bancada runs [--long|--json]  list stored runs
bancada export RUN --csv F    write a run's tidy sample CSV (short for: bancada export run RUN --csv F)
bancada export locust PROFILE --kubernetes DIR   a profile's Locust run as Kubernetes manifests
bancada analyze RUN|CSV [...] statistics of a run (id or file) or of a tidy sample CSV
bancada compare A B [...]     runs (ids, run files or tidy CSVs) side by side
bancada report RUN --html F   the report of a run (HTML and/or PDF), optionally compared with others
bancada import soares2024 ... convert published data to the tidy CSV
bancada workers               list implementations and whether they can run here
bancada hosts ...             SSH target hosts
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bancada import __version__
from bancada.wire.operations import OVERRIDE_OPERATIONS


def _csv_list(text: str) -> list[str]:
    return [p.strip() for p in text.split(",") if p.strip()]


#: The subcommands whose parsers import their modules (pandas, scipy, paramiko...), with their help lines.
_HEAVY = {
    "analyze": "statistics of a run (a run id or a run file) or of a tidy sample CSV",
    "compare": "compare runs treatment by treatment",
    "report": "the report of a run as one HTML file and/or PDF",
    "import": "convert published data to the tidy CSV",
    "hosts": "SSH target hosts",
}


#: Every heavy subcommand: ``_build_parser(EVERY)`` configures them all (the reference, the man page and
#: the completions need every flag).
EVERY = "*"
#: ``bancada export``'s subcommands; ``bancada export RUN ...`` (any other first word) means ``export run RUN ...``.
EXPORT_KINDS = ("run", "locust")


def _build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand; only ``command``'s module is imported when it is one of
    :data:`_HEAVY` (the others are listed with their help line, not configured): ``bancada --version``,
    ``bancada -h``, ``bancada workers`` and ``bancada analyze`` do not wait for paramiko or scipy.
    ``command`` :data:`EVERY` configures every subcommand (:func:`full_parser`)."""
    parser = argparse.ArgumentParser(prog="bancada", description="A workbench for API-performance experiments.")
    parser.add_argument("--version", action="version", version=f"bancada {__version__}")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")

    gui = sub.add_parser(
        "gui", help="open the workbench window (the default)", description="Open the workbench window."
    )
    gui.add_argument(
        "profile",
        nargs="?",
        help="a profile file or shipped profile name to preload (default: the settings of the last session, "
        "else the shipped profile quick)",
    )
    _configure_run(sub.add_parser("run", help="run an experiment headless", description="Run an experiment headless."))
    _configure_runs(sub.add_parser("runs", help="list stored runs", description="List the stored runs."))
    _configure_export(
        sub.add_parser(
            "export",
            help="export a stored run (its tidy sample CSV) or a profile's Locust run (Kubernetes manifests)",
            description="Export a stored run or a profile's Locust run. 'bancada export RUN --csv F' is short "
            "for 'bancada export run RUN --csv F'.",
        )
    )
    sub.add_parser(
        "workers",
        help="list implementations and whether they can run on this computer",
        description="List the implementations and whether they can run on this computer.",
    )

    for name, help_line in _HEAVY.items():
        description = help_line[0].upper() + help_line[1:] + "."
        if command not in (name, EVERY):
            sub.add_parser(name, help=help_line)  # listed, not configured: this call runs another subcommand
        elif name == "hosts":
            from bancada.cli import hosts as hosts_cli

            hosts_cli.configure_parser(sub.add_parser("hosts", help=help_line, description=description))
        else:
            _configure_heavy(sub, name, description)
    return parser


def full_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand configured (imports every command's module): the generated
    reference, the man page and the shell completions are written from it."""
    return _build_parser(EVERY)


def _configure_run(run: argparse.ArgumentParser) -> None:
    run.add_argument(
        "profile",
        help="profile TOML file (e.g. profiles/quick.toml), or the name of a profile "
        "shipped with Bancada (quick, soares-2024, ...)",
    )
    run.add_argument("--host", default="local", help="'local' (default) or a saved SSH host name")
    run.add_argument(
        "--out",
        type=Path,
        help="folder for samples.csv and, where they apply, the load tables, k6_summary.csv and flame graphs "
        "(default: ./bancada-results/RUN_ID)",
    )
    run.add_argument(
        "--implementations", type=_csv_list, help="comma-separated implementation ids to keep, e.g. go-grpc,java-rest"
    )
    run.add_argument(
        "--operation",
        choices=OVERRIDE_OPERATIONS,
        help="the operation of every workload (list_pets, list_people: 10, 100 and 1000 rows; the database "
        "methods need the profile's [database])",
    )
    run.add_argument("--payloads", type=_csv_list, help="workload names to keep, e.g. StdSize")
    run.add_argument("--requests", type=int, help="measured requests per repetition (n)")
    run.add_argument("--repetitions", type=int, help="repetitions (r)")
    run.add_argument(
        "--warmup",
        type=int,
        help="warm-up requests per treatment and repetition, a fixed count (the profile's warmup_until is set "
        "aside unless --warmup-until is given)",
    )
    run.add_argument(
        "--warmup-until",
        choices=("count", "steady", "once"),
        help="end each warm-up on the count, on steady latency in every block (steady), or on steady latency "
        "in each treatment's first block only (once)",
    )
    run.add_argument(
        "--profile-cpu",
        action="store_true",
        help="profile each worker's CPU during every block (flame graphs; as [profiling] cpu = true)",
    )
    run.add_argument(
        "--schedule",
        choices=["randomized", "sequential", "alternating", "interleaved"],
        help="randomized (default): each treatment once per repetition as a block, blocks shuffled; "
        "sequential: blocks in profile order; alternating (formerly interleaved): request by "
        "request across treatments, which measures switching costs on small payloads",
    )
    run.add_argument("--seed", type=int, help="seed of the schedule's order (default: drawn, and stored with the run)")
    run.add_argument(
        "--load",
        choices=["sequential", "closed", "open"],
        help="load model: one request at a time, c clients in a closed loop, or an open arrival rate",
    )
    run.add_argument("--concurrency", type=int, help="clients (closed) or most requests in flight (open)")
    run.add_argument(
        "--duration",
        type=float,
        metavar="SECONDS",
        help="measured seconds per block (closed/open); 0: run --requests requests instead (ab -n N -c C)",
    )
    run.add_argument("--rate", type=float, metavar="PER_S", help="requests per second (open load)")
    run.add_argument(
        "--connection",
        choices=["reuse", "new"],
        help="reuse: one connection per client for the whole block (keep-alive); new: a new connection "
        "for every request, its set-up inside the latency",
    )
    run.add_argument(
        "--driver",
        choices=["python", "native", "auto", "locust"],
        help="the process that sends the requests: python, native (the Go driver), auto (native when it is "
        "built for the host, else python) or locust",
    )
    run.add_argument(
        "--load-workers",
        type=int,
        metavar="N",
        help="the locust driver's Locust workers on this computer (experiment.load_workers)",
    )
    run.add_argument(
        "--driver-host",
        default="local",
        help="where the driver runs: 'local' (default) or a saved SSH host (native driver only)",
    )
    run.add_argument(
        "--on-disconnect",
        choices=["incomplete", "pause"],
        default="incomplete",
        help="SSH hosts: what a dropped connection does to the run",
    )
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    run.add_argument(
        "--k6-summary",
        action="store_true",
        help="print k6's end-of-test table per treatment after any run and write it as k6_summary.csv "
        "(always after a [load] vus run)",
    )


def _configure_runs(runs: argparse.ArgumentParser) -> None:
    shown = runs.add_mutually_exclusive_group()
    shown.add_argument(
        "--long",
        action="store_true",
        help="each run as its id and one line per field: also the time it started, its host and its run file",
    )
    shown.add_argument(
        "--json",
        action="store_true",
        help="one JSON array for scripts: run_id, created_at, profile, host, status, measured and warmup "
        "(sample counts) and file of each run",
    )


def _configure_export(export: argparse.ArgumentParser) -> None:
    kinds = export.add_subparsers(dest="export_kind", title="what to export", metavar="{run,locust}", required=True)
    run = kinds.add_parser(
        "run",
        help="a stored run's tidy sample CSV (the default: 'bancada export RUN --csv F')",
        description="Write a stored run's tidy sample CSV (and its folder, when it does not exist).",
    )
    run.add_argument("run", help="run id (as bancada runs lists them) or run file")
    run.add_argument(
        "--csv",
        type=Path,
        required=True,
        help="tidy sample CSV to write, its folder made when missing (beside it: k6_summary.csv of a [load] vus run, "
        "a profiled run's flame graphs)",
    )
    run.add_argument(
        "--load-dir", type=Path, help="also write the siege and ab tables (load_siege.csv, load_ab.csv) here"
    )
    locust = kinds.add_parser(
        "locust",
        help="a profile's Locust run as Kubernetes manifests",
        description="Write a profile's Locust run as Kubernetes manifests.",
    )
    locust.add_argument("profile", help="profile name or file")
    locust.add_argument("--kubernetes", type=Path, metavar="DIR", required=True, help="folder for the manifests (JSON)")
    locust.add_argument(
        "--target",
        action="append",
        default=[],
        metavar="IMPL=HOST:PORT",
        help="where an implementation answers inside the cluster (one per implementation)",
    )


def _export_shorthand(argv: list[str]) -> list[str]:
    """``export RUN --csv F`` as ``export run RUN --csv F`` (the run's CSV is what ``export`` means alone)."""
    if argv[:1] == ["export"] and len(argv) > 1 and argv[1] not in (*EXPORT_KINDS, "-h", "--help"):
        return ["export", "run", *argv[1:]]
    return argv


def _configure_heavy(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, description: str) -> None:
    """Add the parser of ``analyze``, ``compare``, ``report`` or ``import`` (importing its module)."""
    parser = sub.add_parser(name, help=_HEAVY[name], description=description)
    if name == "analyze":
        from bancada.cli import analyze as analyze_cmd

        analyze_cmd.configure_parser(parser)
    elif name == "compare":
        from bancada.cli import compare as compare_cmd

        compare_cmd.configure_parser(parser)
    elif name == "report":
        from bancada.cli import report as report_cmd

        report_cmd.configure_parser(parser)
    else:
        from bancada.cli import importers

        importers.configure_parser(parser)


def main(argv: list[str] | None = None) -> int:
    argv = _export_shorthand(sys.argv[1:] if argv is None else list(argv))
    parser = _build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    command = args.command or "gui"
    try:
        code = _run_command(command, args)
        if code is not None:
            return code
    except KeyboardInterrupt:
        print("bancada: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:  # a file or folder we cannot use: one line, no traceback
        from bancada.core.installation import explain

        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        print(f"bancada: {explain(exc, f'{exc.strerror or exc}{where}')}", file=sys.stderr)
        return 2
    parser.error(f"unknown command {command}")
    return 2


def _run_command(command: str, args: argparse.Namespace) -> int | None:
    """Run ``command`` (its module imported only now: the window's Qt and the statistics' pandas load
    for the commands that need them); None for a command that is not one of Bancada's."""
    if command == "gui":
        from bancada.cli.gui import open_gui

        return open_gui(getattr(args, "profile", None))
    if command == "run":
        from bancada.cli.run import run_command

        return run_command(args)
    if command == "runs":
        from bancada.cli.runs import runs_command

        return runs_command(args)
    if command == "export" and args.export_kind == "locust":
        from bancada.cli.locust import export_locust

        return export_locust(args)
    if command == "export":
        from bancada.cli.run import export_command

        return export_command(args)
    if command == "workers":
        from bancada.cli.workers import workers_command

        return workers_command()
    if command == "analyze":
        from bancada.cli import analyze as analyze_cmd

        return analyze_cmd.run(args)
    if command == "compare":
        from bancada.cli import compare as compare_cmd

        return compare_cmd.run(args)
    if command == "report":
        from bancada.cli import report as report_cmd

        return report_cmd.run(args)
    if command == "import":
        from bancada.cli import importers

        return importers.run(args)
    if command == "hosts":
        from bancada.cli import hosts as hosts_cli

        return hosts_cli.run(args)
    return None


if __name__ == "__main__":
    sys.exit(main())
