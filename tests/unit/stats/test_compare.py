"""The statistics of `bancada compare` (pure functions) and the command on tidy CSVs written by the test.

Runs made by real workers are compared in tests/integration/test_compare_runs.py.
"""

import argparse
import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from bancada.cli import compare as compare_cmd
from bancada.cli.importers import TIDY_COLUMNS
from bancada.stats import bootstrap, run_comparison as compare, noisefloor, ranktests
from bancada.stats import side as side_mod


def tidy(treatments, reps=3, n=40, seed=0, run_id="t", server_s=None):
    """A tidy frame: ``treatments`` maps "impl/payload" to a median latency (s); exponential spread."""
    rng = np.random.default_rng(seed)
    rows = []
    for key, median_s in treatments.items():
        impl, payload = key.split("/")
        for rep in range(1, reps + 1):
            for seq in range(n):
                lat = median_s * (0.9 + 0.2 * rng.random())
                rows.append(
                    {
                        "run_id": run_id,
                        "implementation": impl,
                        "language": impl.split("-")[0],
                        "protocol": impl.split("-")[1],
                        "operation": "select",
                        "payload": payload,
                        "payload_count": 200,
                        "payload_bytes": 800,
                        "repetition": rep,
                        "seq": seq,
                        "phase": "measure",
                        "latency_s": lat,
                        "server_s": "" if server_s is None else server_s[key],
                        "ok": "true",
                        "error": "",
                    }
                )
    return pd.DataFrame(rows, columns=TIDY_COLUMNS)


def side(label, df):
    return side_mod.Side(label, df)


def run_cli(argv):
    p = argparse.ArgumentParser()
    compare_cmd.configure_parser(p)
    return compare_cmd.run(p.parse_args(argv))


# -- the bootstrap of the median --------------------------------------------------------------------------


@pytest.mark.parametrize("n", [7, 15])
def test_bootstrap_median_has_the_exact_distribution_for_odd_n(n):
    # For odd n the bootstrap median is x_(j) with P(median* <= x_(j)) = P(Binomial(n, j/n) >= (n+1)/2)
    # (Efron 1982, The Jackknife, the Bootstrap and Other Resampling Plans, §10.7; Maritz & Jarrett 1978).
    x = np.sort(np.random.default_rng(3).exponential(1.0, n))
    reps = bootstrap.median_replicates(x, 200_000, np.random.default_rng(1))
    k = (n + 1) // 2
    for j in range(1, n + 1):
        exact = float(stats.binom.sf(k - 1, n, j / n))
        assert np.mean(reps <= x[j - 1]) == pytest.approx(exact, abs=0.004), j


def test_bootstrap_median_matches_brute_force_resampling_for_even_n():
    x = np.sort(np.random.default_rng(4).lognormal(0, 1, 8))
    fast = bootstrap.median_replicates(x, 100_000, np.random.default_rng(2))
    rng = np.random.default_rng(5)
    brute = np.median(x[rng.integers(0, len(x), (100_000, len(x)))], axis=1)
    ks = stats.ks_2samp(fast, brute)
    assert ks.statistic < 0.01  # same distribution (two-sample KS; the critical value at 1 % is 0.0073)
    assert set(np.unique(fast)) <= set(np.unique(brute)) | set(np.unique((x[:, None] + x[None, :]) / 2).ravel())


def test_bootstrap_is_seeded_and_per_treatment():
    a, b = np.sort(np.arange(1.0, 31.0)), np.sort(np.arange(2.0, 32.0))
    r1 = bootstrap.ratio_of_medians(a, b, "go-rest/StdSize")
    r2 = bootstrap.ratio_of_medians(a, b, "go-rest/StdSize")
    r3 = bootstrap.ratio_of_medians(a, b, "go-grpc/StdSize")
    assert np.array_equal(r1, r2) and not np.array_equal(r1, r3)
    lo, hi = bootstrap.percentile_interval(r1)
    assert lo < np.median(b) / np.median(a) < hi


# -- Holm, against R ---------------------------------------------------------------------------------------

