"""What ``bancada hosts check`` and the Hosts dialog show of a connected host."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bancada.hosts.base import Host


def check_report(host: Host) -> tuple[dict[str, Any], list[tuple[str, bool, str]]]:
    """(facts, [(implementation, can run, why not)]) of a connected host."""
    from bancada.experiment import manifest

    facts = host.facts()
    impls = manifest.discover(host.root)
    return facts, [(i.id, *host.can_run(i)) for i in impls.values()]
