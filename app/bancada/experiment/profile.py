"""Experiment profiles: TOML files validated with pydantic.

A profile names the implementations under test, the workloads (operation and
payload), the design (repetitions r, requests per repetition n, warm-up), the
schedule, the connection policy, the driver and the factors of the analysis.
See ``profiles/soares-2024.toml`` for a commented example, and
``profiles/my-service.toml`` for ``[[external]]`` implementations (services
Bancada does not start) and custom-request workloads.
"""

from __future__ import annotations

from bancada.core.i18n import translate
from bancada.experiment.links import Link, resolve_links

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator
from pydantic_core import ErrorDetails

from bancada.experiment.custom import CustomRequestFields
from bancada.experiment.database import DatabaseConfig
from bancada.experiment.external import ExternalSpec
from bancada.experiment.load_vus import VusFields, check_vus
from bancada.experiment.profiling import Profiling
from bancada.experiment.steady import SteadyState, steady_state
from bancada.wire.db_requests import check_limit

#: :data:`bancada.wire.operations.OPERATIONS` as a type (a test keeps the two lists equal).
Operation = Literal[
    "ping", "select", "echo", "info", "void", "double", "sum", "power_of_two", "recolor", "matmul", "custom", "serial",
    "list_pets", "list_people", "create_pet", "create_person",
]  # fmt: skip
#: The six methods of the RPC study (seed 002), as workload operations.
METHOD_OPERATIONS = ("void", "double", "sum", "power_of_two", "recolor", "matmul")
#: The count of a method workload that does not set one: sum's eight values (the study's),
#: recolor's two extras.
METHOD_DEFAULT_COUNT = {"sum": 8, "recolor": 2}
PayloadKind = Literal["int64s", "doubles", "strings", "records", "structs"]
#: Seed 004's wire formats of a ``serial`` workload (bancada.experiment.links has the links).
Format = Literal["json", "protobuf", "avro", "msgpack"]
FORMATS: tuple[str, ...] = ("json", "protobuf", "avro", "msgpack")
#: Seed 004's data kinds of a ``serial`` workload (workers/go/formats).
SERIAL_KINDS = ("int64s", "doubles", "strings", "structs")

#: The name ``alternating`` had before 0.2; profiles and stored runs that use it still open.
LEGACY_SCHEDULE = "interleaved"

#: Names of the well-known payload sizes of the reference study (seed 000).
STD_SIZE = 200
LARGE_SIZE = 204800


