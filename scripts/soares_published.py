#!/usr/bin/env python3
"""The figures docs/seeds.md cites about seed 000's published data: why its "gohttp" series is not Go's.

    scripts/soares_published.py [EXPERIMENTO6_CSV]

Reads the published raw data of seed 000 (Soares, UFLA 2024; default
``../shared/data/soares2024/experimento6.csv`` from the repository root: 61,504 latencies in
seconds, columns id, c, value, experiment_id, app_name, request_size; data/soares2024/README.md)
and prints, in milliseconds:

1. the median latency of each of the 31 experiments, per app (gogrpc, gohttp, javagrpc,
   javahttp) and request size (small = StdSize, 200 ints; big = LargeSize, 204,800 ints);
2. Pearson's correlation between the apps' per-experiment medians, per size: a series that warms
   up across experiments as a JVM does moves with the Java series;
3. each app's median over all experiments per size, and LargeSize - StdSize: what 204,600 more
   ints (about 780 KB of JSON) add to one request.

Medians are of all requests, before the study's outlier removal (Q1 - 3.5 IQR .. Q3 + 3.5 IQR),
so the overall medians differ from the paper's Table 2.1 in the second decimal at most.
A file that is missing or lacks those columns is a one-line error (exit status 2).
"""

from __future__ import annotations

import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT.parent / "shared" / "data" / "soares2024" / "experimento6.csv"
APPS = ("gogrpc", "gohttp", "javagrpc", "javahttp")
SIZES = (("small", "StdSize"), ("big", "LargeSize"))
COLUMNS = {"value", "experiment_id", "app_name", "request_size"}


def fail(message: str) -> NoReturn:
    """One line on stderr, exit status 2."""
    print(f"soares_published: {message}", file=sys.stderr)
    raise SystemExit(2)


def read(path: Path) -> dict[tuple[str, str, int], list[float]]:
    """Latencies in ms by (request_size, app_name, experiment_id). SystemExit(2) with one line on bad input."""
    try:
        with path.open(newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            missing = COLUMNS - set(reader.fieldnames or ())
            if missing:
                fail(f"{path} lacks the column(s) {', '.join(sorted(missing))}; "
                         "expected experimento6.csv's id, c, value, experiment_id, app_name, request_size")  # fmt: skip
            groups: dict[tuple[str, str, int], list[float]] = defaultdict(list)
            for line, row in enumerate(reader, start=2):
                try:
                    key = (row["request_size"], row["app_name"], int(row["experiment_id"]))
                    groups[key].append(float(row["value"]) * 1000.0)
                except ValueError:
                    fail(f"{path}, line {line}: value and experiment_id must be numbers")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    if not groups:
        fail(f"{path} holds no rows")
    return groups


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        fail("usage: scripts/soares_published.py [EXPERIMENTO6_CSV]")
    path = Path(argv[0]) if argv else DEFAULT
    groups = read(path)
    experiments = sorted({e for _, _, e in groups})
    print(f"{path.name}: {sum(len(v) for v in groups.values()):,} latencies, {len(experiments)} experiments")
    medians = {k: statistics.median(v) for k, v in groups.items()}
    for size, name in SIZES:
        print(f"\n{name} ({size}): median latency (ms) of each experiment")
        print("experiment " + "".join(f"{a:>10}" for a in APPS))
        for e in experiments:
            print(f"{e:>10} " + "".join(f"{medians.get((size, a, e), float('nan')):>10.2f}" for a in APPS))
    for size, name in SIZES:
        print(f"\n{name} ({size}): correlation (Pearson) of the per-experiment medians")
        print(" " * 10 + "".join(f"{a:>10}" for a in APPS))
        series = {a: [medians[(size, a, e)] for e in experiments] for a in APPS}
        for a in APPS:
            print(f"{a:>10}" + "".join(f"{statistics.correlation(series[a], series[b]):>10.3f}" for b in APPS))
    print("\nmedian latency (ms) over all experiments, and LargeSize - StdSize")
    print(f"{'app':>10}{'StdSize':>10}{'LargeSize':>11}{'Large-Std':>11}")
    for a in APPS:
        std, large = (statistics.median([x for (s, app, _), v in groups.items() if (s, app) == (size, a) for x in v])
                      for size, _ in SIZES)  # fmt: skip
        print(f"{a:>10}{std:>10.3f}{large:>11.3f}{large - std:>11.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
