"""Bancada against lab hosts: other machines behind their own link, without Java, Node.js, Go,
python3-venv or any route to a package registry (tests/ssh/lab_host.py).

CI runs the reduced set (the bare host: check, Go run, Java refused, nothing left behind);
``BANCADA_FULL=1`` adds the equipped host (``lab_full``: Java, Python and Node.js deployed
and run there without internet).
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from pathlib import Path

import pytest

from bancada.cli.main import main
from bancada.experiment import manifest
from bancada.hosts.ssh_host import connect_saved_host
from tests.conftest import ROOT, artifact_missing
from tests.ssh.conftest import lab_fingerprint, save_lab
from tests.ssh.lab_host import LabHost, LabUnavailable, why_not

pytestmark = pytest.mark.ssh

QUICK = ROOT / "profiles" / "quick.toml"
SMALL = ["--requests", "5", "--repetitions", "1", "--warmup", "1", "--payloads", "StdSize", "--driver", "python"]


def _need_built(*impl_ids: str) -> None:
    for impl in impl_ids:
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl}: {reason} (run make -C workers)")


def _runs_dir() -> Path:
    return Path(os.environ["BANCADA_DATA_DIR"]) / "runs"


def _targets_of_last_run() -> set[str]:
    db = sorted(_runs_dir().glob("*.sqlite"))[-1]
    con = sqlite3.connect(db)
    try:
        return {t for (t,) in con.execute("SELECT target FROM treatment")}
    finally:
        con.close()


def _run(host: str, impls: str, out: Path, capsys) -> tuple[int, list[dict[str, str]], str]:
    code = main(["run", str(QUICK), "--host", host, "--implementations", impls, "--out", str(out), "--quiet", *SMALL])
    err = capsys.readouterr().err
    rows = list(csv.DictReader(open(out / "samples.csv"))) if (out / "samples.csv").exists() else []
    return code, rows, err


def _check_rows(rows: list[dict[str, str]], impls: set[str]) -> None:
    assert {r["implementation"] for r in rows} == impls
    assert len(rows) == len(impls) * (5 + 1)
    assert all(r["ok"] == "true" for r in rows), [r["error"] for r in rows if r["ok"] != "true"][:3]


def test_a_lab_host_is_another_machine_and_leaves_nothing_behind(tmp_path, ssh_keys):
    """Its own address, kernel facts and gaps as Bancada sees them; after stop, no namespace, veth,
    mount or process of it (a detached worker included) is left on this computer."""
    reason = why_not()
    if reason:
        pytest.skip(reason)
    _need_built("go-rest")
    try:
        lab = LabHost(tmp_path / "lab", ssh_keys.with_suffix(".pub"), "bare")
    except LabUnavailable as exc:
        pytest.skip(str(exc))
    try:
        save_lab(lab, "lab", ssh_keys)
        with connect_saved_host("lab", accept_fingerprint=lab_fingerprint(lab)) as host:
            facts = host.facts()
            assert host.address == lab.address and facts["address"] == lab.address
            assert facts["java"] is None and facts["node"] is None and facts["npm"] is None
            assert facts["python3"] and facts["python_venv"] is False  # python3 there, its ensurepip emptied
            assert facts["workdir"] == "/root/.cache/bancada"  # in the lab's own (empty) home
            worker = host.start_worker(manifest.discover(ROOT)["go-rest"], "leftover", 30)
            assert worker.address == lab.address
            assert [pid for pid, _ in lab.worker_processes()] == [worker.pid]
            # no route out: no default route, and no name resolves
            inside = lab.run_inside("ip route; getent hosts pypi.org registry.npmjs.org || echo NO-NAMES")
            assert "default" not in inside.stdout and "NO-NAMES" in inside.stdout
            # the lab's mounts are its own: this computer's /usr/lib/jvm still has Java
            assert lab.run_inside("ls -A /usr/lib/jvm | wc -l").stdout.strip() == "0"
            assert any(Path("/usr/lib/jvm").iterdir())
            lab.stop()  # with the worker still running: stop ends it too
    finally:
        lab.stop()
    assert lab.leftovers() == []


def test_hosts_check_names_each_gap_and_its_fix_on_a_bare_lab_host(lab_bare, ssh_keys, capsys):
    save_lab(lab_bare, "bare", ssh_keys)
    assert main(["hosts", "check", "bare", "--accept-host-key", lab_fingerprint(lab_bare)]) == 0
    out = capsys.readouterr().out
    assert lab_bare.address in out
    rows = {}
    with connect_saved_host("bare") as host:
        from bancada.hosts.check import check_report

        _, report = check_report(host)
        rows = {impl: (ok, why) for impl, ok, why in report}
    assert rows["go-rest"] == (True, "") and rows["go-grpc"] == (True, "")
    assert rows["java-rest"] == (
        False,
        "needs Java 17 or newer; no java found on the host (Debian, Ubuntu: apt install openjdk-17-jre-headless)",
    )
    assert rows["python-rest"][0] is False and "apt install python3-venv" in rows["python-rest"][1]
    assert rows["node-rest"][0] is False and "apt install nodejs" in rows["node-rest"][1]
    # after the tables, one unwrapped line per gap: the implementations it stops and the command fixing it
    lines = out.splitlines()
    assert f"  java-grpc, java-gson-rest, java-jsonrpc, java-rest: {rows['java-rest'][1]}" in lines
    assert f"  python-graphql, python-grpc, python-jsonrpc, python-rest: {rows['python-rest'][1]}" in lines


def test_go_workers_run_on_a_bare_lab_host_across_its_link(lab_bare, ssh_keys, tmp_path, capsys):
    _need_built("go-rest", "go-grpc")
    save_lab(lab_bare, "bare-go", ssh_keys)
    connect_saved_host("bare-go", accept_fingerprint=lab_fingerprint(lab_bare)).close()
    code, rows, err = _run("bare-go", "go-rest,go-grpc", tmp_path / "out", capsys)
    assert code == 0, err
    _check_rows(rows, {"go-rest", "go-grpc"})
    targets = _targets_of_last_run()
    assert targets and all(t.startswith(lab_bare.address + ":") for t in targets), targets
    assert lab_bare.worker_processes() == []


def test_java_is_refused_on_a_bare_lab_host_before_any_treatment(lab_bare, ssh_keys, tmp_path, capsys):
    save_lab(lab_bare, "bare-java", ssh_keys)
    connect_saved_host("bare-java", accept_fingerprint=lab_fingerprint(lab_bare)).close()
    code, rows, err = _run("bare-java", "go-rest,java-rest", tmp_path / "out", capsys)
    assert code == 2
    assert "java-rest cannot run on host bare-java: needs Java 17 or newer; no java found on the host" in err
    assert "apt install openjdk-17-jre-headless" in err and "Traceback" not in err
    assert rows == [] and not list(_runs_dir().glob("*.sqlite"))  # refused before any run was stored
    assert lab_bare.worker_processes() == []  # not even go-rest was started


# -- the equipped lab host (BANCADA_FULL=1) ------------------------------------------------------


@pytest.mark.lab_full
def test_equipped_lab_host_runs_java_python_and_node_without_internet(lab_equipped, ssh_keys, tmp_path, capsys):
    """Java 17, python3-venv and Node.js there, no route to PyPI or npm: the Python worker's
    environment is made from wheels sent from here, the Node.js worker's packages too."""
    _need_built("java-rest", "go-rest")
    save_lab(lab_equipped, "equipped", ssh_keys)
    assert main(["hosts", "check", "equipped", "--accept-host-key", lab_fingerprint(lab_equipped)]) == 0
    with connect_saved_host("equipped") as host:
        from bancada.hosts.check import check_report

        rows = {impl: (ok, why) for impl, ok, why in check_report(host)[1]}
    for impl in ("java-rest", "python-rest", "node-rest", "go-rest"):
        assert rows[impl] == (True, ""), (impl, rows[impl])
    capsys.readouterr()
    code, samples, err = _run("equipped", "java-rest,python-rest,node-rest", tmp_path / "out", capsys)
    assert code == 0, err
    _check_rows(samples, {"java-rest", "python-rest", "node-rest"})
    assert all(t.startswith(lab_equipped.address + ":") for t in _targets_of_last_run())
    assert lab_equipped.worker_processes() == []


