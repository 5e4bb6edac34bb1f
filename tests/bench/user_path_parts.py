#!/usr/bin/env python3
"""What the user's path adds to the native driver's REST throughput, step by step, next to wrk.

A script, not a test. ``user_path.py`` compares ``bancada run`` with wrk; ``driver_overhead.py``
compares the driver alone (pinned, frames to a file) with wrk. This script takes the steps
between them one at a time against one Go REST worker (unpinned, as a user's run), alternating
in every round, so that each step's ratio to wrk is measured in the same minute as wrk:

- ``wrk``: ``wrk -t1 -cC -dS`` on ``GET /v1/ping`` (the peer);
- ``driver, file``: the native driver alone, its frames written to a temporary file (read after
  the run: the reading costs nothing during it), the job ``bancada run`` sends (closed load,
  Ping, 2,000 warm-up requests, S seconds);
- ``driver, pipe``: the same, its frames read from a pipe by this process as ``bancada run``
  reads them (``bancada.drivers.stream.read_frame_batches``) but not stored;
- ``bancada run``: the user's path: the runner, its probe and the run file (SQLite), the worker
  given as an ``[[external]]`` implementation.

It prints per round and step the requests/s and the ratio to that round's wrk, then the
median ratio over the rounds.

    python tests/bench/user_path_parts.py [--rounds 3] [--seconds 3] [--concurrency 16,64,100]
    python tests/bench/user_path_parts.py --cpu    # CPU per request of each process instead
    python tests/bench/user_path_parts.py --smoke  # seconds; checks every step measured (CI)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))
sys.path.insert(0, str(Path(__file__).parent))

import driver_overhead as iso  # noqa: E402
import user_path as up  # noqa: E402
import _results  # noqa: E402


def start_worker() -> tuple[subprocess.Popen[str], str]:
    """The Go REST worker, unpinned (as ``bancada run`` starts it)."""
    proc = subprocess.Popen(
        [str(iso.WORKER), "--protocol", "rest", "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = proc.stdout.readline() if proc.stdout else ""
    if not line.startswith("READY "):
        raise SystemExit(f"worker did not start: {line!r}")
    return proc, f"127.0.0.1:{json.loads(line[6:])['port']}"


def driver_job(target: str, c: int, seconds: float) -> dict:
    return iso.job("rest", target, "ping", {"model": "closed", "concurrency": c, "duration_s": seconds}, 2000, 0)


def driver_file(target: str, c: int, seconds: float) -> float:
    return iso.rps_of(iso.run_frames([str(iso.DRIVER)], driver_job(target, c, seconds)))


def driver_pipe(target: str, c: int, seconds: float) -> float:
    """The driver's frames read live from a pipe, as the runner reads them (not stored)."""
    from bancada.drivers.stream import read_frame_batches

    proc = subprocess.Popen([str(iso.DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin and proc.stdout
    proc.stdin.write(json.dumps(driver_job(target, c, seconds)).encode())
    proc.stdin.close()
    starts, ends, n = [], [], 0
    for batch in read_frame_batches(proc.stdout):
        for item in batch:
            cols = getattr(item, "rows", None)
            if cols is not None:  # a SampleBlock: a run of samples as numpy columns
                measured = (cols["phase"] == 1) & (cols["ok"] != 0)
                if measured.any():
                    starts.append(int(cols["start_ns"][measured].min()))
                    ends.append(int((cols["start_ns"] + cols["latency_ns"])[measured].max()))
                    n += int(measured.sum())
            elif getattr(item, "phase", None) == 1 and getattr(item, "ok", False):
                starts.append(item.start_ns)
                ends.append(item.start_ns + item.latency_ns)
                n += 1
    proc.wait(60)
    return n / ((max(ends) - min(starts)) / 1e9) if n else 0.0


def _ticks(pid: int) -> int | None:
    """utime + stime of a process, in clock ticks (None when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[11]) + int(fields[12])


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def run_cpu(profile: Path, out: Path, worker_pid: int, c: int, seconds: float) -> dict[str, float]:
    """Cores used by ``bancada run``'s own process, its driver and the worker while the driver ran
    (CPU ticks read from /proc every 100 ms, over the driver's life)."""
    import os
    import time

    hz = os.sysconf("SC_CLK_TCK")
    args = ["--implementations", "go-rest-shared", "--payloads", "StdSize", "--operation", "ping", "--load", "closed"]
    args += ["--concurrency", str(c), "--duration", str(seconds), "--repetitions", "1", "--warmup", "2000"]
    proc = subprocess.Popen(
        [str(up.BANCADA), "run", str(profile), "--quiet", "--out", str(out), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    first: tuple[float, int, int, int] | None = None
    last = first
    driver = None
    while proc.poll() is None:
        time.sleep(0.1)
        if driver is None:
            driver = next((p for p in _children(proc.pid) if "driver" in Path(f"/proc/{p}/cmdline").read_text()), None)
            continue
        d, b, w = _ticks(driver), _ticks(proc.pid), _ticks(worker_pid)
        if d is None or b is None or w is None:
            if last is not None:
                break
            continue
        last = (time.monotonic(), b, d, w)
        first = first or last
    proc.wait(120)
    if not (first and last and last[0] > first[0]):
        return {}
    dt = last[0] - first[0]
    import pandas as pd

    df = pd.read_csv(out / "samples.csv")
    df = df[df["phase"] == "measure"]
    rps = len(df) / ((df["start_s"] + df["latency_s"]).max() - df["start_s"].min())
    got = {k: (last[i] - first[i]) / hz / dt for i, k in ((1, "parent"), (2, "driver"), (3, "worker"))}
    return {"req/s": rps, **{f"{k} µs/req": v / rps * 1e6 for k, v in got.items()}}


def wrk_cpu(worker_pid: int, target: str, c: int, seconds: float, tmp: Path) -> dict[str, float]:
    """wrk's and the worker's CPU per request (µs) in one wrk run."""
    import os
    import resource

    hz = os.sysconf("SC_CLK_TCK")
    r0, w0 = resource.getrusage(resource.RUSAGE_CHILDREN), _ticks(worker_pid) or 0
    rps = up.wrk(tmp, target, "ping", c, seconds, None)[1]
    r1, w1 = resource.getrusage(resource.RUSAGE_CHILDREN), _ticks(worker_pid) or 0
    n = rps * max(1, round(seconds))
    wrk_s = r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
    return {"req/s": rps, "wrk µs/req": wrk_s / n * 1e6, "worker µs/req": (w1 - w0) / hz / n * 1e6}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--concurrency", type=lambda s: [int(x) for x in s.split(",")], default=[16, 64, 100])
    ap.add_argument(
        "--cpu", action="store_true", help="only: CPU per request of wrk, bancada run's parent and driver, the worker"
    )
    ap.add_argument("--smoke", action="store_true", help="one tiny round of every step; prints 'smoke: ok'")
    ap.add_argument(
        "--write-results",
        action="store_true",
        help="write the figures to docs/results/user_path_parts[-cpu].json (for scripts/gen_figures.py)",
    )
    a = ap.parse_args()
    if a.smoke:
        a.rounds, a.seconds, a.concurrency = 1, 1.0, [4]
    up.TOOLS["wrk"] = up.find_tool("wrk") or sys.exit("wrk not found (scripts/setup-bench.sh installs it)")
    load_before = _results.load_average()
    if a.cpu:
        cpu: dict[str, list[float]] = {}
        worker, target = start_worker()
        try:
            with tempfile.TemporaryDirectory(prefix="bancada-parts-") as tmp_name:
                profile = up.profile_file(Path(tmp_name), False, {"go-rest": target})
                for rnd in range(a.rounds):
                    for c in a.concurrency:
                        got = wrk_cpu(worker.pid, target, c, a.seconds, Path(tmp_name))
                        for k, v in got.items():
                            cpu.setdefault(f"{k} (wrk)" if k.startswith("worker") else k, []).append(v)
                        print(
                            f"round {rnd + 1} c={c} wrk:         " + ", ".join(f"{k} {v:,.1f}" for k, v in got.items())
                        )
                        got = run_cpu(profile, Path(tmp_name) / f"r{rnd}-{c}", worker.pid, c, a.seconds)
                        for k, v in got.items():
                            if k != "req/s":
                                cpu.setdefault(f"{k} (bancada run)" if k.startswith("worker") else k, []).append(v)
                        print(
                            f"round {rnd + 1} c={c} bancada run: " + ", ".join(f"{k} {v:,.1f}" for k, v in got.items())
                        )
        finally:
            worker.terminate()
            worker.wait(10)
        if a.write_results and not a.smoke:
            rows = [[k, f"{min(v):.1f}–{max(v):.1f}"] for k, v in cpu.items() if k != "req/s"]
            caption = "CPU per measured request, ticks of each process from /proc over the driver's life"
            table = _results.table(["process", "CPU µs per request, min–max over c and rounds"], rows, caption)
            _results.write(__file__, {"cpu": table}, load_before, name="user_path_parts-cpu")
        return 0
    worker, target = start_worker()
    ratios: dict[tuple[str, int], list[float]] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="bancada-parts-") as tmp_name:
            tmp = Path(tmp_name)
            profile = up.profile_file(tmp, False, {"go-rest": target})
            for rnd in range(a.rounds):
                for c in a.concurrency:
                    steps = {
                        "wrk": lambda: up.wrk(tmp, target, "ping", c, a.seconds, None)[1],
                        "driver, file": lambda: driver_file(target, c, a.seconds),
                        "driver, pipe": lambda: driver_pipe(target, c, a.seconds),
                        "bancada run": lambda: up.bancada_rps(profile, tmp / f"r{rnd}", "go-rest", c, a.seconds, True),
                    }
                    got = {name: step() for name, step in steps.items()}
                    line = ", ".join(f"{k} {v:,.0f} ({v / got['wrk']:.3f})" for k, v in got.items())
                    print(f"round {rnd + 1} c={c}: {line}", flush=True)
                    for k, v in got.items():
                        ratios.setdefault((k, c), []).append(v / got["wrk"])
    finally:
        worker.terminate()
        worker.wait(10)
    print("\nmedian ratio to wrk over the rounds")
    for (k, c), rs in sorted(ratios.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print(f"c={c:4d} {k:14s} {statistics.median(rs):.3f}  ({', '.join(f'{r:.3f}' for r in rs)})")
    if a.write_results and not a.smoke:
        steps = [k for k in ("driver, file", "driver, pipe", "bancada run") if (k, a.concurrency[0]) in ratios]
        names = {
            "driver, file": "the driver, frames to a file",
            "driver, pipe": "the driver, frames read from a pipe",
            "bancada run": "`bancada run`",
        }
        rows = [[names[k], *(statistics.median(ratios[(k, c)]) for c in a.concurrency)] for k in steps]
        columns = ["step", *(f"c = {c}" for c in a.concurrency)]
        caption = "Median ratio to the same round's wrk (go-rest Ping, requests/s)"
        table = _results.table(columns, rows, caption, {col: "{:.3f}" for col in columns[1:]})
        _results.write(__file__, {"ratios": table}, load_before)
    if a.smoke:
        ok = len(ratios) == 4 and all(r > 0 for rs in ratios.values() for r in rs)
        print("smoke: ok" if ok else f"smoke: FAILED ({ratios})")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
