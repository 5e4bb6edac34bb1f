#!/usr/bin/env python3
"""What CPU profiling costs the servers: latency with and without it, per implementation.

A script, not a test. Run ``scripts/setup.sh`` first (the workers built). It runs the quick
profile (profiles/quick.toml: go-grpc, go-rest, java-grpc, java-rest; StdSize and LargeSize)
once, with profiling on in every other repetition (repetitions 0, 2, 4, ... profiled; 1, 3, 5, ...
not), so both conditions share the workers, their warm JITs and the machine's state. It
prints, per implementation and workload, the median latency of the measured requests in
profiled and in unprofiled blocks and their ratio (profiled / unprofiled); the target is
<= 1.05 at each tool's default rate (docs/profiling.md). ``--impls`` adds other implementations
(e.g. python-rest,node-rest: py-spy, the V8 inspector).

    python tests/bench/profiling_overhead.py [--repetitions 10] [--requests 100] [--impls ...] [--smoke]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))

from bancada.experiment.overrides import apply_overrides  # noqa: E402
from bancada.experiment.profile import load_profile  # noqa: E402
from bancada.experiment.profiling import Profiling  # noqa: E402
from bancada.run import block_hooks  # noqa: E402
from bancada.run.cpu_profiling import CpuProfiling  # noqa: E402
from bancada.run.runner import RunFinished, RunStarted, Runner  # noqa: E402
from bancada.store.cpu_profiles import cpu_profiles  # noqa: E402
from bancada.store.runstore import RunStore  # noqa: E402


class EveryOtherBlock(CpuProfiling):
    """Profiles the blocks of the even repetitions only: the odd ones are the same run's unprofiled
    condition (by repetition, not block index: a repetition may hold several blocks, one per workload)."""

    def start(self, plan, block, ids, workers, store):  # type: ignore[no-untyped-def]
        return super().start(plan, block, ids, workers, store) if block.repetition % 2 == 0 else []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repetitions", type=int, default=10, help="blocks; half profiled (even >= 2)")
    ap.add_argument("--requests", type=int, default=100)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--impls", default="", help="comma-separated implementations instead of the quick profile's")
    ap.add_argument("--smoke", action="store_true", help="go-rest, 2 blocks of 5 requests; checks the table (CI)")
    a = ap.parse_args()
    if a.smoke:
        a.repetitions, a.requests, a.warmup, a.impls = 2, 5, 2, "go-rest"
    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "quick.toml"),
        "quick",
        requests=a.requests,
        repetitions=a.repetitions,
        warmup=a.warmup,
        schedule="randomized",
    )
    if a.impls:
        profile.experiment.implementations = a.impls.split(",")
    profile.profiling = Profiling(cpu=True)
    with tempfile.TemporaryDirectory(prefix="bancada-overhead-") as tmp:
        runner = Runner(profile, driver="auto", store_folder=Path(tmp))
        block_hooks.CpuProfiling = EveryOtherBlock  # type: ignore[misc] - the hook registered for [profiling] cpu
        events = list(runner.events())
        finished = events[-1]
        if not isinstance(finished, RunFinished) or finished.status != "complete":
            print(f"the run did not complete: {finished}")
            return 1
        store = RunStore.open(next(e for e in events if isinstance(e, RunStarted)).path)
        rows = store.conn.execute(
            "SELECT t.implementation, t.workload, s.repetition % 2, s.latency_ns FROM sample s"
            " JOIN treatment t ON t.id = s.treatment WHERE s.phase = 1 AND s.ok = 1"
        ).fetchall()
        profiled = {(p.implementation, p.block) for p in cpu_profiles(store)}
        store.close()
    lat: dict[tuple[str, str, int], list[int]] = {}
    for impl, workload, odd, ns in rows:
        lat.setdefault((impl, workload, odd), []).append(ns)
    print(f"{'implementation':<14} {'workload':<10} {'profiled ms':>12} {'without ms':>11} {'ratio':>6}")
    ratios = []
    for impl, workload in sorted({(i, w) for i, w, _ in lat}):
        on, off = lat.get((impl, workload, 0)), lat.get((impl, workload, 1))
        if not on or not off:
            continue
        ratio = statistics.median(on) / statistics.median(off)
        ratios.append(ratio)
        print(
            f"{impl:<14} {workload:<10} {statistics.median(on) / 1e6:12.3f} {statistics.median(off) / 1e6:11.3f}"
            f" {ratio:6.3f}{'' if ratio <= 1.05 else '  (above 1.05)'}"
        )
    print(f"profiles stored: {len(profiled)} (implementation, block) pairs: {sorted(profiled)}")
    if a.smoke:
        ok = bool(ratios) and all(r > 0 for r in ratios) and any(impl == "go-rest" for impl, _ in profiled)
        print("smoke: ok" if ok else "smoke: FAILED (no ratio or no profile)")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
