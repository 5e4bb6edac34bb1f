"""Emulated network links: a user-space proxy between the driver and the workers.

An instructor shows what the network does on one laptop: the same run on a
"near" and a "far" link. ``tc netem`` needs kernel support and root; a
user-space proxy needs neither. :class:`LinkEmulator` starts Toxiproxy
(Shopify's TCP proxy for simulating network conditions, installed by
``scripts/setup.sh`` from its Go module) on this computer, opens one proxy per
worker address and adds its *toxics* through Toxiproxy's HTTP API
(``POST /proxies``, ``POST /proxies/{name}/toxics``; the project's README):

- ``latency``, on both directions (``upstream`` and ``downstream``), each
  carrying half the added round-trip time ``rtt_ms`` (Toxiproxy delays in whole
  milliseconds: the round trip is rounded to one and split so the two halves add
  up to it, e.g. 1 ms = 1 + 0), with half of ``jitter_ms`` each;
- ``bandwidth``, on both directions: ``bandwidth_kbit_s`` or ``bandwidth_kib_s``
  each way (Toxiproxy's ``rate`` counts 1000-byte kilobytes per second).

The driver then sends its requests to the proxy's address instead of the
worker's. The added time is on the wire, outside the server: a worker's
``Server-Timing`` does not change, so ``bancada compare`` puts it under
"transit + client". Like a worker, the emulator is started, checked and
stopped by the run, and recorded in the run's facts.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import json
import os
import shutil
import socket
import subprocess
import time
from typing import Any

import urllib.error
import urllib.request
from pathlib import Path

from bancada.core import paths
from bancada.experiment.links import Link
from bancada.hosts.local import die_with_parent

BINARY = "toxiproxy-server"


class LinkError(RuntimeError):
    """The link emulator cannot start or configure a proxy; the message says why, in one line."""


def find_toxiproxy() -> Path | None:
    """The Toxiproxy server: on PATH, or where ``scripts/setup.sh`` builds it (``.tools/bin``)."""
    found = shutil.which(BINARY)
    if found:
        return Path(found)
    try:
        candidate = paths.home() / ".tools" / "bin" / BINARY
    except Exception:  # noqa: BLE001 - no home: not found, said by the caller
        return None
    return candidate if candidate.exists() else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LinkEmulator:
    """One Toxiproxy server on 127.0.0.1 with a proxy per target.

    Args:
        link: the profile's ``[link]`` (added round-trip time, jitter, bandwidth).
        binary: the Toxiproxy server (default: :func:`find_toxiproxy`).

    Raises:
        LinkError: Toxiproxy is not installed, does not start, or refuses a proxy.
    """

    def __init__(self, link: Link, binary: Path | None = None, start_timeout_s: float = 10.0) -> None:
        self.link = link
        binary = binary or find_toxiproxy()
        if binary is None:
            raise LinkError(
                translate(
                    "Links",
                    "the link emulator ({BINARY}) is not installed: run scripts/setup.sh (it builds "
                    "Toxiproxy from its Go module)",
                ).format(BINARY=BINARY)
            )
        self.port = _free_port()
        self.api = f"http://127.0.0.1:{self.port}"
        self.proxies: dict[str, str] = {}  # name -> listen address
        self._log = open(os.devnull, "wb")
        self.proc = subprocess.Popen(
            [str(binary), "-host", "127.0.0.1", "-port", str(self.port)],
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=die_with_parent,
        )
        deadline = time.monotonic() + start_timeout_s
        while True:
            try:
                self._call("GET", "/version")
                break
            except LinkError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise LinkError(
                        translate(
                            "Links", "the link emulator did not start on 127.0.0.1:{port} within {start_timeout_s:g} s"
                        ).format(port=self.port, start_timeout_s=start_timeout_s)
                    ) from None
                time.sleep(0.05)

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> object:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.api + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=5) as resp:
                text = resp.read().decode()
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace").strip()
            raise LinkError(
                translate("Links", "the link emulator refused {method} {path}: HTTP {code} {detail}").format(
                    method=method, path=path, code=exc.code, detail=detail
                )
            ) from None
        except (urllib.error.URLError, OSError) as exc:
            raise LinkError(
                translate("Links", "the link emulator does not answer on {api}: {exc}").format(api=self.api, exc=exc)
            ) from None
        try:
            return json.loads(text) if text.strip() else {}
        except ValueError:
            return text

    def proxy(self, name: str, upstream: str) -> str:
        """Open a proxy to ``upstream`` (``host:port``) with the link's toxics; return its ``host:port``.

        Raises:
            LinkError: Toxiproxy refused the proxy or a toxic.
        """
        created = self._call(
            "POST", "/proxies", {"name": name, "listen": "127.0.0.1:0", "upstream": upstream, "enabled": True}
        )
        listen = str(created.get("listen", "")) if isinstance(created, dict) else ""
        if not listen:
            raise LinkError(
                translate("Links", "the link emulator gave no address for {name}: {created!r}").format(
                    name=name, created=created
                )
            )
        rtt = int(round(self.link.rtt_ms))
        halves = {"upstream": (rtt + 1) // 2, "downstream": rtt // 2}
        rate = self.link.bytes_per_s()
        for stream in ("upstream", "downstream"):
            if halves[stream] > 0 or self.link.jitter_ms > 0:
                self._call(
                    "POST",
                    f"/proxies/{name}/toxics",
                    {
                        "name": f"latency_{stream}",
                        "type": "latency",
                        "stream": stream,
                        "toxicity": 1.0,
                        "attributes": {"latency": halves[stream], "jitter": int(round(self.link.jitter_ms / 2))},
                    },
                )
            if rate is not None:
                self._call(
                    "POST",
                    f"/proxies/{name}/toxics",
                    {
                        "name": f"bandwidth_{stream}",
                        "type": "bandwidth",
                        "stream": stream,
                        "toxicity": 1.0,
                        "attributes": {"rate": max(1, int(round(rate / 1000)))},
                    },
                )
        self.proxies[name] = listen
        return listen

    def facts(self) -> dict[str, Any]:
        """For the run's facts: the link, the emulator and each proxy."""
        return {
            "name": self.link.name,
            "rtt_ms": self.link.rtt_ms,
            "jitter_ms": self.link.jitter_ms,
            "bandwidth_kib_s": self.link.bandwidth_kib_s,
            "bandwidth_kbit_s": self.link.bandwidth_kbit_s,
            "emulator": f"toxiproxy on {self.api}",
            "proxies": dict(self.proxies),
        }

    def close(self) -> None:
        """Stop the emulator (its proxies close with it)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._log.close()
