"""The ``bancada`` command: the GUI by default, and headless subcommands.

bancada                       open the workbench window
bancada run PROFILE [...]     run an experiment headless
bancada runs                  list stored runs
bancada export RUN --csv F    write a run's tidy sample CSV
bancada analyze CSV [...]     statistics of a sample CSV
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
    "analyze": "statistics of a sample CSV",
    "compare": "compare runs treatment by treatment",
    "report": "the report of a run as one HTML file and/or PDF",
    "import": "convert published data to the tidy CSV",
    "hosts": "SSH target hosts",
}


def _build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand; only ``command``'s module is imported when it is one of
    :data:`_HEAVY` (the others are listed with their help line, not configured): ``bancada --version``,
    ``bancada -h``, ``bancada workers`` and ``bancada analyze`` do not wait for paramiko or scipy."""
    parser = argparse.ArgumentParser(prog="bancada", description="A workbench for API-performance experiments.")
    parser.add_argument("--version", action="version", version=f"bancada {__version__}")
    sub = parser.add_subparsers(dest="command")

    gui = sub.add_parser("gui", help="open the workbench window (the default)")
    gui.add_argument("profile", nargs="?", help="a profile file or shipped profile name to preload (default: quick)")

    run = sub.add_parser("run", help="run an experiment headless")
    run.add_argument(
        "profile",
        help="profile TOML file (e.g. profiles/quick.toml), or the name of a profile "
        "shipped with Bancada (quick, soares-2024, ...)",
    )
    run.add_argument("--host", default="local", help="'local' (default) or a saved SSH host name")
    run.add_argument("--out", type=Path, help="folder for samples.csv (default: ./bancada-results/RUN_ID)")
    run.add_argument("--implementations", type=_csv_list, help="e.g. go-grpc,java-rest")
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
    run.add_argument("--connection", choices=["reuse", "new"])
    run.add_argument("--driver", choices=["python", "native", "auto", "locust"])
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
        help="print k6's end-of-test table per treatment after any run (always printed after a [load] vus run)",
    )

    sub.add_parser("runs", help="list stored runs")

    export = sub.add_parser("export", help="export a stored run")
    export.add_argument("run", help="run id or run file")
    export.add_argument(
        "--csv", type=Path, required=True, help="tidy sample CSV to write (k6_summary.csv is written beside it)"
    )
    export.add_argument(
        "--load-dir", type=Path, help="also write the siege and ab tables (load_siege.csv, load_ab.csv) here"
    )

    sub.add_parser("workers", help="list implementations and whether they can run on this computer")

    for name, help_line in _HEAVY.items():
        if name != command:
            sub.add_parser(name, help=help_line)  # listed, not configured: this call runs another subcommand
        elif name == "hosts":
            from bancada.cli import hosts as hosts_cli

            hosts_cli.configure_parser(sub.add_parser("hosts", help=help_line))
        else:
            _configure_heavy(sub, name)
    return parser


def _configure_heavy(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    """Add the parser of ``analyze``, ``compare``, ``report`` or ``import`` (importing its module)."""
    if name == "analyze":
        from bancada.cli import analyze as analyze_cmd

        analyze_cmd.configure_parser(sub.add_parser("analyze", help=_HEAVY[name]))
    elif name == "compare":
        from bancada.cli import compare as compare_cmd

        compare_cmd.configure_parser(sub.add_parser("compare", help=_HEAVY[name]))
    elif name == "report":
        from bancada.cli import report as report_cmd

        report_cmd.configure_parser(sub.add_parser("report", help=_HEAVY[name]))
    else:
        from bancada.cli import importers

        importers.configure_parser(sub.add_parser("import", help=_HEAVY[name]))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:2] == ["export", "locust"]:  # the profile's Locust run as Kubernetes manifests
        from bancada.cli.locust import export_locust_command

        return export_locust_command(argv[2:])
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
        from bancada.cli.run import runs_command

        return runs_command()
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
