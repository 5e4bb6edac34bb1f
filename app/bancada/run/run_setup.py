"""What ``bancada run`` hands the run room, once: :class:`RunSetup` (a profile by name, its overrides,
the hosts by name), and the runner made from it (:func:`runner_for`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from bancada.experiment.overrides import ProfileOverrides, load_with_overrides
from bancada.hosts.named import make_run_hosts
from bancada.run.runner import Runner


@dataclass(frozen=True)
class RunSetup:
    """One run as the command line asks for it.

    ``profile``: a profile file, or the name of one shipped with Bancada; ``overrides``: its fields
    replaced for this run, their messages naming each field as ``named`` does (the command line: by
    its flag); ``host``, ``driver_host``: as :func:`bancada.hosts.named.make_run_hosts` takes them;
    ``on_disconnect``: as :class:`bancada.run.runner.Runner` takes it.
    """

    profile: str
    overrides: ProfileOverrides = field(default_factory=ProfileOverrides)
    named: Callable[[str], str] = str
    host: str = "local"
    driver_host: str | None = None
    on_disconnect: str = "incomplete"


@contextmanager
def runner_for(setup: RunSetup) -> Iterator[Runner]:
    """The runner of ``setup`` (its profile read and overridden first, then its hosts made); the hosts
    are closed when the block ends.

    Raises:
        FileNotFoundError: no such shipped profile.
        ProfileError: the profile or an override is invalid.
        RunError: a host cannot be made or reached.
    """
    profile = load_with_overrides(setup.profile, setup.overrides, setup.named)
    host, driver_host = make_run_hosts(setup.host, setup.driver_host)
    try:
        yield Runner(profile, host, on_disconnect=setup.on_disconnect, driver_host=driver_host)
    finally:
        host.close()
        if driver_host is not None and driver_host is not host:
            driver_host.close()
