"""`bancada compare` of the same profile run on this computer and on an SSH host (a real sshd on
loopback): the runs differ only in host, so the comparison splits each latency change into the
server's own time and transit + client without being asked, and computes no noise floor."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bancada.cli.main import main
from tests.conftest import ROOT, artifact_missing

pytestmark = pytest.mark.ssh

QUICK = ROOT / "profiles" / "quick.toml"
SMALL = [
    "--requests",
    "30",
    "--repetitions",
    "2",
    "--warmup",
    "5",
    "--payloads",
    "StdSize",
    "--implementations",
    "go-grpc,go-rest",
    "--driver",
    "native",
    "--quiet",
]


def _runs() -> set[str]:
    return {str(p) for p in (Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite")}


def _new_run(before: set[str]) -> str:
    """The run file the last command wrote (run ids share their second when runs are fast: not by name)."""
    (new,) = _runs() - before
    return new


def test_local_and_ssh_runs_of_one_profile_split_into_server_and_transit(trusted_host, tmp_path, capsys):
    for impl in ("go-grpc", "go-rest"):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl}: {reason} (run make -C workers)")
    before = _runs()
    assert main(["run", str(QUICK), *SMALL, "--out", str(tmp_path / "local")]) == 0, capsys.readouterr().err
    local = _new_run(before)
    assert main(["run", str(QUICK), *SMALL, "--host", trusted_host, "--out", str(tmp_path / "ssh")]) == 0, (
        capsys.readouterr().err
    )
    remote = _new_run(before | {local})
    assert remote != local
    out = tmp_path / "c.json"
    assert main(["compare", local, remote, "--json", str(out), "--resamples", "500"]) == 0, capsys.readouterr().err
    comp = json.loads(out.read_text())["comparisons"][0]
    assert comp["network_share"]["computed"], comp["network_share"]
    assert comp["network_share"]["reason"] == f"same profile, hosts local and {trusted_host} differ"
    assert not comp["noise_floor"]["computed"]
    rows = comp["network_share"]["rows"]
    assert sorted(r["treatment"] for r in rows) == ["go-grpc/StdSize", "go-rest/StdSize"]
    for r in rows:
        assert r["server_time"] and r["n_baseline"] == r["n_other"] == 60, r
        assert (
            0 < r["server_baseline_ms"] < r["latency_baseline_ms"] and 0 < r["server_other_ms"] < r["latency_other_ms"]
        )
        # medians are not additive, but on loopback the parts nearly add up
        assert r["latency_change_ms"] == pytest.approx(
            r["server_change_ms"] + r["transit_client_change_ms"], abs=0.1 + 0.2 * abs(r["latency_change_ms"])
        )
    printed = capsys.readouterr().out
    assert "Server time and transit" in printed
