"""Time `bancada analyze` on 8 treatments x 100,000 samples (a script, not a test).

Writes a tidy CSV of 800,000 rows (2^3 design: language x protocol x
operation, 10 repetitions of 10,000 requests) to a temporary directory, runs
the command as the CLI would and prints the wall time, split into reading
the CSV and computing the statistics (budget: under 5 s in total).
Run: PYTHONPATH=app python tests/bench/analyze_speed.py [--smoke]
"""

import argparse
import cProfile
import json
import pstats
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))
from bancada import analyze_cmd  # noqa: E402
from bancada.stats.report import analyze_frame  # noqa: E402

N_PER_TREATMENT, REPS = 100_000, 10


def write_csv(path: Path, n: int = N_PER_TREATMENT) -> None:
    rng = np.random.default_rng(0)
    parts = []
    for li, lang in enumerate(("go", "java")):
        for pi, proto in enumerate(("grpc", "rest")):
            for oi, op in enumerate(("select", "echo")):
                lat = np.round(0.0007 * (1 + li * 0.6 + pi * 3 + oi * 0.2) * rng.lognormal(0, 0.15, n), 9)
                parts.append(
                    pd.DataFrame(
                        {
                            "run_id": "bench",
                            "implementation": f"{lang}-{proto}",
                            "language": lang,
                            "protocol": proto,
                            "operation": op,
                            "payload": "StdSize",
                            "payload_count": 200,
                            "payload_bytes": 800,
                            "repetition": np.repeat(np.arange(1, REPS + 1), n // REPS),
                            "seq": np.arange(n),
                            "phase": "measure",
                            "latency_s": lat,
                            "server_s": "",
                            "ok": "true",
                            "error": "",
                        }
                    )
                )
    pd.concat(parts).to_csv(path, index=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="1,000 samples per treatment; checks the output (CI)")
    a = ap.parse_args()
    n = 1_000 if a.smoke else N_PER_TREATMENT
    with tempfile.TemporaryDirectory() as tmp:
        csv = Path(tmp) / "samples.csv"
        write_csv(csv, n)
        p = argparse.ArgumentParser()
        analyze_cmd.configure_parser(p)
        out_json = Path(tmp) / "o.json"
        args = p.parse_args(
            [
                str(csv),
                "--factors",
                "language,protocol,operation",
                "--by",
                "payload",
                "--aggregate",
                "mean",
                "--json",
                str(out_json),
                "--quiet",
            ]
        )
        t0 = time.perf_counter()
        code = analyze_cmd.run(args)
        total = time.perf_counter() - t0
        if code != 0:
            print(f"bancada analyze failed with exit code {code}")
            return 1
        groups = json.loads(out_json.read_text())["groups"]
        t0 = time.perf_counter()
        df = analyze_cmd._read(
            str(csv),
            "latency_s",
            ["latency_s", "language", "protocol", "operation", "payload"],
            ["repetition", "phase", "ok"],
        )
        read = time.perf_counter() - t0
        prof = cProfile.Profile()
        t0 = time.perf_counter()
        prof.enable()
        analyze_frame(df, factors=("language", "protocol", "operation"), aggregate="mean")
        prof.disable()
        stats_s = time.perf_counter() - t0
    print(
        f"bancada analyze, 8 treatments x {n:,} samples: {total:.2f} s "
        f"(read CSV {read:.2f} s, statistics {stats_s:.2f} s; budget 5 s)"
    )
    if a.smoke:
        well_formed = len(groups) == 1 and len(groups[0]["treatments"]) == 8 and len(groups[0]["pairwise"]) == 28
        print("smoke: ok" if well_formed else "smoke: FAILED (not 8 treatments and 28 pairs)")
        return 0 if well_formed else 1
    print("top of the statistics profile (cumulative):")
    pstats.Stats(prof).sort_stats("tottime").print_stats(8)
    return 0 if total < 5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
