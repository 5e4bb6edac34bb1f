"""The Python and Node.js workers on an SSH host (deploy = "bundle"): their sources sent as one
archive by hash, their environments made on the host (a venv from requirements.lock, npm ci
from package-lock.json), reused by the next connection; and the seed 002 profile run through
the host. Real sshd on loopback, real pip and npm (they need PyPI and the npm registry)."""

from __future__ import annotations

import csv
import io
import json
import tarfile
from pathlib import Path

import pytest

from bancada.cli.main import main
from bancada.drivers.health import worker_info
from bancada.experiment import manifest
from bancada.hosts.bundle import pack
from bancada.hosts.ssh_host import connect_saved_host
from tests.conftest import ROOT
from tests.ssh.sshd import worker_processes

pytestmark = pytest.mark.ssh


def test_a_bundle_is_reproducible_and_holds_the_contract():
    impls = manifest.discover(ROOT)
    for name in ("python", "node"):
        worker = impls[f"{name}-grpc"].worker
        data, digest = pack(worker)
        assert pack(worker) == (data, digest)  # the same sources, the same bytes and hash
        names = tarfile.open(fileobj=io.BytesIO(data)).getnames()
        assert "proto/bancada/v1/bench.graphql" in names and f"workers/{name}/remote-setup.sh" in names
        assert not [n for n in names if "__pycache__" in n or "node_modules" in n or ".venv" in n]


def test_python_and_node_workers_deploy_once_and_answer(trusted_host, remote_workdir, capsys):
    impls = manifest.discover(ROOT)
    timings = {}
    for attempt in ("first", "reused"):
        with connect_saved_host(trusted_host) as host:
            for impl_id in ("python-graphql", "node-jsonrpc"):
                assert host.can_run(impls[impl_id]) == (True, "")
                w = host.start_worker(impls[impl_id], f"bundle-{attempt}", 120)
                info = worker_info(impls[impl_id].protocol, f"{w.address}:{w.port}")
                assert info["implementation"] == impl_id and int(info["pid"]) == w.pid
                w.stop()
            timings[attempt] = dict(host.timings)
    with capsys.disabled():
        print("\nbundle deploy timings (s):", json.dumps(timings, indent=1))
    for impl_id in ("python-graphql", "node-jsonrpc"):
        assert timings["reused"][f"deploy:{impl_id}"] < timings["first"][f"deploy:{impl_id}"]
    bundles = list((Path(remote_workdir) / "bundles").iterdir())
    assert len(bundles) == 2 and all((b / ".ready").exists() for b in bundles)
    assert worker_processes(remote_workdir) == []


def test_a_host_without_what_the_setup_needs_is_told_so(trusted_host):
    impls = manifest.discover(ROOT)
    with connect_saved_host(trusted_host) as host:
        host.facts()
        host._facts.update(python_venv=False, npm=None)  # as on a host without python3-venv and npm
        ok, why = host.can_run(impls["python-rest"])
        assert not ok and "python3-venv" in why
        assert host.can_run(impls["node-rest"]) == (True, "")  # node_modules built here is sent: no npm there
        host._facts.update(python_version=(3, 8))
        ok, why = host.can_run(impls["python-rest"])
        assert not ok and "Python 3.10" in why


def test_seed_002_profile_runs_through_the_ssh_host(trusted_host, remote_workdir, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["run", str(ROOT / "profiles" / "rpc-python-2023.toml"), "--host", trusted_host, "--out", str(out)]
    code = main([*argv, "--quiet", "--requests", "3", "--payloads", "Double,MatMul"])
    assert code == 0, capsys.readouterr().err
    rows = list(csv.DictReader(open(out / "samples.csv")))
    assert len(rows) == 2 * 2 * 3 and all(r["ok"] == "true" for r in rows)
    assert {r["implementation"] for r in rows} == {"python-grpc", "python-jsonrpc"}
    assert all(float(r["server_s"]) > 0 for r in rows)
    assert worker_processes(remote_workdir) == []


def test_seed_001_profile_runs_through_the_ssh_host(trusted_host, remote_workdir, tmp_path, capsys):
    """The nine implementations of microservices-2024 (Go binaries, Python and Node.js bundles) on one host,
    with the profile's virtual users and its private PostgreSQL, 2 s per treatment."""
    out = tmp_path / "out"
    argv = ["run", str(ROOT / "profiles" / "microservices-2024.toml"), "--host", trusted_host, "--out", str(out)]
    code = main([*argv, "--quiet", "--duration", "2", "--warmup", "1", "--payloads", "ListPets10"])
    assert code == 0, capsys.readouterr().err
    rows = list(csv.DictReader(open(out / "samples.csv")))
    assert len({r["implementation"] for r in rows}) == 9 and all(r["ok"] == "true" for r in rows)
    assert len(list(csv.DictReader(open(out / "k6_summary.csv")))) == 9  # k6's table, one row per treatment
    assert worker_processes(remote_workdir) == []
