"""From a profile to a plan: treatments and the blocks the driver runs.

A *treatment* is one implementation under one workload (``go-grpc`` ×
``StdSize``). A *block* is what one driver process runs: some treatments of one
repetition, with their warm-up and measured requests (docs/driver-protocol.md).

Schedules (GUIDE rule 5):
- ``interleaved`` (default): one block per repetition holding every treatment,
  round-robin request by request; with ``randomize`` the order of each round
  is shuffled (SplitMix64, seed recorded as ``experiment.seed + repetition``).
- ``sequential``: per repetition, one block per treatment in profile order,
  as the reference study ran its implementations one after another.
"""

from __future__ import annotations

from dataclasses import dataclass

from bancada.experiment.external import ExternalImplementation
from bancada.experiment.manifest import Implementation
from bancada.experiment.profile import Profile, Workload


class PlanError(ValueError):
    """The profile names something that does not exist (e.g. an unknown implementation)."""


@dataclass(frozen=True)
class Treatment:
    id: int
    implementation: Implementation | ExternalImplementation
    workload: Workload

    @property
    def label(self) -> str:
        return f"{self.implementation.id} / {self.workload.name}"


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

    def to_job(self) -> dict:
        return {"repetition": self.repetition, "treatments": list(self.treatments), "warmup": self.warmup,
                "requests": self.requests, "order": self.order, "seed": self.seed}


@dataclass(frozen=True)
class Plan:
    treatments: tuple[Treatment, ...]
    blocks: tuple[Block, ...]

    def request_count(self) -> int:
        """Requests the plan sends (warm-ups included)."""
        return sum(b.request_count() for b in self.blocks)


def applies(workload: Workload, protocol: str) -> bool:
    """Whether ``workload`` makes a treatment with an implementation of ``protocol``:
    contract operations go to every implementation, a custom request only to
    the protocols it defines a request for."""
    return workload.operation != "custom" or protocol in workload.custom_protocols()


def build_plan(profile: Profile, implementations: dict[str, Implementation | ExternalImplementation]) -> Plan:
    """Build the plan of ``profile``.

    A custom workload pairs only with implementations of the protocols it
    defines (:func:`applies`); one that fits none of them makes no treatment
    (:func:`unplanned_workloads` names it).

    Raises:
        PlanError: an implementation of the profile is not among ``implementations``,
            or no workload fits any of them.
    """
    exp = profile.experiment
    missing = [i for i in exp.implementations if i not in implementations]
    if missing:
        known = ", ".join(implementations) or "none (no workers/*/worker.toml found)"
        raise PlanError(f"unknown implementation {missing[0]!r}; known: {known}")
    treatments = []
    for workload in profile.workloads:
        for impl_id in exp.implementations:
            if applies(workload, implementations[impl_id].protocol):
                treatments.append(Treatment(len(treatments), implementations[impl_id], workload))
    if not treatments:
        raise PlanError(f"no workload fits the implementations ({', '.join(exp.implementations)}): the custom "
                        f"workloads define requests for other protocols")
    blocks: list[Block] = []
    order = "shuffled" if exp.randomize else "round_robin"
    for rep in range(1, exp.repetitions + 1):
        seed = (exp.seed + rep) % 2**64
        if exp.schedule == "interleaved":
            blocks.append(Block(len(blocks), rep, tuple(t.id for t in treatments), exp.warmup, exp.requests, order, seed))
        else:
            for t in treatments:
                blocks.append(Block(len(blocks), rep, (t.id,), exp.warmup, exp.requests, "round_robin", seed))
    return Plan(tuple(treatments), tuple(blocks))


def with_external(profile: Profile, discovered: dict[str, Implementation]
                  ) -> dict[str, Implementation | ExternalImplementation]:
    """The discovered implementations plus the profile's ``[[external]]`` ones.

    Raises:
        PlanError: an external id is also the id of a worker's implementation.
    """
    merged: dict[str, Implementation | ExternalImplementation] = dict(discovered)
    for spec in profile.external:
        if spec.id in discovered:
            raise PlanError(f"external implementation {spec.id!r} has the id of a worker Bancada starts; "
                            f"give it another id (e.g. my-{spec.id})")
        merged[spec.id] = spec.implementation()
    return merged


def unplanned_workloads(profile: Profile, plan: Plan) -> list[str]:
    """Why each workload of ``profile`` without a treatment in ``plan`` is left out (one line each)."""
    planned = {t.workload.name for t in plan.treatments}
    return [f"workload {w.name} is a custom {' and '.join(w.custom_protocols())} request and no chosen "
            f"implementation speaks that protocol: it is left out of this run"
            for w in profile.workloads if w.name not in planned]
