"""Deploy, start, run and clean up real Go and Java workers through a real sshd."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
import time
from pathlib import Path

import pytest

from bancada.cli.main import main
from bancada.experiment import manifest
from bancada.experiment.profile import load_profile
from bancada.hosts import hostconfig
from bancada.hosts.ssh_host import connect_saved_host
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunFinished, Runner, SamplesArrived
from tests.conftest import ROOT, artifact_missing
from tests.ssh.conftest import host_key_fingerprint
from tests.ssh.sshd import worker_processes

pytestmark = pytest.mark.ssh

QUICK = ROOT / "profiles" / "quick.toml"
SMALL = ["--requests", "5", "--repetitions", "1", "--warmup", "1", "--payloads", "StdSize", "--driver", "python"]


@pytest.fixture(autouse=True)
def _built():
    for impl in ("go-grpc", "java-grpc"):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl}: {reason} (run make -C workers)")


def _check_samples(out_dir: Path, expect_target_host: str) -> None:
    rows = list(csv.DictReader(open(out_dir / "samples.csv")))
    assert len(rows) == 4 * (5 + 1)
    assert {r["implementation"] for r in rows} == {"go-grpc", "go-rest", "java-grpc", "java-rest"}
    assert all(r["ok"] == "true" for r in rows), [r["error"] for r in rows if r["ok"] != "true"]
    assert all(float(r["latency_s"]) > 0 for r in rows)
    db = sorted((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))[-1]
    con = sqlite3.connect(db)
    targets = {t for (t,) in con.execute("SELECT target FROM treatment")}
    assert targets and all(t.startswith(expect_target_host + ":") for t in targets), targets
    con.close()


def test_quick_profile_through_loopback_ssh(trusted_host, remote_workdir, tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["run", str(QUICK), "--host", trusted_host, "--out", str(out), "--quiet", *SMALL])
    assert code == 0, capsys.readouterr().err
    _check_samples(out, "127.0.0.1")
    assert worker_processes(remote_workdir) == []  # close() stopped every worker
    assert list(Path(remote_workdir, "run").glob("*.pid")) == []


def test_connect_deploy_start_timings(saved_host, sshd, tmp_path, capsys):
    """Connect + first deploy + start of the Go and Java workers, then the same with artifacts reused."""
    hostconfig.save_host(
        hostconfig.HostProfile(
            "fresh",
            "127.0.0.1",
            port=sshd.port,
            user="root",
            key=hostconfig.get_host(saved_host).key,
            workdir=str(tmp_path / "fresh work dir 'q'"),
            cpus="0",
            nice=5,
        )
    )
    impls = manifest.discover(ROOT)
    report = {}
    for attempt in ("first", "reused"):
        host = connect_saved_host("fresh", accept_fingerprint=host_key_fingerprint(sshd))
        try:
            for impl_id in ("go-grpc", "java-grpc"):
                w = host.start_worker(impls[impl_id], f"timing-{attempt}", 60)
                status = Path(f"/proc/{w.pid}/status").read_text()
                assert "Cpus_allowed_list:\t0\n" in status  # taskset -c 0
                assert int(Path(f"/proc/{w.pid}/stat").read_text().rsplit(")", 1)[1].split()[16]) == 5  # nice 5
                w.stop()
                assert not w.alive()
            report[attempt] = dict(host.timings)
        finally:
            host.close()
    with capsys.disabled():
        print("\nSSH timings (s):", json.dumps(report, indent=1))
    assert worker_processes(str(tmp_path / "fresh work dir 'q'")) == []
    assert report["reused"]["deploy:go-grpc"] < report["first"]["deploy:go-grpc"]


def test_dropped_connection_mid_run_then_cleanup(trusted_host, sshd, remote_workdir):
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=["go-grpc"],
        payloads=["StdSize"],
        requests=100000,
        repetitions=1,
        warmup=1,
        driver="python",
    )
    host = connect_saved_host(trusted_host)
    runner = Runner(profile, host)
    killed = []
    events = []
    t0 = time.monotonic()
    for event in runner.events():
        events.append(event)
        if isinstance(event, SamplesArrived) and not killed:
            killed = sshd.kill_sessions()  # the SSH connection dies mid-run
    assert killed
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "incomplete"
    assert "SSH connection" in finished.message, finished.message
    assert time.monotonic() - t0 < 60
    con = sqlite3.connect(finished.path)
    stored = con.execute("SELECT count(*) FROM sample").fetchone()[0]
    status = con.execute("SELECT value FROM meta WHERE key='status'").fetchone()
    con.close()
    assert 0 < stored < 100001
    if status:
        assert "incomplete" in status[0]
    # the worker outlived the connection; reconnecting (or the next connect) stops it
    assert host.disconnected
    left = worker_processes(remote_workdir)
    assert left, "the worker should still run until the next connect"
    cleaned = host.reconnect()
    try:
        assert any("go-grpc" in line for line in cleaned), cleaned
        assert host.connected() and not host.disconnected
    finally:
        host.close()
    assert worker_processes(remote_workdir) == []
    assert list(Path(remote_workdir, "run").glob("*.pid")) == []


def test_dropped_connection_with_pause_reconnects_and_goes_on(trusted_host, sshd, remote_workdir):
    """--on-disconnect pause: the runner reconnects, restarts the workers and runs the next blocks."""
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=["go-rest"],
        payloads=["StdSize"],
        requests=3000,
        repetitions=3,
        warmup=0,
        driver="python",
    )
    host = connect_saved_host(trusted_host)
    runner = Runner(profile, host, on_disconnect="pause", reconnect_timeout_s=60)
    killed = []
    events = []
    try:
        for event in runner.events():
            events.append(event)
            if isinstance(event, SamplesArrived) and not killed:
                killed = sshd.kill_sessions()
    finally:
        host.close()
    assert killed
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "incomplete", finished.message
    assert "dropped during block(s) 0" in finished.message
    assert any("reconnected" in getattr(e, "text", "") for e in events)
    con = sqlite3.connect(finished.path)
    per_rep = dict(con.execute("SELECT repetition, count(*) FROM sample GROUP BY repetition").fetchall())
    con.close()
    assert 0 < per_rep[1] < 3000 and per_rep[2] == 3000 and per_rep[3] == 3000
    assert worker_processes(remote_workdir) == []


def test_native_driver_runs_on_the_ssh_host_and_streams_back(trusted_host, remote_workdir, tmp_path, capsys):
    """--driver-host: the native driver is deployed next to the workers; frames come back over SSH."""
    out = tmp_path / "out"
    args = [a if a != "python" else "native" for a in SMALL]
    code = main(
        ["run", str(QUICK), "--host", trusted_host, "--driver-host", trusted_host, "--out", str(out), "--quiet", *args]
    )
    assert code == 0, capsys.readouterr().err
    _check_samples(out, "127.0.0.1")
    db = sorted((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))[-1]
    con = sqlite3.connect(db)
    meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    con.close()
    assert meta["driver"] == "native" and meta["driver_host"] == trusted_host
    drivers = list(Path(remote_workdir, "artifacts").glob("*/bancada-driver-linux-*"))
    assert len(drivers) == 1  # deployed once, by hash
    assert worker_processes(remote_workdir) == []


def test_quick_profile_on_a_host_in_a_network_namespace(netns_sshd, ssh_keys, tmp_path, capsys):
    hostconfig.save_host(
        hostconfig.HostProfile(
            "ns", netns_sshd.address, port=22, user="root", key=str(ssh_keys), workdir=str(tmp_path / "ns-work")
        )
    )
    assert main(["hosts", "check", "ns", "--accept-host-key", host_key_fingerprint(netns_sshd)]) == 0
    out = tmp_path / "out"
    code = main(["run", str(QUICK), "--host", "ns", "--out", str(out), "--quiet", *SMALL])
    assert code == 0, capsys.readouterr().err
    _check_samples(out, netns_sshd.address)  # the local driver reached the workers through the veth address
    assert worker_processes(str(tmp_path / "ns-work")) == []


def test_unreachable_port_refused_or_tunnelled_with_warning(trusted_host, remote_workdir, monkeypatch):
    """A blocked worker port: refused with the reason, or (when allowed) an SSH tunnel with its warning."""
    from bancada.drivers.health import worker_info
    from bancada.hosts import ssh_host
    from bancada.hosts.base import WorkerStartError

    monkeypatch.setattr(ssh_host, "port_reachable", lambda address, port, timeout_s=3.0: False)  # as behind a firewall
    impl = manifest.discover(ROOT)["go-rest"]
    with connect_saved_host(trusted_host) as host:
        with pytest.raises(WorkerStartError, match="cannot be reached from here.*--allow-tunnel"):
            host.start_worker(impl, "blocked", 30)
        assert worker_processes(remote_workdir) == []
        host.profile.allow_tunnel = True
        w = host.start_worker(impl, "tunnelled", 30)
        assert w.address == "127.0.0.1" and w.port != w.remote_port and "every measured latency" in w.warning
        assert worker_info("rest", w.target, timeout_s=10)["implementation"] == "go-rest"
    assert worker_processes(remote_workdir) == []


def test_ipv6_host_runs_with_the_native_driver(sshd_v6, ssh_keys, remote_workdir, tmp_path, capsys):
    """A host saved by its IPv6 address: the workers' targets are written [::1]:port for both drivers."""
    hostconfig.save_host(
        hostconfig.HostProfile("lab6", "::1", port=sshd_v6.port, user="root", key=str(ssh_keys), workdir=remote_workdir)
    )
    connect_saved_host("lab6", accept_fingerprint=host_key_fingerprint(sshd_v6)).close()
    for driver in ("native", "python"):
        out = tmp_path / driver
        args = [a if a != "python" else driver for a in SMALL]
        code = main(["run", str(QUICK), "--host", "lab6", "--out", str(out), "--quiet", *args])
        assert code == 0, capsys.readouterr().err
        _check_samples(out, "[::1]")
    assert worker_processes(remote_workdir) == []


