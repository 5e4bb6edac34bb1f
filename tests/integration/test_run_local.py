"""End to end on this computer: profile -> real workers -> Python driver -> run store -> CSV."""

from __future__ import annotations

import csv
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunError, RunFinished, Runner, RunStarted, SamplesArrived
from bancada.store.runstore import RunStore
from bancada.store.tidy_csv import COLUMNS
from tests.conftest import ROOT

QUICK = ROOT / "profiles" / "quick.toml"


def _run(profile, **kw):
    events = list(Runner(profile, driver="python", **kw).events())
    started = next(e for e in events if isinstance(e, RunStarted))
    finished = events[-1]
    assert isinstance(finished, RunFinished)
    return started, finished, events


def test_quick_profile_counts_interleaving_and_csv(tmp_path):
    profile = apply_overrides(load_profile(QUICK), "quick", requests=6, repetitions=2, warmup=3, schedule="alternating")
    started, finished, events = _run(profile)
    assert finished.status == "complete", finished.message
    streamed = sum(len(e.samples) for e in events if isinstance(e, SamplesArrived))
    assert streamed == started.total_requests == 8 * 2 * (6 + 3)

    store = RunStore.open(started.path)
    rows = store.conn.execute(
        "SELECT treatment, repetition, phase, COUNT(*), SUM(ok) FROM sample GROUP BY treatment, repetition, phase"
    ).fetchall()
    assert len(rows) == 8 * 2 * 2
    for treatment, rep, phase, count, ok in rows:
        assert count == (6 if phase == 1 else 3), (treatment, rep, phase)
        assert ok == count  # no failures against healthy workers
    # Alternating: inside a repetition the stored order cycles through all 8 treatments each round.
    order = [t for (t,) in store.conn.execute("SELECT treatment FROM sample WHERE repetition=1 ORDER BY start_ns")]
    assert order[:16] == list(range(8)) * 2
    # Host facts and worker versions are recorded with the run.
    meta = store.meta()
    assert '"cpu_count"' in meta["host_facts"] and meta["status"] == "complete"
    assert set(store.workers()) == {"go-grpc", "go-rest", "java-grpc", "java-rest"}
    assert "requests = 6" in meta["profile_toml"]  # the override is what was stored

    out = tmp_path / "s.csv"
    from bancada.store.tidy_csv import export_csv

    export_csv(store, out)
    with open(out) as f:
        reader = csv.DictReader(f)
        assert reader.fieldnames[: len(COLUMNS)] == COLUMNS
        data = list(reader)
    assert len(data) == streamed
    lat = [float(r["latency_s"]) for r in data]
    assert all(0 < x < 30 for x in lat)  # seconds, not ns or ms
    assert {r["phase"] for r in data} == {"warmup", "measure"}
    assert all(float(r["server_s"]) > 0 for r in data)  # every worker sends Server-Timing
    assert all(float(r["server_s"]) < float(r["latency_s"]) for r in data)
    assert {r["payload"] for r in data} == {"StdSize", "LargeSize"}


def test_sequential_schedule_runs_treatments_one_after_another():
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=4,
        repetitions=1,
        warmup=1,
        schedule="sequential",
        implementations=["go-grpc", "go-rest"],
        payloads=["StdSize"],
    )
    started, finished, _ = _run(profile)
    assert finished.status == "complete"
    store = RunStore.open(started.path)
    order = [t for (t,) in store.conn.execute("SELECT treatment FROM sample ORDER BY id")]
    assert order == [0] * 5 + [1] * 5


def test_randomized_default_runs_contiguous_blocks_in_the_stored_seeds_order():
    from bancada.experiment.plan import build_plan
    from bancada.experiment import manifest
    from bancada.experiment.profile import parse_profile

    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=3,
        repetitions=3,
        warmup=2,
        implementations=["go-grpc", "go-rest", "java-rest"],
        payloads=["StdSize"],
    )
    started, finished, _ = _run(profile)
    assert finished.status == "complete", finished.message
    store = RunStore.open(started.path)
    meta = store.meta()
    assert meta["schedule"] == "randomized"
    seed = int(meta["schedule_seed"])
    stored = parse_profile(__import__("json").loads(meta["profile_json"]))
    assert stored.experiment.seed == seed  # the stored profile rebuilds the same plan
    plan = build_plan(stored, manifest.discover(ROOT))
    rows = store.conn.execute("SELECT treatment, repetition FROM sample ORDER BY id").fetchall()
    # each block is contiguous (warm-up then measured requests), blocks in the plan's order
    expected = [(b.treatments[0], b.repetition) for b in plan.blocks for _ in range(2 + 3)]
    assert rows == expected
    orders = [[t for t, r in rows[::5] if r == rep] for rep in (1, 2, 3)]
    assert all(sorted(o) == [0, 1, 2] for o in orders)


