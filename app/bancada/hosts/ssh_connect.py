"""Opening an SSH connection to a saved host, with one clear message per failure.

``~/.ssh/config`` (or ``$BANCADA_SSH_DIR/config``) is honoured through
paramiko's ``SSHConfig``: ``HostName``, ``Port``, ``User`` and
``IdentityFile`` fill what the profile leaves empty. Authentication: the
profile's key file (passphrase asked when needed), else ssh-agent and the
config's identity files; a password only when given by the caller.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import errno
import getpass
import os
import socket
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import paramiko

from bancada.core.addresses import join_host_port
from bancada.hosts.hostconfig import HostProfile, get_host
from bancada.hosts.ssh_exec import active_transport
from bancada.hosts.knownhosts import (
    ExplicitAcceptPolicy,
    HostError,
    HostKeyChanged,
    UnknownHostKey,
    bancada_known_hosts,
    fingerprint,
    load_known_hosts,
    ssh_dir,
)

CONNECT_TIMEOUT_S = 10.0

# ask(kind, prompt) -> str | None ; kind is "passphrase" or "password"
Ask = Callable[[str, str], "str | None"]


class PassphraseNeeded(HostError):
    """The private key is encrypted and no passphrase was given."""


class AuthFailed(HostError):
    """The host refused our user / key / password."""


class Unreachable(HostError):
    """DNS failure, refused connection, unreachable network or timeout."""


def tty_ask(kind: str, prompt: str) -> str | None:
    """Ask on the terminal when there is one (the CLI's default)."""
    if not sys.stdin.isatty():
        return None
    return getpass.getpass(prompt)


@dataclass
class Endpoint:
    """Where and as whom to connect, after ``~/.ssh/config``; ``where``: ``address:port`` as messages
    write it (an IPv6 address in brackets)."""

    address: str
    port: int
    user: str
    key: str | None
    where: str


def resolve(profile: HostProfile) -> Endpoint:
    """Merge a profile with the matching ``~/.ssh/config`` entry (the profile wins)."""
    cfg_path = ssh_dir() / "config"
    entry: dict[str, Any] = {}
    if cfg_path.exists():
        try:
            entry = paramiko.SSHConfig.from_path(str(cfg_path)).lookup(profile.address)
        except (OSError, paramiko.SSHException) as exc:
            raise HostError(
                translate("Hosts", "{cfg_path}: cannot read: {exc}").format(cfg_path=cfg_path, exc=exc)
            ) from None
    address = entry.get("hostname", profile.address)
    port = profile.port or int(entry.get("port", 22))
    user = profile.user or entry.get("user") or getpass.getuser()
    key = profile.key
    if key is None and entry.get("identityfile"):
        key = os.path.expanduser(entry["identityfile"][0])
    return Endpoint(address, port, user, key, join_host_port(address, port))


def _describe(exc: BaseException, ep: Endpoint, timeout_s: float) -> str:
    where = ep.where
    if isinstance(exc, paramiko.ssh_exception.NoValidConnectionsError):
        return f"connection refused by {where} (no SSH server listening there?)"
    if isinstance(exc, socket.gaierror):
        return f"cannot resolve host name {ep.address!r} (DNS): {exc.strerror}"
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return f"no answer from {where} within {timeout_s:g} s (timeout: host down or filtered?)"
    if isinstance(exc, ConnectionRefusedError):
        return f"connection refused by {where} (no SSH server listening there?)"
    if isinstance(exc, OSError) and exc.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH):
        return f"host {ep.address} is unreachable ({exc.strerror})"
    if isinstance(exc, (ConnectionResetError, EOFError)):
        return f"{where} closed the connection during the SSH handshake"
    return f"cannot connect to {where}: {exc}"


