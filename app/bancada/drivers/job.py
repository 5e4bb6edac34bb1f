"""The job a driver runs: the typed form of the JSON object written to its stdin (docs/driver-protocol.md).

The runner builds a :class:`DriverJob` per block and sends :meth:`DriverJob.to_json`;
the Python driver reads it back with :meth:`DriverJob.from_json`, and the native
driver (``drivers/native``) decodes the same fields in Go. Fields a newer driver
knows and these classes do not are kept as they are (``extra="allow"``), so the
two sides can grow one field at a time.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

JOB_VERSION: Literal[1] = 1


class JobError(ValueError):
    """The job is not one a driver can run; the message names the field and what was expected."""


class JobTreatment(BaseModel):
    """One treatment of the job: where to send which request.

    ``payload``: the workload's payload spec (contract operations; see
    :func:`bancada.wire.payload.build_request`); ``request``: the prepared custom
    request (``operation == "custom"``), one of the two.
    """

    model_config = ConfigDict(extra="allow", frozen=True)

    id: int
    protocol: str
    target: str  # host:port (gRPC) or base URL (REST) the driver connects to
    operation: str
    implementation: str = ""  # names, for the driver's messages
    workload: str = ""
    payload: dict[str, Any] | None = None
    request: dict[str, Any] | None = None


class JobLoad(BaseModel):
    """The job's load model (docs/driver-protocol.md, "Load models"): ``model`` is sequential, closed, open
    or vus; the closed and open models' ``concurrency`` (clients), ``duration_s``, ``rate_per_s`` (requests/s);
    the vus model's fields (:mod:`bancada.experiment.load_vus`: ``vus``, ``pacing_s`` or ``think_time_s``,
    ``ramp_up_s``, ``graceful_stop_s``, seconds). The native driver's engine options ride along as extra keys."""

    model_config = ConfigDict(extra="allow", frozen=True)

    model: str = "sequential"
    concurrency: int | None = None
    duration_s: float | None = None
    rate_per_s: float | None = None
    vus: int | None = None
    pacing_s: float | None = None
    think_time_s: float | None = None
    ramp_up_s: float | None = None
    graceful_stop_s: float | None = None

    def get(self, key: str, default: Any = None) -> Any:
        """A field or extra key by name (None values give ``default``), as on the JSON object."""
        value = getattr(self, key, None)
        if value is None and self.model_extra:
            value = self.model_extra.get(key)
        return default if value is None else value

    def __getitem__(self, key: str) -> Any:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value


class JobBlock(BaseModel):
    """One block: the treatments of one repetition, their warm-up and measured requests."""

    model_config = ConfigDict(extra="allow", frozen=True)

    repetition: int
    treatments: list[int]
    warmup: int = 0
    requests: int
    order: str = "round_robin"  # round_robin | shuffled
    seed: int = 0
    #: None: exactly ``warmup`` requests; else the steady-state criterion (window, windows, cov_pct,
    #: max_requests, max_s; bancada.experiment.steady)
    warmup_until: dict[str, Any] | None = None


class DriverJob(BaseModel):
    """A whole job: treatments, connection policy, per-request timeout (s), load model, blocks."""

    model_config = ConfigDict(extra="allow", frozen=True)

    version: Literal[1] = 1  # JOB_VERSION
    treatments: list[JobTreatment]
    connection: str = "reuse"  # reuse | new
    timeout_s: float = 30.0
    load: JobLoad = JobLoad()
    blocks: list[JobBlock]

    def to_json(self) -> dict[str, Any]:
        """The JSON object the drivers read: a treatment's ``payload`` or ``request`` left out when None
        (the objects inside them are sent as they are, nulls included)."""
        data = self.model_dump()
        data["load"] = self.load.model_dump(exclude_none=True)
        for treatment in data["treatments"]:
            for key in ("payload", "request"):
                if treatment.get(key) is None:
                    treatment.pop(key, None)
        for block in data["blocks"]:
            if block.get("warmup_until") is None:  # a fixed count: the job as before the criterion
                block.pop("warmup_until", None)
        return data

    @classmethod
    def from_json(cls, data: object) -> DriverJob:
        """Read a job written by :meth:`to_json`.

        Raises:
            JobError: one line naming the first bad field and what it must be.
        """
        if not isinstance(data, dict) or "treatments" not in data or "blocks" not in data:
            raise JobError("the job must be a JSON object with 'treatments' and 'blocks'")
        if data.get("version", JOB_VERSION) != JOB_VERSION:
            raise JobError(f"job version {data.get('version')!r} is not supported; expected {JOB_VERSION}")
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise JobError(f"job field {where}: {err['msg']}") from None
