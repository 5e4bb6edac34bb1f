"""From a profile to a plan: treatments and the blocks the driver runs.

A *treatment* is one implementation under one workload (``go-grpc`` ×
``StdSize``). A *block* is what one driver process runs: some treatments of one
repetition, with their warm-up and measured requests (docs/driver-protocol.md).

Schedules:
- ``randomized`` (default): randomized multiple interleaved trials (Abedi and
  Brecht, "Conducting Repeatable Experiments in Highly Variable Cloud
  Computing Environments", ICPE 2017). In each repetition every treatment runs
  once as one contiguous block with its own warm-up, and the order of the
  blocks is a Fisher-Yates shuffle driven by SplitMix64(seed + repetition), so
  slow drift of the machine does not fall on one treatment, no treatment pays
  for the one before it, and the seed reproduces the order.
- ``sequential``: per repetition, one block per treatment in profile order,
  as the reference study (seed 000) ran its implementations one after another.
- ``alternating``: one block per repetition holding every treatment,
  round-robin request by request; with ``randomize`` the order of each round
  is shuffled (SplitMix64(seed + repetition)). Switching the target on every
  request wakes a different, idle server each time: on small payloads this
  measures a switching cost (here it inflated latencies 1.1-2.6x), so it is a
  switching-cost experiment, not a default. Called ``interleaved`` before.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bancada.experiment.external import ExternalImplementation
from bancada.experiment.manifest import Implementation
from bancada.experiment.profile import Experiment, Profile, Workload
from bancada.wire.select_pick import SplitMix64, shuffle_in_place


class PlanError(ValueError):
    """The profile names something that does not exist (e.g. an unknown implementation)."""


@dataclass(frozen=True)
class Treatment:
    id: int
    implementation: Implementation | ExternalImplementation
    workload: Workload
    link: str = ""  # a level of the factor link (experiment.links), "" without
    format: str = ""  # a serial workload's wire format (seed 004), "" for other operations

    @property
    def label(self) -> str:
        extra = "".join(f" / {x}" for x in (self.format, self.link) if x)
        return f"{self.implementation.id} / {self.workload.name}{extra}"


@dataclass(frozen=True)
class Block:
    index: int
    repetition: int
    treatments: tuple[int, ...]
    warmup: int
    requests: int
    order: str  # round_robin | shuffled
    seed: int

    def request_count(self) -> int:
        return (self.warmup + self.requests) * len(self.treatments)

    def to_job(self) -> dict[str, Any]:
        return {
            "repetition": self.repetition,
            "treatments": list(self.treatments),
            "warmup": self.warmup,
            "requests": self.requests,
            "order": self.order,
            "seed": self.seed,
        }


@dataclass(frozen=True)
class Plan:
    treatments: tuple[Treatment, ...]
    blocks: tuple[Block, ...]

    def request_count(self) -> int:
        """Requests the plan sends (warm-ups included)."""
        return sum(b.request_count() for b in self.blocks)


def implementation_for(
    impl_id: str, implementations: Mapping[str, Implementation | ExternalImplementation]
) -> Implementation | ExternalImplementation | None:
    """The implementation ``impl_id`` names, or None.

    ``go-rest:b`` is a second, separately started instance of ``go-rest`` (the
    same build under another label), for an A/A control: two treatments that
    differ only by chance.
    """
    if impl_id in implementations:
        return implementations[impl_id]
    base, sep, label = impl_id.partition(":")
    if sep and label and base in implementations:
        return replace(implementations[base], id=impl_id)
    return None


def applies(workload: Workload, protocol: str) -> bool:
    """Whether ``workload`` makes a treatment with an implementation of ``protocol``:
    contract operations go to every implementation, a custom request only to
    the protocols it defines a request for."""
    if workload.operation == "serial":
        return protocol == "rest"
    return workload.operation != "custom" or protocol in workload.custom_protocols()


def check_format(impl: Implementation | ExternalImplementation, fmt: str) -> None:
    """Raise PlanError when ``impl``'s worker does not declare the wire format ``fmt`` (its manifest's
    ``[formats]``); "" (no format) and implementations without a manifest pass."""
    worker = getattr(impl, "worker", None)
    if fmt and worker is not None and fmt not in getattr(worker, "formats", ()):
        raise PlanError(
            translate(
                "Plan",
                "{id} does not serve the {fmt} format (operation serial); its worker declares "
                "{v}: seed 004's formats are on the Go worker",
            ).format(id=impl.id, fmt=fmt, v=", ".join(getattr(worker, "formats", ())) or "none")
        )


def _chosen(
    exp: Experiment, implementations: dict[str, Implementation | ExternalImplementation]
) -> dict[str, Implementation | ExternalImplementation | None]:
    """The implementation of each id the profile names; PlanError naming the first unknown one."""
    chosen = {i: implementation_for(i, implementations) for i in exp.implementations}
    missing = [i for i, impl in chosen.items() if impl is None]
    if missing:
        known = ", ".join(implementations) or "none (no workers/*/worker.toml found)"
        raise PlanError(
            translate(
                "Plan",
                "unknown implementation {missing!r}; known: {known} (a second instance of one is "
                "written like go-rest:b)",
            ).format(missing=missing[0], known=known)
        )
    return chosen


def _treatments(profile: Profile, chosen: dict[str, Implementation | ExternalImplementation | None]) -> list[Treatment]:
    """Every (workload, implementation, format, link) that applies, numbered from 0; PlanError if none."""
    exp = profile.experiment
    treatments: list[Treatment] = []
    links = exp.links or [""]
    for workload in profile.workloads:
        for impl_id in exp.implementations:
            impl = chosen[impl_id]
            assert impl is not None
            if not applies(workload, impl.protocol):
                continue
            formats: list[str] = list(workload.formats) or [""]
            for fmt in formats:
                check_format(impl, fmt)
                for link in links:
                    treatments.append(Treatment(len(treatments), impl, workload, link, fmt))
    if not treatments:
        raise PlanError(
            translate(
                "Plan",
                "no workload fits the implementations ({names}): the custom workloads define "
                "requests for other protocols",
            ).format(names=", ".join(exp.implementations))
        )
    return treatments


def _blocks(exp: Experiment, treatments: list[Treatment]) -> list[Block]:
    """The blocks of every repetition in the schedule's order (a block per treatment, or one alternating)."""
    blocks: list[Block] = []
    for rep in range(1, exp.repetitions + 1):
        seed = ((exp.seed or 0) + rep) % 2**64
        if exp.schedule == "alternating":
            order = "shuffled" if exp.randomize else "round_robin"
            blocks.append(
                Block(len(blocks), rep, tuple(t.id for t in treatments), exp.warmup, exp.requests, order, seed)
            )
            continue
        ids = [t.id for t in treatments]
        if exp.schedule == "randomized":
            shuffle_in_place(ids, SplitMix64(seed))
        for t_id in ids:
            blocks.append(Block(len(blocks), rep, (t_id,), exp.warmup, exp.requests, "round_robin", seed))
    return blocks


