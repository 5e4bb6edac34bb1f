"""scripts/soares_published.py: the figures docs/seeds.md cites about seed 000's published data."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT, SHARED

SCRIPT = ROOT / "scripts" / "soares_published.py"
DATA = SHARED / "data" / "soares2024" / "experimento6.csv"
APPS = ("gogrpc", "gohttp", "javagrpc", "javahttp")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def section(out: str, title: str) -> dict[str, list[float]]:
    """The rows of one printed table: first word -> the numbers after it."""
    block = out.split(title, 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    return {line.split()[0]: [float(x) for x in line.split()[1:]] for line in block if line.strip()}


def test_a_small_file_gives_the_medians_correlations_and_differences_by_hand(tmp_path):
    """Two experiments of three requests: every figure can be worked out on paper."""
    rows = ["id,c,value,experiment_id,app_name,request_size"]
    base = {"gogrpc": 1.0, "gohttp": 3.0, "javagrpc": 2.0, "javahttp": 4.0}
    for e, drift in ((1, 2.0), (2, 1.0)):
        for app in APPS:
            for size, extra in (("small", 0.0), ("big", 1.0 if "http" in app else 6.0)):
                step = drift if app != "gogrpc" else (1.0 if e == 1 else 2.0)
                for c, jitter in enumerate((-0.5, 0.0, 9.0)):  # the median ignores the 9 ms outlier
                    ms = base[app] + step + extra + jitter
                    rows.append(f"{len(rows)},{c},{ms / 1000},{e},{app},{size}")
    (tmp_path / "e.csv").write_text("\n".join(rows) + "\n")
    proc = run(str(tmp_path / "e.csv"))
    assert proc.returncode == 0, proc.stderr
    per_experiment = section(proc.stdout, "StdSize (small): median latency (ms) of each experiment")
    assert per_experiment["1"] == [2.0, 5.0, 4.0, 6.0] and per_experiment["2"] == [3.0, 4.0, 3.0, 5.0]
    corr = section(proc.stdout, "StdSize (small): correlation (Pearson) of the per-experiment medians")
    assert corr["gohttp"] == [-1.0, 1.0, 1.0, 1.0]  # drifts down with the Java series, against gogrpc
    overall = section(proc.stdout, "median latency (ms) over all experiments, and LargeSize - StdSize")
    # all six requests: 3.5, 4, 4.5, 5, 13, 14 -> 4.75
    assert overall["gohttp"] == [4.75, 5.75, 1.0] and overall["gogrpc"] == [2.75, 8.75, 6.0]


@pytest.mark.skipif(not DATA.exists(), reason=f"published raw data absent: {DATA}")
def test_the_published_data_give_the_figures_the_docs_cite():
    proc = run()
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("experimento6.csv: 61,504 latencies, 31 experiments")
    std = section(proc.stdout, "StdSize (small): median latency (ms) of each experiment")
    assert (std["1"][1], std["31"][1]) == (5.72, 3.12)  # gohttp drifts down as a JVM warms
    corr = section(proc.stdout, "StdSize (small): correlation (Pearson) of the per-experiment medians")
    assert (corr["gohttp"][3], corr["gohttp"][0]) == (0.994, 0.036)
    overall = section(proc.stdout, "median latency (ms) over all experiments, and LargeSize - StdSize")
    assert (overall["gohttp"][2], overall["javahttp"][2]) == (1.221, 1.285)
    assert overall["gohttp"][1] == 4.472 and overall["javagrpc"][1] == 8.037


def test_a_file_without_the_columns_is_one_line_and_status_2(tmp_path):
    (tmp_path / "x.csv").write_text("a,b\n1,2\n")
    proc = run(str(tmp_path / "x.csv"))
    assert proc.returncode == 2 and proc.stdout == ""
    assert re.fullmatch(r"soares_published: .*x\.csv lacks the column\(s\) app_name, .*\n", proc.stderr)
    missing = run(str(tmp_path / "none.csv"))
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "cannot read" in missing.stderr