def test_the_driver_is_deployed_once_per_connection(trusted_host, monkeypatch):
    """The runner opens a driver per block: only the first open uploads/hashes the binary."""
    from bancada.hosts import ssh_host

    calls = []
    real = ssh_host.deploy
    monkeypatch.setattr(ssh_host, "deploy", lambda *a, **k: calls.append(a[1]) or real(*a, **k))
    with connect_saved_host(trusted_host) as host:
        for _ in range(3):
            proc = host.open_driver("native")
            proc.stdin.close()  # no job: the driver says why and exits
            assert proc.wait(10) is not None
    assert len(calls) == 1


METHODS_PROFILE = """
[experiment]
name = "methods-ssh"
implementations = ["go-jsonrpc", "go-graphql"]
repetitions = 1
requests = 5
warmup = 1
factors = ["protocol"]

[[workloads]]
name = "Sum8"
operation = "sum"

[[workloads]]
name = "MatMul4"
operation = "matmul"
"""


def test_jsonrpc_and_graphql_methods_through_loopback_ssh(trusted_host, remote_workdir, tmp_path, capsys):
    """The Go worker's JSON-RPC and GraphQL protocols and the six methods on an SSH host, driven by the
    native driver deployed there."""
    profile = tmp_path / "methods.toml"
    profile.write_text(METHODS_PROFILE)
    out = tmp_path / "out"
    code = main(
        ["run", str(profile), "--host", trusted_host, "--driver-host", trusted_host, "--out", str(out), "--quiet"]
    )
    assert code == 0, capsys.readouterr().err
    rows = list(csv.DictReader(open(out / "samples.csv")))
    assert len(rows) == 2 * 2 * (5 + 1)
    assert {r["implementation"] for r in rows} == {"go-jsonrpc", "go-graphql"}
    assert all(r["ok"] == "true" for r in rows), [r["error"] for r in rows if r["ok"] != "true"]
    assert worker_processes(remote_workdir) == []