def test_a_second_instance_runs_as_its_own_worker_process():
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=3,
        repetitions=1,
        warmup=1,
        implementations=["go-rest", "go-rest:b"],
        payloads=["StdSize"],
    )
    started, finished, _ = _run(profile)
    assert finished.status == "complete", finished.message
    store = RunStore.open(started.path)
    workers = store.workers()
    assert set(workers) == {"go-rest", "go-rest:b"}
    assert workers["go-rest"]["pid"] != workers["go-rest:b"]["pid"]
    assert workers["go-rest"]["target"] != workers["go-rest:b"]["target"]
    assert [t.implementation for t in store.treatments()] == ["go-rest", "go-rest:b"]
    assert {t.language for t in store.treatments()} == {"go"}


def _proc_nice_and_cpus(pid: int) -> tuple[int, set[int]]:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[16]), os.sched_getaffinity(pid)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="placement on separate CPUs needs two or more")
def test_placement_is_applied_to_workers_and_recorded():
    import json

    from bancada.experiment.profile import parse_profile

    data = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=3,
        repetitions=1,
        warmup=1,
        implementations=["go-rest"],
        payloads=["StdSize"],
    ).model_dump(exclude_none=True)
    data["placement"] = {"worker_nice": 3, "worker_cpus": "1", "driver_cpus": "0", "driver_nice": -20}
    runner = Runner(parse_profile(data), driver="python")
    seen = None
    events = []
    for e in runner.events():
        events.append(e)
        if seen is None and runner.host._workers and runner.host._workers[0].port:
            seen = _proc_nice_and_cpus(runner.host._workers[0].pid)
    assert seen == (3, {1})
    finished = events[-1]
    assert finished.status == "complete", finished.message
    store = RunStore.open(next(e for e in events if isinstance(e, RunStarted)).path)
    placement = json.loads(store.meta()["placement"])
    assert "workers: nice 3" in placement["applied"] and "workers: CPUs 1" in placement["applied"]
    assert "driver: CPUs 0" in placement["applied"]
    if os.geteuid() == 0:
        assert "driver: nice -20" in placement["applied"]
    else:  # refused, and said so
        assert any(r.startswith("driver: nice -20") for r in placement["refused"])
        assert any("placement refused" in getattr(e, "text", "") for e in events)
    assert store.meta()["load_avg_before_run"].count(" ") == 2


def test_worker_killed_mid_run_is_named_and_its_samples_kept():
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=50000,
        repetitions=1,
        warmup=0,
        implementations=["go-rest"],
        payloads=["StdSize"],
    )
    runner = Runner(profile, driver="python")
    events = runner.events()
    for e in events:
        if isinstance(e, RunStarted):
            path = e.path
            break
    # The worker is not started yet: kill it as soon as it is, from the host's handles.
    host = runner.host
    for e in events:
        if host._workers and host._workers[0].port:
            host._workers[0].proc.kill()
            host._workers[0].proc.wait()
            break
    rest = list(events)
    finished = rest[-1]
    assert isinstance(finished, RunFinished)
    assert finished.status == "incomplete"
    assert "go-rest" in finished.message
    store = RunStore.open(path)
    assert store.meta()["status"] == "incomplete"
    assert store.sample_count() > 0  # what was measured before the death is kept


def test_python_driver_rejects_closed_load():
    profile = load_profile(QUICK)
    data = profile.model_dump()
    data["load"] = {"model": "closed", "concurrency": 4, "duration_s": 1}
    from bancada.experiment.profile import parse_profile

    with pytest.raises(RunError, match="Python driver runs only the sequential load model"):
        list(Runner(parse_profile(data), driver="python").events())


