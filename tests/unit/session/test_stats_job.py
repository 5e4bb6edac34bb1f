"""The statistics process's reads (bancada.session.stats_job.compute_statistics) on real run files:
a long running run is read thinned, its counts left for the end; a finished run is read whole."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from bancada.drivers.sample_block import SAMPLE_DTYPE, SampleBlock
from bancada.session import stats_job
from bancada.store.runstore import RunStore, TreatmentRow

MEASURED = 400  # a block's measured samples (and 10 of warm-up before them)


def _run(folder, repetitions: int = 4):
    """A closed-load run of two treatments (go-grpc faster than java-rest by 1 ms) in ``repetitions``
    blocks each, stored in the schedule's order, finished ``complete``."""
    store = RunStore.create("long", folder)
    store.set_meta(profile_json=json.dumps({"load": {"model": "closed", "concurrency": 4}}))
    store.add_treatments(
        [
            TreatmentRow(1, "go-grpc", "go", "grpc", "go-grpc", "select", "StdSize", "int64s", 1, 8),
            TreatmentRow(2, "java-rest", "java", "rest", "java-rest", "select", "StdSize", "int64s", 1, 8),
        ]
    )
    rng = np.random.default_rng(11)
    block = 0
    for rep in range(1, repetitions + 1):
        for t, base_ns in ((1, 1_000_000), (2, 2_000_000)):
            rows = np.zeros(10 + MEASURED, dtype=SAMPLE_DTYPE)
            rows["treatment"], rows["repetition"], rows["seq"] = t, rep, np.arange(len(rows))
            rows["phase"] = [0] * 10 + [1] * MEASURED
            rows["ok"] = True
            rows["latency_ns"] = base_ns + rng.integers(0, 200_000, len(rows))
            rows["start_ns"] = np.cumsum(rows["latency_ns"])
            store.add_block(block, rep, 0)
            store.add_samples(SampleBlock(rows, {}), block)
            block += 1
    store.finish("complete")
    store.close()
    return store.path


def test_a_long_running_run_is_read_every_kth_sample_and_says_so(tmp_path, monkeypatch):
    path = _run(tmp_path)
    stored = 2 * 4 * (10 + MEASURED)
    monkeypatch.setattr(stats_job, "RUNNING_READ_SAMPLES", 500)  # a run of 3,280 samples counts as long
    res = stats_job.compute_statistics(path, ["language", "protocol"], 1, running=True)
    assert (res.read_every, res.stored) == (7, stored)  # the smallest k that keeps the read within 500
    assert res.repetitions == 3 and res.partial_repetition == 4
    with RunStore.open(path) as store:
        ids = store.sample_columns(["id", "phase", "repetition"])
    kept = (ids["id"] % 7 == 0) & (ids["phase"] == 1) & (ids["repetition"] < 4)
    summary = res.tables["Summary"]
    assert summary["n"].sum() == kept.sum()  # every 7th id, measured, of the complete repetitions
    medians = dict(zip(summary["treatment"], summary["median"]))
    assert medians["go/grpc"] == pytest.approx(1.1, abs=0.02) and medians["java/rest"] == pytest.approx(2.1, abs=0.02)
    assert res.load == {} and res.k6 == []  # counts and rates of every request: at the end


def test_a_finished_or_short_run_is_read_whole_with_its_load_tables(tmp_path):
    path = _run(tmp_path)
    for running in (False, True):  # 3,280 samples: within the running read's 1,000,000
        res = stats_job.compute_statistics(path, ["language", "protocol"], 1, running=running)
        assert res.read_every == 1 and res.stored == 3280
        assert res.tables["Summary"]["n"].sum() == MEASURED * 2 * (3 if running else 4)
        assert res.load and "siege" in " ".join(res.load).lower()


def test_the_window_reads_only_the_analysis_columns(tmp_path):
    path = _run(tmp_path)
    with RunStore.open(path) as store:
        df = stats_job.analysis_frame(store)
    assert list(df.columns) == [*stats_job.ANALYSIS_COLUMNS, "repetition", "phase", "ok", "latency_ms"]
    assert all(df[c].dtype == "category" for c in stats_job.ANALYSIS_COLUMNS)


@pytest.mark.parametrize(
    ("stored", "running", "every"),
    [(0, True, 1), (1_000_000, True, 1), (1_000_001, True, 2), (97_979_413, True, 98), (97_979_413, False, 1)],
)
def test_read_every_keeps_a_running_read_within_its_budget(stored, running, every):
    assert stats_job.read_every(stored, running) == every
    assert -(-stored // every) <= stats_job.RUNNING_READ_SAMPLES or not running


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its new parent to reap it has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rfind(")") + 2 :].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def test_the_statistics_process_ends_when_the_windows_process_is_killed(tmp_path):
    """A window killed (SIGKILL, a crash) leaves no statistics process behind: it notices its parent is
    gone within a few of its checks (:data:`stats_job.PARENT_CHECK_S`) and ends."""
    code = (
        "import os, sys, time\n"
        "from bancada.session.stats_job import StatsProcess\n"
        "stats = StatsProcess()\n"
        "stats.compute(sys.argv[1], ['language'], 1)\n"  # starts the statistics process, kept by ``stats``
        "print(os.getpid(), flush=True)\n"
        "time.sleep(120)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(stats_job.__file__).resolve().parents[2]))
    window = subprocess.Popen(
        [sys.executable, "-c", code, str(_run(tmp_path))], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert int(window.stdout.readline()) == window.pid
        statistics = [pid for pid in _children(window.pid) if _alive(pid)]
        assert statistics, "no statistics process was started"
    finally:
        window.kill()
        window.wait()
    deadline = time.monotonic() + 15 * stats_job.PARENT_CHECK_S
    while any(_alive(pid) for pid in statistics) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(pid) for pid in statistics), "the statistics process outlived its window"