class ProfileError(ValueError):
    """A profile is wrong; the message is one line naming file, field, value and what is allowed."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Workload(_Strict, CustomRequestFields):
    """One workload: an operation and its payload (e.g. ``StdSize``), or a custom request
    (``operation = "custom"``, fields in :mod:`bancada.experiment.custom`)."""

    #: the workload's name, a level of the factor payload (e.g. StdSize)
    name: str = Field(min_length=1, max_length=64)
    #: the contract's operation each request calls (select, echo, sum, ...; custom: your own request)
    operation: Operation = "select"
    #: the kind of the payload's values (int64s, doubles, strings, ...)
    kind: PayloadKind = "int64s"
    #: values in one payload (default: the operation's own)
    count: int = Field(default=STD_SIZE, ge=0, le=16_777_216)
    #: the smallest generated value (int64s, doubles)
    min: int = 0
    #: the largest generated value (int64s, doubles)
    max: int = 1000
    #: select only: how many values the server selects
    k: int = Field(default=3, ge=1)
    #: echo only: the server sends the payload back
    echo: bool = False
    # string_length: the letters of each string; power_of_two's payload size (its n)
    string_length: int = Field(default=16, ge=0, le=1_048_576)
    # order: matmul's matrix order (two order x order matrices of doubles)
    order: int = Field(default=4, ge=1, le=1024)
    #: seed of the payload's generated values
    seed: int = Field(default=1, ge=0, lt=2**64)
    #: ``serial`` only (seed 004): the wire formats, each a level of the factor ``format``.
    formats: list[Format] = Field(default_factory=list)
    #: ``list_pets`` / ``list_people`` only (seed 001): the rows asked for, 1..1000.
    limit: int | None = None

    @model_validator(mode="before")
    @classmethod
    def _method_defaults(cls, data: Any) -> Any:
        """A sum or recolor workload without ``count`` takes the method's own default."""
        operation = data.get("operation") if isinstance(data, dict) else None
        if isinstance(operation, str) and operation in METHOD_DEFAULT_COUNT and "count" not in data:
            data = dict(data, count=METHOD_DEFAULT_COUNT[operation])
        return data

    @model_validator(mode="after")
    def _check(self) -> "Workload":
        if self.max < self.min:
            raise ValueError(
                translate("Profile", "max ({max}) must be >= min ({min})").format(max=self.max, min=self.min)
            )
        self.check_custom(self.operation)
        check_serial(self)
        check_limit(self.operation, self.limit)
        if self.operation == "select":
            if self.kind != "int64s":
                raise ValueError(translate("Profile", "select takes kind = 'int64s'"))
            if self.count < 1:
                raise ValueError(translate("Profile", "select needs count >= 1"))
            if self.k > self.count:
                raise ValueError(
                    translate("Profile", "k ({k}) must be <= count ({count})").format(k=self.k, count=self.count)
                )
        if self.string_length == 0 and self.operation != "power_of_two":
            raise ValueError(translate("Profile", "string_length must be >= 1 (0 is for power_of_two, its n = 0)"))
        return self

    def size(self) -> int:
        """The payload size the workload sweeps: count (select, echo, sum; recolor's extras),
        string_length (power_of_two), order (matmul); 0 for ping, info, void, double, custom."""
        if self.operation in ("select", "echo", "sum", "recolor"):
            return self.count
        if self.operation == "power_of_two":
            return self.string_length
        if self.operation == "matmul":
            return self.order
        return 0

    def payload_spec(self) -> dict[str, Any]:
        """The ``payload`` object of a driver job (docs/driver-protocol.md)."""
        return {
            "kind": self.kind,
            "count": self.count,
            "min": self.min,
            "max": self.max,
            "seed": self.seed,
            "k": self.k,
            "echo": self.echo,
            "string_length": self.string_length,
            "order": self.order,
            **({"limit": self.limit} if self.limit is not None else {}),
        }


def check_serial(w: Workload) -> None:
    """A ``serial`` workload (seed 004) names a kind of SERIAL_KINDS and at least one format; no
    other operation takes ``formats`` or the kind ``structs``.

    Raises:
        ValueError: saying which.
    """
    if w.operation != "serial":
        if w.formats:
            raise ValueError(
                translate("Profile", "formats is for operation = 'serial' (seed 004's serialization formats)")
            )
        if w.kind == "structs":
            raise ValueError(translate("Profile", "kind 'structs' is for operation = 'serial'; echo takes 'records'"))
        return
    if w.kind not in SERIAL_KINDS:
        raise ValueError(
            translate("Profile", "serial takes kind {names}; got {kind!r}").format(
                names=", ".join(SERIAL_KINDS), kind=w.kind
            )
        )
    if not w.formats:
        raise ValueError(
            translate("Profile", "serial needs formats, a list of {names}").format(names=", ".join(FORMATS))
        )
    if len(set(w.formats)) != len(w.formats):
        raise ValueError(translate("Profile", "formats lists a format twice"))
    if w.count > 10_000_000:
        raise ValueError(translate("Profile", "serial count {count} is above 10000000").format(count=w.count))


def clients_of(model: str, concurrency: int | None, vus: int | None) -> int:
    """The concurrent clients of a load: 1 for ``sequential``, ``vus`` for ``vus``, else
    ``concurrency`` (1 when a value is absent, as in a profile that leaves it out)."""
    if model == "sequential":
        return 1
    return int((vus if model == "vus" else concurrency) or 1)


