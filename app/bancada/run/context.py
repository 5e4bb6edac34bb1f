"""One run's state, passed whole: :class:`RunContext` for the run, :class:`BlockRun` for one block of it.

The runner (:class:`bancada.run.runner.Runner`) makes one :class:`RunContext` once everything is checked
and the run file exists, and hands it to each step of the run and to every block hook
(:mod:`bancada.run.block_hooks`), as Locust hands one ``Environment`` to each of its runners.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from bancada.drivers.job import DriverJob
from bancada.experiment.external import ExternalImplementation
from bancada.experiment.manifest import Implementation
from bancada.experiment.plan import Block, Plan
from bancada.experiment.profile import Profile
from bancada.hosts.base import Host, WorkerHandle
from bancada.hosts.link_set import LinkSet
from bancada.hosts.placement import PlacementDecision
from bancada.run.database import RunDatabase
from bancada.run.tally import RunTally
from bancada.store.runstore import RunStore


@dataclass(frozen=True)
class RunOptions:
    """What the caller chose besides the profile.

    Attributes:
        on_worker_death: ``stop`` (the run ends, marked incomplete) or ``continue`` (the dead worker's
            treatments are skipped for the rest of the run).
        ready_timeout_s: seconds a worker has to print its ready line.
        on_disconnect: SSH hosts: ``incomplete`` (end the run) or ``pause`` (reconnect, restart the
            workers, go on with the next block).
        reconnect_timeout_s: seconds ``pause`` keeps reconnecting.
    """

    on_worker_death: str = "stop"
    ready_timeout_s: float = 120.0
    on_disconnect: str = "incomplete"
    reconnect_timeout_s: float = 300.0


@dataclass
class RunContext:
    """Everything one run's steps share, from the first stored row to the last block.

    Attributes:
        profile: the run's profile (its block-order seed drawn, the default ``[database]`` added).
        host: where the workers run; ``driver_host``: where the driver runs (this computer by default).
        plan: the treatments and blocks; ``implementations``: every implementation of the plan by id
            (second instances such as ``go-rest:b`` and external services included).
        driver: the driver that runs the blocks: ``python``, ``native`` or ``locust``.
        store: the run file; ``run_id``: its id.
        options: the caller's choices (:class:`RunOptions`); ``cancel``: set when the user stops the run.
        placement: which CPUs the workers and the driver get.
        database: the experiment's database (none configured when the profile has no ``[database]``).
        custom: treatment id -> the job's request object (custom workloads); ``prepared``: treatment
            id -> what the native driver made of it before the run (request sizes).
        workers: implementation id -> its started worker (or external service), filled as they start.
        link: the emulated links, once opened; ``via``: (implementation id, link name) -> the link
            proxy's ``host:port`` the driver sends that implementation's requests to.
        steady_warm: treatments warmed to ``warmup_until``'s criterion since their workers started.
        tally: what the run has done so far (requests, errors, dead workers, interrupted blocks).
    """

    profile: Profile
    host: Host
    driver_host: Host
    plan: Plan
    implementations: dict[str, Implementation | ExternalImplementation]
    driver: str
    store: RunStore
    run_id: str
    options: RunOptions
    cancel: threading.Event
    placement: PlacementDecision
    database: RunDatabase
    custom: dict[int, dict[str, Any]]
    prepared: dict[int, Any]
    workers: dict[str, WorkerHandle] = field(default_factory=dict)
    link: LinkSet | None = None
    via: dict[tuple[str, str], str] = field(default_factory=dict)
    steady_warm: set[int] = field(default_factory=set)
    tally: RunTally = field(default_factory=RunTally)

    def target_of(self, implementation: str, link: str) -> str:
        """The ``host:port`` a treatment's requests go to: the link's proxy in front of the worker, or the worker."""
        return self.via.get((implementation, link), self.workers[implementation].target)


@dataclass
class BlockRun:
    """One block as it runs, handed to every block hook.

    Attributes:
        block: the plan's block; ``ids``: the treatments of it run now (a dead worker's left out).
        job: the driver's job for them; a hook may replace it (the locust driver's settings).
        watch: implementation id -> the worker whose death stops the block at once (empty with
            ``on_worker_death = "continue"``).
    """

    block: Block
    ids: list[int]
    job: DriverJob
    watch: dict[str, WorkerHandle]
