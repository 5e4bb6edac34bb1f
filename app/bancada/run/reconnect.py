"""Waiting for a host whose connection dropped mid-run (``on_disconnect = "pause"``)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

from bancada.core.i18n import translate
from bancada.hosts.base import Host
from bancada.run.events import Notice, RunError, RunEvent

# Seconds between two attempts to reconnect.
RECONNECT_INTERVAL_S = 2.0


def reconnect(host: Host, cancel: threading.Event, timeout_s: float) -> Iterator[RunEvent]:
    """Try ``host.reconnect()`` every :data:`RECONNECT_INTERVAL_S` seconds until it works, ``cancel``
    is set (Stop gives up) or ``timeout_s`` seconds have passed; yields a notice before and one after.

    Raises:
        RunError: the host did not come back within ``timeout_s`` (the last attempt's error named).
    """
    yield Notice(
        "error",
        translate(
            "Runner",
            "the connection to {host} dropped; the samples so far are kept. Reconnecting every {s} s (Stop gives up)…",
        ).format(host=host.name, s=f"{RECONNECT_INTERVAL_S:g}"),
    )
    deadline = time.monotonic() + timeout_s
    last_error = ""
    while not cancel.is_set() and time.monotonic() < deadline:
        try:
            cleaned = host.reconnect()
        except RunError as exc:
            last_error = str(exc)
            cancel.wait(RECONNECT_INTERVAL_S)
            continue
        yield Notice(
            "warning",
            translate(
                "Runner", "reconnected to {host}; the interrupted block stays partial; restarting the workers"
            ).format(host=host.name)
            + (f" ({'; '.join(cleaned)})" if cleaned else ""),
        )
        return
    if not cancel.is_set():
        raise RunError(
            translate("Runner", "could not reconnect to {name} within {reconnect_timeout_s:g} s: {last_error}").format(
                name=host.name, reconnect_timeout_s=timeout_s, last_error=last_error
            )
        )
