"""The worker's own time of a request, as the contract carries it: ``Server-Timing: app;dur=<ms>``
(an HTTP header, or gRPC trailing metadata of that name; docs/driver-protocol.md)."""

from __future__ import annotations


def parse_server_timing(value: str | None) -> int:
    """Return the ``app;dur=<ms>`` of a Server-Timing value in ns, or -1.

    >>> parse_server_timing("app;dur=0.123")
    123000
    """
    if not value:
        return -1
    for metric in value.split(","):
        parts = [p.strip() for p in metric.split(";")]
        if parts[0] != "app":
            continue
        for p in parts[1:]:
            if p.startswith("dur="):
                try:
                    return round(float(p[4:]) * 1e6)
                except ValueError:
                    return -1
    return -1