class Load(_Strict, VusFields):
    """How requests are sent: sequential (default), closed (c clients), open (rate) or vus (k6's
    virtual users; fields in :mod:`bancada.experiment.load_vus`)."""

    #: sequential: one request at a time; closed: c clients in a loop; open: an arrival rate; vus: k6's users
    model: Literal["sequential", "closed", "open", "vus"] = "sequential"
    #: clients (closed) or most requests in flight (open)
    concurrency: int = Field(default=1, ge=1, le=100_000)
    #: measured seconds per block (closed, open, vus); None: the experiment's requests instead
    duration_s: float | None = Field(default=None, gt=0)
    #: requests per second of the open model
    rate_per_s: float | None = Field(default=None, gt=0)
    #: gRPC with concurrency c: c channels (c TCP connections) or c streams over one channel
    grpc_mode: Literal["channels", "streams"] = "channels"
    #: the native driver's most samples per block; past it only histograms (None: its default)
    max_records: int | None = Field(default=None, ge=0)
    # Native driver, REST engine (docs/driver-protocol.md, "REST engines");
    # None leaves the driver's default.
    rest_client: Literal["epoll", "raw", "net/http"] | None = None
    #: epoll engine, closed model: microseconds the event loop polls before it sleeps (None: the driver's default)
    busy_poll_us: float | None = Field(default=None, ge=0, le=10_000)
    #: epoll engine, closed model: event loops the connections are split over (None: one)
    event_loops: int | None = Field(default=None, ge=1, le=1024)

    @model_validator(mode="after")
    def _check(self) -> "Load":
        if self.model == "open" and self.rate_per_s is None:
            raise ValueError(translate("Profile", "the open model needs rate_per_s"))
        check_vus(self)
        return self

    @property
    def clients(self) -> int:
        """The concurrent clients: 1 sequential, the virtual users of vus, else the concurrency."""
        return clients_of(self.model, self.concurrency, self.vus)


class Experiment(_Strict):
    """The design of the experiment."""

    #: the profile's name, stored with each run (as bancada runs shows it)
    name: str = Field(min_length=1)
    #: the study's title in the window and the report
    title: str = ""
    #: a sentence on what the study measures, in the window and the report
    description: str = ""
    question: str = ""  # the research question, as the report states it (bancada.report.study)
    #: implementation ids, <worker>-<protocol> (bancada workers lists them)
    implementations: list[str] = Field(min_length=1)
    #: repetitions (r) of every treatment
    repetitions: int = Field(default=5, ge=1, le=10_000)
    #: measured requests per treatment and repetition (n)
    requests: int = Field(default=77, ge=1, le=100_000_000)
    #: warm-up requests per treatment and repetition, recorded and flagged, before the measured ones
    warmup: int = Field(default=100, ge=0, le=100_000_000)
    # None: exactly `warmup` requests; else warm up past them until steady (bancada.experiment.steady)
    warmup_until: SteadyState | None = None
    # randomized: each repetition runs every treatment once as a contiguous block, blocks shuffled;
    # sequential: the blocks in profile order; alternating: request by request across treatments
    # (bancada.experiment.plan explains each)
    schedule: Literal["randomized", "sequential", "alternating"] = "randomized"
    randomize: bool = False  # alternating only: shuffle the order of each round of requests
    # The seed of the block order (randomized) and of the round order (alternating with
    # randomize); None draws one when the run starts, and the run stores it.
    seed: int | None = Field(default=None, ge=0, lt=2**64)
    #: reuse: one connection per client for the whole block; new: a connection per request, its set-up
    #: inside the latency
    connection: Literal["reuse", "new"] = "reuse"
    #: seconds a request may take before it fails
    timeout_s: float = Field(default=30.0, gt=0, le=3600)
    #: the process that sends the requests: auto (native where built, else python), python, native or locust
    driver: Literal["python", "native", "auto", "locust"] = "auto"
    #: the locust driver (bancada.drivers.locust): Locust workers (processes) per block
    load_workers: int = Field(default=1, ge=1, le=1024)
    #: the locust driver: users across its workers (None: one per worker)
    load_users: int | None = Field(default=None, ge=1, le=1_000_000)
    #: the locust driver: users started per second (None: all at once)
    spawn_rate: float | None = Field(default=None, gt=0)
    #: the factors of the analysis: language, protocol, payload, implementation, operation, link, format
    factors: list[str] = Field(default_factory=lambda: ["language", "protocol"])
    #: Network links between driver and workers, each a level of the factor ``link``: preset names
    #: (bancada.experiment.links) or the names of the profile's ``[[links]]``. Empty: no emulated link.
    links: list[str] = Field(default_factory=list)

    _warmup_until = field_validator("warmup_until", mode="before")(steady_state)

    @model_validator(mode="after")
    def _check(self) -> "Experiment":
        if len(set(self.implementations)) != len(self.implementations):
            raise ValueError(translate("Profile", "implementations are listed twice"))
        if len(set(self.links)) != len(self.links):
            raise ValueError(translate("Profile", "links are listed twice"))
        if self.load_users is not None and self.load_users < self.load_workers:
            raise ValueError(
                translate(
                    "Profile",
                    "load_users ({users}) must be at least load_workers ({workers}): one user per Locust worker",
                ).format(users=self.load_users, workers=self.load_workers)
            )
        allowed = {"language", "protocol", "payload", "implementation", "operation", "link", "format"}
        bad = [f for f in self.factors if f not in allowed]
        if bad:
            raise ValueError(
                translate("Profile", "unknown factor {bad!r}; allowed: {names}").format(
                    bad=bad[0], names=", ".join(sorted(allowed))
                )
            )
        return self


