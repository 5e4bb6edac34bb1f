"""Reproduce the published tables of seed 000 (Soares 2024) from its raw data
through `bancada import soares2024` and `bancada analyze` options only.

Recipe (data/soares2024/README.md): per request size, drop outliers outside
Q1 - 3.5 IQR .. Q3 + 3.5 IQR per implementation over all 31 experiments;
rank tests on everything left; 2^2 r design on experiments 2-6 with each
experiment's mean latency as the replication's response.

The seed's tables cut numbers to the printed digits (e.g. median 0.000719981
is printed 0.00071, 93.665% is printed 93.66%), so values are compared after
truncation to the printed number of decimals.
"""

import argparse
import json
import math
from pathlib import Path

import pytest

from bancada.cli import analyze as analyze_cmd

from bancada.cli import importers

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "soares2024" / "experimento6.csv"
pytestmark = pytest.mark.skipif(not DATA.exists(), reason=f"published raw data absent: {DATA}")


def trunc(x, decimals):
    f = 10**decimals
    return math.trunc(x * f + math.copysign(1e-9, x)) / f


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("soares")
    tidy = tmp / "tidy.csv"
    p = argparse.ArgumentParser()
    importers.configure_parser(p)
    assert importers.run(p.parse_args(["soares2024", str(DATA), "--out", str(tidy)])) == 0
    p = argparse.ArgumentParser()
    analyze_cmd.configure_parser(p)
    out = tmp / "analysis.json"
    args = p.parse_args(
        [
            str(tidy),
            "--factors",
            "language,protocol",
            "--by",
            "payload",
            "--replication",
            "repetition",
            "--outliers-iqr",
            "3.5",
            "--replications",
            "2-6",
            "--aggregate",
            "mean",
            "--json",
            str(out),
            "--quiet",
        ]
    )
    assert analyze_cmd.run(args) == 0
    res = json.loads(out.read_text())
    return {g["by"]["payload"]: g for g in res["groups"]}


def treatment(group, lang, proto):
    return next(t for t in group["treatments"] if t["levels"] == {"language": lang, "protocol": proto})


# Table 2.1 - median and standard deviation (s)
TABLE_2_1 = {  # (language, protocol): (StdSize median, sd, LargeSize median, sd)
    ("go", "grpc"): (0.00071, 0.00006, 0.00768, 0.00070),
    ("go", "rest"): (0.00323, 0.00028, 0.00447, 0.00067),
    ("java", "grpc"): (0.00119, 0.00017, 0.00803, 0.00134),
    ("java", "rest"): (0.00321, 0.00023, 0.00451, 0.00066),
}


@pytest.mark.parametrize("key", list(TABLE_2_1))
def test_table_2_1_medians_and_sd(result, key):
    med_s, sd_s, med_l, sd_l = TABLE_2_1[key]
    for payload, med, sd in (("StdSize", med_s, sd_s), ("LargeSize", med_l, sd_l)):
        t = treatment(result[payload], *key)
        assert trunc(t["median"], 5) == pytest.approx(med, abs=1e-12), (payload, key, t["median"])
        # sd is printed rounded (0.000695 -> 0.00070), medians truncated
        assert round(t["sd"], 5) == pytest.approx(sd, abs=1e-12), (payload, key, t["sd"])


# Table 2.3 - Kruskal-Wallis chi-squared (printed "21,806 / 22,500", "1,239,3 / 356,88", "24,624 / 22,988")
TABLE_2_3 = {"protocol": (21806, 22500), "language": (1239.3, 356.88), "language*protocol": (24624, 22988)}


@pytest.mark.parametrize("factor", list(TABLE_2_3))
def test_table_2_3_kruskal_wallis(result, factor):
    for payload, published in zip(("StdSize", "LargeSize"), TABLE_2_3[factor]):
        k = next(k for k in result[payload]["kruskal"] if k["factor"] == factor)
        # R prints 5 significant digits
        assert float(f"{k['H']:.5g}") == pytest.approx(published), (payload, factor, k["H"])
        assert k["p"] < 2.2e-16  # printed "< 2,2e-16"


def test_table_2_2_all_pairs_differ_and_table_2_4_ranking(result):
    for payload in ("StdSize", "LargeSize"):
        assert all(pw["p_holm"] < 2.2e-16 or pw["p_holm"] < 1e-8 for pw in result[payload]["pairwise"])
    # (Java, REST) vs (Go, REST) StdSize: published 4.532e-09 on one repetition; every pair significant here
    order = {p: [(r["levels"]["language"], r["levels"]["protocol"]) for r in result[p]["ranking"]] for p in result}
    assert order["StdSize"] == [("go", "grpc"), ("java", "grpc"), ("java", "rest"), ("go", "rest")]
    assert order["LargeSize"] == [("go", "rest"), ("java", "rest"), ("go", "grpc"), ("java", "grpc")]
    assert [r["position"] for r in result["StdSize"]["ranking"]] == [1, 2, 3, 4]


# Table 2.5 - effects (totals / 4) and Eqs. 2.2-2.8 - sums of squares (mantissas printed, 5 decimals)
TABLE_2_5 = {
    "StdSize": {"I": 0.00243, "language": 0.00017, "protocol": 0.00131, "language*protocol": -0.00020},
    "LargeSize": {"I": 0.00621, "language": 0.00019, "protocol": -0.00149, "language*protocol": -0.00012},
}
EQ_2_2_8 = {
    "StdSize": {
        "SSE": 8.84833e-7,
        "SST": 3.70512e-5,
        "language": 6.20191e-7,
        "protocol": 3.47041e-5,
        "language*protocol": 8.42123e-7,
    },
    "LargeSize": {
        "SSE": 5.74272e-7,
        "SST": 4.65600e-5,
        "language": 7.90081e-7,
        "protocol": 4.48847e-5,
        "language*protocol": 3.10969e-7,
    },
}


@pytest.mark.parametrize("payload", ["StdSize", "LargeSize"])
def test_table_2_5_effects_and_sums_of_squares(result, payload):
    f = result[payload]["factorial"]
    assert f["design"] == "2^k r" and f["r"] == 5 and f["aggregate"] == "mean"
    assert f["levels"] == {"language": {"-1": "go", "+1": "java"}, "protocol": {"-1": "grpc", "+1": "rest"}}
    for e in f["effects"]:
        assert trunc(e["q"], 5) == pytest.approx(TABLE_2_5[payload][e["term"]], abs=1e-12), e
    for name, published in EQ_2_2_8[payload].items():
        exp = math.floor(math.log10(abs(published)))
        assert trunc(f["ss"][name] / 10**exp, 5) == pytest.approx(published / 10**exp, abs=1e-9), name


# Table 2.6 - allocation of variation (%)
TABLE_2_6 = {
    "language": (1.67, 1.69),
    "protocol": (93.66, 96.40),
    "language*protocol": (2.27, 0.66),
    "error": (2.38, 1.23),
}


@pytest.mark.parametrize("term", list(TABLE_2_6))
def test_table_2_6_allocation_of_variation(result, term):
    for payload, published in zip(("StdSize", "LargeSize"), TABLE_2_6[term]):
        pct = result[payload]["factorial"]["variation_pct"][term]
        assert trunc(pct, 2) == pytest.approx(published, abs=1e-9), (payload, term, pct)
