"""The steady-state warm-up: ``[experiment] warmup_until``.

A block's warm-up is ``warmup`` requests per treatment; with ``warmup_until``
it goes on, window by window, until the latency is steady: the coefficient of
variation (sample standard deviation over mean) of the medians of the last
``windows`` windows of ``window`` requests is at most ``cov_pct`` percent and
their median moved by at most ``cov_pct`` percent from that of the ``windows``
windows before (so at least 2 × ``windows`` windows), or until a cap
(``max_requests`` warm-up requests or ``max_s`` seconds), which the run then
records as not steady. ``warmup`` stays the least warm-up.

Source: A. Georges, D. Buytaert, L. Eeckhout, "Statistically rigorous Java
performance evaluation", OOPSLA 2007, section 4.2 (steady-state performance:
iterate until the CoV of the last k iterations falls below a threshold; they
use k = 10 and 0.01 or 0.02). Here an iteration is a window of requests and
its value the window's median latency, robust to the odd slow request. The
drivers apply it (drivers/native/internal/job/steady.go and
:mod:`bancada.drivers.steady`); docs/statistics.md explains it.

Profile forms::

    warmup_until = "steady"                       # the defaults below
    warmup_until = { window = 200, cov_pct = 1 }  # some of them changed
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bancada.core.i18n import translate

#: The value of ``warmup_until`` that asks for the defaults.
STEADY = "steady"


class SteadyState(BaseModel):
    """When a warm-up is steady (the fields are the job's ``warmup_until``, docs/driver-protocol.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    window: int = Field(default=100, ge=1, le=1_000_000)  # requests per window
    windows: int = Field(default=5, ge=2, le=1000)  # k: the windows compared
    cov_pct: float = Field(default=5.0, gt=0, le=100)  # threshold on their CoV, percent
    max_requests: int = Field(default=20_000, ge=1, le=100_000_000)  # cap on warm-up requests per treatment
    max_s: float = Field(default=30.0, gt=0, le=3600)  # cap on a treatment's warm-up, seconds

    @model_validator(mode="after")
    def _check(self) -> SteadyState:
        if self.max_requests < 2 * self.window * self.windows:
            raise ValueError(
                translate(
                    "Profile",
                    "warmup_until: max_requests ({max}) must be at least 2 × window × windows ({least}), "
                    "or the warm-up could never be judged steady",
                ).format(max=self.max_requests, least=2 * self.window * self.windows)
            )
        return self

    def to_job(self) -> dict[str, Any]:
        """The job's ``warmup_until`` object."""
        return self.model_dump()

    def describe(self) -> str:
        """One line for the window and the report: the criterion and its caps."""
        return translate(
            "Profile",
            "until steady: CoV of the medians of the last {k} windows of {w} requests ≤ {x} % "
            "(at most {n} requests or {s} s)",
        ).format(k=self.windows, w=self.window, x=f"{self.cov_pct:g}", n=self.max_requests, s=f"{self.max_s:g}")


def steady_state(value: Any) -> Any:
    """``warmup_until`` as the profile wrote it, made a :class:`SteadyState` input: ``"steady"`` is
    every default, ``"count"`` (or nothing) the fixed count; a table passes through.

    Raises:
        ValueError: another string.
    """
    if value is None or value == "count":
        return None
    if value == STEADY:
        return SteadyState()
    if isinstance(value, str):
        raise ValueError(
            translate(
                "Profile", 'warmup_until must be "steady", "count" or a table of the criterion, not {v!r}'
            ).format(v=value)
        )
    return value


#: Under a concurrent load the default window holds this many requests per client.
REQUESTS_PER_CLIENT = 10


def for_clients(spec: SteadyState, clients: int) -> SteadyState:
    """``spec`` for a load of ``clients`` concurrent clients: unless the profile set them, the window
    is at least ``REQUESTS_PER_CLIENT`` requests per client and ``max_requests`` at least four times
    the least warm-up (2 × windows × window).

    Why: with 100 clients a window of 100 requests is one request per client, whose median moves
    with the scheduler, not the server: in seed 003's classroom profile the medians of such windows
    varied by a CoV of 20–80 % for servers long warm (go-rest, restify), and 11 of 13 warm-ups ended
    at the cap.
    """
    if clients <= 1:
        return spec
    update: dict[str, int] = {}
    window = spec.window
    if "window" not in spec.model_fields_set:
        window = max(window, REQUESTS_PER_CLIENT * clients)
        update["window"] = window
    if "max_requests" not in spec.model_fields_set:
        update["max_requests"] = max(spec.max_requests, 4 * 2 * spec.windows * window)
    return spec.model_copy(update=update)


def warmup_until_job(spec: SteadyState | None, clients: int = 1) -> dict[str, Any]:
    """The block fields of a job for ``spec`` under ``clients`` concurrent clients (1: sequential):
    ``{"warmup_until": {...}}`` (:func:`for_clients`), or none for a fixed count."""
    return {} if spec is None else {"warmup_until": for_clients(spec, clients).to_job()}
