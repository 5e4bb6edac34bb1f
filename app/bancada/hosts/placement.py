"""Priority and CPU placement of the processes of a run (workers, driver).

A profile's ``[placement]`` asks for nice levels and CPU sets; this module
decides, for this computer, what can be applied and what is refused (a
negative nice level needs root or a raised ``RLIMIT_NICE``; a CPU set needs
CPUs the process may use), and applies the accepted part in the child process
between fork and exec: two system calls, inherited by every thread the
program starts later. See setpriority(2), sched_setaffinity(2), getrlimit(2).
"""

from __future__ import annotations

import os
from typing import Any

import resource
from dataclasses import dataclass, field

from bancada.experiment.profile import Placement, parse_cpu_list


@dataclass(frozen=True)
class ProcessPlacement:
    """What to apply to one kind of process: a nice level and a CPU set (None: leave as is)."""

    nice: int | None = None
    cpus: tuple[int, ...] | None = None

    def apply_here(self) -> None:
        """Apply to the calling process (a child between fork and exec). Raises OSError when refused."""
        if self.nice is not None:
            os.setpriority(os.PRIO_PROCESS, 0, self.nice)
        if self.cpus is not None:
            os.sched_setaffinity(0, self.cpus)

    def shell_prefix(self) -> list[str]:
        """The same placement as a command prefix (``nice -n N taskset -c LIST``), for remote hosts."""
        prefix: list[str] = []
        if self.nice is not None:
            prefix += ["nice", "-n", str(self.nice)]
        if self.cpus is not None:
            prefix += ["taskset", "-c", ",".join(map(str, self.cpus))]
        return prefix


@dataclass
class PlacementDecision:
    """The outcome of :func:`decide_local`: what each kind of process gets, and why not the rest."""

    worker: ProcessPlacement = field(default_factory=ProcessPlacement)
    driver: ProcessPlacement = field(default_factory=ProcessPlacement)
    applied: list[str] = field(default_factory=list)  # e.g. "workers: nice -20"
    refused: list[str] = field(default_factory=list)  # e.g. "driver: nice -19 (needs root ...)"

    def facts(self) -> dict[str, Any]:
        """For the run's host facts."""
        return {"applied": list(self.applied), "refused": list(self.refused)}


def lowest_nice_allowed() -> int:
    """The lowest nice level this process may set: -20 for root, else ``20 - RLIMIT_NICE`` (getrlimit(2))."""
    if os.geteuid() == 0:
        return -20
    soft, _hard = resource.getrlimit(resource.RLIMIT_NICE)
    current = os.getpriority(os.PRIO_PROCESS, 0)
    if soft == resource.RLIM_INFINITY:
        return -20
    return min(current, 20 - int(soft))


def _decide_one(role: str, nice: int | None, cpus_text: str | None, decision: PlacementDecision) -> ProcessPlacement:
    chosen_nice: int | None = None
    chosen_cpus: tuple[int, ...] | None = None
    if nice is not None:
        floor = lowest_nice_allowed()
        if nice < floor:
            decision.refused.append(f"{role}: nice {nice} (this user may go down to {floor}; a lower level needs root)")
        else:
            chosen_nice = nice
            decision.applied.append(f"{role}: nice {nice}")
    if cpus_text is not None:
        wanted = parse_cpu_list(cpus_text)
        allowed = sorted(os.sched_getaffinity(0))
        missing = [c for c in wanted if c not in allowed]
        if len(allowed) < 2:
            decision.refused.append(
                f"{role}: CPUs {cpus_text} (this computer gives Bancada one CPU; pinning cannot separate the processes)"
            )
        elif missing:
            decision.refused.append(
                f"{role}: CPUs {cpus_text} (CPU {missing[0]} is not available here; "
                f"available: {','.join(map(str, allowed))})"
            )
        else:
            chosen_cpus = tuple(wanted)
            decision.applied.append(f"{role}: CPUs {cpus_text}")
    return ProcessPlacement(chosen_nice, chosen_cpus)


def _requested_remote(
    role: str, nice: int | None, cpus_text: str | None, decision: PlacementDecision
) -> ProcessPlacement:
    cpus = tuple(parse_cpu_list(cpus_text)) if cpus_text is not None else None
    if nice is not None:
        decision.applied.append(f"{role}: nice {nice} requested on the SSH host (its nice(1) applies what it permits)")
    if cpus is not None:
        decision.applied.append(f"{role}: CPUs {cpus_text} requested on the SSH host (taskset(1) there)")
    return ProcessPlacement(nice, cpus)


def decide(placement: Placement, *, workers_remote: bool = False, driver_remote: bool = False) -> PlacementDecision:
    """Decide what of ``placement`` can be applied (nothing is applied yet).

    For processes on this computer the decision is checked here (root, ``RLIMIT_NICE``, the CPUs
    Bancada may use); on an SSH host the request is passed on as ``nice``/``taskset`` and recorded
    as requested.

    Raises:
        ValueError: a CPU list is malformed (the profile's validation catches it first).
    """
    decision = PlacementDecision()
    worker_args = ("workers", placement.worker_nice, placement.worker_cpus, decision)
    driver_args = ("driver", placement.driver_nice, placement.driver_cpus, decision)
    decision.worker = _requested_remote(*worker_args) if workers_remote else _decide_one(*worker_args)
    decision.driver = _requested_remote(*driver_args) if driver_remote else _decide_one(*driver_args)
    return decision
