#!/usr/bin/env python3
"""Where the time between two blocks of a run goes.

A script, not a test. Runs a profile through :class:`bancada.run.runner.Runner`
(the path of ``bancada run``) with every step between blocks timed: the
driver's start until its first frame, its warm-up, the measured stretch (the
driver's own sample clock), the end of the stream after the last sample, the
driver's exit, the staged samples made rows, the worker and database checks, the
database reset and the job's making. Prints one line per block and the sums.

    python tests/bench/between_blocks.py profiles/rest-7-languages-classroom.toml \\
        --implementations go-rest,java-gson-rest --repetitions 2
    python tests/bench/between_blocks.py --run-file RUN.sqlite   # a finished run, e.g. of `bancada run`
    python tests/bench/between_blocks.py --smoke   # CI: quick.toml, go-rest, 2 small blocks; checks a gap is timed

``--run-file`` reads the gaps from a run file alone: each block's stored start
(wall clock) plus its samples' start times.

The overrides are ``bancada run``'s (experiment/overrides.py).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))

from bancada.experiment.overrides import apply_overrides  # noqa: E402
from bancada.core.samples import PHASE_MEASURE  # noqa: E402
from bancada.experiment.profile import load_profile  # noqa: E402
from bancada.run.events import Notice, SamplesArrived  # noqa: E402
from bancada.run import runner as runner_module  # noqa: E402
from bancada.run.block_hooks import WorkerWatch  # noqa: E402
from bancada.run.runner import Runner  # noqa: E402
from bancada.store.runstore import RunStore  # noqa: E402

STEPS: dict[str, list[float]] = defaultdict(list)


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*a: Any, **k: Any) -> Any:
        t0 = time.monotonic()
        try:
            return fn(*a, **k)
        finally:
            STEPS[name].append(time.monotonic() - t0)

    return wrapper


def timed_gen(name: str, fn: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    @functools.wraps(fn)
    def wrapper(*a: Any, **k: Any) -> Iterator[Any]:
        t0 = time.monotonic()
        yield from fn(*a, **k)
        STEPS[name].append(time.monotonic() - t0)

    return wrapper


def from_run_file(path: Path) -> int:
    """Print each block's wall time and the gap from its end to the next block's first measured request."""
    from datetime import datetime

    from bancada.store.runstore import RunStore

    with RunStore.open(path) as store:
        rows = store.conn.execute(
            "SELECT b.id, b.started_at, MIN(CASE WHEN s.phase = 1 THEN s.start_ns END), MIN(s.start_ns),"
            " MAX(s.start_ns + s.latency_ns) FROM block b JOIN sample s ON s.block = b.id GROUP BY b.id ORDER BY b.id"
        ).fetchall()
    gaps = []
    prev_end = None
    for block, started_at, first_measured_ns, first_ns, last_ns in rows:
        t0 = datetime.fromisoformat(started_at).timestamp()
        measured = t0 + (first_measured_ns if first_measured_ns is not None else first_ns) / 1e9
        gap = None if prev_end is None else measured - prev_end
        if gap is not None:
            gaps.append(gap)
        print(
            f"block {block}: warm-up {(measured - t0 - first_ns / 1e9):6.2f} s, samples until {(last_ns / 1e9):6.2f} s"
            + (f", previous end→measured {gap:6.2f} s" if gap is not None else "")
        )
        prev_end = t0 + last_ns / 1e9
    if gaps:
        print(f"between blocks (end → next measured): median {statistics.median(gaps):.2f} s, max {max(gaps):.2f} s")
    return 0


def print_blocks(blocks: list[dict[str, float]], t_run: float) -> list[float]:
    """One line per block, the steps' sums and the gaps; the gaps (s) from one block's end to the next
    block's first measured sample."""
    last_end = None
    gaps: list[float] = []
    for i, b in enumerate(blocks):
        fm = b.get("first_measured", b["driver_done"])
        gap = None if last_end is None else fm - last_end
        if gap is not None:
            gaps.append(gap)
        print(
            f"block {i}: spawn→measured {fm - b['start']:6.2f} s, measured {b.get('last_measured', fm) - fm:6.2f} s, "
            f"last sample→driver gone {b['driver_done'] - b.get('last_measured', fm):6.2f} s"
            + (f", previous block's end→measured {gap:6.2f} s" if gap is not None else "")
        )
        last_end = b["driver_done"]
    print(f"run: {time.monotonic() - t_run:.1f} s for {len(blocks)} blocks")
    for name, xs in STEPS.items():
        print(f"  {name}: {len(xs)} × median {statistics.median(xs) * 1e3:.1f} ms, sum {sum(xs):.2f} s")
    if gaps:
        print(f"between blocks (end → next measured): median {statistics.median(gaps):.2f} s, max {max(gaps):.2f} s")
    return gaps


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--run-file":
        return from_run_file(Path(sys.argv[2]))
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", nargs="?")
    ap.add_argument("--implementations")
    ap.add_argument("--repetitions", type=int)
    ap.add_argument("--duration", type=float)
    ap.add_argument("--concurrency", type=int)
    ap.add_argument("--requests", type=int)
    ap.add_argument("--smoke", action="store_true", help="quick.toml, go-rest, 2 blocks of 50 requests (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.profile = str(Path(__file__).resolve().parents[2] / "profiles" / "quick.toml")
        args.implementations, args.repetitions, args.requests = "go-rest", 2, 50
    elif args.profile is None:
        ap.error("give a profile (or --smoke, or --run-file RUN)")
    profile = apply_overrides(
        load_profile(args.profile),
        args.profile,
        implementations=args.implementations.split(",") if args.implementations else None,
        repetitions=args.repetitions,
        requests=args.requests,
        duration_s=args.duration,
        concurrency=args.concurrency,
    )
    runner = Runner(profile)
    # a block's samples become sample rows when its driver has ended (bancada.store.sample_stage)
    RunStore.unstage = timed("store the block's samples as rows", RunStore.unstage)  # type: ignore[method-assign]
    WorkerWatch.after_block = timed_gen("check workers", WorkerWatch.after_block)  # type: ignore[method-assign]
    runner.database.after_block = timed("database check", runner.database.after_block)  # type: ignore[method-assign]
    runner_module.block_job = timed("make the job", runner_module.block_job)  # type: ignore[assignment]
    host = runner.driver_host
    host.open_driver = timed("spawn the driver", host.open_driver)  # type: ignore[method-assign]
    # per block: wall times of the first frame, first/last measured sample, the block's end
    blocks: list[dict[str, float]] = []
    block_t0 = 0.0
    original_run_driver = runner._run_driver

    def run_driver(*a: Any, **k: Any) -> Iterator[Any]:
        nonlocal block_t0
        rec: dict[str, float] = {"start": time.monotonic()}
        blocks.append(rec)
        for event in original_run_driver(*a, **k):
            now = time.monotonic()
            rec.setdefault("first_frame", now)
            if isinstance(event, SamplesArrived):
                measured = event.samples.rows["phase"] == PHASE_MEASURE
                if measured.any():
                    rec.setdefault("first_measured", now)
                    rec["last_measured"] = now
            yield event
        rec["driver_done"] = time.monotonic()

    runner._run_driver = run_driver  # type: ignore[method-assign]
    t_run = time.monotonic()
    for event in runner.events():
        if isinstance(event, Notice) and event.level != "info":
            print(f"  [{event.level}] {event.text}")
    gaps = print_blocks(blocks, t_run)
    if args.smoke and not (len(blocks) >= 2 and gaps and all(g >= 0 for g in gaps)):
        print(f"smoke: expected 2 or more timed blocks and their gaps, got {len(blocks)} blocks, gaps {gaps}")
        return 1
    if args.smoke:
        print("smoke: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
