"""The links of a run: one emulator per emulated link, a proxy per (link, worker), and their calibration.

A profile's ``experiment.links`` makes ``link`` a factor (bancada.experiment.links):
every treatment runs once per link, and the driver is sent to the proxy of the
treatment's link. A ``[link]`` table is one link for the whole run (level ""). A
``loopback`` link, or one with nothing to emulate, goes straight to the worker
(no proxy), and is still calibrated, so the run says what "no link" was.
"""

from __future__ import annotations

from bancada.experiment.profile import Link
from bancada.hosts.calibrate import CalibrationServer, LinkCalibration, measure
from bancada.hosts.link import LinkEmulator, LinkError


def link_notice(link: Link, emulated: bool) -> str:
    """The run's line about a link, e.g. ``link far: +40 ms round trip, jitter 5 ms, 10240 KiB/s each way``."""
    if not emulated:
        return f"link {link.name}: straight to the workers (no proxy)"
    bandwidth = (
        f", {link.bandwidth_kbit_s:g} kbit/s each way"
        if link.bandwidth_kbit_s
        else (f", {link.bandwidth_kib_s} KiB/s each way" if link.bandwidth_kib_s else "")
    )
    return (
        f"link {link.name}: +{link.rtt_ms:g} ms round trip"
        + (f", jitter {link.jitter_ms:g} ms" if link.jitter_ms else "")
        + bandwidth
        + " (emulated by a proxy on this computer)"
    )


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
                    raise LinkError(f"the calibration of link {link.name} failed: {exc}") from None
        finally:
            server.close()
        return self.calibration

    def facts(self) -> dict:
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