def test_cli_run_writes_summary_and_csv(tmp_path):
    env = {**os.environ}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bancada.cli",
            "run",
            str(QUICK),
            "--requests",
            "5",
            "--repetitions",
            "1",
            "--warmup",
            "2",
            "--payloads",
            "StdSize",
            "--driver",
            "python",
            "--out",
            str(tmp_path),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    for impl in ("go-grpc", "go-rest", "java-grpc", "java-rest"):
        assert impl in proc.stdout
    assert "median" in proc.stdout and "StdSize" in proc.stdout
    with open(tmp_path / "samples.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4 * (5 + 2)


def test_bad_profile_fails_with_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(QUICK.read_text().replace("repetitions = 2", "repetitions = -3"))
    proc = subprocess.run(
        [sys.executable, "-m", "bancada.cli", "run", str(bad)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    lines = [line for line in proc.stderr.strip().splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert (
        "bad.toml" in lines[0]
        and "experiment.repetitions = -3" in lines[0]
        and "greater than or equal to 1" in lines[0]
    )
    assert "Traceback" not in proc.stderr


def test_sigkill_mid_run_loses_at_most_about_100_ms(tmp_path):
    data_dir = Path(os.environ["BANCADA_DATA_DIR"])
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bancada.cli",
            "run",
            str(QUICK),
            "--requests",
            "200000",
            "--repetitions",
            "1",
            "--warmup",
            "0",
            "--payloads",
            "StdSize",
            "--implementations",
            "go-grpc,go-rest",
            "--driver",
            "python",
            "--quiet",
            "--out",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    runs = data_dir / "runs"
    deadline = time.monotonic() + 120
    path = None
    while time.monotonic() < deadline:
        files = list(runs.glob("*.sqlite")) if runs.exists() else []
        if files:
            path = files[0]
            try:
                with sqlite3.connect(path) as c:  # the block runs: its samples are staged batches
                    if c.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] > 10:
                        break
            except sqlite3.OperationalError:
                pass
        time.sleep(0.05)
    assert path is not None, proc.stderr.read() if proc.poll() is not None else "no run file"
    time.sleep(0.5)
    kill_ns = time.monotonic_ns()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(path) as c:
        assert c.execute("SELECT COUNT(*) FROM sample").fetchone()[0] == 0  # staged, not rows yet
    store = RunStore.open(path)  # its writer is dead: the staged batches become rows
    assert store.conn.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] == 0
    assert store.meta()["status"] == "running"  # never finished: reopenable, visibly interrupted
    origin = store.conn.execute("SELECT origin_ns FROM block").fetchone()[0]
    last_end = store.conn.execute("SELECT MAX(start_ns + latency_ns) FROM sample").fetchone()[0]
    lost_ms = (kill_ns - (origin + last_end)) / 1e6
    assert lost_ms < 150, f"the last stored sample ended {lost_ms:.0f} ms before the kill"
    from bancada.store.tidy_csv import tidy_frame

    assert len(tidy_frame(store)) == store.sample_count() > 500
    # The workers died with their parent (PR_SET_PDEATHSIG): nothing listens on their ports any more.
    time.sleep(0.5)
    for (info,) in store.conn.execute("SELECT info FROM worker"):
        import json

        pid = json.loads(info)["pid"]
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text().lower()


def test_a_blocks_staged_samples_become_rows_when_it_ends_and_a_big_block_says_so(monkeypatch):
    from bancada.run import driver_block
    from bancada.run.events import Notice

    monkeypatch.setattr(driver_block, "STORING_NOTICE_SAMPLES", 100)
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=120,
        repetitions=2,
        warmup=10,
        implementations=["go-rest"],
        payloads=["StdSize"],
    )
    started, finished, events = _run(profile)
    assert finished.status == "complete", finished.message
    notices = [e.text for e in events if isinstance(e, Notice) and "storing the block's" in e.text]
    assert notices == ["storing the block's 130 samples in the run file"] * 2
    with RunStore.open(started.path) as store:
        assert store.sample_count() == started.total_requests == 2 * 130
        assert store.conn.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] == 0
        blocks = store.conn.execute("SELECT block, COUNT(*) FROM sample GROUP BY block ORDER BY block").fetchall()
        assert [n for _, n in blocks] == [130, 130]


def test_cancel_leaves_a_consistent_cancelled_run_and_no_workers():
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=100000,
        repetitions=1,
        warmup=0,
        implementations=["go-grpc", "java-rest"],
        payloads=["StdSize"],
    )
    runner = Runner(profile, driver="python")
    finished = None
    path = None
    for event in runner.events():
        if isinstance(event, RunStarted):
            path = event.path
        if isinstance(event, SamplesArrived) and not runner._cancel.is_set():
            runner.cancel()
        if isinstance(event, RunFinished):
            finished = event
    assert finished is not None and finished.status == "cancelled"
    store = RunStore.open(path)
    assert store.meta()["status"] == "cancelled" and store.sample_count() > 0
    for worker in runner.host._workers:
        assert worker.proc.poll() is not None  # every worker stopped


