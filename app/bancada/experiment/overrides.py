"""Overrides of a profile for one run only (the stored profile records them): :class:`ProfileOverrides`,
and :func:`apply_overrides`, its keyword form.

A message that names an override names it by ``named(field)``: the field itself by default, a
command-line flag when ``bancada run`` passes its own naming (``warmup_until`` -> ``--warmup-until``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bancada.experiment.profile_path import resolve_profile
from bancada.core.i18n import translate
from bancada.experiment.profile import Profile, ProfileError, load_profile, parse_profile
from bancada.experiment.profiling import Profiling
from bancada.experiment.steady import with_choice
from bancada.wire.operations import CREATE_OPERATIONS, LIST_OPERATIONS

#: The rows seed 001's list methods list in the study (its workloads ListPets10 ... ListPeople1000).
LIST_LIMITS = (10, 100, 1000)


def _camel(operation: str) -> str:
    """``list_pets`` -> ``ListPets``: a workload's name as the profiles write it."""
    return "".join(part.capitalize() for part in operation.split("_"))


@dataclass(frozen=True)
class ProfileOverrides:
    """The fields of a profile replaced for one run; None (``profile_cpu``: False) keeps the profile's.

    ``payloads`` names workloads to keep (``StdSize,LargeSize``); a plain number
    ``N`` adds a workload of N elements like the first one. ``operation`` sets
    the operation of every workload (``ping``/``info`` keep a single workload; ``list_pets`` and
    ``list_people`` give three workloads of 10, 100 and 1000 rows, ``create_pet`` and
    ``create_person`` one, as seed 001's profile has them).
    ``seed`` is the schedule's seed; ``load`` (``sequential`` | ``closed`` |
    ``open``), ``concurrency`` (clients or requests in flight), ``duration_s``
    (measured seconds per block; 0 removes it, so a closed load runs ``requests`` requests, as
    ``ab -n N -c C``) and ``rate_per_s`` (open model) set the
    profile's ``[load]``. ``load_workers`` sets the Locust load workers on this computer;
    ``profile_cpu`` turns ``[profiling] cpu`` on (it never turns a profile's own off).
    """

    implementations: list[str] | None = None
    operation: str | None = None
    payloads: list[str] | None = None
    requests: int | None = None
    repetitions: int | None = None
    warmup: int | None = None
    warmup_until: str | None = None
    schedule: str | None = None
    driver: str | None = None
    connection: str | None = None
    seed: int | None = None
    load: str | None = None
    concurrency: int | None = None
    duration_s: float | None = None
    rate_per_s: float | None = None
    load_workers: int | None = None
    profile_cpu: bool = False

    def applied_to(self, profile: Profile, source: str, named: Callable[[str], str] = str) -> Profile:
        """A new, re-validated profile: ``profile`` (read from ``source``) with these fields replaced.
        The profile's notices (e.g. an old schedule name) are kept.

        Raises:
            ProfileError: one line naming the override (as ``named`` names it), its value and what is
                allowed.
        """
        data: dict[str, Any] = profile.model_dump(exclude_none=True)
        exp = data["experiment"]
        if self.implementations is not None:
            exp["implementations"] = self.implementations
        _set_given(
            exp,
            requests=self.requests,
            repetitions=self.repetitions,
            warmup=self.warmup,
            schedule=self.schedule,
            driver=self.driver,
            connection=self.connection,
            seed=self.seed,
        )
        if self.warmup is not None and self.warmup_until is None:  # a count given for this run is a count
            exp.pop("warmup_until", None)
        if self.warmup_until is not None:
            try:
                exp["warmup_until"] = with_choice(self.warmup_until, profile.experiment.warmup_until)
            except ValueError as exc:
                raise ProfileError(
                    translate("Overrides", "{name}: {reason}").format(name=named("warmup_until"), reason=exc)
                ) from None
        load_table = data.setdefault("load", {})
        _set_given(
            load_table,
            model=self.load,
            concurrency=self.concurrency,
            duration_s=self.duration_s,
            rate_per_s=self.rate_per_s,
        )
        if self.duration_s == 0:  # no duration: the load runs the requests of each repetition (ab -n N -c C)
            load_table.pop("duration_s", None)
        if self.payloads is not None:
            data["workloads"] = _chosen_workloads(data["workloads"], self.payloads, named("payloads"))
        if self.operation is not None:
            data["workloads"] = _workloads_for(self.operation, data["workloads"])
        result = parse_profile(data, f"{source} (with command-line overrides)")
        result.notices[:0] = profile.notices
        if self.load_workers is not None:
            result = with_load_workers(result, self.load_workers, named("load_workers"))
        if self.profile_cpu:
            result.profiling = Profiling(cpu=True)
        return result


def _set_given(table: dict[str, Any], **values: object) -> None:
    """Set each of ``values`` that is not None in ``table``."""
    for key, value in values.items():
        if value is not None:
            table[key] = value


def apply_overrides(profile: Profile, source: str, named: Callable[[str], str] = str, **fields: Any) -> Profile:
    """``ProfileOverrides(**fields).applied_to(profile, source, named)``: see :class:`ProfileOverrides`.

    Raises:
        ProfileError: an override is invalid (see :meth:`ProfileOverrides.applied_to`).
        TypeError: a keyword that is no field of :class:`ProfileOverrides`.
    """
    return ProfileOverrides(**fields).applied_to(profile, source, named)


def load_with_overrides(name_or_path: str, overrides: ProfileOverrides, named: Callable[[str], str] = str) -> Profile:
    """The profile ``name_or_path`` names (a file, or a profile shipped with Bancada) with ``overrides``.

    Raises:
        FileNotFoundError: a bare name that is no shipped profile
            (:func:`bancada.experiment.profile_path.resolve_profile`).
        ProfileError: the profile or an override is invalid.
    """
    path = resolve_profile(name_or_path)
    return overrides.applied_to(load_profile(path), str(path), named)


def with_load_workers(profile: Profile, load_workers: int, name: str = "load_workers") -> Profile:
    """``profile`` with ``experiment.load_workers = load_workers``: the Locust load workers on this computer.

    Raises:
        ProfileError: ``load_workers`` is below 1 (the message names it ``name``).
    """
    if load_workers < 1:
        raise ProfileError(
            translate("Overrides", "{name} must be 1 or more (Locust workers on this computer), not {n}").format(
                name=name, n=load_workers
            )
        )
    data = profile.model_dump()
    data["experiment"]["load_workers"] = load_workers
    return Profile.model_validate(data)


def _chosen_workloads(workloads: list[dict[str, Any]], payloads: list[str], named: str) -> list[dict[str, Any]]:
    """The workloads ``payloads`` keeps, by name, and one of N elements per plain number ``N``.

    Raises:
        ProfileError: a name that is neither a workload of the profile nor a number (the override
            named ``named``).
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
                translate(
                    "Overrides",
                    "{flag} {name}: no such workload; the profile has {known} (or give a number of elements)",
                ).format(flag=named, name=repr(name), known=", ".join(known))
            )
    return chosen


def _workloads_for(operation: str, workloads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The workloads an ``operation`` override gives (see :class:`ProfileOverrides`); edits ``workloads`` in place."""
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
