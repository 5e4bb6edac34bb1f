"""Security of remote runs, against the real loopback sshd: quoting, artifact hashes,
bind addresses and ports, and secrets kept out of everything Bancada writes."""

from __future__ import annotations

import hashlib
import socket
import subprocess
import uuid
from pathlib import Path

import pytest

from bancada.cli.main import main
from bancada.hosts import hostconfig
from bancada.hosts.ssh_host import connect_saved_host
from tests.conftest import ROOT, artifact_missing
from tests.ssh.conftest import host_key_fingerprint
from tests.ssh.sshd import worker_processes

pytestmark = pytest.mark.ssh

QUICK = ROOT / "profiles" / "quick.toml"
TINY = [
    "--requests",
    "3",
    "--repetitions",
    "1",
    "--warmup",
    "1",
    "--payloads",
    "StdSize",
    "--implementations",
    "go-rest",
    "--quiet",
]


@pytest.fixture(autouse=True)
def _built():
    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest: {reason} (run make -C workers)")


def _save(name: str, sshd, key: Path, workdir: str) -> None:
    hostconfig.save_host(
        hostconfig.HostProfile(name, "127.0.0.1", port=sshd.port, user="root", key=str(key), workdir=workdir)
    )
    connect_saved_host(name, accept_fingerprint=host_key_fingerprint(sshd)).close()


def test_a_work_directory_full_of_shell_metacharacters_is_quoted_everywhere(sshd, ssh_keys, tmp_path):
    marker = Path(f"/tmp/bancada-pwned-{uuid.uuid4().hex[:8]}")
    workdir = str(tmp_path / f"w d'$(touch {marker})`touch {marker}2`;touch {marker}3;\"x")
    _save("quoting", sshd, ssh_keys, workdir)
    code = main(["run", str(QUICK), "--host", "quoting", "--out", str(tmp_path / "out"), *TINY])
    assert code == 0
    assert not any(Path(f"{marker}{suffix}").exists() for suffix in ("", "2", "3")), (
        "a remote command ran a substitution"
    )
    assert Path(workdir, "artifacts").is_dir()  # the odd name was used, literally
    assert worker_processes(workdir) == []


def test_a_tampered_artifact_is_replaced_before_it_runs(sshd, ssh_keys, tmp_path):
    workdir = str(tmp_path / "work")
    _save("tamper", sshd, ssh_keys, workdir)
    assert main(["run", str(QUICK), "--host", "tamper", "--out", str(tmp_path / "o1"), *TINY]) == 0
    [deployed] = [p for p in Path(workdir, "artifacts").rglob("bancada-worker-*") if p.is_file()]
    expected = deployed.parent.name  # the folder is named by the artifact's sha256
    with open(deployed, "ab") as f:  # someone changes the binary on the host
        f.write(b"\x00tampered")
    assert hashlib.sha256(deployed.read_bytes()).hexdigest() != expected
    assert main(["run", str(QUICK), "--host", "tamper", "--out", str(tmp_path / "o2"), *TINY]) == 0
    assert hashlib.sha256(deployed.read_bytes()).hexdigest() == expected  # uploaded again, verified, then run


def test_workers_listen_only_on_the_address_the_driver_uses_and_close_their_ports(sshd, ssh_keys, tmp_path):
    from bancada.experiment import manifest

    workdir = str(tmp_path / "work")
    _save("bind", sshd, ssh_keys, workdir)
    host = connect_saved_host("bind")
    try:
        assert host.bind == "127.0.0.1"  # the address the SSH connection reached, not 0.0.0.0
        worker = host.start_worker(manifest.discover(ROOT)["go-rest"], "bindtest", 60)
        listening = subprocess.run(["ss", "-Hltn", f"sport = :{worker.port}"], capture_output=True, text=True).stdout
        local = [line.split()[3] for line in listening.splitlines() if line.strip()]  # State Recv-Q Send-Q Local Peer
        assert local == [f"127.0.0.1:{worker.port}"], listening  # not 0.0.0.0:port nor *:port
        with socket.create_connection(("127.0.0.1", worker.port), timeout=2):
            pass
    finally:
        host.close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", worker.port), timeout=1).close()


def test_a_key_passphrase_is_never_written_by_bancada(sshd, ssh_keys, tmp_path, monkeypatch):
    import os

    secret = f"pass-{uuid.uuid4().hex}"
    locked = tmp_path / "locked"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", secret, "-f", str(locked)], check=True)
    (sshd.folder / "authorized_keys").write_text(
        ssh_keys.with_suffix(".pub").read_text() + locked.with_suffix(".pub").read_text()
    )
    workdir = str(tmp_path / "work")
    hostconfig.save_host(
        hostconfig.HostProfile("locked", "127.0.0.1", port=sshd.port, user="root", key=str(locked), workdir=workdir)
    )
    from bancada.experiment.profile import load_profile
    from bancada.experiment.overrides import apply_overrides
    from bancada.run.runner import RunFinished, Runner
    from bancada.store.runstore import RunStore
    from bancada.store.tidy_csv import export_csv

    host = connect_saved_host("locked", accept_fingerprint=host_key_fingerprint(sshd), ask=lambda kind, prompt: secret)
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=3,
        repetitions=1,
        warmup=1,
        implementations=["go-rest"],
        payloads=["StdSize"],
    )
    try:
        events = list(Runner(profile, host, driver="native").events())
    finally:
        host.close()
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    export_csv(RunStore.open(finished.path), tmp_path / "samples.csv")
    written = [
        finished.path,
        tmp_path / "samples.csv",
        *Path(workdir).rglob("*"),
        *Path(os.environ["BANCADA_CONFIG_DIR"]).rglob("*"),
        *Path(os.environ["BANCADA_DATA_DIR"]).rglob("*"),
    ]
    for path in written:
        if path.is_file() and path.stat().st_size < 64 << 20:
            assert secret.encode() not in path.read_bytes(), f"the passphrase is in {path}"
