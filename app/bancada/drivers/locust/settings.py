"""The locust driver's part of a job: the profile's Locust settings as the job's ``locust`` object."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bancada.core.paths import home
from bancada.drivers.job import DriverJob
from bancada.experiment.profile import Profile

#: The launcher ``make -C workers locust`` writes (Locust from its own environment), below the Bancada home.
LAUNCHER = Path("workers") / "locust" / ".venv" / "bin" / "bancada-locust"


def local_launcher(root: Path | None = None) -> Path | None:
    """The local Locust launcher below ``root`` (default: the Bancada home), or None when not built."""
    path = (root or home()) / LAUNCHER
    return path if path.exists() else None


def with_locust(job: DriverJob, profile: Profile, root: Path | None = None, **extra: Any) -> DriverJob:
    """``job`` with its ``locust`` object: the profile's ``load_workers``, ``load_users`` (default: one
    user per worker) and ``spawn_rate`` (users/s; default: all at once), the launcher below ``root``;
    ``extra`` keys (``remote_workers``, ``bind_host``, ``folder``...) are added as given."""
    exp = profile.experiment
    remote = sum(profile.load_hosts.values())
    workers = remote or exp.load_workers
    users = exp.load_users or workers
    launcher = local_launcher(root) or (root or home()) / LAUNCHER
    locust = {
        "workers": workers,
        "local_workers": 0 if remote else workers,
        "remote_workers": remote,
        "users": users,
        "spawn_rate": exp.spawn_rate or float(users),
        "launcher": [str(launcher)],
        "connect_wait_s": 30.0,
        **extra,
    }
    return DriverJob.model_validate({**job.to_json(), "locust": locust})