# Values of R's p.adjust(p, method = "holm"), computed by hand from its definition (sort ascending,
# multiply the i-th smallest by m - i + 1, running maximum, cap at 1), e.g. for the first case:
# sorted 0.005, 0.01, 0.03, 0.04, 0.2 -> 0.025, 0.04, 0.09, 0.08 -> 0.09, 0.2.
HOLM_R = [
    ([0.01, 0.04, 0.03, 0.005, 0.2], [0.04, 0.09, 0.09, 0.025, 0.2]),
    ([0.5, 0.3, 0.02], [0.6, 0.6, 0.06]),
    ([0.7, 0.9], [1.0, 1.0]),
    ([0.02, float("nan"), 0.01], [0.02, float("nan"), 0.02]),  # NA stays NA and does not count in m
]


@pytest.mark.parametrize("p, expected", HOLM_R)
def test_holm_matches_r_p_adjust(p, expected):
    assert ranktests.holm(p) == pytest.approx(expected, nan_ok=True)


def test_compare_table_holm_adjusts_across_its_rows():
    base = tidy({"go-rest/S": 1e-3, "go-grpc/S": 2e-3, "java-rest/S": 3e-3, "java-grpc/S": 4e-3}, seed=1)
    other = tidy({"go-rest/S": 1.02e-3, "go-grpc/S": 2.2e-3, "java-rest/S": 3e-3, "java-grpc/S": 4.1e-3}, seed=2)
    comp = compare.compare_pair(side("a", base), side("b", other), resamples=500)
    raw = [r["p"] for r in comp["rows"]]
    order = np.argsort(raw)
    m = len(raw)
    by_hand = np.minimum(np.maximum.accumulate([(m - i) * raw[j] for i, j in enumerate(order)]), 1.0)
    for i, j in enumerate(order):
        assert comp["rows"][j]["p_holm"] == pytest.approx(by_hand[i])


# -- the comparison ----------------------------------------------------------------------------------------


def test_a_known_slowdown_is_significant_with_the_right_sign_and_size():
    base = tidy({"go-rest/StdSize": 1.0e-3, "go-grpc/StdSize": 2.0e-3})
    other = tidy({"go-rest/StdSize": 1.5e-3, "go-grpc/StdSize": 2.0e-3}, seed=9)
    comp = compare.compare_pair(side("a", base), side("b", other), resamples=2000)
    rows = {r["treatment"]: r for r in comp["rows"]}
    slow, same = rows["go-rest/StdSize"], rows["go-grpc/StdSize"]
    assert slow["verdict"] == "slower" and slow["significant"] and slow["cliffs_delta"] > 0.9
    assert slow["change_pct"] == pytest.approx(50, abs=3)
    assert slow["change_ci_pct"][0] < slow["change_pct"] < slow["change_ci_pct"][1]
    assert slow["median_baseline_ci_s"][0] <= slow["median_baseline_s"] <= slow["median_baseline_ci_s"][1]
    assert same["verdict"] == "~" and abs(same["change_pct"]) < 3
    g = comp["geomean"]
    assert g["treatments"] == 2
    assert g["ratio"] == pytest.approx(math.sqrt(slow["ratio"] * same["ratio"]))
    assert g["change_ci_pct"][0] < g["change_pct"] < g["change_ci_pct"][1]
    # swapping the runs flips the sign and the verdict
    back = compare.compare_pair(side("b", other), side("a", base), resamples=2000)
    row = next(r for r in back["rows"] if r["treatment"] == "go-rest/StdSize")
    assert row["verdict"] == "faster" and row["cliffs_delta"] < -0.9


def test_treatments_in_one_run_only_are_listed():
    base = tidy({"go-rest/StdSize": 1e-3, "java-rest/StdSize": 2e-3})
    other = tidy({"go-rest/StdSize": 1e-3, "go-grpc/LargeSize": 3e-3}, seed=5)
    comp = compare.compare_pair(side("a", base), side("b", other), resamples=200)
    assert [r["treatment"] for r in comp["rows"]] == ["go-rest/StdSize"]
    assert comp["only_in_baseline"] == ["java-rest/StdSize"]
    assert comp["only_in_other"] == ["go-grpc/LargeSize"]