def parse_cpu_list(text: str) -> list[int]:
    """Parse a Linux CPU list (``"0"``, ``"1-3"``, ``"0,2-3"``; as taskset -c) into sorted CPU numbers.

    Raises:
        ValueError: the text is not such a list.
    """
    cpus: set[int] = set()
    for part in text.split(","):
        lo, sep, hi = part.strip().partition("-")
        if not lo.isdigit() or (sep and not hi.isdigit()):
            raise ValueError(
                translate("Profile", "{text!r} is not a CPU list; expected e.g. '0', '1-3' or '0,2-3'").format(
                    text=text
                )
            )
        first, last = int(lo), int(hi) if sep else int(lo)
        if last < first:
            raise ValueError(
                translate("Profile", "{text!r}: range {v!r} runs backwards").format(text=text, v=part.strip())
            )
        cpus.update(range(first, last + 1))
    return sorted(cpus)


class Placement(_Strict):
    """Priority (nice level, -20..19) and CPU set (a taskset-style list) of the workers and of the driver.

    The reference study (seed 000) ran its servers at nice -20 and its client at
    -19. Bancada applies what the host permits and records what it applied and
    what it refused (e.g. a negative nice level without root, CPUs the host does
    not have) in the run's facts. None leaves the process as it would start.
    """

    #: the workers' nice level (None: as they start)
    worker_nice: int | None = Field(default=None, ge=-20, le=19)
    #: the driver's nice level (None: as it starts)
    driver_nice: int | None = Field(default=None, ge=-20, le=19)
    #: the CPUs the workers are pinned to, a taskset list such as 0,1 (None: any)
    worker_cpus: str | None = None
    #: the CPUs the driver is pinned to, a taskset list (None: any)
    driver_cpus: str | None = None

    @field_validator("worker_cpus", "driver_cpus")
    @classmethod
    def _cpu_list(cls, value: str | None) -> str | None:
        if value is not None:
            parse_cpu_list(value)
        return value

    def is_empty(self) -> bool:
        return all(v is None for v in (self.worker_nice, self.driver_nice, self.worker_cpus, self.driver_cpus))


