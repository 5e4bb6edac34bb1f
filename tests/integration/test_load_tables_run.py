"""Seed 003 end to end: the classroom profile's seven implementations under a closed load, and
siege's and ab's tables from what was stored; 1000 clients on one worker."""

from __future__ import annotations

import csv
import subprocess
import sys

from bancada.core.samples import PHASE_MEASURE
from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunFinished, Runner
from bancada.analysis.words.load_labels import tables_note
from bancada.stats.load_tables import from_store
from bancada.store.runstore import RunStore
from tests.conftest import ROOT

CLASSROOM = ROOT / "profiles" / "rest-7-languages-classroom.toml"


def test_the_classroom_profile_prints_and_writes_siege_and_ab_tables(tmp_path):
    """Every language answers GET /json under 8 clients; the CLI prints both tables and writes them."""
    argv = [sys.executable, "-m", "bancada.cli", "run", str(CLASSROOM), "--repetitions", "1", "--concurrency", "8"]
    argv += ["--duration", "1", "--warmup", "20", "--out", str(tmp_path / "out")]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Load (siege)" in proc.stdout and "Load (ab)" in proc.stdout
    siege = list(csv.DictReader((tmp_path / "out" / "load_siege.csv").open()))
    ab = list(csv.DictReader((tmp_path / "out" / "load_ab.csv").open()))
    want = load_profile(CLASSROOM).experiment.implementations
    assert [r["implementation"] for r in siege] == want  # the profile's order
    for s, a in zip(siege, ab):
        assert int(s["transactions"]) > 0 and float(s["availability_pct"]) == 100.0, s
        assert float(s["data_mib"]) > 0 and float(a["transfer_kib_s"]) > 0, (s, a)  # the probe's sizes
        assert int(a["concurrency_level"]) == 8 and float(a["p100_ms"]) >= float(a["p50_ms"]) > 0


def test_a_fixed_request_count_runs_as_ab_does(tmp_path):
    """--duration 0: the closed load runs exactly `requests` measured requests (ab -n N -c C);
    bancada export --load-dir writes the tables of the stored run."""
    profile = apply_overrides(
        load_profile(CLASSROOM),
        "classroom",
        implementations=["go-rest"],
        repetitions=1,
        requests=3000,
        warmup=100,
        concurrency=50,
        duration_s=0,
    )
    events = list(Runner(profile, driver="native").events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    with RunStore.open(finished.path) as store:
        tables = from_store(store)
        frame = store.samples_frame()
    (ab,) = tables.ab
    assert (ab.complete, ab.failed, ab.concurrency_level) == (3000, 0, 50)
    # ab's start: the first measured request alone, the other clients after its answer
    assert (tables.ab_start, tables.timed, tables.connection) == (True, False, "reuse")
    measured = frame[frame["phase"] == PHASE_MEASURE].sort_values("start_ns")
    first_end = measured["start_ns"].iloc[0] + measured["latency_ns"].iloc[0]
    assert measured["start_ns"].iloc[1] >= first_end
    note = tables_note(tables)
    assert "ab's start is reproduced" in note and "ab -k" in note and "siege -b" in note
    argv = [sys.executable, "-m", "bancada.cli", "export", str(finished.path), "--csv", str(tmp_path / "s.csv")]
    proc = subprocess.run([*argv, "--load-dir", str(tmp_path / "load")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    exported = list(csv.DictReader((tmp_path / "load" / "load_ab.csv").open()))
    assert [(r["implementation"], r["complete"]) for r in exported] == [("go-rest", "3000")]


def test_a_thousand_clients_run_without_errors_on_bancadas_side():
    """The study's largest siege setting on one worker: 1000 connections (the driver raises its
    open-file limit), every request answered or counted as the server's failure."""
    profile = apply_overrides(
        load_profile(CLASSROOM), "classroom", implementations=["go-rest"], repetitions=1, concurrency=1000, duration_s=2
    )
    events = list(Runner(profile, driver="native").events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    with RunStore.open(finished.path) as store:
        (siege,) = from_store(store).siege
    assert siege.transactions > 1000 and siege.concurrency > 100
    assert siege.failed == 0 and siege.availability_pct == 100.0


def test_php_rest_keeps_every_keep_alive_connection_at_200_clients():
    """Seed 003's ab setting on php-rest from a cold start: 200 keep-alive clients, no request lost.
    Apache's event MPM closes a process's idle keep-alive connections when all of its workers are
    busy ("All workers are busy or dying, will shutdown N keep-alive connections"); with 64 threads
    per process and processes started under load, clients met a closed connection (EOF)."""
    profile = apply_overrides(
        load_profile(CLASSROOM),
        "classroom",
        implementations=["php-rest"],
        repetitions=1,
        requests=3000,
        warmup=0,
        concurrency=200,
        duration_s=0,
    )
    events = list(Runner(profile, driver="native").events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    with RunStore.open(finished.path) as store:
        (ab,) = from_store(store).ab
    assert (ab.complete, ab.failed) == (3000, 0)
