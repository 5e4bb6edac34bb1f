#!/usr/bin/env python3
"""What the locust driver costs: Locust vs the native driver (and wrk) against one go-rest worker.

A script, not a test. Run ``make -C workers go driver locust`` first (wrk from Debian). It starts
one go-rest worker and points every run at it (an ``[[external]]`` implementation), so all clients
meet the same server process:

- latency at c = 1: the median of ``--requests`` measured ``GET /v1/ping`` requests, native driver
  (sequential) vs Locust (1 worker, 1 user); the difference is what Locust's Python client adds;
- throughput: Locust with 1, 2 and 4 workers (``--users-per-worker`` users each, ``--rounds``
  rounds per worker) vs the native driver's closed load of as many clients for ``--seconds`` s
  and wrk (``-c`` as many, same seconds); requests/s = measured samples / their span;
- the Locust master's CPU seconds (process time, what receiving and relaying the samples cost)
  per 1,000 samples.

    python tests/bench/locust_driver.py [--requests 2000] [--seconds 5] [--rounds 4000]
        [--users-per-worker 8] [--smoke]

All clients share the computer with the worker, so the ratios compare the clients under the same
conditions, not the worker's capacity. ``--smoke`` runs each part at a tiny size and checks that
every figure is filled; it prints "smoke: ok".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))

PROFILE = """[experiment]
name = "locust-bench"
implementations = ["bench-rest"]
repetitions = 1
requests = {requests}
warmup = {warmup}
schedule = "sequential"
timeout_s = 30.0
driver = "{driver}"
load_workers = {workers}
load_users = {users}
factors = ["language"]

[[external]]
id = "bench-rest"
protocol = "rest"
address = "{target}"
language = "go"

[[workloads]]
name = "Ping"
operation = "ping"
{load}"""


def start_worker() -> tuple[subprocess.Popen[str], str]:
    """go-rest on a free port; ``(process, host:port)``."""
    from bancada.experiment import manifest

    impl = manifest.discover(ROOT)["go-rest"]
    artifact = impl.worker.artifact_path()
    if not artifact.exists():
        sys.exit(f"{artifact} is missing: run make -C workers go")
    argv = impl.worker.argv("rest", artifact=str(artifact))
    proc = subprocess.Popen(argv, cwd=impl.worker.folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("READY "):
        proc.kill()
        sys.exit(f"go-rest did not start: {line!r}")
    ready = json.loads(line[6:])
    return proc, f"{ready['bind']}:{ready['port']}"


def run(target: str, driver: str, requests: int, warmup: int, workers: int = 1, users: int = 1, load: str = "") -> dict:
    """One run through the Runner; its measured samples' median latency (µs), rate (requests/s) and
    the Locust master's CPU seconds (None for the native driver)."""
    import numpy as np

    from bancada.experiment.profile import load_profile
    from bancada.run.runner import RunFinished, Runner, RunStarted
    from bancada.store.runstore import RunStore

    with tempfile.TemporaryDirectory(prefix="bancada-locust-bench-") as tmp:
        path = Path(tmp) / "p.toml"
        text = PROFILE.format(
            requests=requests, warmup=warmup, driver=driver, workers=workers, users=users, target=target, load=load
        )
        path.write_text(text)
        events = list(Runner(load_profile(path), driver=driver).events())
    finished = events[-1]
    if not isinstance(finished, RunFinished) or finished.status != "complete":
        sys.exit(f"the {driver} run did not complete: {getattr(finished, 'message', finished)}")
    started = next(e for e in events if isinstance(e, RunStarted))
    with RunStore.open(started.path) as store:
        rows = np.array(
            store.conn.execute("SELECT start_ns, latency_ns FROM sample WHERE phase = 1 AND ok = 1").fetchall(),
            dtype=np.int64,
        )
        cpu = [e.get("master_cpu_s") for e in store.driver_events("load_workers")]
    if len(rows) == 0:
        sys.exit(f"the {driver} run stored no measured samples")
    span_s = (int((rows[:, 0] + rows[:, 1]).max()) - int(rows[:, 0].min())) / 1e9
    return {
        "n": len(rows),
        "median_us": float(np.median(rows[:, 1])) / 1e3,
        "rate": len(rows) / span_s if span_s > 0 else 0.0,
        "master_cpu_s": sum(c for c in cpu if c is not None) if cpu else None,
    }


def run_wrk(target: str, clients: int, seconds: float) -> float:
    out = subprocess.run(
        ["wrk", "-t", "2", "-c", str(clients), "-d", f"{max(1, round(seconds))}s", f"http://{target}/v1/ping"],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
    )
    match = re.search(r"Requests/sec:\s+([\d.]+)", out.stdout)
    if not match:
        sys.exit(f"wrk printed no rate: {out.stdout[-500:]} {out.stderr[-300:]}")
    return float(match.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="measured requests at c = 1")
    parser.add_argument("--seconds", type=float, default=5.0, help="native closed load and wrk, seconds")
    parser.add_argument("--rounds", type=int, default=4000, help="Locust throughput: requests per worker")
    parser.add_argument("--users-per-worker", type=int, default=8)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes; check the figures are filled")
    args = parser.parse_args()
    if args.smoke:
        args.requests, args.seconds, args.rounds, args.users_per_worker = 30, 1.0, 60, 2
    worker_counts = (1, 2) if args.smoke else (1, 2, 4)
    proc, target = start_worker()
    figures: dict[str, object] = {}
    try:
        native1 = run(target, "native", args.requests, 50)
        locust1 = run(target, "locust", args.requests, 50)
        figures["c1"] = {"native_median_us": native1["median_us"], "locust_median_us": locust1["median_us"]}
        print(
            f"latency at c = 1 (median of {args.requests}): native {native1['median_us']:.1f} µs, "
            f"Locust {locust1['median_us']:.1f} µs (+{locust1['median_us'] - native1['median_us']:.1f} µs)"
        )
        print("workers  users  Locust req/s  native req/s  wrk req/s  Locust/native  Locust/wrk  master CPU s/1000")
        rows = []
        for w in worker_counts:
            users = w * args.users_per_worker
            loc = run(target, "locust", args.rounds * w, 0, workers=w, users=users)
            closed = f'\n[load]\nmodel = "closed"\nconcurrency = {users}\nduration_s = {args.seconds}\n'
            nat = run(target, "native", 10, 0, load=closed)
            wrk = run_wrk(target, users, args.seconds)
            cpu_per_k = loc["master_cpu_s"] / loc["n"] * 1000 if loc["master_cpu_s"] is not None else float("nan")
            rows.append({"workers": w, "users": users, "locust": loc["rate"], "native": nat["rate"], "wrk": wrk})
            print(
                f"{w:>7}  {users:>5}  {loc['rate']:>12.0f}  {nat['rate']:>12.0f}  {wrk:>9.0f}  "
                f"{loc['rate'] / nat['rate']:>13.2f}  {loc['rate'] / wrk:>10.2f}  {cpu_per_k:>17.3f}"
            )
        figures["throughput"] = rows
    finally:
        proc.terminate()
        proc.wait(10)
    if args.smoke:
        c1 = figures["c1"]
        assert isinstance(c1, dict) and c1["native_median_us"] > 0 and c1["locust_median_us"] > 0, c1
        assert all(r["locust"] > 0 and r["native"] > 0 and r["wrk"] > 0 for r in rows), rows
        print("smoke: ok")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("BANCADA_DATA_DIR", tempfile.mkdtemp(prefix="bancada-locust-bench-data-"))
    sys.exit(main())