def test_an_emulated_link_to_the_lab_host_moves_the_medians_by_its_round_trip(lab_bare, ssh_keys):
    """Toxiproxy on this computer between the driver and the lab host's workers (across the veth
    link): the median latency moves by the added round trip (within 25 %), the server's own time
    does not, and the run file records the link and the host's facts."""
    import numpy as np

    from bancada.experiment.overrides import apply_overrides
    from bancada.experiment.profile import load_profile, parse_profile
    from bancada.hosts import link as link_mod
    from bancada.run.runner import RunFinished, Runner, RunStarted
    from bancada.store.runstore import RunStore

    if link_mod.find_toxiproxy() is None:
        pytest.fail("the link emulator is not built (scripts/setup.sh builds .tools/bin/toxiproxy-server)")
    _need_built("go-rest")
    save_lab(lab_bare, "bare-link", ssh_keys)
    connect_saved_host("bare-link", accept_fingerprint=lab_fingerprint(lab_bare)).close()
    rtt_ms = 20.0

    def run(link: dict | None) -> tuple[float, float, dict]:
        data = apply_overrides(
            load_profile(QUICK),
            "quick",
            requests=30,
            repetitions=1,
            warmup=5,
            implementations=["go-rest"],
            payloads=["StdSize"],
        ).model_dump(exclude_none=True)
        if link:
            data["link"] = link
        with connect_saved_host("bare-link") as host:
            events = list(Runner(parse_profile(data), host, driver="native").events())
        assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1].message
        path = next(e for e in events if isinstance(e, RunStarted)).path
        with RunStore.open(path) as store:
            rows = store.conn.execute("SELECT latency_ns, server_ns FROM sample WHERE phase = 1").fetchall()
            meta = store.meta()
        lat_ms, server_ms = np.array(rows, dtype=float).T / 1e6
        return float(np.median(lat_ms)), float(np.median(server_ms)), meta

    near, near_server, near_meta = run(None)
    far, far_server, far_meta = run({"name": "lab-far", "rtt_ms": rtt_ms})
    assert abs((far - near) - rtt_ms) <= 0.25 * rtt_ms, (near, far)
    assert far_server < 5 and near_server < 5  # the added time is on the wire, not in the server
    assert "link" not in near_meta and json.loads(far_meta["link"])["rtt_ms"] == rtt_ms
    measured = json.loads(far_meta["link_calibration"])["lab-far"]["rtt_ms"]
    assert abs(measured - rtt_ms) <= 0.25 * rtt_ms  # the run measured the link it emulated
    facts = json.loads(far_meta["host_facts"])  # the lab host's own facts, not this computer's
    assert facts["address"] == lab_bare.address and facts["hostname"] == "bancada-lab-bare"
    assert facts["java"] is None and facts["python_venv"] is False
