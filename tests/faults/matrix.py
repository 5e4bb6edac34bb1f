"""Run every fault at several seeded injection points and write the reliability table.

    .venv/bin/python -m tests.faults.matrix [--points 3] [--seed 1] [--write docs/reliability.md]

Each fault is injected into a fresh ``bancada run`` (tests/faults/harness.py)
when a seeded random share (10–90 %) of its requests is stored. The table
counts, per fault, the injections, the acknowledged samples lost, the runs
that ended in the expected state, the processes and ports left behind, and the
problems seen; the load average of the machine is printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from pathlib import Path

from tests.faults.harness import (
    BAD_SERVER_FAULTS,
    EXPECTED,
    FAULTS,
    LONG_FAULTS,
    Outcome,
    run_against_bad_server,
    run_with_fault,
    small_filesystem,
)


def inject(fault: str, point: float, seed: int) -> Outcome:
    """One injection in a fresh folder (a small filesystem of its own for ``disk full``)."""
    with tempfile.TemporaryDirectory(prefix="bancada-fault-") as tmp:
        work = Path(tmp) / "work"
        if fault in BAD_SERVER_FAULTS:
            work.mkdir()
            return run_against_bad_server(fault, work, requests=100)
        if fault == "disk full":
            reason = small_filesystem.available()
            if reason:
                out = Outcome(fault, point, expected_status=EXPECTED[fault][0])
                out.problems.append(f"skipped: {reason}")
                return out
            with small_filesystem(work) as folder:
                return run_with_fault(fault, point, seed, folder)
        work.mkdir()
        return run_with_fault(fault, point, seed, work)


def points_for(fault: str, count: int, seed: int) -> list[float]:
    rng = random.Random(f"{seed}:{fault}")
    return [round(rng.uniform(0.1, 0.9), 2) for _ in range(count)]


def table(outcomes: list[Outcome], load: str, seconds: float) -> str:
    lines = [
        "| fault | injections (share of the run stored) | acknowledged samples lost | expected end state "
        "| processes left | ports left open | problems |",
        "|---|---|---|---|---|---|---|",
    ]
    for fault in [*FAULTS, *LONG_FAULTS, *BAD_SERVER_FAULTS]:
        rows = [o for o in outcomes if o.fault == fault]
        if not rows:
            continue
        points = (
            ", ".join(f"{o.point:.0%}" for o in rows)
            if fault in EXPECTED
            else "every 10th request; " + "; ".join(o.message for o in rows)
        )
        states = sum(o.status in o.expected_status.split("|") for o in rows)
        problems = "; ".join(sorted({p for o in rows for p in o.problems})) or "none"
        lines.append(
            f"| {fault} | {len(rows)} ({points}) | {sum(o.lost for o in rows)} | "
            f"{states}/{len(rows)} ({rows[0].expected_status.replace('|', ' or ')}) | "
            f"{sum(len(o.orphans) for o in rows)} | "
            f"{sum(len(o.open_ports) for o in rows)} | {problems} |"
        )
    lines.append("")
    lines.append(
        f"{len(outcomes)} injections in {seconds:.0f} s; load average before the suite: {load} "
        f"({os.cpu_count()} cores)."
    )
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--points", type=int, default=3, help="injection points per fault")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--faults", default=",".join([*FAULTS, *LONG_FAULTS, *BAD_SERVER_FAULTS]), help="comma-separated subset"
    )
    ap.add_argument("--write", type=Path, help="replace the table in this Markdown file (docs/reliability.md)")
    a = ap.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    t0 = time.monotonic()
    outcomes = []
    for fault in [f.strip() for f in a.faults.split(",") if f.strip()]:
        for i, point in enumerate(points_for(fault, a.points if fault in EXPECTED else 1, a.seed)):
            o = inject(fault, point, a.seed + i)
            outcomes.append(o)
            print(json.dumps(o.to_json()), flush=True)
    text = table(outcomes, load, time.monotonic() - t0)
    print(text)
    if a.write:
        doc = a.write.read_text() if a.write.exists() else ""
        start, end = "<!-- table: tests/faults/matrix.py -->", "<!-- end of table -->"
        if start in doc and end in doc:
            doc = doc[: doc.index(start) + len(start)] + "\n" + text + doc[doc.index(end) :]
        else:
            doc += f"\n{start}\n{text}{end}\n"
        a.write.write_text(doc)
    return 0 if all(o.ok or o.problems[0].startswith("skipped") for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