def test_no_common_treatment_is_an_error_naming_both_runs():
    with pytest.raises(ValueError, match="no treatment .* in both a .*go-rest/StdSize.* and b .*go-grpc/StdSize"):
        compare.compare_runs([side("a", tidy({"go-rest/StdSize": 1e-3})), side("b", tidy({"go-grpc/StdSize": 1e-3}))])


def test_three_runs_give_kruskal_per_treatment_and_tables_against_the_first():
    a = tidy({"go-rest/S": 1e-3, "java-rest/S": 2e-3}, seed=1)
    b = tidy({"go-rest/S": 1e-3, "java-rest/S": 2e-3}, seed=2)
    c = tidy({"go-rest/S": 1.3e-3, "java-rest/S": 2e-3}, seed=3)
    res = compare.compare_runs([side("a", a), side("b", b), side("c", c)], resamples=200)
    assert [(x["baseline"], x["other"]) for x in res["comparisons"]] == [("a", "b"), ("a", "c")]
    kw = {k["treatment"]: k for k in res["kruskal"]}
    assert kw["go-rest/S"]["runs"] == ["a", "b", "c"] and kw["go-rest/S"]["df"] == 2
    assert kw["go-rest/S"]["p_holm"] < 1e-6 < kw["java-rest/S"]["p_holm"]
    lat = [s.treatments["java-rest/S"]["latency_s"] for s in (side("a", a), side("b", b), side("c", c))]
    assert kw["java-rest/S"]["H"] == pytest.approx(stats.kruskal(*lat).statistic)


def test_noise_floor_is_the_larger_spread_of_repetition_medians():
    assert noisefloor.spread_pct([1.0, 1.1, 0.95]) == pytest.approx((1.1 / 0.95 - 1) * 100)
    assert noisefloor.spread_pct([1.0, float("nan")]) is None
    # four repetitions whose medians are about 1, 2, 3, 4 ms, against a steady run
    df = pd.concat([tidy({"go-rest/S": m * 1e-3}, reps=1, n=41, seed=m).assign(repetition=m) for m in (1, 2, 3, 4)])
    base = tidy({"go-rest/S": 1e-3}, reps=4)
    a, b = side("a", base), side("b", df)
    reps = side_mod.repetition_medians(b.treatments["go-rest/S"])
    assert len(reps) == 4 and reps[-1] / reps[0] == pytest.approx(4, rel=0.1)
    comp = compare.compare_pair(a, b, compare.PairOptions(noise_floor=True, noise_floor_reason="test"), resamples=200)
    row = comp["rows"][0]
    assert comp["noise_floor"]["computed"]
    assert row["noise_floor_pct"] == pytest.approx((reps.max() / reps.min() - 1) * 100)
    spread = (
        max(row["median_baseline_s"], row["median_other_s"]) / min(row["median_baseline_s"], row["median_other_s"]) - 1
    ) * 100
    assert row["within_noise_floor"] is True and spread < row["noise_floor_pct"]
    # the change is held against the floor as a spread too: a halving (change -50 %) is a 100 % spread
    halved = compare.compare_pair(
        side("a", tidy({"go-rest/S": 2e-3}, reps=2)),
        side("b", tidy({"go-rest/S": 1e-3}, reps=2)),
        compare.PairOptions(noise_floor=True),
        resamples=200,
    )["rows"][0]
    assert halved["change_pct"] == pytest.approx(-50, abs=3) and halved["verdict"] == "faster"
    assert halved["noise_floor_pct"] < 20 and halved["within_noise_floor"] is False
    off = compare.compare_pair(a, b, resamples=200)
    assert not off["noise_floor"]["computed"] and off["rows"][0]["within_noise_floor"] is None
    one = compare.compare_pair(
        side("a", tidy({"go-rest/S": 1e-3}, reps=1)),
        side("b", tidy({"go-rest/S": 1e-3}, reps=1)),
        compare.PairOptions(noise_floor=True, noise_floor_reason="same"),
        resamples=200,
    )
    assert not one["noise_floor"]["computed"] and "two repetitions" in one["noise_floor"]["reason"]