def build_plan(profile: Profile, implementations: dict[str, Implementation | ExternalImplementation]) -> Plan:
    """Build the plan of ``profile``.

    A custom workload pairs only with implementations of the protocols it
    defines (:func:`applies`); one that fits none of them makes no treatment
    (:func:`unplanned_workloads` names it).

    Raises:
        PlanError: an implementation of the profile is not among ``implementations``,
            or the schedule needs a seed and the profile has none (the runner draws one first),
            or no workload fits any of them.
    """
    exp = profile.experiment
    chosen = _chosen(exp, implementations)
    if exp.seed is None and (exp.schedule == "randomized" or exp.randomize):
        raise PlanError(
            translate("Plan", "the schedule needs a seed; draw one with with_seed() before building the plan")
        )
    treatments = _treatments(profile, chosen)
    blocks = _blocks(exp, treatments)
    return Plan(tuple(treatments), tuple(blocks))


def with_seed(profile: Profile, seed: int | None = None) -> Profile:
    """Return ``profile`` with ``experiment.seed`` set: ``seed`` if given, the profile's own if it has
    one, otherwise 63 random bits from the operating system. The run stores the result, so the
    block order it ran can be rebuilt."""
    if seed is None and profile.experiment.seed is not None:
        return profile
    chosen = seed if seed is not None else secrets.randbits(63)
    experiment = profile.experiment.model_copy(update={"seed": chosen})
    return profile.model_copy(update={"experiment": experiment})


def with_external(
    profile: Profile, discovered: dict[str, Implementation]
) -> dict[str, Implementation | ExternalImplementation]:
    """The discovered implementations plus the profile's ``[[external]]`` ones.

    Raises:
        PlanError: an external id is also the id of a worker's implementation.
    """
    merged: dict[str, Implementation | ExternalImplementation] = dict(discovered)
    for spec in profile.external:
        if spec.id in discovered:
            raise PlanError(
                translate(
                    "Plan",
                    "external implementation {id!r} has the id of a worker Bancada starts; give it "
                    "another id (e.g. my-{id})",
                ).format(id=spec.id)
            )
        merged[spec.id] = spec.implementation()
    return merged


def unplanned_workloads(profile: Profile, plan: Plan) -> list[str]:
    """Why each workload of ``profile`` without a treatment in ``plan`` is left out (one line each)."""
    planned = {t.workload.name for t in plan.treatments}
    return [
        f"workload {w.name} is a custom {' and '.join(w.custom_protocols())} request and no chosen "
        f"implementation speaks that protocol: it is left out of this run"
        for w in profile.workloads
        if w.name not in planned
    ]
