"""What ``bancada hosts check`` and the Hosts dialog show of a connected host."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bancada.core.i18n import translate

if TYPE_CHECKING:
    from bancada.hosts.base import Host


def check_report(host: Host) -> tuple[dict[str, Any], list[tuple[str, bool, str]]]:
    """(facts, [(implementation, can run, why not)]) of a connected host."""
    from bancada.experiment import manifest

    facts = host.facts()
    impls = manifest.discover(host.root)
    return facts, [(i.id, *host.can_run(i)) for i in impls.values()]


def missing_lines(rows: Sequence[Sequence[Any]]) -> list[str]:
    """One line per distinct reason among the rows that cannot run, with the implementations it
    stops: ``"java-grpc, java-rest: needs Java 17 or newer; ... (Debian, Ubuntu: apt install ...)"``.

    ``rows`` are :func:`check_report`'s ``(implementation, can run, why not)``; the lines keep the
    order in which each reason first appears.
    """
    stopped: dict[str, list[str]] = {}
    for impl_id, ok, why in rows:
        if not ok:
            stopped.setdefault(str(why), []).append(str(impl_id))
    return [
        translate("Hosts", "{implementations}: {reason}").format(implementations=", ".join(sorted(ids)), reason=why)
        for why, ids in stopped.items()
    ]
