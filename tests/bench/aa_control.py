#!/usr/bin/env python3
"""A/A control: how often the Statistics tab's tests see a difference that is not there.

A script, not a test. Each run measures one implementation twice, as two
separately started workers of the same build (``go-rest`` and ``go-rest:b``),
through the user's path (``bancada run`` with the default randomized schedule
and the native driver), then applies the two rank-sum tests of
``bancada analyze`` / the Statistics tab to the pair:

- sample level: every measured request is one observation (n per treatment);
- repetition level: the median of each repetition is one observation (r per treatment).

Any "significant" result is a false positive by construction. With
independent observations each test would declare one in about alpha = 5 % of
the runs; the printed rates say how far each is from that.

    python tests/bench/aa_control.py [--runs 10] [--requests 100] [--repetitions 5]
                                     [--implementations go-rest,go-grpc] [--smoke]

``--smoke`` runs 2 tiny runs of go-rest and checks the output is well-formed (for CI).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))

from bancada.stats.frame_analysis import analyze_frame  # noqa: E402

BANCADA = ROOT / ".venv" / "bin" / "bancada"


def one_run(
    impl: str, requests: int, repetitions: int, warmup: int, schedule: str, seed: int, out: Path
) -> tuple[float, float]:
    """Run the A/A pair once; return (sample-level p, repetition-level p)."""
    argv = [
        str(BANCADA),
        "run",
        str(ROOT / "profiles" / "quick.toml"),
        "--implementations",
        f"{impl},{impl}:b",
        "--payloads",
        "StdSize",
        "--requests",
        str(requests),
        "--repetitions",
        str(repetitions),
        "--warmup",
        str(warmup),
        "--schedule",
        schedule,
        "--seed",
        str(seed),
        "--quiet",
        "--out",
        str(out),
    ]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"bancada run failed ({proc.returncode}): {proc.stderr.strip()[-800:]}")
    df = pd.read_csv(out / "samples.csv", dtype={"implementation": str})
    result = analyze_frame(df, factors=["implementation"], by=[]).to_dict()
    group = result["groups"][0]
    return group["pairwise"][0]["p"], group["pairwise_replication"][0]["p"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--requests", type=int, default=100, help="measured requests per repetition (n)")
    ap.add_argument("--repetitions", type=int, default=5, help="repetitions (r)")
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--schedule", default="randomized", choices=["randomized", "sequential", "alternating"])
    ap.add_argument("--implementations", default="go-rest,go-grpc")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--smoke", action="store_true", help="2 small runs of go-rest; checks the output")
    a = ap.parse_args()
    if a.smoke:
        a.runs, a.requests, a.repetitions, a.warmup, a.implementations = 2, 20, 3, 5, "go-rest"
    print(
        f"A/A control: n = {a.requests}, r = {a.repetitions}, {a.runs} runs per implementation, "
        f"schedule {a.schedule}, alpha = {a.alpha:g}; path: bancada run (native driver)"
    )
    print(
        f"{'implementation':<16}{'runs':>5}{'sample-level FP':>18}{'repetition-level FP':>22}"
        f"{'median p (sample)':>19}{'median p (rep.)':>17}"
    )
    rows = []
    with tempfile.TemporaryDirectory(prefix="bancada-aa-") as tmp:
        for impl in [s.strip() for s in a.implementations.split(",") if s.strip()]:
            ps, pr = [], []
            for run in range(a.runs):
                p_sample, p_rep = one_run(
                    impl, a.requests, a.repetitions, a.warmup, a.schedule, 1000 + run, Path(tmp) / f"{impl}-{run}"
                )
                ps.append(p_sample)
                pr.append(p_rep)
            fs = sum(p < a.alpha for p in ps)
            fr = sum(p < a.alpha for p in pr)
            rows.append((impl, fs, fr))
            print(
                f"{impl:<16}{a.runs:>5}{f'{fs}/{a.runs} ({fs / a.runs:.0%})':>18}"
                f"{f'{fr}/{a.runs} ({fr / a.runs:.0%})':>22}{pd.Series(ps).median():>19.3g}"
                f"{pd.Series(pr).median():>17.3g}"
            )
    if a.smoke:
        ok = all(0 <= fs <= a.runs and 0 <= fr <= a.runs for _, fs, fr in rows) and len(rows) == 1
        print("smoke: ok" if ok else "smoke: FAILED")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
