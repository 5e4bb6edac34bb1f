"""Locust workers on the loopback SSH host (a real sshd): Locust deployed there into a venv from PyPI,
two workers started per block, every sample stored with the worker and the load host's name.

Marked ``locust`` and ``ssh``; the first run installs Locust from PyPI into the host's work folder
(a minute), later runs reuse it (its lock's SHA-256 is kept there)."""

from __future__ import annotations

import pytest

from bancada.experiment.overrides import apply_overrides
from bancada.experiment.profile import load_profile
from bancada.run.runner import Notice, RunFinished, Runner, RunStarted
from bancada.store.load_workers import load_worker_samples
from bancada.store.runstore import RunStore
from tests.conftest import ROOT

pytestmark = [pytest.mark.ssh, pytest.mark.locust, pytest.mark.locust_full]


def test_locust_workers_run_on_the_loopback_ssh_host(trusted_host):
    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "quick.toml"),
        "quick",
        implementations=["go-rest"],
        requests=30,
        repetitions=1,
        warmup=2,
        payloads=["StdSize"],
        schedule="alternating",
        driver="locust",
    )
    data = profile.model_dump()
    data["load_hosts"] = {trusted_host: 2}
    data["experiment"]["load_users"] = 2
    events = list(Runner(type(profile).model_validate(data)).events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    assert any(isinstance(e, Notice) and f"load host {trusted_host}: Locust" in e.text for e in events)
    path = next(e for e in events if isinstance(e, RunStarted)).path
    with RunStore.open(path) as store:
        workers = load_worker_samples(store)
        total = store.conn.execute("SELECT COUNT(*), COUNT(DISTINCT seq) FROM sample").fetchone()
    assert total == (32, 32) and len(workers) == 32
    assert set(workers["host"]) == {trusted_host}  # the load host's name, as the profile names it
    assert workers["worker"].nunique() == 2