class Profile(_Strict):
    """A whole profile file."""

    experiment: Experiment
    workloads: list[Workload] = Field(min_length=1)
    load: Load = Field(default_factory=Load)
    #: Services Bancada does not start (bancada.experiment.external).
    external: list[ExternalSpec] = Field(default_factory=list)
    placement: Placement = Field(default_factory=Placement)
    link: Link | None = None  # an emulated network link between driver and workers, for the whole run
    # The locust driver's SSH load hosts: host name (as in the hosts file) -> Locust workers there;
    # empty: ``experiment.load_workers`` workers on this computer.
    load_hosts: dict[str, int] = Field(default_factory=dict)
    #: Custom links that ``experiment.links`` may name besides the presets.
    links: list[Link] = Field(default_factory=list)
    #: The experiment's PostgreSQL (seed 001; bancada.experiment.database); None: no database.
    database: DatabaseConfig | None = None
    profiling: Profiling | None = None  # [profiling] cpu = true (bancada.experiment.profiling); None: off
    #: One-line notices about what was read (e.g. a schedule name from an older Bancada); not stored.
    _notices: list[str] = PrivateAttr(default_factory=list)

    @property
    def notices(self) -> list[str]:
        return self._notices

    @model_validator(mode="after")
    def _unique_workloads(self) -> "Profile":
        names = [w.name for w in self.workloads]
        if len(set(names)) != len(names):
            raise ValueError(translate("Profile", "workload names must be unique"))
        ids = [e.id for e in self.external]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise ValueError(translate("Profile", "external id {dup!r} is declared twice").format(dup=dup))
        if self.experiment.links and self.link is not None:
            raise ValueError(
                translate(
                    "Profile", "give [link] (one link for the whole run) or experiment.links (a factor), not both"
                )
            )
        resolve_links(self.experiment.links, self.links)
        return self

    def link_levels(self) -> list[Link]:
        """The links of ``experiment.links``, resolved (presets and ``[[links]]``), in profile order."""
        return resolve_links(self.experiment.links, self.links)

    def to_toml(self) -> str:
        """Serialize back to TOML (the stored "profile as run")."""
        return dumps_toml(self.model_dump(exclude_none=True))


def _field_path(loc: list[str]) -> str:
    """Turn ('workloads', 0, 'count') into workloads[0].count."""
    field = ""
    for part in loc:
        field += f"[{part}]" if part.isdigit() else (f".{part}" if field else part)
    return field


def _shown_value(err: ErrorDetails, loc: list[str], data: dict[str, Any]) -> str:
    """The bad value as the error echoes it: its repr, "" if long or secret, "(missing)" if absent."""
    value: Any = data
    try:
        for key in err["loc"]:
            value = value[key]
        shown = "" if isinstance(value, (dict, list)) and len(repr(value)) > 60 else repr(value)
        if loc[:1] == ["database"] and isinstance(value, dict):
            shown = ""  # the [database] table is never echoed: a url may hold a password
    except (KeyError, IndexError, TypeError):
        shown = "(missing)" if err["type"] == "missing" else ""
    return shown


def _format_error(source: str, exc: ValidationError, data: dict[str, Any]) -> str:
    err = exc.errors()[0]
    loc = [str(p) for p in err["loc"]]
    field = _field_path(loc)
    shown = _shown_value(err, loc, data)
    msg = _validation_message(err["type"], err["msg"], err.get("ctx") or {})
    where = f"{field} = {shown}" if field and shown else (field or translate("Profile", "profile"))
    return f"{source}: {where}: {msg}"


def _validation_templates() -> dict[str, str]:
    """pydantic's messages by error type, as written in English (pydantic 2's ``errors()[i]["msg"]``),
    so that :func:`_validation_message` can give them in the reader's language."""
    return {
        "missing": translate("Profile", "Field required"),
        "int_parsing": translate("Profile", "Input should be a valid integer, unable to parse string as an integer"),
        "int_from_float": translate("Profile", "Input should be a valid integer, got a number with a fractional part"),
        "int_type": translate("Profile", "Input should be a valid integer"),
        "float_parsing": translate("Profile", "Input should be a valid number, unable to parse string as a number"),
        "float_type": translate("Profile", "Input should be a valid number"),
        "bool_parsing": translate("Profile", "Input should be a valid boolean, unable to interpret input"),
        "bool_type": translate("Profile", "Input should be a valid boolean"),
        "string_type": translate("Profile", "Input should be a valid string"),
        "list_type": translate("Profile", "Input should be a valid list"),
        "dict_type": translate("Profile", "Input should be a valid dictionary"),
        "model_type": translate("Profile", "Input should be a valid dictionary or instance of {class_name}"),
        "literal_error": translate("Profile", "Input should be {expected}"),
        "greater_than": translate("Profile", "Input should be greater than {gt}"),
        "greater_than_equal": translate("Profile", "Input should be greater than or equal to {ge}"),
        "less_than": translate("Profile", "Input should be less than {lt}"),
        "less_than_equal": translate("Profile", "Input should be less than or equal to {le}"),
        "too_short": translate(
            "Profile", "List should have at least {min_length} items after validation, not {actual_length}"
        ),
        "too_long": translate(
            "Profile", "List should have at most {max_length} items after validation, not {actual_length}"
        ),
    }


