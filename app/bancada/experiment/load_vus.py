"""The ``vus`` load model of a profile's ``[load]`` table: k6's virtual users.

``model = "vus"`` runs ``vus`` virtual users for ``duration_s`` seconds; each loops one request
per iteration, then waits before its next iteration:

- ``pacing_s``: the next iteration starts ``pacing_s`` after this one started, or at once when this one
  took longer (a k6 script's ``sleep(pacing - elapsed)``);
- ``think_time_s``: it waits ``think_time_s`` after the response (a k6 script's ``sleep(t)``); 0 (the
  default when neither is given) loops at once, a closed loop.

``ramp_up_s`` 0 starts every VU at once (k6's ``constant-vus``); otherwise VU *i* (from 0) starts at
``i * ramp_up_s / vus``, k6's ``ramping-vus`` from ``startVUs: 0`` to ``vus`` over one stage of
``ramp_up_s`` (https://grafana.com/docs/k6/latest/using-k6/scenarios/executors/ramping-vus/).
``graceful_stop_s`` (default 30, k6's) is k6's ``gracefulStop``, "a period at the end of the test in
which k6 lets iterations in progress finish"; an iteration still running after it is interrupted
(https://grafana.com/docs/k6/latest/using-k6/scenarios/concepts/graceful-stop/). Each iteration is
one request, so k6's ``iterations`` and ``http_reqs`` count the same requests; latency runs from each
request's send. The native driver runs the model (``drivers/native``, docs/driver-protocol.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel, Field

from bancada.core.i18n import translate

#: k6's default gracefulStop (s).
DEFAULT_GRACEFUL_STOP_S = 30.0
#: The most virtual users a profile may ask for (the native driver's bound).
MAX_VUS = 100_000


class VusFields(BaseModel):
    """The ``[load]`` fields of the vus model (all None for the other models)."""

    #: vus model: virtual users, each looping one request per iteration
    vus: int | None = Field(default=None, le=MAX_VUS)
    #: vus model: an iteration every pacing_s per user (k6's sleep(pacing - elapsed)); not with think_time_s
    pacing_s: float | None = Field(default=None, le=86_400)
    #: vus model: the wait after each response (k6's sleep(t))
    think_time_s: float | None = Field(default=None, le=86_400)
    #: vus model: user i starts at i * ramp_up_s / vus (k6's ramping-vus from 0)
    ramp_up_s: float | None = Field(default=None, le=86_400)
    #: vus model: how long an iteration in flight may finish after duration_s (k6's gracefulStop)
    graceful_stop_s: float | None = Field(default=None, le=86_400)


class _LoadLike(Protocol):
    """What :func:`check_vus` reads of a ``[load]`` table (read-only)."""

    @property
    def model(self) -> str: ...
    @property
    def duration_s(self) -> float | None: ...
    @property
    def rate_per_s(self) -> float | None: ...
    @property
    def vus(self) -> int | None: ...
    @property
    def pacing_s(self) -> float | None: ...
    @property
    def think_time_s(self) -> float | None: ...
    @property
    def ramp_up_s(self) -> float | None: ...
    @property
    def graceful_stop_s(self) -> float | None: ...


@dataclass(frozen=True)
class VusPlan:
    """The checked vus schedule: counts, seconds. ``pacing_s`` None means think time."""

    vus: int
    duration_s: float
    pacing_s: float | None
    think_time_s: float
    ramp_up_s: float
    graceful_stop_s: float

    def start_offset_s(self, vu: int) -> float:
        """When virtual user ``vu`` (from 0) starts, in seconds from the start: ``vu * ramp_up_s / vus``."""
        return self.ramp_up_s * vu / self.vus if self.ramp_up_s > 0 else 0.0

    def planned_iterations(self) -> int:
        """With pacing and iterations shorter than it, the iterations the run makes: per VU,
        ceil((duration_s - start offset) / pacing_s). 0 without pacing (it depends on the latency)."""
        if self.pacing_s is None:
            return 0
        return sum(
            max(0, math.ceil((self.duration_s - self.start_offset_s(v)) / self.pacing_s)) for v in range(self.vus)
        )


def _vus_given(load: _LoadLike) -> str:
    for name in ("vus", "pacing_s", "think_time_s", "ramp_up_s", "graceful_stop_s"):
        if getattr(load, name) is not None:
            return name
    return ""


def _required(load: _LoadLike) -> tuple[int, float]:
    """(vus, duration_s) of a vus load; ValueError if one is missing or an open-model rate is given."""
    if load.vus is None or load.vus < 1:
        raise ValueError(translate("Profile", "the vus load model needs vus, the number of virtual users (1 or more)"))
    if load.duration_s is None:
        raise ValueError(
            translate("Profile", "the vus load model needs duration_s, how long the virtual users run (s)")
        )
    if load.rate_per_s is not None:
        raise ValueError(translate("Profile", "rate_per_s is for the open model; the vus model takes pacing_s"))
    return load.vus, load.duration_s


def _check_times(load: _LoadLike) -> None:
    """ValueError if pacing and think time are both given, pacing is not above 0 or a time is negative."""
    if load.pacing_s is not None and load.think_time_s is not None:
        raise ValueError(
            translate(
                "Profile",
                "give pacing_s (an iteration every pacing_s) or think_time_s (a wait after each response), not both",
            )
        )
    if load.pacing_s is not None and not load.pacing_s > 0:
        raise ValueError(translate("Profile", "pacing_s must be above 0 s; got {value}").format(value=load.pacing_s))
    for name in ("think_time_s", "ramp_up_s", "graceful_stop_s"):
        value = getattr(load, name)
        if value is not None and not value >= 0:
            raise ValueError(
                translate("Profile", "{field} must be 0 s or more; got {value}").format(field=name, value=value)
            )


def check_vus(load: _LoadLike) -> VusPlan | None:
    """Check the vus fields of ``load`` (a profile's ``[load]``); the plan for model vus, else None.

    Raises:
        ValueError: one translated line naming the field and what is expected: vus fields under
            another model, vus missing or < 1, duration_s missing, pacing_s and think_time_s both
            given, a pacing_s <= 0, a negative time, ramp_up_s above duration_s, rate_per_s given.
    """
    if load.model != "vus":
        given = _vus_given(load)
        if given:
            raise ValueError(
                translate(
                    "Profile", "{field} is a field of the vus load model; this profile's model is {model}"
                ).format(field=given, model=load.model)
            )
        return None
    vus, duration_s = _required(load)
    _check_times(load)
    ramp = load.ramp_up_s or 0.0
    if ramp > duration_s:
        raise ValueError(
            translate("Profile", "ramp_up_s ({ramp} s) must not exceed duration_s ({duration} s)").format(
                ramp=ramp, duration=duration_s
            )
        )
    return VusPlan(
        vus=vus,
        duration_s=duration_s,
        pacing_s=load.pacing_s,
        think_time_s=load.think_time_s or 0.0,
        ramp_up_s=ramp,
        graceful_stop_s=DEFAULT_GRACEFUL_STOP_S if load.graceful_stop_s is None else load.graceful_stop_s,
    )


def vus_job_fields(plan: VusPlan) -> dict[str, Any]:
    """The driver job's ``load`` fields of the plan (docs/driver-protocol.md, "The vus model")."""
    fields: dict[str, Any] = {
        "model": "vus",
        "vus": plan.vus,
        "duration_s": plan.duration_s,
        "ramp_up_s": plan.ramp_up_s,
        "graceful_stop_s": plan.graceful_stop_s,
    }
    if plan.pacing_s is not None:
        fields["pacing_s"] = plan.pacing_s
    else:
        fields["think_time_s"] = plan.think_time_s
    return fields
