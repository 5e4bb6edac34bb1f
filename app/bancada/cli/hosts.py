"""``bancada hosts add|list|check|remove``: saved SSH target hosts."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bancada.hosts import hostconfig
from bancada.hosts.check import check_report, missing_lines
from bancada.hosts.facts import postgres_ok
from bancada.hosts.knownhosts import UnknownHostKey

if TYPE_CHECKING:
    pass
from bancada.core.errors import RunError
from bancada.core.i18n import translate

if TYPE_CHECKING:
    pass

out = Console()
err = Console(stderr=True)


def configure_parser(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="hosts_command", required=True, title="subcommands", metavar="{add,list,check,remove}")
    add = sub.add_parser("add", help="save a host (then check it)")
    add.add_argument("name", help="the name to save the host under (as --host NAME of bancada run)")
    add.add_argument("--address", required=True, help="host name or IP address (or a ~/.ssh/config Host alias)")
    add.add_argument("--port", type=int, help="SSH port (default: the ~/.ssh/config Host's Port, else 22)")
    add.add_argument("--user", help="SSH user name (default: the ~/.ssh/config Host's User, else the local user)")
    add.add_argument("--key", help="private key file (default: ssh-agent and ~/.ssh/config)")
    add.add_argument("--jump", help="a saved host to connect through")
    add.add_argument("--accept-host-key", metavar="SHA256:...", help="trust this host key fingerprint")
    add.add_argument("--cpus", help="CPU list to pin workers to with taskset, e.g. 0,1")
    add.add_argument("--nice", type=int, help="nice level of the workers")
    add.add_argument("--workdir", help=f"remote work directory (default {hostconfig.DEFAULT_WORKDIR})")
    add.add_argument(
        "--allow-tunnel",
        action="store_true",
        help="reach workers through an SSH tunnel when their port is blocked (adds to every latency)",
    )
    add.add_argument("--no-check", action="store_true", help="only save, do not connect")
    sub.add_parser("list", help="list saved hosts")
    check = sub.add_parser("check", help="connect, show facts and which implementations can run")
    check.add_argument("name", help="a saved host's name (as bancada hosts list shows it)")
    check.add_argument("--accept-host-key", metavar="SHA256:...", help="trust this host key fingerprint")
    remove = sub.add_parser("remove", help="forget a saved host")
    remove.add_argument("name", help="a saved host's name (as bancada hosts list shows it)")


def _fail(message: str, code: int = 2) -> int:
    err.print(f"[bold red]bancada:[/] {escape(message)}", highlight=False, markup=True, soft_wrap=True)
    return code


def run(args: argparse.Namespace) -> int:
    """Run one ``bancada hosts`` command; return the exit code (0 ok, 2 error, 3 host key to accept)."""
    try:
        if args.hosts_command == "add":
            profile = hostconfig.HostProfile(
                name=args.name,
                address=args.address,
                port=args.port,
                user=args.user,
                key=args.key,
                jump=args.jump,
                cpus=args.cpus,
                nice=args.nice,
                workdir=args.workdir or hostconfig.DEFAULT_WORKDIR,
                allow_tunnel=args.allow_tunnel,
            )
            hostconfig.save_host(profile)
            out.print(f"saved host {args.name} in {hostconfig.hosts_file()}")
            return 0 if args.no_check else check(args.name, args.accept_host_key)
        if args.hosts_command == "list":
            return list_command()
        if args.hosts_command == "check":
            return check(args.name, args.accept_host_key)
        if args.hosts_command == "remove":
            hostconfig.remove_host(args.name)
            out.print(f"removed host {args.name}")
            return 0
    except RunError as exc:  # HostError, HostConfigError: one line, no traceback
        return _fail(str(exc))
    return _fail(f"unknown hosts command {args.hosts_command}")


def list_command() -> int:
    names = hostconfig.list_hosts()
    if not names:
        out.print("no saved hosts: bancada hosts add NAME --address ADDR [--user U] [--key FILE]")
        return 0
    table = Table(title="SSH target hosts")
    for col in ("name", "address", "port", "user", "key", "jump", "cpus", "nice", "workdir"):
        table.add_column(col)
    for name in names:
        h = hostconfig.get_host(name)
        table.add_row(
            name,
            h.address,
            str(h.port or ""),
            h.user or "",
            h.key or "",
            h.jump or "",
            h.cpus or "",
            "" if h.nice is None else str(h.nice),
            h.workdir,
        )
    out.print(table)
    return 0


def check(name: str, accept: str | None = None) -> int:
    from bancada.hosts.ssh_host import connect_saved_host

    try:
        host = connect_saved_host(name, accept_fingerprint=accept)
    except UnknownHostKey as exc:
        _print_unknown_key(name, exc)
        return 3
    try:
        facts, rows = check_report(host)
        for line in host.cleaned:
            out.print(f"[yellow]cleaned up a leftover worker:[/] {line}", highlight=False)
    finally:
        host.close()
    _print_facts(f"host {name} ({host.address})", facts)
    _print_implementations(name, rows)
    out.print(f"connect: {host.timings.get('connect', 0):.2f} s")
    return 0


def _print_unknown_key(name: str, exc: UnknownHostKey) -> None:
    """What to compare and the command that accepts the key, each line whole."""
    owner = exc.profile or name
    err.print(
        f"[yellow]the host key of {'jump host ' if exc.jump else ''}{escape(owner)} ({escape(exc.host)}) is "
        f"not known:[/] {exc.key_type} [bold]{escape(exc.fingerprint)}[/]",
        highlight=False,
        soft_wrap=True,
    )
    err.print(
        "compare it with the host's own (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub on the host), then run:",
        highlight=False,
        soft_wrap=True,
    )
    err.print(
        f"  bancada hosts check {owner} --accept-host-key {exc.fingerprint}",
        highlight=False,
        markup=False,
        soft_wrap=True,
    )
    if owner != name:
        err.print(f"and then check {name} again", highlight=False, soft_wrap=True)


_FACT_KEYS = (
    "os",
    "kernel",
    "arch",
    "cpu_model",
    "cpu_count",
    "memory_bytes",
    "load_avg",
    "java",
    "python3",
    "node",
    "postgresql",
    "workdir",
    "disk_free_bytes",
)


def _print_facts(title: str, facts: dict[str, Any]) -> None:
    """The host's facts as a table (bytes in GiB; PostgreSQL's readiness for seed 001)."""
    table = Table(title=title)
    table.add_column("fact")
    table.add_column("value")
    for key in _FACT_KEYS:
        value = facts.get(key)
        if key.endswith("_bytes") and value:
            value = f"{value / 2**30:.1f} GiB"
        if key == "postgresql" and value is None:  # a private database of seed 001 needs it (docs/database.md)
            value = postgres_ok(facts)[1]
        table.add_row(key, "-" if value is None else str(value))
    out.print(table)


def _print_implementations(name: str, rows: list[tuple[str, bool, str]]) -> None:
    """Which implementations can run, and one unwrapped line per gap with the command that installs it."""
    impl_table = Table(title="implementations")
    for col in ("implementation", "can run", "why not"):
        impl_table.add_column(col)
    for impl_id, ok, reason in rows:
        impl_table.add_row(impl_id, "yes" if ok else "no", reason)
    out.print(impl_table)
    missing = missing_lines(rows)
    if missing:
        out.print(translate("Hosts", "What {name} lacks, and how to install it:").format(name=name), highlight=False)
        for line in missing:
            out.print(f"  {line}", highlight=False, markup=False, soft_wrap=True)
