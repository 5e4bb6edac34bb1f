"""The links of a run: one emulator per emulated link, a proxy per (link, worker), and their calibration.

A profile's ``experiment.links`` makes ``link`` a factor (bancada.experiment.links):
every treatment runs once per link, and the driver is sent to the proxy of the
treatment's link. A ``[link]`` table is one link for the whole run (level ""). A
``loopback`` link, or one with nothing to emulate, goes straight to the worker
(no proxy), and is still calibrated, so the run says what "no link" was.
"""

from __future__ import annotations

from typing import Any

from bancada.experiment.links import Link
from bancada.core.i18n import language, translate
from bancada.hosts.calibrate import CalibrationServer, LinkCalibration, measure
from bancada.hosts.link import LinkEmulator, LinkError


def short_number(value: float) -> str:
    """``20``, ``0.2``, ``1e+06`` as ``:g`` writes them, with the language's decimal mark (``0,2`` in pt-BR)."""
    text = f"{value:g}"
    return text.replace(".", ",") if language() == "pt_BR" else text


def link_notice(link: Link, emulated: bool) -> str:
    """The run's line about a link, e.g. ``link far: +40 ms round trip, jitter 5 ms, 10240 KiB/s each way
    (emulated by a proxy on this computer)``, in the current language (bancada.core.i18n)."""
    if not emulated:
        return translate("Links", "link {name}: straight to the workers (no proxy)").format(name=link.name)
    parts = [
        translate("Links", "link {name}: +{rtt} ms round trip").format(name=link.name, rtt=short_number(link.rtt_ms))
    ]
    if link.jitter_ms:
        parts.append(translate("Links", "jitter {j} ms").format(j=short_number(link.jitter_ms)))
    if link.bandwidth_kbit_s:
        parts.append(translate("Links", "{b} kbit/s each way").format(b=short_number(link.bandwidth_kbit_s)))
    elif link.bandwidth_kib_s:
        parts.append(translate("Links", "{b} KiB/s each way").format(b=link.bandwidth_kib_s))
    return ", ".join(parts) + translate("Links", " (emulated by a proxy on this computer)")


class LinkSet:
    """Emulators for ``levels`` (name -> link; the name "" for a whole-run ``[link]``).

    Raises:
        LinkError: an emulator cannot start or open a proxy (from :meth:`open`).
    """

    def __init__(self, levels: dict[str, Link]) -> None:
        self.levels = levels
        self.emulators: dict[str, LinkEmulator] = {}
        self.calibration: dict[str, LinkCalibration] = {}

    def open(self, targets: dict[str, str]) -> dict[tuple[str, str], str]:
        """Start the emulators and a proxy per (link, worker) for ``targets`` (implementation id -> host:port).

        Returns ``{(implementation id, link name): proxy address}`` for the emulated links.
        """
        self.close()
        via: dict[tuple[str, str], str] = {}
        try:
            for name, link in self.levels.items():
                if not link.emulated():
                    continue
                emulator = LinkEmulator(link)
                self.emulators[name] = emulator
                for impl_id, target in targets.items():
                    via[(impl_id, name)] = emulator.proxy(impl_id.replace(":", "_"), target)
        except LinkError:
            self.close()
            raise
        return via

    def calibrate(self) -> dict[str, LinkCalibration]:
        """Measure each link (through its emulator's proxy, or straight for an unemulated one).

        Raises:
            LinkError: a link does not carry the calibration's bytes.
        """
        server = CalibrationServer()
        try:
            for name, link in self.levels.items():
                emulator = self.emulators.get(name)
                address = emulator.proxy("calibration", server.address) if emulator else server.address
                try:
                    self.calibration[name] = measure(address, link)
                except OSError as exc:
                    raise LinkError(
                        translate("Links", "the calibration of link {name} failed: {e}").format(name=link.name, e=exc)
                    ) from None
        finally:
            server.close()
        return self.calibration

    def facts(self) -> dict[str, Any]:
        """For the run's facts: each link's settings, emulator and proxies, by name."""
        out = {}
        for name, link in self.levels.items():
            emulator = self.emulators.get(name)
            out[name or link.name] = emulator.facts() if emulator else {"name": link.name, "emulator": "none"}
        return out

    def close(self) -> None:
        for emulator in self.emulators.values():
            emulator.close()
        self.emulators = {}
