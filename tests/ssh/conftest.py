"""Fixtures: a real sshd on loopback (and, as root, one in a network namespace).

Nothing reads or writes the real ~/.ssh: ``BANCADA_SSH_DIR`` points at a temp
dir and ssh-agent is disabled (``SSH_AUTH_SOCK`` unset).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import uuid
from pathlib import Path

import pytest

from tests.ssh.sshd import Sshd, keygen, worker_processes

pytestmark = pytest.mark.ssh


def _need_sshd() -> None:
    if not Path("/usr/sbin/sshd").exists() or not shutil.which("ssh-keygen"):
        pytest.skip("OpenSSH server (/usr/sbin/sshd) or ssh-keygen is not installed")


@pytest.fixture(autouse=True)
def _private_ssh_dir(tmp_path, monkeypatch):
    d = tmp_path / "dotssh"
    d.mkdir()
    monkeypatch.setenv("BANCADA_SSH_DIR", str(d))
    monkeypatch.delenv("SSH_AUTH_SOCK", raising=False)
    return d


@pytest.fixture(scope="session")
def ssh_keys(tmp_path_factory):
    _need_sshd()
    d = tmp_path_factory.mktemp("keys")
    return keygen(d / "user_key")


def _serve(tmp_path_factory, ssh_keys, folder: str, **kw):
    """Start a loopback sshd for a session fixture; stop it when the session ends."""
    _need_sshd()
    server = Sshd(tmp_path_factory.mktemp(folder), ssh_keys.with_suffix(".pub"), **kw)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def sshd(tmp_path_factory, ssh_keys):
    """The loopback test sshd (session scope)."""
    yield from _serve(tmp_path_factory, ssh_keys, "sshd")


@pytest.fixture(scope="session")
def sshd2(tmp_path_factory, ssh_keys):
    """A second loopback sshd with its own host key (a host reached through a jump host)."""
    yield from _serve(tmp_path_factory, ssh_keys, "sshd2")


@pytest.fixture(scope="session")
def sshd_v6(tmp_path_factory, ssh_keys):
    """A loopback sshd on the IPv6 address ::1 (skipped where IPv6 is off)."""
    if (
        not socket.has_ipv6
        or not Path("/proc/net/if_inet6").exists()
        or "00000000000000000000000000000001" not in Path("/proc/net/if_inet6").read_text()
    ):
        pytest.skip("no IPv6 loopback address (::1) on this machine")
    yield from _serve(tmp_path_factory, ssh_keys, "sshd6", address="::1")


@pytest.fixture(scope="session")
def remote_workdir(tmp_path_factory) -> str:
    """The work directory on the loopback host (shared by the session so artifacts deploy once)."""
    return str(tmp_path_factory.mktemp("remote-work"))


def host_key_fingerprint(server: Sshd) -> str:
    out = subprocess.run(
        ["ssh-keygen", "-lf", f"{server.host_key}.pub", "-E", "sha256"], check=True, capture_output=True, text=True
    ).stdout
    return out.split()[1]


@pytest.fixture
def saved_host(sshd, ssh_keys, remote_workdir):
    """Host 'lab' saved (profile only; its key is not yet accepted)."""
    from bancada.hosts import hostconfig

    hostconfig.save_host(
        hostconfig.HostProfile(
            "lab", "127.0.0.1", port=sshd.port, user="root", key=str(ssh_keys), workdir=remote_workdir
        )
    )
    return "lab"


@pytest.fixture
def trusted_host(saved_host, sshd):
    """Host 'lab' saved with its host key accepted."""
    from bancada.hosts.ssh_host import connect_saved_host

    connect_saved_host(saved_host, accept_fingerprint=host_key_fingerprint(sshd)).close()
    return saved_host


# -- a second host in its own network namespace ---------------------------------------
NS_PREFIX = "10.231"  # a private /24 under it per session, so two test runs on one machine do not collide


@pytest.fixture(scope="session")
def netns_sshd(tmp_path_factory, ssh_keys):
    """An sshd inside a fresh network namespace at 10.231.X.2 (X drawn per session), reached through a veth pair."""
    _need_sshd()
    if os.geteuid() != 0:
        pytest.skip("the network-namespace host needs root (ip netns add); CI runs as root")
    if not shutil.which("ip"):
        pytest.skip("iproute2 (ip) is not installed")
    tag = uuid.uuid4().hex[:6]
    ns, outer, inner = f"bancada-{tag}", f"bcd{tag}a", f"bcd{tag}b"
    ns_net = f"{NS_PREFIX}.{int(tag, 16) % 250 + 1}"

    def ip(*args, check=True):
        return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)

    try:
        ip("netns", "add", ns)
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"cannot create a network namespace here: {exc.stderr.strip()}")
    server = None
    try:
        ip("link", "add", outer, "type", "veth", "peer", "name", inner)
        ip("link", "set", inner, "netns", ns)
        ip("addr", "add", f"{ns_net}.1/24", "dev", outer)
        ip("link", "set", outer, "up")
        ip("netns", "exec", ns, "ip", "addr", "add", f"{ns_net}.2/24", "dev", inner)
        ip("netns", "exec", ns, "ip", "link", "set", inner, "up")
        ip("netns", "exec", ns, "ip", "link", "set", "lo", "up")
        server = Sshd(
            tmp_path_factory.mktemp("sshd-ns"), ssh_keys.with_suffix(".pub"), address=f"{ns_net}.2", port=22, netns=ns
        )
        yield server
    finally:
        if server:
            server.stop()
        ip("link", "del", outer, check=False)
        ip("netns", "del", ns, check=False)


__all__ = ["worker_processes", "host_key_fingerprint"]


# -- lab hosts: another machine behind its own link, with a lab's gaps (tests/ssh/lab_host.py) ----
def _lab(tmp_path_factory, ssh_keys, flavour: str):
    from tests.ssh.lab_host import LabHost, LabUnavailable, why_not

    reason = why_not()
    if reason:
        pytest.skip(reason)
    try:
        lab = LabHost(tmp_path_factory.mktemp(f"lab-{flavour}"), ssh_keys.with_suffix(".pub"), flavour)
    except LabUnavailable as exc:
        pytest.skip(str(exc))
    yield lab
    lab.stop()
    assert lab.leftovers() == []


@pytest.fixture(scope="session")
def lab_bare(tmp_path_factory, ssh_keys):
    """A bare lab host: no Java, Node.js, Go or python3-venv, no route to any registry (session scope)."""
    yield from _lab(tmp_path_factory, ssh_keys, "bare")


@pytest.fixture(scope="session")
def lab_equipped(tmp_path_factory, ssh_keys):
    """An equipped lab host: Java 17, Node.js and python3-venv, still no route to any registry (session scope)."""
    yield from _lab(tmp_path_factory, ssh_keys, "equipped")


def save_lab(lab, name: str, ssh_keys) -> str:
    """Save ``lab`` as host ``name`` (root, the test key, the default work directory in its empty home)."""
    from bancada.hosts import hostconfig

    hostconfig.save_host(hostconfig.HostProfile(name, lab.address, port=22, user="root", key=str(ssh_keys)))
    return name


def lab_fingerprint(lab) -> str:
    return host_key_fingerprint(lab.sshd)
