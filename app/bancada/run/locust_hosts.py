"""The locust driver's block hook and its SSH load hosts (the profile's ``[load_hosts]``): Locust deployed on
each, and per block the Locust workers started there before the master, pointing at this computer.

:class:`LocustHooks` (a :class:`bancada.run.block_hooks.BlockHooks`) puts the Locust settings in each block's
job and, with load hosts, calls :meth:`LoadHosts.before_block` with it (it returns the job with the master's
port and address); its ``close`` calls :meth:`LoadHosts.close` at the end of the run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from bancada.core.i18n import translate
from bancada.drivers.job import DriverJob, JobError
from bancada.drivers.locust.locustfile import block_plan, locustfile_text
from bancada.drivers.locust.processes import check_version, free_port
from bancada.drivers.locust.settings import with_locust
from bancada.experiment.profile import Profile
from bancada.hosts.locust_load import LocustLoadHost
from bancada.hosts.ssh_host import SshHost, connect_saved_host
from bancada.run.events import Notice, RunError, RunEvent

if TYPE_CHECKING:
    from bancada.run.context import BlockRun, RunContext

LOCK = Path("workers") / "locust" / "requirements.lock"


class LoadHosts:
    """The connected load hosts of a profile's ``load_hosts`` (name -> Locust workers there).

    ``connect``: opens a saved SSH host by name (:func:`bancada.hosts.ssh_host.connect_saved_host`).
    """

    def __init__(
        self,
        load_hosts: dict[str, int],
        root: Path,
        connect: Callable[[str], SshHost] = connect_saved_host,
        users: int | None = None,
    ) -> None:
        self.counts = dict(load_hosts)
        self.users = users
        self.root = root
        self._connect = connect
        self.ssh: dict[str, SshHost] = {}
        self.hosts: dict[str, LocustLoadHost] = {}

    def open(self) -> list[str]:
        """Connect and deploy Locust on every load host; a line per host for the run's notices.

        Raises:
            RunError: a host cannot be reached, lacks Python/pip, or its Locust is too old.
        """
        lines = []
        if self.users is not None and self.users < sum(self.counts.values()):
            raise RunError(
                translate(
                    "Locust", "load_users ({users}) is below the {workers} Locust workers of [load_hosts]"
                ).format(users=self.users, workers=sum(self.counts.values()))
            )
        for name in self.counts:
            ssh = self.ssh[name] = self._connect(name)
            host = self.hosts[name] = LocustLoadHost(name, ssh.client, ssh.workdir)
            text = host.prepare(self.root / LOCK)
            try:
                version = check_version(text, name)
            except JobError as exc:
                raise RunError(str(exc)) from None
            lines.append(
                translate("Locust", "load host {name}: Locust {version}, {n} worker(s)").format(
                    name=name, version=".".join(map(str, version)), n=self.counts[name]
                )
            )
        return lines

    def before_block(self, job: DriverJob) -> DriverJob:
        """Start this block's Locust workers on every load host; ``job`` with the master's port and address."""
        for host in self.hosts.values():
            host.stop_workers()  # the last block's, if any are left
        seen = {name: host.this_computer_address() for name, host in self.hosts.items()}
        # one address when every host reaches this computer the same way; else every interface
        address = next(iter(seen.values())) if len(set(seen.values())) == 1 else "0.0.0.0"
        port = free_port(address)
        settings = dict((job.model_extra or {}).get("locust") or {})
        text = locustfile_text(block_plan(job, job.blocks[0], int(settings.get("workers", 1))))
        for name, host in self.hosts.items():
            host.start_workers(self.counts[name], text, seen[name], port)
        settings.update(master_port=port, bind_host=address, local_workers=0)
        return DriverJob.model_validate({**job.to_json(), "locust": settings})

    def close(self) -> None:
        """Stop every worker left and close the connections."""
        for host in self.hosts.values():
            try:
                host.stop_workers()
            except RunError:
                pass
        for ssh in self.ssh.values():
            ssh.close()
        self.hosts.clear()
        self.ssh.clear()


class LocustHooks:
    """The locust driver's part of each block: the Locust settings in its job (``[locust]``) and, with the
    profile's ``[load_hosts]``, the load hosts deployed at the first block and their Locust workers started
    for each (``root``: the local Bancada tree, where the Locust lock file is)."""

    def __init__(self, profile: Profile, root: Path) -> None:
        self.load_hosts = (
            LoadHosts(profile.load_hosts, root, users=profile.experiment.load_users) if profile.load_hosts else None
        )
        self._opened = False

    def before_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        """Raises :class:`RunError` when a load host cannot be reached or prepared."""
        block.job = with_locust(block.job, ctx.profile, ctx.driver_host.root)
        if self.load_hosts is None:
            return
        if not self._opened:
            self._opened = True
            for line in self.load_hosts.open():
                yield Notice("info", line)
        block.job = self.load_hosts.before_block(block.job)

    def after_block(self, ctx: RunContext, block: BlockRun) -> Iterator[RunEvent]:
        """Nothing: the next block's :meth:`before_block` stops this block's Locust workers."""
        yield from ()

    def close(self) -> None:
        if self.load_hosts is not None:
            self.load_hosts.close()
