"""Named network links: the levels of the factor ``link`` (seed 004's near and far services).

A profile lists links like implementations (``[experiment] links = ["loopback",
"cross-region"]``); every treatment then runs once per link, through a proxy that
emulates it (bancada.hosts.link). The presets:

==============  =========================  ===========  ================================
name            round trip (added)         jitter       bandwidth each way
==============  =========================  ===========  ================================
loopback        none (no proxy)            none         none
lan             0.2 ms                     none         1 Gbit/s
same-region     1 ms                       ± 0.2 ms     1 Gbit/s
cross-region    90 ms (45 ms one way)      ± 2 ms       100 Mbit/s
mobile-3g       200 ms (100 ms one way)    none         750 kbit/s
==============  =========================  ===========  ================================

``cross-region`` is seed 004's europe-west to us-east pair; the seed measured 14 ms
and 105 ms for an empty HTTP request within and across regions (its section 5.3),
which include the cloud's own HTTP front ends. ``jitter_ms`` is the spread of the
round trip (half of it on each direction, as bancada.hosts.link applies it).

The emulator (Toxiproxy 2.1) delays in whole milliseconds: lan's 0.2 ms and
same-region's 0.2 ms jitter are below that, so they are the proxy's own hop; the
calibration at the start of each run (bancada.hosts.calibrate) measures and stores
what each link really was.

A ``[[links]]`` table in a profile defines a custom link (``name``, ``rtt_ms``,
``jitter_ms``, ``bandwidth_kbit_s`` or ``bandwidth_kib_s``) that ``experiment.links``
can name.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bancada.core.i18n import translate


class Link(BaseModel):
    """An emulated network link between the driver and the workers (``[link]``), made by a
    user-space proxy (bancada.hosts.link): added round-trip time (half each way), jitter, bandwidth."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    name: str = Field(default="emulated", min_length=1, max_length=64)  # e.g. "near", "far"
    rtt_ms: float = Field(default=0.0, ge=0, le=60_000)  # added round-trip time, milliseconds
    #: added jitter of the round-trip time, milliseconds
    jitter_ms: float = Field(default=0.0, ge=0, le=60_000)
    bandwidth_kib_s: int | None = Field(default=None, ge=1)  # each way, KiB per second
    bandwidth_kbit_s: float | None = Field(default=None, gt=0)  # each way, kilobits (1000 bit) per second

    @model_validator(mode="after")
    def _one_bandwidth(self) -> "Link":
        if self.bandwidth_kib_s is not None and self.bandwidth_kbit_s is not None:
            raise ValueError(translate("Profile", "give bandwidth_kib_s or bandwidth_kbit_s, not both"))
        return self

    def bytes_per_s(self) -> float | None:
        """The bandwidth each way in bytes per second, or None for no limit."""
        if self.bandwidth_kbit_s is not None:
            return self.bandwidth_kbit_s * 1000 / 8
        return self.bandwidth_kib_s * 1024.0 if self.bandwidth_kib_s is not None else None

    def emulated(self) -> bool:
        """Whether a proxy is needed (``loopback`` and an all-zero link go straight to the worker)."""
        return self.rtt_ms > 0 or self.jitter_ms > 0 or self.bytes_per_s() is not None


PRESETS: dict[str, Link] = {
    "loopback": Link(name="loopback"),
    "lan": Link(name="lan", rtt_ms=0.2, bandwidth_kbit_s=1_000_000),
    "same-region": Link(name="same-region", rtt_ms=1.0, jitter_ms=0.4, bandwidth_kbit_s=1_000_000),
    "cross-region": Link(name="cross-region", rtt_ms=90.0, jitter_ms=4.0, bandwidth_kbit_s=100_000),
    "mobile-3g": Link(name="mobile-3g", rtt_ms=200.0, bandwidth_kbit_s=750),
}


def resolve_links(names: list[str], custom: list[Link]) -> list[Link]:
    """The links ``names`` name: a custom ``[[links]]`` entry of that name, else a preset.

    Raises:
        ValueError: a name is neither, or a custom link is defined twice.
    """
    defined: dict[str, Link] = {}
    for link in custom:
        if link.name in defined:
            raise ValueError(translate("Links", "link {name!r} is defined twice in [[links]]").format(name=link.name))
        defined[link.name] = link
    out = []
    for name in names:
        found = defined.get(name) or PRESETS.get(name)
        if found is None:
            known = ", ".join([*PRESETS, *defined])
            raise ValueError(
                translate("Links", "unknown link {name!r}; known: {known} (or define it in [[links]])").format(
                    name=name, known=known
                )
            )
        out.append(found)
    return out
