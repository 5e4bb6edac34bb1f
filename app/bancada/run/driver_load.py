"""The ``load`` table a run sends to the native driver: the profile's, with the REST event loop's
busy polling chosen for where the driver runs.

The native driver's REST event loop polls for ``load.busy_poll_us`` (the driver's default: 20 µs)
before it sleeps, so that a response rarely has to wake it. That pays when the driver has a core
of its own (docs/performance.md, "Client overhead, the isolated driver": the worker on one CPU,
the clients on another). On the user's path, the workers on this computer and no placement that
keeps them off the driver's CPUs, the polling burns CPU the worker needs: measured with
``tests/bench/user_path_parts.py`` at c = 16 the driver used 7.8-8.9 µs of CPU per request with
polling and 6.8-7.1 without, and drove 1.08x the requests/s (median of 3 alternating rounds).
No Qt, no I/O.
"""

from __future__ import annotations

from typing import Any

from bancada.hosts.placement import PlacementDecision


def owns_cpus(placement: PlacementDecision) -> bool:
    """True when the driver and the workers were pinned to disjoint CPU sets."""
    driver, worker = placement.driver.cpus, placement.worker.cpus
    return bool(driver) and bool(worker) and not set(driver or ()) & set(worker or ())


def driver_load(load: dict[str, Any], placement: PlacementDecision, workers_here: bool) -> dict[str, Any]:
    """``load`` (the profile's ``[load]``, ``exclude_none``) with ``busy_poll_us = 0`` for a closed load
    when the profile leaves it unset, the workers run on the driver's computer (``workers_here``)
    and the placement does not give the driver CPUs of its own; otherwise ``load`` unchanged (a
    copy). Only the closed model's event loop polls (the sequential model blocks on its socket)."""
    out = dict(load)
    if out.get("model") == "closed" and "busy_poll_us" not in out and workers_here and not owns_cpus(placement):
        out["busy_poll_us"] = 0.0
    return out
