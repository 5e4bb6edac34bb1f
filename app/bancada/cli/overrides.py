"""Command-line overrides of a profile, for one run only (the stored profile records them)."""

from __future__ import annotations

from typing import Any

from bancada.wire.operations import CREATE_OPERATIONS, LIST_OPERATIONS
from bancada.experiment.profile import Profile, ProfileError, parse_profile
from bancada.experiment.steady import with_choice

#: The rows seed 001's list methods list in the study (its workloads ListPets10 ... ListPeople1000).
LIST_LIMITS = (10, 100, 1000)


def _camel(operation: str) -> str:
    """``list_pets`` -> ``ListPets``: a workload's name as the profiles write it."""
    return "".join(part.capitalize() for part in operation.split("_"))


def apply_overrides(
    profile: Profile,
    source: str,
    *,
    implementations: list[str] | None = None,
    operation: str | None = None,
    payloads: list[str] | None = None,
    requests: int | None = None,
    repetitions: int | None = None,
    warmup: int | None = None,
    warmup_until: str | None = None,
    schedule: str | None = None,
    driver: str | None = None,
    connection: str | None = None,
    seed: int | None = None,
    load: str | None = None,
    concurrency: int | None = None,
    duration_s: float | None = None,
    rate_per_s: float | None = None,
) -> Profile:
    """Return a new, re-validated profile with the given fields replaced.

    ``payloads`` names workloads to keep (``StdSize,LargeSize``); a plain number
    ``N`` adds a workload of N elements like the first one. ``operation`` sets
    the operation of every workload (``ping``/``info`` keep a single workload; ``list_pets`` and
    ``list_people`` give three workloads of 10, 100 and 1000 rows, ``create_pet`` and
    ``create_person`` one, as seed 001's profile has them).
    ``seed`` is the schedule's seed; ``load`` (``sequential`` | ``closed`` |
    ``open``), ``concurrency`` (clients or requests in flight), ``duration_s``
    (measured seconds per block; 0 removes it, so a closed load runs ``requests`` requests, as
    ``ab -n N -c C``) and ``rate_per_s`` (open model) set the
    profile's ``[load]``. The profile's notices (e.g. an old schedule name) are kept.

    Raises:
        ProfileError: one line naming the override, its value and what is allowed.
    """
    data: dict[str, Any] = profile.model_dump(exclude_none=True)
    exp = data["experiment"]
    if implementations is not None:
        exp["implementations"] = implementations
    key: str
    value: object
    for key, value in (
        ("requests", requests),
        ("repetitions", repetitions),
        ("warmup", warmup),
        ("schedule", schedule),
        ("driver", driver),
        ("connection", connection),
        ("seed", seed),
    ):
        if value is not None:
            exp[key] = value
    if warmup is not None and warmup_until is None:  # a count given for this run is a count
        exp.pop("warmup_until", None)
    if warmup_until is not None:
        try:
            exp["warmup_until"] = with_choice(warmup_until, profile.experiment.warmup_until)
        except ValueError as exc:
            raise ProfileError(f"--warmup-until: {exc}") from None
    load_table = data.setdefault("load", {})
    for key, value in (
        ("model", load),
        ("concurrency", concurrency),
        ("duration_s", duration_s),
        ("rate_per_s", rate_per_s),
    ):
        if value is not None:
            load_table[key] = value
    if duration_s == 0:  # no duration: the load runs the requests of each repetition (ab -n N -c C)
        load_table.pop("duration_s", None)
    if payloads is not None:
        data["workloads"] = _chosen_workloads(data["workloads"], payloads)
    if operation is not None:
        data["workloads"] = _workloads_for(operation, data["workloads"])
    result = parse_profile(data, f"{source} (with command-line overrides)")
    result.notices[:0] = profile.notices
    return result


def _chosen_workloads(workloads: list[dict[str, Any]], payloads: list[str]) -> list[dict[str, Any]]:
    """The workloads ``--payloads`` keeps, by name, and one of N elements per plain number ``N``.

    Raises:
        ProfileError: a name that is neither a workload of the profile nor a number.
    """
    known = {w["name"]: w for w in workloads}
    chosen = []
    for name in payloads:
        if name in known:
            chosen.append(known[name])
        elif name.isdigit():
            chosen.append({**workloads[0], "name": f"N{name}", "count": int(name)})
        else:
            raise ProfileError(
                f"--payloads {name!r}: no such workload; the profile has "
                f"{', '.join(known)} (or give a number of elements)"
            )
    return chosen


def _workloads_for(operation: str, workloads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The workloads ``--operation`` gives (see :func:`apply_overrides`); edits ``workloads`` in place."""
    if operation in ("ping", "info"):
        return [{"name": operation.capitalize(), "operation": operation, "count": 0}]
    if operation in LIST_OPERATIONS:  # the study's three list sizes
        name = _camel(operation)
        return [{"name": f"{name}{n}", "operation": operation, "limit": n} for n in LIST_LIMITS]
    if operation in CREATE_OPERATIONS:  # one record a request, drawn from the run's seed
        return [{"name": _camel(operation), "operation": operation}]
    for w in workloads:
        if w.get("operation") != "custom":  # a custom request keeps its own
            w["operation"] = operation
    return workloads
