#!/usr/bin/env python3
"""The spread of each treatment's per-repetition figures in finished runs.

A script, not a test. For each run file given, per treatment: the median
latency (ms) and the rate (measured requests per second of the block's
measured stretch) of every repetition, and the ratio largest / smallest of
each over the repetitions (1.00: the repetitions agree); with
``--implementations`` only those. With a steady-state warm-up
(``warmup_until``) also the warm-up requests each block took.

    python tests/bench/repetition_spread.py RUN.sqlite [RUN2.sqlite ...] --implementations java-rest,java-grpc
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))

from bancada.store.runstore import RunStore  # noqa: E402


def spread(path: Path, only: set[str]) -> None:
    with RunStore.open(path) as store:
        labels = {
            int(t): (impl, wl)
            for t, impl, wl in store.conn.execute("SELECT id, implementation, workload FROM treatment").fetchall()
        }
        warm: dict[tuple[int, int], int] = {}
        for e in store.driver_events("warmup_end"):
            warm[(int(e["treatment"]), int(e["repetition"]))] = int(e["warmup_requests"])
        print(f"{path.name}")
        for t, (impl, wl) in sorted(labels.items()):
            if only and impl not in only:
                continue
            medians, rates, warms = [], [], []
            reps = store.conn.execute(
                "SELECT DISTINCT repetition FROM sample WHERE treatment = ? ORDER BY repetition", (t,)
            ).fetchall()
            for (rep,) in reps:
                lat = [
                    x
                    for (x,) in store.conn.execute(
                        "SELECT latency_ns FROM sample WHERE treatment = ? AND repetition = ? AND phase = 1 AND ok = 1",
                        (t, rep),
                    )
                ]
                lo, hi = store.conn.execute(
                    "SELECT MIN(start_ns), MAX(start_ns + latency_ns) FROM sample"
                    " WHERE treatment = ? AND repetition = ? AND phase = 1",
                    (t, rep),
                ).fetchone()
                if not lat:
                    continue
                medians.append(statistics.median(lat) / 1e6)
                rates.append(len(lat) / ((hi - lo) / 1e9) if hi and hi > lo else 0.0)
                warms.append(warm.get((t, rep)))
            if not medians:
                continue
            ratio = max(medians) / min(medians) if min(medians) > 0 else float("nan")
            rratio = max(rates) / min(rates) if min(rates) > 0 else float("nan")
            print(
                f"  {impl} / {wl}: median ms {[round(m, 3) for m in medians]} (max/min {ratio:.2f}); "
                f"rate /s {[round(r) for r in rates]} (max/min {rratio:.2f})"
                + (f"; warm-up requests {warms}" if any(w is not None for w in warms) else "")
            )


def smoke_run() -> Path:
    """A run of quick.toml on go-rest, 2 repetitions of 50 requests, with the steady-state warm-up
    (the user's path: the runner of ``bancada run``); its run file."""
    from bancada.experiment.overrides import apply_overrides
    from bancada.experiment.profile import load_profile
    from bancada.run.events import RunFinished
    from bancada.run.runner import Runner

    quick = Path(__file__).resolve().parents[2] / "profiles" / "quick.toml"
    profile = apply_overrides(load_profile(quick), str(quick), implementations=["go-rest"], repetitions=2, requests=50)
    profile.experiment.warmup_until = {"max_requests": 2000, "max_s": 3}  # steady, capped short
    finished = [e for e in Runner(profile).events() if isinstance(e, RunFinished)]
    if not finished or finished[0].status != "complete":
        raise SystemExit(f"smoke: the run did not complete: {finished}")
    return Path(finished[0].path)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", nargs="*", type=Path)
    ap.add_argument("--implementations", default="")
    ap.add_argument(
        "--smoke", action="store_true", help="one small steady-warm-up run of go-rest, then its spread (CI)"
    )
    args = ap.parse_args()
    if args.smoke:
        args.runs = [smoke_run()]
    elif not args.runs:
        ap.error("give one or more run files (or --smoke)")
    only = {s for s in args.implementations.split(",") if s}
    for run in args.runs:
        spread(run, only)
    if args.smoke:
        print("smoke: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
