"""Seed 000 as its authors ran it: the paper's own servers (go-gin-rest: gin, ShouldBindJSON into
[]int; java-spring-rest: Spring Boot, @RequestBody int[]) under profiles/soares-2024-as-published
-classroom.toml, with the paper's client choices (a new connection and a 1 s pause per request)."""

from __future__ import annotations

import csv
import subprocess
import sys

import pytest
import requests

from bancada.core import paths
from bancada.drivers.stream import parse_server_timing
from bancada.experiment import manifest
from bancada.experiment.profile import load_profile
from bancada.experiment.template import render_template
from bancada.report.build import design_rows
from bancada.report.inputs import load_run
from tests.conftest import ROOT, artifact_missing

CLASSROOM = ROOT / "profiles" / "soares-2024-as-published-classroom.toml"
SERVERS = ("go-gin-rest", "java-spring-rest")


@pytest.mark.parametrize("impl_id", SERVERS)
def test_the_papers_servers_answer_minus_one_to_the_profiles_bodies(local_host, impl_id):
    """Each workload's body as the run sends it (a bare array of 200 and 204,800 ints) is answered
    -1, timed; the contract's {"values": [...]} is not what these servers take (400)."""
    reason = artifact_missing(impl_id)
    if reason:
        pytest.fail(f"{impl_id} cannot run: {reason} (run make -C workers)")
    handle = local_host.start_worker(manifest.discover(ROOT)[impl_id], "as-published", ready_timeout_s=120)
    try:
        for workload in load_profile(CLASSROOM).workloads:
            body = render_template(workload.body or "", workload.seed)
            assert body.startswith("[") and len(body.split(",")) in (200, 204_800)
            r = requests.post(
                f"http://{handle.target}{workload.path}",
                data=body,
                timeout=60,
                headers={"Content-Type": "application/json"},
            )
            assert (r.status_code, r.json()) == (200, -1), (workload.name, r.text[:200])
            assert parse_server_timing(r.headers.get("Server-Timing")) > 0
        wrapped = requests.post(f"http://{handle.target}/foo", json={"values": [1, 2, 3]}, timeout=60)
        assert wrapped.status_code == 400
    finally:
        handle.stop()


@pytest.mark.slow_full  # 2 minutes; the section's words: tests/unit/report/test_paper_beside.py
def test_the_classroom_profile_runs_both_servers_and_names_the_client_choices(tmp_path):
    """`bancada run` of the classroom variant completes with every request answered; the design
    table says a new connection per request and the 1 s pause after each response."""
    argv = [sys.executable, "-m", "bancada.cli", "run", str(CLASSROOM), "--out", str(tmp_path / "out")]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    rows = list(csv.DictReader((tmp_path / "out" / "samples.csv").open()))
    measured = [r for r in rows if r["phase"] == "measure"]
    groups = {(r["implementation"], r["payload"]) for r in measured}
    assert groups == {(i, p) for i in SERVERS for p in ("StdSize", "LargeSize")}
    assert all(r["ok"] == "true" for r in rows), [r["error"] for r in rows if r["ok"] != "true"][:3]
    # one virtual user with a 1 s pause: about one request a second, 4 s a block, 2 repetitions
    for group in groups:
        n = sum(1 for r in measured if (r["implementation"], r["payload"]) == group)
        assert 2 * 3 <= n <= 2 * 5, (group, n)
    (run_file,) = paths.runs_dir().glob("*.sqlite")  # this test's own data folder (tests/conftest.py)
    design = dict(design_rows(load_run(str(run_file)), ["language"]))
    assert design["Connection"] == "new for every request"
    assert design["Load"] == "1 virtual users for 4 s per block, a pause of 1.0 s after each response"
    # the report, in Portuguese, puts the paper's ranking beside the run's, with its reading
    html = tmp_path / "report.html"
    argv = [sys.executable, "-m", "bancada.cli", "report", str(run_file), "--html", str(html), "--language", "pt_BR"]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    section = html.read_text(encoding="utf-8").split('<section id="published">', 1)[1].split("</section>", 1)[0]
    assert "O artigo ao lado desta execução" in section and "A série Go REST do artigo" in section
    assert "<td>go-rest</td>" in section and ("<td>go-gin-rest</td>" in section) and "4,47" in section