def connect_profile(
    profile: HostProfile,
    *,
    accept_fingerprint: str | None = None,
    accept: dict[str, str] | None = None,
    passphrase: str | None = None,
    password: str | None = None,
    ask: Ask | None = tty_ask,
    timeout_s: float = CONNECT_TIMEOUT_S,
    _depth: int = 0,
) -> tuple[paramiko.SSHClient, list[paramiko.SSHClient]]:
    """Connect to ``profile``; return the client and the jump clients to close with it.

    ``accept_fingerprint`` trusts that key for ``profile`` itself; ``accept``
    maps saved host names (the profile or its jump hosts) to the fingerprint
    the user accepted for each, so a chain with several unknown keys is
    accepted one prompt at a time.

    Raises:
        UnknownHostKey: a key on the way is not known (its fingerprint and
            the saved host it belongs to, ``profile``/``jump``, are in the error).
        HostKeyChanged: the host's key differs from the known one.
        PassphraseNeeded, AuthFailed, Unreachable, HostError: one line each.
    """
    if _depth > 3:
        raise HostError(translate("Hosts", "host {name}: jump hosts nested too deep").format(name=profile.name))
    accept = dict(accept or {})
    if accept_fingerprint:
        accept[profile.name] = accept_fingerprint
    ep = resolve(profile)
    jumps, sock = _through_jump(profile, ep, accept, ask, timeout_s, _depth)
    client = paramiko.SSHClient()
    load_known_hosts(client)
    client.set_missing_host_key_policy(ExplicitAcceptPolicy(accept.get(profile.name)))
    if ep.key and not os.path.exists(ep.key):
        _close_all(jumps)
        raise HostError(
            translate("Hosts", "host {name}: key file {key} does not exist").format(name=profile.name, key=ep.key)
        )
    kw = _connect_kwargs(ep, sock, timeout_s, password)
    try:
        _connect_asking(client, kw, profile.name, ep, passphrase, password, ask, timeout_s)
    except HostError as exc:
        _close_all([client, *jumps])
        if isinstance(exc, UnknownHostKey) and exc.profile is None:
            exc.profile = profile.name
        raise
    transport = client.get_transport()
    if transport is not None:  # connect() succeeded, so paramiko has one
        transport.set_keepalive(5)
    return client, jumps


def _connect_asking(
    client: paramiko.SSHClient,
    kw: dict[str, Any],
    name: str,
    ep: Endpoint,
    passphrase: str | None,
    password: str | None,
    ask: Ask | None,
    timeout_s: float,
) -> None:
    """``client.connect(**kw)``, asking once for the key's passphrase and once for a password when needed.

    Raises:
        PassphraseNeeded, AuthFailed, HostKeyChanged, UnknownHostKey, Unreachable, HostError: one line each
            (the caller closes the clients and names the host in an UnknownHostKey).
    """
    asked = asked_password = False
    t0 = time.monotonic()
    while True:
        try:
            client.connect(passphrase=passphrase, **kw)
            return
        except paramiko.PasswordRequiredException:
            if passphrase is None and not asked and ask is not None:
                asked = True
                passphrase = ask("passphrase", f"passphrase for {ep.key}: ")
                if passphrase:
                    continue
            raise PassphraseNeeded(
                translate("Hosts", "host {name}: the key {key} needs a passphrase").format(name=name, key=ep.key)
            ) from None
        except paramiko.AuthenticationException:
            if password is None and not asked_password and ask is not None:
                asked_password = True  # as OpenSSH: fall back to a password, asked, never stored
                password = ask("password", f"password for {ep.user}@{ep.address}: ")
                if password:
                    kw["password"] = password
                    continue
            raise _auth_failed(ep, password) from None
        except (paramiko.SSHException, OSError, EOFError) as exc:
            raise _connect_error(exc, name, ep, timeout_s, late=time.monotonic() - t0 >= 0.9 * timeout_s) from None


def _auth_failed(ep: Endpoint, password: str | None) -> AuthFailed:
    """The host refused the key (or the agent's keys, or the password)."""
    how = f"key {ep.key}" if ep.key else "ssh-agent keys" + (" or password" if password else "")
    return AuthFailed(
        translate("Hosts", "authentication failed for {user}@{address} with {how} (wrong user or key?)").format(
            user=ep.user, address=ep.where, how=how
        )
    )


