"""Calibration of an emulated link: what its round trip and throughput really were.

At the start of a run with emulated links, Bancada measures each one through the
same kind of proxy the driver uses (bancada.hosts.link), to a small TCP server of
its own on this computer, and stores the result in the run (meta ``link_calibration``):

- round trip: ``pings`` one-byte request/answer exchanges on one connection; the
  median and the minimum, in milliseconds;
- throughput: ``N`` bytes sent one way, timed from the first byte to the one-byte
  acknowledgement; the acknowledgement's round trip (the median above) is taken
  out, so throughput = N / (elapsed - rtt), in kilobits (1000 bits) per second.
  N is about ``seconds`` worth of the link's nominal bandwidth (64 KiB to 16 MiB).

The emulated latency and bandwidth are on the wire, so a worker behind the same
link sees the same; the proxy's own cost is included, as it is for the driver.
"""

from __future__ import annotations

import socket
import statistics
import struct
import threading
import time
from dataclasses import asdict, dataclass
from typing import Any

from bancada.experiment.links import Link
from bancada.core.i18n import number, translate

_CHUNK = 64 * 1024


@dataclass(frozen=True)
class LinkCalibration:
    """One link as measured: round trip (ms), throughput one way (kbit/s), beside the nominal values."""

    name: str
    rtt_ms: float  # median
    rtt_min_ms: float
    throughput_kbit_s: float
    bytes_sent: int
    nominal_rtt_ms: float
    nominal_kbit_s: float | None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        """One line for the run's output, in the current language, e.g. ``link calibration: cross-region:
        90.42 ms round trip (min 88.10), 99,800 kbit/s one way (nominal 90 ms, 100,000 kbit/s)``."""
        measured = translate(
            "Links", "link calibration: {name}: {rtt} ms round trip (min {min}), {bw} kbit/s one way"
        ).format(
            name=self.name,
            rtt=number(self.rtt_ms, 2),
            min=number(self.rtt_min_ms, 2),
            bw=number(self.throughput_kbit_s, 0),
        )
        if self.nominal_kbit_s:
            nominal = translate("Links", " (nominal {rtt} ms, {bw} kbit/s)").format(
                rtt=number(self.nominal_rtt_ms, 1), bw=number(self.nominal_kbit_s, 0)
            )
        else:
            nominal = translate("Links", " (nominal {rtt} ms, no bandwidth limit)").format(
                rtt=number(self.nominal_rtt_ms, 1)
            )
        return measured + nominal


class CalibrationServer:
    """A TCP server on 127.0.0.1: answers ``p`` with ``p``; after ``b`` + u64 N + N bytes, answers ``d``."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = "127.0.0.1:%d" % self.sock.getsockname()[1]
        self._thread = threading.Thread(target=self._accept, name="bancada-calibration", daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    @staticmethod
    def _serve(conn: socket.socket) -> None:
        with conn:
            try:
                while op := conn.recv(1):
                    if op == b"p":
                        conn.sendall(b"p")
                    elif op == b"b":
                        (n,) = struct.unpack("<Q", _recv_exact(conn, 8))
                        while n > 0:
                            got = conn.recv(min(n, _CHUNK))
                            if not got:
                                return
                            n -= len(got)
                        conn.sendall(b"d")
                    else:
                        return
            except OSError:
                return

    def close(self) -> None:
        self.sock.close()


def _recv_exact(conn: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        got = conn.recv(n - len(out))
        if not got:
            raise ConnectionError(translate("Links", "the calibration server closed the connection"))
        out += got
    return out


def measure(
    address: str, link: Link, pings: int = 15, seconds: float = 0.5, timeout_s: float = 30.0
) -> LinkCalibration:
    """Measure the round trip and throughput to a :class:`CalibrationServer` at ``address`` (through a proxy).

    Raises:
        OSError: the proxy or the server does not answer within ``timeout_s``.
    """
    host, port = address.rsplit(":", 1)
    nominal_bps = link.bytes_per_s()
    size = int(min(16 << 20, max(64 << 10, (nominal_bps or 1e12) * seconds)))
    with socket.create_connection((host, int(port)), timeout=timeout_s) as conn:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        rtts = []
        for _ in range(pings + 1):
            start = time.perf_counter_ns()
            conn.sendall(b"p")
            _recv_exact(conn, 1)
            rtts.append((time.perf_counter_ns() - start) / 1e6)
        rtts = rtts[1:]  # the first pays the proxy's upstream connection
        rtt = statistics.median(rtts)
        payload = bytes(_CHUNK)
        start = time.perf_counter_ns()
        conn.sendall(b"b" + struct.pack("<Q", size))
        left = size
        while left > 0:
            conn.sendall(payload[: min(left, _CHUNK)])
            left -= min(left, _CHUNK)
        _recv_exact(conn, 1)
        elapsed_ms = (time.perf_counter_ns() - start) / 1e6
    transfer_s = max(elapsed_ms - rtt, 1e-3) / 1e3
    return LinkCalibration(
        name=link.name,
        rtt_ms=round(rtt, 3),
        rtt_min_ms=round(min(rtts), 3),
        throughput_kbit_s=round(size * 8 / transfer_s / 1000, 1),
        bytes_sent=size,
        nominal_rtt_ms=link.rtt_ms,
        nominal_kbit_s=(nominal_bps * 8 / 1000) if nominal_bps else None,
    )
