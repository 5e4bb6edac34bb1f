"""`bancada analyze` end to end on a small tidy CSV written by the test."""

import argparse
import json

import numpy as np
import pandas as pd
import pytest

from bancada.cli import analyze as analyze_cmd
from bancada.cli.importers import TIDY_COLUMNS
from bancada.stats.frame_analysis import InputError, analyze_frame


def tidy(rows_per_rep=12, reps=3, seed=0, drop=None):
    rng = np.random.default_rng(seed)
    rows = []
    for payload in ("small", "large"):
        for lang, lshift in (("go", 0.0), ("java", 0.2)):
            for proto, pshift in (("grpc", 0.0), ("rest", 1.0)):
                for rep in range(1, reps + 1):
                    for seq in range(rows_per_rep + 2):
                        phase = "warmup" if seq < 2 else "measure"
                        rows.append(
                            {
                                "run_id": "t",
                                "implementation": f"{lang}-{proto}",
                                "language": lang,
                                "protocol": proto,
                                "operation": "select",
                                "payload": payload,
                                "payload_count": 200,
                                "payload_bytes": 800,
                                "repetition": rep,
                                "seq": seq,
                                "phase": phase,
                                "latency_s": 1.0 + lshift + pshift + rng.exponential(0.1),
                                "server_s": "",
                                "ok": "true",
                                "error": "",
                            }
                        )
    df = pd.DataFrame(rows, columns=TIDY_COLUMNS)
    df.loc[5, "ok"] = "false"
    df.loc[5, "latency_s"] = np.nan
    if drop is not None:
        df = df.drop(index=drop)
    return df


def run_cli(argv):
    p = argparse.ArgumentParser()
    analyze_cmd.configure_parser(p)
    return analyze_cmd.run(p.parse_args(argv))


def test_end_to_end_json_markdown_csv(tmp_path, capsys):
    csv = tmp_path / "s.csv"
    tidy().to_csv(csv, index=False)
    out = tmp_path / "o.json"
    code = run_cli(
        [
            str(csv),
            "--aggregate",
            "mean",
            "--json",
            str(out),
            "--markdown",
            str(tmp_path / "o.md"),
            "--csv-dir",
            str(tmp_path / "tables"),
        ]
    )
    assert code == 0
    res = json.loads(out.read_text())
    assert res["response"] == "latency_s" and res["factors"] == ["language", "protocol"]
    assert res["preparation"]["warmup_or_other_phase"] == 2 * 8 * 3 and res["preparation"]["not_ok"] == 1
    assert [g["by"] for g in res["groups"]] == [{"payload": "small"}, {"payload": "large"}]
    g = res["groups"][0]
    assert len(g["treatments"]) == 4 and len(g["pairwise"]) == 6
    t = g["treatments"][0]
    for key in ("levels", "n", "mean", "sd", "median", "q1", "q3", "min", "max", "median_ci", "shapiro"):
        assert key in t
    assert set(t["shapiro"]) >= {"W", "p", "n_used"}
    pw = g["pairwise"][0]
    assert set(pw) >= {"a", "b", "W", "p", "p_holm", "method", "cliffs_delta", "a12", "magnitude"}
    assert [k["factor"] for k in g["kruskal"]] == ["language", "protocol", "language*protocol"]
    f = g["factorial"]
    assert f["design"] == "2^k r" and f["r"] == 3 and f["aggregate"] == "mean" and f["transform"] == "none"
    assert [e["term"] for e in f["effects"]] == ["I", "language", "protocol", "language*protocol"]
    assert f["variation_pct"]["protocol"] > 90 and set(f["ss"]) >= {"SSY", "SS0", "SST", "SSE", "protocol"}
    assert g["sample_size"][0]["n_required"] >= 1
    assert [r["position"] for r in g["ranking"]][0] == 1
    md = (tmp_path / "o.md").read_text()
    assert "## Wilcoxon rank-sum" in md and "## Factorial allocation of variation" in md
    assert (tmp_path / "tables" / "kruskal_wallis.csv").exists()
    assert "Summary" in capsys.readouterr().out


def test_unbalanced_design_reports_reason_and_keeps_other_tables(tmp_path, capsys):
    csv = tmp_path / "s.csv"
    tidy().to_csv(csv, index=False)  # one failed row makes go/grpc one row short
    out = tmp_path / "o.json"
    per_request = ["--aggregate", "none"]  # each row a replication: the short cell unbalances the design
    assert run_cli([str(csv), "--json", str(out), "--quiet", *per_request]) == 0
    g = json.loads(out.read_text())["groups"][0]
    assert "unbalanced design" in g["factorial"]["error"] and "language=go, protocol=grpc" in g["factorial"]["error"]
    assert len(g["pairwise"]) == 6 and g["kruskal"]
    assert run_cli([str(csv), "--json", str(out), "--quiet"]) == 0  # by default each repetition's mean
    assert json.loads(out.read_text())["groups"][0]["factorial"]["aggregate"] == "mean"
    assert run_cli([str(csv), "--json", str(out), "--quiet", "--trim-unbalanced", *per_request]) == 0
    f = json.loads(out.read_text())["groups"][0]["factorial"]
    assert f["r"] == 35 and any("trimmed" in n for n in f["notes"])