def _validation_message(kind: str, english: str, ctx: dict[str, Any]) -> str:
    """One validation error of pydantic (type ``kind``, its English ``english`` message and ``ctx``) in the
    reader's language: Bancada's own validators' texts are translated where raised (``Value error, `` is
    dropped), pydantic's by their type; an unknown type keeps pydantic's English words."""
    if kind == "value_error":
        return english.removeprefix("Value error, ")
    if kind == "extra_forbidden":
        return translate("Profile", "unknown field")
    template = _validation_templates().get(kind)
    if template is None:
        return english
    values = {k: str(v) for k, v in ctx.items()}
    if "expected" in values:  # "'a', 'b' or 'c'": the last word in the reader's language
        values["expected"] = values["expected"].replace("' or '", "' " + translate("Profile", "or") + " '")
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return english


def parse_profile(data: dict[str, Any], source: str = "<profile>", base_dir: Path | None = None) -> Profile:
    """Validate a profile given as a dict.

    ``base_dir`` is the folder relative file names (a custom workload's
    ``body_file``, ``proto``...) are taken from; they are stored absolute.

    Raises:
        ProfileError: one line, e.g.
            ``quick.toml: experiment.repetitions = 0: Input should be greater than or equal to 1``.
    """
    notices = []
    exp = data.get("experiment")
    if isinstance(exp, dict) and exp.get("schedule") == LEGACY_SCHEDULE:
        data = {**data, "experiment": {**exp, "schedule": "alternating"}}
        notices.append(
            f'{source}: schedule = "interleaved" is now called "alternating" (request by request '
            f'across treatments); the default is "randomized" blocks'
        )
    try:
        profile = Profile.model_validate(data, context={"base_dir": base_dir})
    except ValidationError as exc:
        raise ProfileError(_format_error(source, exc, data)) from None
    profile._notices.extend(notices)
    return profile


def load_profile(path: str | Path) -> Profile:
    """Read and validate a profile TOML file.

    Raises:
        ProfileError: the file is missing, not TOML, or not a valid profile.
    """
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProfileError(translate("Profile", "{path}: no such profile file").format(path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(translate("Profile", "{path}: cannot read: {exc}").format(path=path, exc=exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(translate("Profile", "{path}: not valid TOML: {exc}").format(path=path, exc=exc)) from None
    return parse_profile(data, str(path), base_dir=path.resolve().parent)


def dumps_toml(data: dict[str, Any]) -> str:
    """A small TOML writer for profiles (tables, arrays of tables, scalars, lists)."""
    lines: list[str] = []

    def scalar(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
        if isinstance(v, list):
            return "[" + ", ".join(scalar(x) for x in v) + "]"
        raise TypeError(translate("Profile", "cannot write {name} to TOML").format(name=type(v).__name__))

    def table(name: str, body: dict[str, Any], header: str) -> None:
        lines.append(header.format(name))
        for key, value in body.items():
            if not isinstance(value, dict):
                lines.append(f"{key} = {scalar(value)}")
            else:  # an inline table of scalars (a custom workload's headers)
                lines.append(f"{key} = {{" + ", ".join(f"{scalar(k)} = {scalar(v)}" for k, v in value.items()) + "}")
        lines.append("")

    for key, value in data.items():
        if isinstance(value, dict):
            table(key, value, "[{}]")
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for item in value:
                table(key, item, "[[{}]]")
    return "\n".join(lines)
