"""Saved SSH host profiles: ``<config_dir>/hosts.toml``.

A profile holds how to reach a host (address, port, user, key file, jump
host) and per-host options (CPUs to pin workers to, nice level, remote work
directory). Passwords and passphrases are never stored: they are asked at
connect time.

File layout (one table per host)::

    [hosts.lab1]
    address = "10.0.0.7"
    port = 22
    user = "aluno"
    key = "/home/me/.ssh/id_ed25519"
    cpus = "0,1"
    nice = 5
    workdir = "~/.cache/bancada"
"""

from __future__ import annotations

from bancada.core.i18n import translate

import os
import re
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from bancada.core import paths
from bancada.core.errors import RunError

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$")
CPUS_RE = re.compile(r"^\d+(-\d+)?(,\d+(-\d+)?)*$")
RESERVED = {"local", "localhost", "this-computer"}
DEFAULT_WORKDIR = "~/.cache/bancada"


class HostConfigError(RunError):
    """A host profile is unknown, invalid, or the hosts file is unreadable."""


@dataclass
class HostProfile:
    """One saved host. ``port``/``user`` None mean: from ~/.ssh/config, else 22 / the local user."""

    name: str
    address: str
    port: int | None = None
    user: str | None = None
    key: str | None = None  # private key file; None: ssh-agent and ~/.ssh/config
    jump: str | None = None  # the name of another saved host
    cpus: str | None = None  # taskset CPU list, e.g. "0,1" or "0-3"
    nice: int | None = None  # nice level for the workers
    workdir: str = DEFAULT_WORKDIR  # remote work directory (``~/`` = the remote home)
    allow_tunnel: bool = False  # reach workers through an SSH tunnel when their port is blocked

    def validate(self) -> "HostProfile":
        """Return self; raise :class:`HostConfigError` naming the bad field."""
        if not NAME_RE.match(self.name or "") or self.name in RESERVED:
            raise HostConfigError(
                translate(
                    "Hosts", "bad host name {name!r}: use letters, digits, '.', '_' or '-' (and not {names})"
                ).format(name=self.name, names=", ".join(sorted(RESERVED)))
            )
        self._check_login()
        self._check_limits()
        return self

    def _check_login(self) -> None:
        """HostConfigError if the address, port or user cannot be handed to ssh."""
        if not self.address or any(c.isspace() for c in self.address) or self.address.startswith("-"):
            raise HostConfigError(
                translate("Hosts", "host {name}: bad address {address!r}").format(name=self.name, address=self.address)
            )
        if self.port is not None and not 0 < int(self.port) < 65536:
            raise HostConfigError(
                translate("Hosts", "host {name}: port {port} is not in 1..65535").format(name=self.name, port=self.port)
            )
        if self.user is not None and (
            not self.user or self.user.startswith("-") or any(c.isspace() for c in self.user)
        ):
            raise HostConfigError(
                translate("Hosts", "host {name}: bad user {user!r}").format(name=self.name, user=self.user)
            )

    def _check_limits(self) -> None:
        """HostConfigError if the CPU list, nice, work directory or jump host is bad."""
        if self.cpus is not None and not CPUS_RE.match(self.cpus):
            raise HostConfigError(
                translate("Hosts", "host {name}: bad CPU list {cpus!r} (e.g. 0,1 or 0-3)").format(
                    name=self.name, cpus=self.cpus
                )
            )
        if self.nice is not None and not -20 <= int(self.nice) <= 19:
            raise HostConfigError(
                translate("Hosts", "host {name}: nice {nice} is not in -20..19").format(name=self.name, nice=self.nice)
            )
        if not self.workdir:
            raise HostConfigError(translate("Hosts", "host {name}: empty work directory").format(name=self.name))
        if self.jump == self.name:
            raise HostConfigError(translate("Hosts", "host {name}: cannot be its own jump host").format(name=self.name))


def hosts_file() -> Path:
    return paths.config_dir() / "hosts.toml"


def _load_all() -> dict[str, HostProfile]:
    path = hosts_file()
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise HostConfigError(
            translate("Hosts", "{path}: cannot read the hosts file: {exc}").format(path=path, exc=exc)
        ) from None
    known = {f.name for f in fields(HostProfile)}
    out = {}
    for name, table in (data.get("hosts") or {}).items():
        if not isinstance(table, dict):
            continue
        values = {k: v for k, v in table.items() if k in known and k != "name"}
        try:
            out[name] = HostProfile(name=name, **values)
        except TypeError as exc:
            raise HostConfigError(
                translate("Hosts", "{path}: host {name}: {exc}").format(path=path, name=name, exc=exc)
            ) from None
    return out


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def _save_all(hosts: dict[str, HostProfile]) -> None:
    lines = ["# Bancada SSH target hosts (bancada hosts add/remove). No passwords here.", ""]
    for name in sorted(hosts):
        lines.append(f'[hosts."{name}"]')
        for key, value in asdict(hosts[name]).items():
            if key != "name" and value is not None:
                lines.append(f"{key} = {_toml_value(value)}")
        lines.append("")
    path = hosts_file()
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    os.replace(tmp, path)


def list_hosts() -> list[str]:
    """Names of the saved hosts, sorted."""
    return sorted(_load_all())


def get_host(name: str) -> HostProfile:
    """The saved profile ``name``.

    Raises:
        HostConfigError: no such host (the message lists the saved ones).
    """
    hosts = _load_all()
    if name not in hosts:
        saved = ", ".join(sorted(hosts)) or "none yet (bancada hosts add NAME --address ADDR)"
        raise HostConfigError(
            translate("Hosts", "unknown host {name!r}; saved hosts: {saved}").format(name=name, saved=saved)
        )
    return hosts[name]


def save_host(profile: HostProfile) -> None:
    """Add or replace a profile (validated first)."""
    profile.validate()
    hosts = _load_all()
    if profile.jump and profile.jump not in hosts:
        raise HostConfigError(
            translate("Hosts", "host {name}: jump host {jump!r} is not a saved host").format(
                name=profile.name, jump=profile.jump
            )
        )
    hosts[profile.name] = profile
    _save_all(hosts)


def remove_host(name: str) -> HostProfile:
    """Remove a profile and return it (for undo).

    Raises:
        HostConfigError: no such host, or another host uses it as jump host.
    """
    hosts = _load_all()
    if name not in hosts:
        raise HostConfigError(translate("Hosts", "unknown host {name!r}").format(name=name))
    users = [h.name for h in hosts.values() if h.jump == name]
    if users:
        raise HostConfigError(
            translate("Hosts", "host {name} is the jump host of {names}; remove those first").format(
                name=name, names=", ".join(users)
            )
        )
    removed = hosts.pop(name)
    _save_all(hosts)
    return removed
