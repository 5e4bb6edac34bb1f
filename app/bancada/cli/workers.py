"""``bancada workers``: the implementations and whether this computer can run them.

Kept apart from :mod:`bancada.cli.run` so that it starts in well under a second: it imports the
manifests and this computer's host, not the runner, pandas or the profile's model.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bancada.core import paths
from bancada.drivers import unmeasurable_reason
from bancada.experiment import manifest

#: Printed after the table; ``[[external]]`` is TOML, not Rich markup (printed with markup off).
OWN_SERVICES = (
    "Your own services are declared per profile ([[external]], see profiles/my-service.toml): "
    "bancada run shows them as external, not started by Bancada."
)


def workers_command() -> int:
    """Print the table of implementations on this computer; the exit code (2: no manifests found)."""
    from bancada.hosts.local import LocalHost

    out = Console()
    try:
        impls = manifest.discover()
    except (paths.BancadaHomeError, manifest.ManifestError) as exc:
        Console(stderr=True).print(f"[bold red]bancada:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        return 2
    host = LocalHost()
    table = Table(title="implementations on this computer")
    for col in ("implementation", "language", "protocol", "runtime", "can run", "why not"):
        table.add_column(col)
    for impl in impls.values():
        ok, reason = host.can_run(impl)
        if ok and unmeasurable_reason(impl.protocol):
            ok, reason = False, unmeasurable_reason(impl.protocol)
        needs = impl.worker.runtime
        if impl.worker.debian_packages:  # what the host needs besides an interpreter
            needs = ", ".join(([] if needs == "none" else [needs]) + list(impl.worker.debian_packages))
        table.add_row(
            *(escape(cell) for cell in (impl.id, impl.language, impl.protocol, needs)),
            "yes" if ok else "no",
            escape(reason),
        )
    out.print(table)
    out.print(OWN_SERVICES, markup=False, highlight=False)
    out.print(
        f"workers from {'this installation' if paths.is_bundled() else 'the tree'}: {paths.home()}",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    return 0
