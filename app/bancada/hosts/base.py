"""What every host offers the runner: facts, starting and stopping workers.

A :class:`Host` is the machine where the implementations under test run
(``LocalHost`` or an SSH host). A :class:`WorkerHandle` is one started worker.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from bancada.experiment.manifest import Implementation

if TYPE_CHECKING:
    from bancada.hosts.placement import ProcessPlacement
    from bancada.hosts.profilers import HostShell

READY_PREFIX = "READY "


class WorkerStartError(RuntimeError):
    """A worker did not become ready: exited early, timed out, or bad ready line.

    The message names the implementation and holds the worker's last log lines.
    """


class WorkerHandle(Protocol):
    """One started worker: where it listens, whether it lives, how to stop it, its log."""

    implementation: str
    address: str  # where the driver connects (host address)
    port: int
    pid: int
    warning: str  # "" or a line the run shows once (e.g. the SSH tunnel's added latency)

    @property
    def target(self) -> str: ...
    def alive(self) -> bool: ...
    def stop(self, timeout_s: float = 5.0) -> int | None: ...
    def log_tail(self, lines: int = 20) -> str: ...


class Host(Protocol):
    """Where workers (and, for :meth:`open_driver`, drivers) run: this computer or an SSH host.

    :meth:`start_worker` adds ``env`` to the worker's environment (e.g. ``BANCADA_DATABASE_URL``;
    on an SSH host it is sent on the starting command's stdin, never on a command line) and
    ``extra_args`` to its command line (e.g. ``--db-pool-size 10``).

    ``root`` is the local Bancada tree (manifests, artifacts); ``disconnected`` is
    True once the connection dropped (always False for this computer), and
    :meth:`reconnect` connects again, returning what it cleaned up on the host
    (raises :class:`bancada.core.errors.RunError` when it cannot).

    ``is_local`` is True for this computer only: its workers listen on this computer's loopback
    and its processes are Bancada's children. :meth:`shell` is a shell on the host for the CPU
    profilers (:mod:`bancada.hosts.profilers`), None where the host offers none.
    """

    name: str
    address: str
    root: Path
    is_local: bool

    @property
    def disconnected(self) -> bool: ...
    def reconnect(self) -> list[str]: ...

    def facts(self) -> dict[str, Any]: ...
    def can_run(self, impl: Implementation) -> tuple[bool, str]: ...
    def setup_notice(self, impl: Implementation) -> str: ...
    def setup_done_notice(self, impl: Implementation) -> str: ...
    def start_worker(
        self,
        impl: Implementation,
        run_id: str,
        ready_timeout_s: float = 60.0,
        placement: ProcessPlacement | None = None,
        env: Mapping[str, str] | None = None,
        extra_args: Sequence[str] = (),
    ) -> WorkerHandle: ...
    def drivers_available(self) -> list[str]: ...
    def open_driver(
        self, driver: str, placement: ProcessPlacement | None = None
    ) -> Any: ...  # a Popen-like: stdin, stdout, stderr, poll, wait, terminate
    def shell(self) -> HostShell | None: ...
    def close(self) -> None: ...


@dataclass
class ReadyInfo:
    port: int
    pid: int
    extra: dict[str, Any] = field(default_factory=dict)


def parse_ready_line(line: str) -> ReadyInfo | None:
    """Parse ``READY {"port": N, "pid": N, ...}``; None if not a ready line.

    Raises:
        ValueError: a READY line whose JSON is bad or lacks port/pid.
    """
    if not line.startswith(READY_PREFIX):
        return None
    try:
        data = json.loads(line[len(READY_PREFIX) :])
        return ReadyInfo(int(data["port"]), int(data["pid"]), data)
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(translate("Hosts", "bad ready line {v!r}: {exc}").format(v=line.strip(), exc=exc)) from None
