"""The block hooks a run registers (bancada.run.block_hooks) and what a hook does with a host that has no
shell, with a fake Host (tests/unit/run/fakes.py) and the real plan, store and Python driver."""

from __future__ import annotations

import dataclasses
import threading

from bancada.experiment.overrides import apply_overrides
from bancada.experiment.profile import load_profile
from bancada.experiment.profiling import Profiling
from bancada.hosts.local import LocalHost
from bancada.run.block_hooks import WorkerWatch, block_hooks
from bancada.run.context import RunOptions
from bancada.run.cpu_profiling import CpuProfiling
from bancada.run.database import RunDatabase
from bancada.run.events import Notice, RunFinished
from bancada.run.locust_hosts import LocustHooks
from bancada.run.preparation import prepare_run
from bancada.run.runner import Runner
from bancada.store.cpu_profiles import cpu_profiles
from bancada.store.runstore import RunStore
from tests.conftest import ROOT
from tests.unit.run.fakes import FakeHost

IMPLS = ["go-rest", "java-rest"]


def _profile(cpu: bool = False):
    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "quick.toml"),
        "quick",
        operation="ping",
        requests=10,
        repetitions=1,
        warmup=2,
        schedule="sequential",
        implementations=IMPLS,
    )
    if cpu:
        profile.profiling = Profiling(cpu=True)
    return profile


def _hook_kinds(profile, tmp_path, driver: str | None = None) -> list[type]:
    hosts = FakeHost(ROOT), LocalHost(ROOT)
    ctx = prepare_run(profile, *hosts, "python", RunDatabase(), RunOptions(), threading.Event(), tmp_path)
    try:
        if driver is not None:
            ctx = dataclasses.replace(ctx, driver=driver)
        return [type(hook) for hook in block_hooks(ctx)]
    finally:
        ctx.store.close()


def test_the_hooks_are_registered_by_what_the_profile_asks_for(tmp_path):
    assert _hook_kinds(_profile(), tmp_path) == [WorkerWatch]
    assert _hook_kinds(_profile(cpu=True), tmp_path) == [WorkerWatch, CpuProfiling]
    # the locust driver's hook sits between the workers' watch and the profilers, closest to the driver
    assert _hook_kinds(_profile(cpu=True), tmp_path, driver="locust") == [WorkerWatch, LocustHooks, CpuProfiling]


def test_a_host_without_a_shell_gets_no_cpu_profile_and_the_run_goes_on(tmp_path):
    host = FakeHost(ROOT)
    events = list(Runner(_profile(cpu=True), host, driver="python", store_folder=tmp_path).events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete"
    said = [e.text for e in events if isinstance(e, Notice)]
    assert said.count(f"no CPU profile for {', '.join(IMPLS)} (this kind of host cannot be profiled); "
                      "the run goes on without them") == 1  # fmt: skip
    with RunStore.open(finished.path) as store:
        assert store.meta()["cpu_profiled"] == "1"
        assert cpu_profiles(store) == []