def test_server_time_split_attributes_a_server_delay_to_the_server():
    base = tidy({"go-rest/S": 1e-3}, server_s={"go-rest/S": 0.2e-3})
    other = tidy({"go-rest/S": 3e-3}, seed=2, server_s={"go-rest/S": 2.2e-3})
    comp = compare.compare_pair(
        side("a", base), side("b", other), compare.PairOptions(network_share=True), resamples=200
    )
    row = comp["network_share"]["rows"][0]
    assert row["server_time"] and row["server_change_ms"] == pytest.approx(2.0)
    assert row["latency_change_ms"] == pytest.approx(2.0, abs=0.1)
    assert row["transit_client_change_ms"] == pytest.approx(0.0, abs=0.1)


# -- the command -------------------------------------------------------------------------------------------


def test_cli_writes_json_markdown_and_csv(tmp_path, capsys):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    tidy({"go-rest/StdSize": 1e-3, "go-grpc/StdSize": 2e-3}, run_id="run-a").to_csv(a, index=False)
    tidy({"go-rest/StdSize": 1.5e-3, "java-rest/StdSize": 2e-3}, run_id="run-b", seed=3).to_csv(b, index=False)
    out = tmp_path / "c.json"
    assert (
        run_cli(
            [
                str(a),
                str(b),
                "--json",
                str(out),
                "--markdown",
                str(tmp_path / "c.md"),
                "--csv-dir",
                str(tmp_path / "csv"),
                "--resamples",
                "500",
            ]
        )
        == 0
    )
    res = json.loads(out.read_text())
    assert res["schema"] == "bancada.compare/1" and res["baseline"] == "run-a"
    assert [r["label"] for r in res["runs"]] == ["run-a", "run-b"]
    comp = res["comparisons"][0]
    assert comp["only_in_baseline"] == ["go-grpc/StdSize"] and comp["only_in_other"] == ["java-rest/StdSize"]
    assert comp["noise_floor"] == {"computed": False, "reason": "a tidy CSV carries no profile or host facts"}
    md = (tmp_path / "c.md").read_text()
    assert "## Change run-b vs run-a" in md and "| go-rest/StdSize |" in md and "slower" in md
    csvs = sorted(p.name for p in (tmp_path / "csv").iterdir())
    assert csvs == ["change_run_b_vs_run_a.csv", "only_in_one_run_run_b_vs_run_a.csv"]
    table = pd.read_csv(tmp_path / "csv" / "change_run_b_vs_run_a.csv")
    assert list(table["treatment"]) == ["go-rest/StdSize", "geomean"]
    assert "go-rest/StdSize" in capsys.readouterr().out
    # a CSV has no host facts: the noise floor only when asked for, from its repetitions
    assert run_cli([str(a), str(b), "--json", str(out), "--noise-floor", "on", "--quiet", "--resamples", "200"]) == 0
    floor = json.loads(out.read_text())["comparisons"][0]["noise_floor"]
    assert floor["computed"] and floor["reason"] == "asked for (a tidy CSV carries no profile or host facts)"
    assert set(floor["per_treatment"]) == {"go-rest/StdSize"} and floor["per_treatment"]["go-rest/StdSize"] > 0


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda d: [str(d / "a.csv"), "no-such-run"], "no run 'no-such-run'"),
        (lambda d: [str(d / "a.csv"), str(d / "missing.csv")], "no such file"),
        (lambda d: [str(d / "a.csv"), str(d / "raw.csv")], "missing columns implementation, payload, latency_s"),
        (lambda d: [str(d / "a.csv"), str(d / "other.csv")], "no treatment (implementation/payload) is in both"),
        (lambda d: [str(d / "a.csv")], "at least two runs"),
        (lambda d: [str(d / "a.csv"), str(d / "text.csv")], "column latency_s is not numeric"),
        (lambda d: [str(d / "a.csv"), str(d / "notrun.sqlite")], "not a Bancada run file"),
        (lambda d: [str(d / "a.csv"), str(d / "other.sqlite")], "cannot read it as a Bancada run file"),
        (lambda d: [str(d / "a.csv"), str(d)], "is a folder"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, make, expected):
    tidy({"go-rest/StdSize": 1e-3}).to_csv(tmp_path / "a.csv", index=False)
    tidy({"go-grpc/LargeSize": 1e-3}).to_csv(tmp_path / "other.csv", index=False)
    pd.DataFrame({"id": [1], "c": [1], "value": [0.1]}).to_csv(tmp_path / "raw.csv", index=False)
    bad = tidy({"go-rest/StdSize": 1e-3})
    bad["latency_s"] = bad["latency_s"].astype(object)
    bad.loc[3, "latency_s"] = "fast"
    bad.to_csv(tmp_path / "text.csv", index=False)
    (tmp_path / "notrun.sqlite").write_text("not a database")
    import sqlite3  # a SQLite file with a meta table but none of a run's other tables

    con = sqlite3.connect(tmp_path / "other.sqlite")
    con.executescript("CREATE TABLE meta (key TEXT, value TEXT); INSERT INTO meta VALUES ('run_id', 'x');")
    con.commit()
    con.close()
    assert run_cli(make(tmp_path)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bancada compare: ") and expected in err, err
    assert "Traceback" not in err


def test_the_repetition_level_test_decides_when_asked():
    # 5 repetitions a side, every repetition median of b above every one of a: exact p = 2/252 = 0.0079
    a = tidy({"go-rest/S": 1.0e-3}, reps=5, n=30, seed=1)
    b = tidy({"go-rest/S": 1.3e-3}, reps=5, n=30, seed=2)
    by_reps = compare.compare_runs([side("a", a), side("b", b)], resamples=200, unit="repetition")
    row = by_reps["comparisons"][0]["rows"][0]
    assert by_reps["test_unit"] == "repetition" and row["r_baseline"] == row["r_other"] == 5
    assert row["p_repetitions"] == pytest.approx(2 / 252) and row["verdict"] == "slower"
    # with two repetitions a side the smallest p is 1/3: never significant at 0.05
    two = compare.compare_runs(
        [side("a", tidy({"go-rest/S": 1e-3}, reps=2)), side("b", tidy({"go-rest/S": 2e-3}, reps=2, seed=3))],
        resamples=200,
        unit="repetition",
    )
    row = two["comparisons"][0]["rows"][0]
    assert row["p_repetitions"] == pytest.approx(1 / 3) and row["verdict"] == "~" and row["p_holm"] < 1e-10


def test_latex_tables_use_booktabs_with_caption_label_and_escapes(tmp_path):
    import shutil
    import subprocess

    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    tidy({"go-rest/StdSize": 1e-3, "go-grpc_v2/StdSize": 2e-3}, run_id="run_a").to_csv(a, index=False)
    tidy({"go-rest/StdSize": 1.5e-3, "go-grpc_v2/StdSize": 2e-3}, run_id="run_b", seed=3).to_csv(b, index=False)
    tex = tmp_path / "c.tex"
    assert run_cli([str(a), str(b), "--latex", str(tex), "--quiet", "--resamples", "200"]) == 0
    text = tex.read_text()
    assert text.count("\\begin{table}") == 1 and "\\toprule" in text and "\\midrule" in text and "\\bottomrule" in text
    assert "\\caption{Change run\\_b vs run\\_a}" in text and "\\label{tab:compare-change-run-b-vs-run-a}" in text
    assert (
        "run\\_a median ms [95\\% CI]" in text
        and "go-grpc\\_v2/StdSize" in text
        and "$\\sim$" in text
        and "$\\delta$" in text
    )
    header = next(line for line in text.splitlines() if line.startswith("Treatment"))
    assert header.count("&") == 7 and all(line.count("&") == 7 for line in text.splitlines() if line.endswith("\\\\"))
    engine = shutil.which("pdflatex") or shutil.which("lualatex") or shutil.which("xelatex")
    if engine is None:
        pytest.skip("no TeX engine (pdflatex, lualatex, xelatex) on this machine: the LaTeX was checked, not compiled")
    doc = tmp_path / "doc.tex"
    doc.write_text(
        "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\\tiny\n" + text + "\\end{document}\n"
    )
    done = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", doc.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:]
