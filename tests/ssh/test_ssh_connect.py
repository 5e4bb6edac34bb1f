"""Host profiles, host-key verification and one clear message per connect failure (real sshd)."""

from __future__ import annotations

import socket
import subprocess
import time

import pytest

from bancada.cli.main import main
from bancada.hosts import hostconfig
from bancada.hosts.ssh_host import (
    AuthFailed,
    HostKeyChanged,
    PassphraseNeeded,
    SshHost,
    UnknownHostKey,
    Unreachable,
    connect_saved_host,
)
from bancada.run.runner import RunError
from tests.ssh.conftest import host_key_fingerprint
from tests.ssh.sshd import Sshd, free_port, keygen

pytestmark = pytest.mark.ssh


def test_add_shows_fingerprint_then_accept_check_list_remove(saved_host, sshd, ssh_keys, remote_workdir, capsys):
    fp = host_key_fingerprint(sshd)
    assert (
        main(
            [
                "hosts",
                "add",
                "lab2",
                "--address",
                "127.0.0.1",
                "--port",
                str(sshd.port),
                "--user",
                "root",
                "--key",
                str(ssh_keys),
                "--workdir",
                remote_workdir,
                "--cpus",
                "0",
                "--nice",
                "3",
            ]
        )
        == 3
    )
    assert fp in capsys.readouterr().err
    with pytest.raises(UnknownHostKey) as info:
        connect_saved_host("lab2")
    assert info.value.fingerprint == fp
    with pytest.raises(RunError, match="not the SHA256:AAAA you accepted"):
        connect_saved_host("lab2", accept_fingerprint="SHA256:AAAA")
    assert main(["hosts", "check", "lab2", "--accept-host-key", fp]) == 0
    text = capsys.readouterr().out
    assert "x86_64" in text and "go-grpc" in text and "java-rest" in text
    assert "postgresql" in text  # the host's PostgreSQL version (Debian's postgresql), or what to install
    assert main(["hosts", "check", "lab2"]) == 0  # now known: no flag needed
    assert hostconfig.list_hosts() == ["lab", "lab2"]
    p = hostconfig.get_host("lab2")
    assert (p.port, p.user, p.cpus, p.nice) == (sshd.port, "root", "0", 3)
    assert main(["hosts", "list"]) == 0
    assert "lab2" in capsys.readouterr().out
    assert main(["hosts", "remove", "lab2"]) == 0
    assert hostconfig.list_hosts() == ["lab"]


def test_facts_and_can_run(trusted_host):
    from bancada.experiment import manifest

    with connect_saved_host(trusted_host) as host:
        facts = host.facts()
        assert facts["arch"] and facts["cpu_count"] >= 1 and facts["memory_bytes"] > 0
        assert facts["java_major"] and facts["java_major"] >= 17 and facts["python3"].startswith("Python")
        assert facts["disk_free_bytes"] > 0 and facts["workdir"] == host.workdir
        assert facts["postgresql"] and facts["postgresql"] in facts["postgresql_versions"]  # scripts/setup.sh
        impls = manifest.discover(host.root)
        sent = [i for i in impls.values() if i.worker.deploy != "local"]
        assert sent and all(host.can_run(i) == (True, "") for i in sent)  # files, and bundles (venv, npm here)
        local_only = [i for i in impls.values() if i.worker.deploy == "local"]  # seed 003's, from Debian packages
        assert all("not deployed to SSH hosts" in host.can_run(i)[1] for i in local_only)
        assert facts["python_venv"] is True and facts["npm"]
        host._facts["java_major"] = 11  # as on a host with an old Java
        ok, why = host.can_run(impls["java-grpc"])
        assert not ok and "Java 17" in why


def test_changed_host_key_is_refused(tmp_path, ssh_keys, monkeypatch):
    port = free_port()
    first = Sshd(tmp_path / "a", ssh_keys.with_suffix(".pub"), port=port)
    try:
        hostconfig.save_host(
            hostconfig.HostProfile(
                "moving", "127.0.0.1", port=port, user="root", key=str(ssh_keys), workdir=str(tmp_path / "w")
            )
        )
        connect_saved_host("moving", accept_fingerprint=host_key_fingerprint(first)).close()
    finally:
        first.stop()
    second = Sshd(tmp_path / "b", ssh_keys.with_suffix(".pub"), port=port)  # same address, new host key
    try:
        with pytest.raises(HostKeyChanged, match="HOST KEY CHANGED.*man-in-the-middle"):
            connect_saved_host("moving")
        # even an explicit accept of the new fingerprint does not override a known, different key
        with pytest.raises(HostKeyChanged):
            connect_saved_host("moving", accept_fingerprint=host_key_fingerprint(second))
        assert main(["run", "profiles/quick.toml", "--host", "moving"]) == 2
    finally:
        second.stop()


def _profile(name, port, key, **kw):
    hostconfig.save_host(
        hostconfig.HostProfile(name, kw.pop("address", "127.0.0.1"), port=port, user="root", key=str(key), **kw)
    )
    return name


