"""The locust driver's command:
``bancada export locust PROFILE --kubernetes DIR [--target IMPL=HOST:PORT ...]``."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console
from rich.markup import escape

from bancada.core import paths
from bancada.core.i18n import translate
from bancada.drivers.job import DriverJob, JobBlock, JobError, JobTreatment
from bancada.drivers.locust.kubernetes import manifests, write_manifests
from bancada.drivers.locust.locustfile import block_plan, locustfile_text
from bancada.experiment import manifest
from bancada.experiment.plan import PlanError, build_plan, with_external, with_seed
from bancada.experiment.profile import Profile, ProfileError, load_profile
from bancada.experiment.profile_path import resolve_profile

err = Console(stderr=True)


def _targets(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        impl, sep, target = pair.partition("=")
        if not sep or not impl or ":" not in target:
            raise ProfileError(
                translate("Locust", "--target {pair!r}: expected IMPLEMENTATION=HOST:PORT").format(pair=pair)
            )
        out[impl] = target
    return out


def export_job(profile: Profile, targets: dict[str, str]) -> DriverJob:
    """One Locust run for the whole plan: every treatment, round by round (as the alternating schedule),
    ``warmup + requests`` rounds, sent to ``targets`` (implementation id -> host:port).

    Raises:
        ProfileError: an implementation without a target, or a custom request (prepared only in a run).
        PlanError: the profile names an unknown implementation.
    """
    profile = with_seed(profile, profile.experiment.seed or 0)  # the export's round order: the profile's seed, else 0
    plan = build_plan(profile, with_external(profile, manifest.discover(paths.home())))
    exp = profile.experiment
    treatments = []
    for t in plan.treatments:
        impl = t.implementation.id
        if impl not in targets:
            raise ProfileError(
                translate(
                    "Locust", "implementation {impl} has no --target {impl}=HOST:PORT (its address in the cluster)"
                ).format(impl=impl)
            )
        if t.workload.operation == "custom":
            raise ProfileError(
                translate("Locust", "the Kubernetes export does not send custom requests ({label})").format(
                    label=t.label
                )
            )
        treatments.append(
            JobTreatment(
                id=t.id,
                protocol=t.implementation.protocol,
                target=targets[impl],
                operation=t.workload.operation,
                implementation=impl,
                workload=t.workload.name,
                payload=t.workload.payload_spec(),
            )
        )
    block = JobBlock(
        repetition=1,
        treatments=[t.id for t in plan.treatments],
        warmup=exp.warmup,
        requests=exp.requests,
        order="shuffled" if exp.randomize else "round_robin",
        seed=exp.seed or 0,
    )
    return DriverJob(treatments=treatments, timeout_s=exp.timeout_s, blocks=[block])


def export_locust(args: argparse.Namespace) -> int:
    """``bancada export locust PROFILE --kubernetes DIR --target IMPL=HOST:PORT ...`` (its parser:
    :mod:`bancada.cli.main`): write the manifests; 0, or 2 with one line on stderr."""
    try:
        profile = load_profile(resolve_profile(args.profile))
        workers = sum(profile.load_hosts.values()) or profile.experiment.load_workers
        users = profile.experiment.load_users or workers
        job = export_job(profile, _targets(args.target))
        plan = block_plan(job, job.blocks[0], workers)
    except (ProfileError, PlanError, JobError, FileNotFoundError) as exc:
        err.print(f"[bold red]bancada:[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        return 2
    grpc = any(t["protocol"] == "grpc" for t in plan["treatments"])
    docs = manifests(locustfile_text(plan), workers, users, profile.experiment.spawn_rate or float(users), grpc)
    for path in write_manifests(args.kubernetes, docs):
        sys.stdout.write(f"{path}\n")
    return 0