def test_no_replication_column_each_row_is_a_replication():
    df = tidy().drop(columns=["repetition"])
    res = analyze_frame(df[df["payload"] == "large"], by=()).to_dict()
    f = res["groups"][0]["factorial"]
    assert f["r"] == 36 and "no replication column" in f["notes"][0]


def test_replication_range_outliers_log_and_three_levels():
    df = tidy(reps=6)
    res = analyze_frame(df, aggregate="median", replications="2-4", outliers_iqr=1.5, log=True).to_dict()
    g = res["groups"][0]
    assert g["factorial"]["r"] == 3 and g["factorial"]["transform"] == "log10"
    assert g["preparation"]["replications_outside_range"] > 0
    assert sum(t["n"] for t in g["treatments"]) > 4 * 3 * 12  # rank tests keep every replication
    df3 = df.copy()
    df3.loc[df3["protocol"] == "rest", "protocol"] = np.where(
        df3.loc[df3["protocol"] == "rest", "seq"] % 2, "rest", "gql"
    )
    res3 = analyze_frame(df3, aggregate="none", trim_unbalanced=True).to_dict()
    assert res3["groups"][0]["factorial"]["design"] == "full factorial"
    assert len(res3["groups"][0]["dunn"]) == 15


@pytest.mark.parametrize(
    "argv_extra, content, message",
    [
        (["--factors", "language,color"], None, "missing column in"),
        ([], "text", "not numeric"),
        ([], "onelevel", "only one level"),
    ],
)
def test_bad_input_one_line(tmp_path, capsys, argv_extra, content, message):
    df = tidy()
    if content == "text":
        df["latency_s"] = df["latency_s"].astype(object)
        df.loc[7, "latency_s"] = "fast"
    if content == "onelevel":
        df["protocol"] = "grpc"
    csv = tmp_path / "s.csv"
    df.to_csv(csv, index=False)
    assert run_cli([str(csv), "--quiet", *argv_extra]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_missing_file_and_bad_range(tmp_path, capsys):
    assert run_cli([str(tmp_path / "nope.csv")]) == 2
    csv = tmp_path / "s.csv"
    tidy().to_csv(csv, index=False)
    assert run_cli([str(csv), "--replications", "x-y"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 2


def test_analyze_frame_errors_raise_input_error():
    with pytest.raises(InputError):
        analyze_frame(tidy(), response="nope").to_dict()


def test_a_generic_csv_without_payload_is_one_group(tmp_path, capsys):
    df = tidy()
    df = df[df["payload"] == "small"].drop(columns=["payload"])
    csv = tmp_path / "generic.csv"
    df.to_csv(csv, index=False)
    out = tmp_path / "r.json"
    assert run_cli([str(csv), "--quiet", "--json", str(out)]) == 0, capsys.readouterr().err
    result = json.loads(out.read_text())
    assert len(result["groups"]) == 1
    # with a payload column the default still splits by it
    tidy().to_csv(csv, index=False)
    assert run_cli([str(csv), "--quiet", "--json", str(out)]) == 0
    assert len(json.loads(out.read_text())["groups"]) == 2


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "is empty: expected a CSV with a header row"),
        ("latency_s,language,protocol,payload\n", "has a header but no rows"),
    ],
)
def test_empty_or_header_only_csv_says_so(tmp_path, capsys, text, message):
    csv = tmp_path / "empty.csv"
    csv.write_text(text)
    assert run_cli([str(csv), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "No columns to parse" not in err


def test_repetition_level_rank_sum_uses_one_median_per_repetition():
    # per-repetition medians: a = 1..5, b = 6..10 (three requests each, the middle one is the median)
    rows = []
    for impl, medians in (("a", [1, 2, 3, 4, 5]), ("b", [6, 7, 8, 9, 10])):
        for rep, m in enumerate(medians, start=1):
            for y in (m - 0.4, m, m + 0.3):
                rows.append({"implementation": impl, "repetition": rep, "latency_s": y})
    res = analyze_frame(pd.DataFrame(rows), factors=["implementation"], by=[]).to_dict()
    pr = res["groups"][0]["pairwise_replication"]
    assert len(pr) == 1 and (pr[0]["r_a"], pr[0]["r_b"]) == (5, 5)
    # R: wilcox.test(1:5, 6:10) -> W = 0, p-value = 0.007937 (exact: 2 / choose(10, 5))
    assert pr[0]["W"] == 0 and pr[0]["method"] == "exact"
    assert pr[0]["p"] == pytest.approx(2 / 252, rel=1e-9)
    # the sample-level test sees 15 vs 15 values and a far smaller p
    assert res["groups"][0]["pairwise"][0]["p"] < pr[0]["p"]
    # without a replication column there is no repetition-level table
    res = analyze_frame(pd.DataFrame(rows).drop(columns=["repetition"]), factors=["implementation"], by=[]).to_dict()
    assert res["groups"][0]["pairwise_replication"] == []
