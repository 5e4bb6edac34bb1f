"""The steady-state warm-up: ``[experiment] warmup_until``.

A block's warm-up is ``warmup`` requests per treatment; with ``warmup_until``
it goes on, window by window, until the latency is steady: the coefficient of
variation (sample standard deviation over mean) of the medians of the last
``windows`` windows of ``window`` requests is at most ``cov_pct`` percent and
their median moved by at most ``cov_pct`` percent from that of the ``windows``
windows before (so at least 2 × ``windows`` windows), or until a cap
(``max_requests`` warm-up requests or ``max_s`` seconds), which the run then
records as not steady. ``warmup`` stays the least warm-up. A window of slow
requests closes early, once its requests' latencies add up to ``window_s``
seconds per client and it holds at least :data:`MIN_WINDOW` requests (2 per
client under a concurrent load): go-rest's 28 ms LargeSize requests would
make the least warm-up of 10 windows of 100 requests 28 s, with 0.25 s about
2.5 s. Fast requests (under ``window_s`` / ``window`` each) fill their
windows by the count. With ``once``
the criterion applies in each treatment's first block only, and later blocks
warm up by the count: a worker process stays warm between blocks, as JMH's
warm-up iterations precede all the measurement iterations of one fork (a JVM).

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
    warmup_until = { once = true }                # each treatment's first block only
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bancada.core.i18n import number, translate

# The value of ``warmup_until`` that asks for the defaults.
STEADY = "steady"


class SteadyState(BaseModel):
    """When a warm-up is steady (the fields are the job's ``warmup_until``, docs/driver-protocol.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: requests per window; None: :data:`WINDOW` a client, at least :data:`REQUESTS_PER_CLIENT` per
    #: client under a concurrent load (:func:`for_clients`)
    window: int | None = Field(default=None, ge=1, le=1_000_000)
    # k, the windows compared; None: WINDOWS, or WINDOWS_CONCURRENT under a concurrent load (for_clients)
    windows: int | None = Field(default=None, ge=2, le=1000)
    cov_pct: float = Field(default=5.0, gt=0, le=100)  # threshold on their CoV and drift, percent
    #: cap on warm-up requests per treatment; None: :data:`MAX_REQUESTS`, at least four times the
    #: least warm-up (2 × windows × window)
    max_requests: int | None = Field(default=None, ge=1, le=100_000_000)
    max_s: float = Field(default=30.0, gt=0, le=3600)  # cap on a treatment's warm-up, seconds
    once: bool = False  # the criterion in each treatment's first block only; later blocks: the count
    # latency per client, seconds, that closes a window of at least MIN_WINDOW requests early (0: never)
    window_s: float = Field(default=0.25, ge=0, le=60)

    @model_validator(mode="after")
    def _check(self) -> SteadyState:
        least = 2 * (self.window or WINDOW) * (self.windows or WINDOWS)
        if self.max_requests is not None and self.max_requests < least:
            raise ValueError(
                translate(
                    "Profile",
                    "warmup_until: max_requests ({max}) must be at least 2 × window × windows ({least}), "
                    "or the warm-up could never be judged steady",
                ).format(max=self.max_requests, least=least)
            )
        return self

    def to_job(self, clients: int = 1, max_records: int | None = None) -> dict[str, Any]:
        """The job's ``warmup_until`` object for ``clients`` concurrent clients (every field the drivers
        read set; ``once`` is the runner's, which leaves the object out of a block whose treatments are warm;
        ``window_s`` becomes ``window_latency_s``, the window's latencies summed over its clients, and
        ``min_window``, docs/driver-protocol.md)."""
        spec = for_clients(self, clients, max_records)
        out = spec.model_dump(exclude={"once", "window_s"})
        if spec.window_s > 0:
            assert spec.window is not None  # for_clients sets it
            out["window_latency_s"] = spec.window_s * max(clients, 1)
            out["min_window"] = min(spec.window, max(MIN_WINDOW, 2 * max(clients, 1)))
        return out

    def describe(self, clients: int = 1, max_records: int | None = None) -> str:
        """One line for the window and the report: the criterion and its caps."""
        spec = for_clients(self, clients, max_records)
        if spec.window_s > 0:
            text = translate(
                "Profile",
                "until steady: CoV of the medians of the last {k} windows of {w} requests (fewer when their "
                "latencies add up to {ws} s) ≤ {x} % (at most {n} requests or {s} s)",
            )
        else:
            text = translate(
                "Profile",
                "until steady: CoV of the medians of the last {k} windows of {w} requests ≤ {x} % "
                "(at most {n} requests or {s} s)",
            )
        text = text.format(
            k=spec.windows,
            w=spec.window,
            ws=number(spec.window_s, 2),
            x=f"{spec.cov_pct:g}",
            n=spec.max_requests,
            s=f"{spec.max_s:g}",
        )
        if self.once:
            text += translate("Profile", "; in each treatment's first block only, later blocks by the count")
        return text


# The default window of a sequential load, requests.
WINDOW = 100
# The default number of windows compared (k), sequential and under a concurrent load.
WINDOWS = 5
WINDOWS_CONCURRENT = 10
# The fewest requests of a window closed early by its latencies (window_s).
MIN_WINDOW = 5
# The least default cap on warm-up requests.
MAX_REQUESTS = 20_000
# The native driver's default cap on a block's raw sample records (load.max_records).
MAX_RECORDS = 1_000_000
# Under a concurrent load the default window holds up to this many requests per client.
REQUESTS_PER_CLIENT = 100


def for_clients(spec: SteadyState, clients: int, max_records: int | None = None) -> SteadyState:
    """``spec`` with its defaults filled for a load of ``clients`` concurrent clients: the window
    :data:`WINDOW`, or :data:`REQUESTS_PER_CLIENT` requests per client when that is more; the
    windows compared :data:`WINDOWS`, under a concurrent load :data:`WINDOWS_CONCURRENT`; and
    ``max_requests`` :data:`MAX_REQUESTS` or four times the least warm-up (2 × windows × window),
    whichever is more. Fields the profile set are kept.

    The native driver keeps at most ``max_records`` raw samples of a block (the load's
    ``max_records``, None: :data:`MAX_RECORDS`), warm-up included, and summarizes the rest in
    histograms: the default cap is at most half of them, and the default window shrinks (not below
    :data:`WINDOW`) to fit two least warm-ups in that half. At c = 1,000 a window of 100 requests a
    client would have made the least warm-up 2,000,000 requests, and a 30 s warm-up at 70,000
    requests/s left no raw record for the measured ones.

    Why: with 100 clients a window of 100 requests is one request per client, whose median moves
    with the scheduler, not the server: in seed 003's classroom profile the medians of such windows
    varied by a CoV of 20–80 % for servers long warm (go-rest, restify), and 11 of 13 warm-ups ended
    at the cap. With 10 requests a client (1,000 at c = 100, 14 ms of go-rest's load on this 2-core
    machine) go-rest's CoV was still 12–17 % and every warm-up of go-rest and java-gson-rest ended at
    the cap of 40,000 requests; java-gson-rest's first repetition then ran at 0.51–0.61 of its second's
    rate. With 100 a client (about 0.14 s) go-rest was steady after 120,000–180,000 requests and
    java-gson-rest's two repetitions' rates were within 1.06×; slower servers' windows close by
    ``window_s`` (about 0.25 s of load) before the count. Comparing 5 such windows, java-gson-rest's
    warm-up was once judged steady after 158,636 requests while its JIT was still at work (its first
    repetition then ran at 0.65 of its second's rate); comparing 10, as Georges et al. do, it was
    steady after 577,605 and 640,139 requests and its repetitions' rates were within 1.05× and 1.01×.
    """
    window = spec.window or max(WINDOW, REQUESTS_PER_CLIENT * max(clients, 1))
    windows = spec.windows or (WINDOWS_CONCURRENT if clients > 1 else WINDOWS)
    budget = (MAX_RECORDS if max_records is None else max_records) // 2
    if spec.window is None and 2 * windows * window > budget // 2:
        window = max(WINDOW, budget // (4 * windows))
    least = 2 * windows * window
    max_requests = spec.max_requests or min(max(MAX_REQUESTS, 4 * least), max(budget, least))
    return spec.model_copy(update={"window": window, "windows": windows, "max_requests": max_requests})


# How a warm-up ends, as the window's choice and ``--warmup-until`` name it.
WARMUP_CHOICES = ("count", "once", "steady")


def warmup_choice(spec: SteadyState | None) -> str:
    """``spec`` as one of :data:`WARMUP_CHOICES`: ``count`` (none), ``once`` or ``steady``."""
    return "count" if spec is None else "once" if spec.once else "steady"


def with_choice(choice: str, spec: SteadyState | None) -> dict[str, Any] | None:
    """The profile's ``warmup_until`` for ``choice`` (one of :data:`WARMUP_CHOICES`), keeping the
    fields of ``spec`` (the profile's criterion) other than ``once``; None for ``count``.

    Raises:
        ValueError: ``choice`` is not one of :data:`WARMUP_CHOICES`.
    """
    if choice not in WARMUP_CHOICES:
        raise ValueError(
            translate("Profile", "the warm-up ends on one of {choices}, not {v!r}").format(
                choices=", ".join(WARMUP_CHOICES), v=choice
            )
        )
    if choice == "count":
        return None
    fields = spec.model_dump() if spec is not None else {}
    return {**fields, "once": choice == "once"}


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


def warmup_until_job(
    spec: SteadyState | None,
    treatments: Sequence[int],
    warm: set[int],
    clients: int = 1,
    max_records: int | None = None,
) -> dict[str, Any]:
    """The block fields of a job for ``spec`` under ``clients`` concurrent clients (1: sequential):
    ``{"warmup_until": {...}}`` (:func:`for_clients`), or none for a fixed count, and none when
    ``spec.once`` and every one of the block's ``treatments`` (ids) is in ``warm``, the treatments
    already warmed to the criterion since their workers started; the block's treatments are added
    to ``warm``."""
    if spec is None or (spec.once and warm.issuperset(treatments)):
        return {}
    warm.update(treatments)
    return {"warmup_until": spec.to_job(clients, max_records)}