def test_worker_not_ready_in_time_names_it_and_keeps_the_run():
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=3,
        repetitions=1,
        warmup=0,
        implementations=["java-grpc"],
        payloads=["StdSize"],
    )
    events = list(Runner(profile, driver="python", ready_timeout_s=0.05).events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "incomplete"
    assert "java-grpc" in finished.message and "READY" in finished.message
    assert RunStore.open(finished.path).meta()["status"] == "incomplete"


NEW_WORKERS = ["python-grpc", "python-rest", "node-grpc", "node-rest"]


# the python driver over them: BANCADA_FULL=1 (it drives JSON-RPC and GraphQL in the test below)
@pytest.mark.parametrize("driver", ["native", pytest.param("python", marks=pytest.mark.slow_full)])
def test_python_and_node_workers_are_measured_like_the_others(driver):
    profile = apply_overrides(
        load_profile(QUICK), "quick", implementations=NEW_WORKERS + ["go-rest"], requests=5, repetitions=1, warmup=2
    )
    started, finished, events = _run_with(profile, driver)
    assert finished.status == "complete", finished.message
    store = RunStore.open(started.path)
    assert set(store.workers()) == set(NEW_WORKERS + ["go-rest"])
    rows = store.conn.execute("SELECT COUNT(*), SUM(ok), MIN(server_ns) FROM sample").fetchone()
    assert rows[0] == 5 * 2 * (5 + 2) and rows[1] == rows[0]  # every request answered
    assert rows[2] > 0  # and every answer carried its server time


def _run_with(profile, driver):
    events = list(Runner(profile, driver=driver).events())
    started = next(e for e in events if isinstance(e, RunStarted))
    return started, events[-1], events


RPC_IMPLEMENTATIONS = ["python-jsonrpc", "python-graphql", "node-jsonrpc", "node-graphql"]


def test_jsonrpc_and_graphql_are_measured_by_the_python_driver():
    """Every request answered over JSON-RPC and GraphQL, each with its server time (the Python
    driver: the reference path of both protocols)."""
    profile = apply_overrides(
        load_profile(QUICK), "quick", implementations=RPC_IMPLEMENTATIONS, requests=5, repetitions=1, warmup=2
    )
    started, finished, _ = _run_with(profile, "python")
    assert finished.status == "complete", finished.message
    store = RunStore.open(started.path)
    assert set(store.workers()) == set(RPC_IMPLEMENTATIONS)
    rows = store.conn.execute("SELECT COUNT(*), SUM(ok), MIN(server_ns) FROM sample").fetchone()
    assert rows[0] == 4 * 2 * (5 + 2) and rows[1] == rows[0] and rows[2] > 0


def test_cli_summary_follows_the_profiles_order_not_the_shuffled_blocks(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bancada.cli",
            "run",
            str(QUICK),
            "--requests",
            "3",
            "--repetitions",
            "2",
            "--warmup",
            "1",
            "--implementations",
            "go-rest,go-grpc",
            "--seed",
            "5",
            "--out",
            str(tmp_path),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.index("StdSize:") < out.index("LargeSize:")
    std = out[out.index("StdSize:") : out.index("LargeSize:")]
    assert std.index("go-rest") < std.index("go-grpc")


def test_six_methods_over_four_protocols_with_the_native_driver(tmp_path):
    """A profile of the RPC study's methods on go-grpc/rest/jsonrpc/graphql runs end to end with the
    native driver and with the Python driver (the reference path)."""
    import tomllib

    from bancada.experiment.profile import parse_profile

    toml = """
[experiment]
name = "methods"
implementations = ["go-grpc", "go-rest", "go-jsonrpc", "go-graphql"]
repetitions = 1
requests = 5
warmup = 2
factors = ["protocol", "operation"]

[[workloads]]
name = "Sum8"
operation = "sum"

[[workloads]]
name = "MatMul8"
operation = "matmul"
order = 8

[[workloads]]
name = "PowerOfTwo1000"
operation = "power_of_two"
string_length = 1000

[[workloads]]
name = "Recolor"
operation = "recolor"
"""
    profile = parse_profile(tomllib.loads(toml), "methods")
    events = list(Runner(profile, driver="native").events())
    started, finished = next(e for e in events if isinstance(e, RunStarted)), events[-1]
    assert finished.status == "complete", finished.message
    store = RunStore.open(started.path)
    counts = store.conn.execute("SELECT COUNT(*), SUM(ok), MIN(server_ns) FROM sample").fetchone()
    assert counts[0] == 16 * 7 and counts[1] == counts[0] and counts[2] > 0
    assert set(store.workers()) == {"go-grpc", "go-rest", "go-jsonrpc", "go-graphql"}
    sizes = dict(store.conn.execute("SELECT workload, MAX(payload_bytes) FROM treatment GROUP BY workload"))
    assert all(size > 0 for size in sizes.values()), sizes
    events = list(Runner(profile, driver="python").events())
    started, finished = next(e for e in events if isinstance(e, RunStarted)), events[-1]
    assert finished.status == "complete", finished.message
    counts = RunStore.open(started.path).conn.execute("SELECT COUNT(*), SUM(ok), MIN(server_ns) FROM sample").fetchone()
    assert counts[0] == 16 * 7 and counts[1] == counts[0] and counts[2] > 0
