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

from bancada.i18n import translate

from bancada.experiment.profile import Link

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