def _connect_error(exc: BaseException, name: str, ep: Endpoint, timeout_s: float, *, late: bool) -> HostError:
    """One line for an SSH or network failure of ``connect`` (``late``: it came near the timeout)."""
    if isinstance(exc, paramiko.BadHostKeyException):
        return HostKeyChanged(
            translate(
                "Hosts",
                "HOST KEY CHANGED for {hostname}: it offered {key} but {expected_key} is known. "
                "Refused: this may be a man-in-the-middle attack. If the host was reinstalled, "
                "remove the old key from {v} (or ~/.ssh/known_hosts) and accept the new one.",
            ).format(
                hostname=exc.hostname,
                key=fingerprint(exc.key),
                expected_key=fingerprint(exc.expected_key),
                v=bancada_known_hosts(),
            )
        )
    if not isinstance(exc, paramiko.SSHException):
        return Unreachable(_describe(exc, ep, timeout_s))
    if "Unable to parse key file" in str(exc) or "not a valid" in str(exc):
        return HostError(
            translate("Hosts", "host {name}: cannot read key file {key}: {exc}").format(name=name, key=ep.key, exc=exc)
        )
    where = ep.where
    if "Error reading SSH protocol banner" in str(exc) or ("No existing session" in str(exc) and late):
        return Unreachable(
            translate("Hosts", "{where} did not speak SSH within {timeout_s:g} s").format(
                where=where, timeout_s=timeout_s
            )
        )
    if "No existing session" in str(exc):
        return Unreachable(
            translate("Hosts", "{where} closed the connection during the SSH handshake").format(where=where)
        )
    return HostError(translate("Hosts", "SSH error with {where}: {exc}").format(where=where, exc=exc))


def _connect_kwargs(
    ep: Endpoint, sock: paramiko.Channel | None, timeout_s: float, password: str | None
) -> dict[str, Any]:
    """Keyword arguments of ``paramiko.SSHClient.connect`` for endpoint ``ep`` (key file, agent, password)."""
    kw = dict(
        hostname=ep.address,
        port=ep.port,
        username=ep.user,
        timeout=timeout_s,
        banner_timeout=timeout_s,
        auth_timeout=timeout_s,
        sock=sock,
        allow_agent=True,
        look_for_keys=False,
    )
    if ep.key:
        kw["key_filename"] = ep.key
    if password:
        kw["password"] = password
    return kw


def _through_jump(
    profile: HostProfile, ep: Endpoint, accept: dict[str, str], ask: Ask | None, timeout_s: float, depth: int
) -> tuple[list[paramiko.SSHClient], paramiko.Channel | None]:
    """Connect to ``profile``'s jump host (if any) and open a channel from it to ``ep``.

    Returns ``(jump clients to close with the connection, channel or None)``.

    Raises:
        UnknownHostKey: with ``jump`` set, for a key on the jump host's way.
        Unreachable: the jump host cannot reach ``ep``.
    """
    if not profile.jump:
        return [], None
    try:
        jump_client, inner = connect_profile(
            get_host(profile.jump), accept=accept, ask=ask, timeout_s=timeout_s, _depth=depth + 1
        )
    except UnknownHostKey as exc:
        exc.jump = True
        raise
    jumps = [jump_client, *inner]
    try:
        sock = active_transport(jump_client, profile.jump).open_channel(
            "direct-tcpip", (ep.address, ep.port), ("127.0.0.1", 0), timeout=timeout_s
        )
    except (paramiko.SSHException, OSError) as exc:
        _close_all(jumps)
        raise Unreachable(
            translate("Hosts", "jump host {jump} cannot reach {where}: {exc}").format(
                jump=profile.jump, where=ep.where, exc=exc
            )
        ) from None
    return jumps, sock


def _close_all(clients: Iterable[paramiko.SSHClient]) -> None:
    for c in clients:
        try:
            c.close()
        except Exception:  # noqa: BLE001 - closing is best effort
            pass
