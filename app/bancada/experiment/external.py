"""External implementations: your own service as a target.

A profile may declare services that Bancada does not start or stop, as an
array of tables::

    [[external]]
    id = "my-server-rest"          # the label used in experiment.implementations
    protocol = "rest"              # rest | grpc
    address = "127.0.0.1:8080"     # host:port, [v6]:port or http://host[:port]
    language = "python"            # optional: the level of the factor "language"
    description = "assignment 2"   # optional

The runner checks before the run that each address accepts a TCP connection
(:func:`check_reachable`), asks ``Info`` when a workload speaks the contract,
and records the implementation as external in the run's worker info.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import ipaddress
import re
import socket
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bancada.core.addresses import join_host_port

EXTERNAL_NOTE = "external, not started by Bancada"
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]*$")
_HOST = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$")


class ExternalTargetError(RuntimeError):
    """An external implementation cannot be reached; one line naming it and its address."""


def _split_url(text: str, allowed: str) -> tuple[str, int]:
    """(host, port) of an ``http://host[:port][/]`` URL (port 80 if none); ValueError otherwise."""
    parts = urlsplit(text)
    if parts.scheme != "http":
        raise ValueError(
            translate("External", "scheme {scheme!r} is not supported (no TLS); {allowed}").format(
                scheme=parts.scheme, allowed=allowed
            )
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(translate("External", "an address holds no path; put the path in the workload (path = ...)"))
    if parts.username or parts.password:
        raise ValueError(translate("External", "an address holds no user or password; use a header in the workload"))
    try:
        port = parts.port or 80
    except ValueError:
        raise ValueError(translate("External", "bad port; {allowed}").format(allowed=allowed)) from None
    host = parts.hostname or ""
    return host, port


def _split_host_port(text: str, allowed: str) -> tuple[str, int]:
    """(host, port) of ``host:port`` or ``[v6]:port``; ValueError otherwise."""
    m = re.fullmatch(r"\[([^\]]+)\]:(\d+)|([^:\[\]]+):(\d+)", text)
    if not m:
        raise ValueError(translate("External", "not an address with a port; {allowed}").format(allowed=allowed))
    host = m.group(1) or m.group(3)
    port = int(m.group(2) or m.group(4))
    if m.group(1):
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(
                translate("External", "{host!r} in brackets is not an IPv6 address").format(host=host)
            ) from None
    return host, port


def parse_address(address: str) -> tuple[str, int]:
    """Split ``host:port``, ``[v6]:port`` or ``http://host[:port][/]`` into (host, port).

    An http URL without a port means port 80. Returns the host without brackets.

    Raises:
        ValueError: naming what is wrong and what is allowed.
    """
    text = address.strip()
    allowed = translate("External", "allowed: host:port, [v6]:port or http://host:port")
    if "://" in text:
        host, port = _split_url(text, allowed)
    else:
        host, port = _split_host_port(text, allowed)
    if not host:
        raise ValueError(translate("External", "no host; {allowed}").format(allowed=allowed))
    if ":" not in host and not _HOST.match(host):
        raise ValueError(translate("External", "{host!r} is not a host name or IP address").format(host=host))
    if not 1 <= port <= 65535:
        raise ValueError(translate("External", "port {port} is not in 1..65535").format(port=port))
    return host, port


class ExternalSpec(BaseModel):
    """One ``[[external]]`` table of a profile."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    #: the implementation id the profile lists in experiment.implementations
    id: str = Field(min_length=1, max_length=64)
    #: rest or grpc
    protocol: Literal["rest", "grpc"]
    #: host:port where the service answers
    address: str
    #: the level of the factor language for this service
    language: str = Field(default="external", min_length=1, max_length=64)
    #: a sentence on the service, in the run's facts
    description: str = ""

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not _ID.match(v):
            raise ValueError(
                translate(
                    "External",
                    "letters, digits and . _ : - only, starting with a letter or digit (e.g. my-server-rest)",
                )
            )
        return v

    @field_validator("address")
    @classmethod
    def _address(cls, v: str) -> str:
        parse_address(v)
        return v.strip()

    @property
    def target(self) -> str:
        """``host:port`` as the drivers take it (IPv6 in brackets)."""
        host, port = parse_address(self.address)
        return join_host_port(host, port)

    def implementation(self) -> "ExternalImplementation":
        host, port = parse_address(self.address)
        return ExternalImplementation(self.id, self.protocol, self.address, host, port, self.language, self.description)


@dataclass(frozen=True)
class _ExternalWorker:
    """What the run store and tables read as ``implementation.worker``."""

    name: str = "external"
    runtime: str = "external"
    version: str = ""


@dataclass(frozen=True)
class ExternalImplementation:
    """An implementation Bancada does not start: a service at ``host:port``."""

    id: str
    protocol: str
    address: str  # as the profile wrote it
    host: str
    port: int
    language: str = "external"
    description: str = ""
    worker: _ExternalWorker = _ExternalWorker()
    external: bool = True

    @property
    def target(self) -> str:
        return join_host_port(self.host, self.port)


def check_reachable(impl: ExternalImplementation, timeout_s: float = 3.0) -> None:
    """Open (and close) one TCP connection to ``impl``'s address.

    Raises:
        ExternalTargetError: ``cannot reach my-server-rest at 127.0.0.1:9999: connection refused``.
    """
    try:
        with socket.create_connection((impl.host, impl.port), timeout=timeout_s):
            return
    except socket.timeout:
        why = translate("External", "no answer within {t:g} s").format(t=timeout_s)
    except socket.gaierror as exc:
        why = translate("External", "unknown host ({why})").format(why=exc.strerror or exc)
    except ConnectionRefusedError:
        why = translate("External", "connection refused")
    except OSError as exc:
        why = (exc.strerror or str(exc)).lower()
    raise ExternalTargetError(
        translate("External", "cannot reach {id} at {target}: {why}").format(id=impl.id, target=impl.target, why=why)
    )


class ExternalHandle:
    """Stands where a started worker would: the target, always "alive", nothing to stop."""

    def __init__(self, impl: ExternalImplementation) -> None:
        self.implementation = impl.id
        self.address = impl.host
        self.port = impl.port
        self.pid = 0
        self.warning = ""
        self._target = impl.target

    @property
    def target(self) -> str:
        return self._target

    def alive(self) -> bool:
        return True

    def stop(self, timeout_s: float = 5.0) -> int | None:
        return None

    def log_tail(self, lines: int = 20) -> str:
        return ""