def test_refused_dns_timeout_wrong_key_passphrase(sshd, ssh_keys, tmp_path, capsys):
    # refused: nothing listens on that port
    _profile("closed", free_port(), ssh_keys)
    with pytest.raises(Unreachable, match="connection refused"):
        connect_saved_host("closed", timeout_s=3)
    # DNS failure
    _profile("nowhere", 22, ssh_keys, address="no-such-host.invalid")
    with pytest.raises(Unreachable, match="cannot resolve"):
        connect_saved_host("nowhere", timeout_s=3)
    # timeout: a port that accepts but never speaks SSH
    silent = socket.create_server(("127.0.0.1", 0), backlog=8)  # the kernel completes the handshake; no one speaks
    _profile("silent", silent.getsockname()[1], ssh_keys)
    t0 = time.monotonic()
    with pytest.raises(Unreachable, match="within 1 s"):
        connect_saved_host("silent", timeout_s=1)
    assert time.monotonic() - t0 < 5
    silent.close()
    # wrong key (host key already accepted: accept once with the right key)
    stranger = keygen(tmp_path / "stranger")
    _profile("wrongkey", sshd.port, stranger)
    with pytest.raises(AuthFailed, match="authentication failed for root@127.0.0.1"):
        connect_saved_host("wrongkey", accept_fingerprint=host_key_fingerprint(sshd))
    # an encrypted key: passphrase needed, then given
    locked = tmp_path / "locked"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "s3cret", "-f", str(locked)], check=True)
    (sshd.folder / "authorized_keys").write_text(
        ssh_keys.with_suffix(".pub").read_text() + locked.with_suffix(".pub").read_text()
    )
    _profile("locked", sshd.port, locked, workdir=str(tmp_path / "w"))
    with pytest.raises(PassphraseNeeded, match="needs a passphrase"):
        connect_saved_host("locked", ask=None)
    asked = []
    host = connect_saved_host("locked", ask=lambda kind, prompt: asked.append(kind) or "s3cret")
    assert isinstance(host, SshHost) and asked == ["passphrase"]
    host.close()
    # the CLI: one line, no traceback
    capsys.readouterr()
    assert main(["run", "profiles/quick.toml", "--host", "closed"]) == 2
    assert main(["run", "profiles/quick.toml", "--host", "nosuch"]) == 2
    errors = capsys.readouterr().err
    assert "connection refused" in errors and "unknown host 'nosuch'" in errors and "Traceback" not in errors


def test_ssh_config_is_honoured(sshd, ssh_keys, remote_workdir, _private_ssh_dir):
    (_private_ssh_dir / "config").write_text(
        f"Host labalias\n  HostName 127.0.0.1\n  Port {sshd.port}\n  User root\n  IdentityFile {ssh_keys}\n"
    )
    hostconfig.save_host(hostconfig.HostProfile("aliased", "labalias", workdir=remote_workdir))
    with connect_saved_host("aliased", accept_fingerprint=host_key_fingerprint(sshd)) as host:
        assert host.address == "127.0.0.1"


def test_jump_host(trusted_host, sshd, ssh_keys, remote_workdir):
    hostconfig.save_host(
        hostconfig.HostProfile(
            "behind",
            "127.0.0.1",
            port=sshd.port,
            user="root",
            key=str(ssh_keys),
            jump=trusted_host,
            workdir=remote_workdir,
        )
    )
    with connect_saved_host("behind") as host:  # same host key, already known for [127.0.0.1]:port
        assert host.facts()["arch"]
        assert len(host._jumps) == 1


def test_unknown_jump_host_key_names_the_jump_host(sshd, sshd2, ssh_keys, remote_workdir, capsys):
    """Both keys unknown: the jump host's is asked first (by its saved name), then the target's."""
    hostconfig.save_host(
        hostconfig.HostProfile(
            "gate", "127.0.0.1", port=sshd.port, user="root", key=str(ssh_keys), workdir=remote_workdir
        )
    )
    hostconfig.save_host(
        hostconfig.HostProfile(
            "inner", "127.0.0.1", port=sshd2.port, user="root", key=str(ssh_keys), jump="gate", workdir=remote_workdir
        )
    )
    fp_gate, fp_inner = host_key_fingerprint(sshd), host_key_fingerprint(sshd2)
    assert main(["hosts", "check", "inner"]) == 3
    err = " ".join(capsys.readouterr().err.split())
    assert f"jump host gate ([127.0.0.1]:{sshd.port}) is not known" in err
    assert f"bancada hosts check gate --accept-host-key {fp_gate}" in err and "then check inner again" in err
    with pytest.raises(UnknownHostKey) as info:  # accepting the jump's key moves on to the target's
        connect_saved_host("inner", accept={"gate": fp_gate})
    assert (info.value.profile, info.value.jump, info.value.fingerprint) == ("inner", False, fp_inner)
    assert "bancada hosts check inner --accept-host-key" in str(info.value)
    with connect_saved_host("inner", accept={"inner": fp_inner}) as host:  # the jump's key is remembered now
        assert host.facts()["arch"] and len(host._jumps) == 1


def test_hosts_cli_keeps_bracketed_ipv6_addresses(capsys):
    """rich markup must not eat "[fe80::1]" in an error line (messages are printed escaped)."""
    from bancada.cli.hosts import _fail

    assert _fail("connection refused by [fe80::1]:22 (no SSH server listening there?)") == 2
    assert "connection refused by [fe80::1]:22" in capsys.readouterr().err
