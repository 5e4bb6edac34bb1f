"""Host-key verification as OpenSSH does it, with an explicit accept step.

Known keys come from the user's ``~/.ssh/known_hosts`` (read only) and from
Bancada's own file ``<config_dir>/known_hosts`` (where accepted keys go).
An unknown key raises :class:`UnknownHostKey` carrying its SHA256
fingerprint; it is trusted only when the caller passes that exact
fingerprint back (GUI confirmation, CLI ``--accept-host-key``). A key that
differs from a known one is refused by paramiko (``BadHostKeyException``),
which :mod:`bancada.hosts.ssh_connect` turns into :class:`HostKeyChanged`.
Never ``AutoAddPolicy``.

``$BANCADA_SSH_DIR`` replaces ``~/.ssh`` (tests point it at a temp dir).
"""

from __future__ import annotations

from bancada.core.i18n import translate

import base64
import hashlib
import os
from pathlib import Path

import paramiko

from bancada.core import paths
from bancada.hosts.host_error import HostError as HostError  # re-exported: the SSH code imports it from here


class UnknownHostKey(HostError):
    """The host offered a key that is not known. ``fingerprint`` is ``SHA256:...``.

    ``host`` is the address as known_hosts writes it; ``profile`` the saved
    host whose key it is (a jump host's name when the jump is the unknown
    one), and ``jump`` whether it is a jump host of the host being reached.
    """

    def __init__(self, host: str, key_type: str, fingerprint: str) -> None:
        self.host = host
        self.key_type = key_type
        self.fingerprint = fingerprint
        self.profile: str | None = None
        self.jump = False
        super().__init__(host, key_type, fingerprint)

    def __str__(self) -> str:
        who = self.host if self.profile is None else f"{self.profile} ({self.host})"
        how = (
            f"bancada hosts check {self.profile} --accept-host-key {self.fingerprint}"
            if self.profile
            else f"--accept-host-key {self.fingerprint}"
        )
        return (
            f"the host key of {'jump host ' if self.jump else ''}{who} is not known: {self.key_type} "
            f"{self.fingerprint}; check it with the host's owner, then accept it ({how})"
        )


class HostKeyChanged(HostError):
    """The host's key differs from the known one: refused (possible man-in-the-middle)."""


def ssh_dir() -> Path:
    env = os.environ.get("BANCADA_SSH_DIR")
    return Path(env) if env else Path.home() / ".ssh"


def user_known_hosts() -> Path:
    return ssh_dir() / "known_hosts"


def bancada_known_hosts() -> Path:
    return paths.config_dir() / "known_hosts"


def fingerprint(key: paramiko.PKey) -> str:
    """OpenSSH's ``SHA256:<base64 without padding>`` fingerprint of a public key."""
    digest = hashlib.sha256(key.asbytes()).digest()
    return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")


def normalize_fingerprint(text: str) -> str:
    text = text.strip()
    if not text.startswith("SHA256:"):
        text = "SHA256:" + text
    return text.rstrip("=")


class ExplicitAcceptPolicy(paramiko.MissingHostKeyPolicy):
    """Refuse unknown keys unless their fingerprint was accepted explicitly; then remember them."""

    def __init__(self, accept: str | None = None) -> None:
        self.accept = normalize_fingerprint(accept) if accept else None

    def missing_host_key(self, client: paramiko.SSHClient, hostname: str, key: paramiko.PKey) -> None:
        fp = fingerprint(key)
        if self.accept is None:
            raise UnknownHostKey(hostname, key.get_name(), fp)
        if self.accept != fp:
            raise HostError(
                translate("Hosts", "{hostname} offered host key {fp}, not the {accept} you accepted: refused").format(
                    hostname=hostname, fp=fp, accept=self.accept
                )
            )
        remember_key(hostname, key)
        client.get_host_keys().add(hostname, key.get_name(), key)


def remember_key(hostname: str, key: paramiko.PKey) -> None:
    """Append ``key`` for ``hostname`` (known_hosts form) to Bancada's known_hosts."""
    path = bancada_known_hosts()
    keys = paramiko.HostKeys()
    if path.exists():
        keys.load(str(path))
    keys.add(hostname, key.get_name(), key)
    keys.save(str(path))


def load_known_hosts(client: paramiko.SSHClient) -> None:
    """Load the user's and Bancada's known hosts into ``client`` (neither is written by paramiko)."""
    for path in (user_known_hosts(), bancada_known_hosts()):
        if path.exists():
            try:
                client.load_system_host_keys(str(path))
            except (OSError, paramiko.SSHException) as exc:
                raise HostError(
                    translate("Hosts", "{path}: cannot read known hosts: {exc}").format(path=path, exc=exc)
                ) from None
