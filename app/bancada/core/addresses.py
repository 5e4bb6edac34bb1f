"""Network addresses as Bancada writes them (no import of Bancada: every layer uses it)."""

from __future__ import annotations


def join_host_port(address: str, port: int) -> str:
    """``address:port`` as drivers, gRPC targets and URLs take it.

    An IPv6 literal goes in brackets (RFC 3986, section 3.2.2):
    ``join_host_port("::1", 8080) == "[::1]:8080"``; host names and IPv4
    addresses are written as they are.
    """
    if ":" in address and not address.startswith("["):
        return f"[{address}]:{port}"
    return f"{address}:{port}"
