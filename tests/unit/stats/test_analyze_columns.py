"""The columnar analysis gives the tables the frame-by-frame analysis gave, to the last bit.

``analyze_reference.json`` holds the SHA-256 of ``bancada analyze --json`` (keys sorted)
and each group's treatment medians, of a small 2^3 run
(``tests/bench/_bigrun.py``, 300 samples per treatment, 10 repetitions, warm-up and
failed samples; deterministic) computed by the code before the columnar path
(commit af82ea2, where ``analyze_frame`` turned the factors into text and copied
the frame), for option sets that take every branch: groups, outliers, a range of
replications, log, median and mean aggregates, trimming, more than 16 cells (the
sorted split), and a CSV with missing levels, missing responses and text labels.
The run file and its tidy CSV must both give exactly those results.

To write the reference again (only when a table is meant to change):
``PYTHONPATH=<app of the code to trust> python tests/unit/stats/test_analyze_columns.py``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests" / "bench"))
import _bigrun  # noqa: E402

from bancada.cli import analyze as analyze_cmd  # noqa: E402

REFERENCE = Path(__file__).with_name("analyze_reference.json")
N_PER_TREATMENT = 300
OPTION_SETS = {
    "groups, mean": ["--factors", "language,protocol,operation", "--by", "payload", "--aggregate", "mean"],
    "outliers, range, log": [
        "--factors",
        "language,protocol",
        "--by",
        "operation",
        "--outliers-iqr",
        "1.5",
        "--replications",
        "2-6",
        "--aggregate",
        "median",
        "--log",
    ],
    "40 cells, all rows": [
        "--factors",
        "repetition,language,protocol",
        "--by",
        "",
        "--replication",
        "seq",
        "--all-rows",
    ],
    "two by columns, trim": ["--factors", "implementation,operation", "--by", "payload,language", "--trim-unbalanced"],
}
INPUTS = ("bigrun.sqlite", "bigrun.csv", "messy.csv")


def make_inputs(folder: Path) -> dict[str, Path]:
    """The run file, its tidy CSV and a messy copy (missing levels and responses, labels r1..r10, a short cell)."""
    run, csv = _bigrun.make_inputs(folder, N_PER_TREATMENT)
    df = pd.read_csv(csv, dtype=str, keep_default_na=False)
    rng = np.random.default_rng(1)
    for column, n in (("language", 50), ("latency_s", 30), ("protocol", 30)):
        df.loc[rng.choice(len(df), n, replace=False), column] = ""
    df = df[~((df["language"] == "java") & (df["repetition"] == "10") & (df["protocol"] == "rest"))]
    df["repetition"] = "r" + df["repetition"]
    messy = folder / "messy.csv"
    df.to_csv(messy, index=False)
    return {"bigrun.sqlite": run, "bigrun.csv": csv, "messy.csv": messy}


def digest(result: dict[str, object]) -> dict[str, object]:
    """What the reference keeps of a result: its SHA-256 (every number, to the last bit) and readable medians."""
    text = json.dumps(result, sort_keys=True)
    groups = result["groups"]
    assert isinstance(groups, list)
    return {
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "medians": [[t["median"] for t in g["treatments"]] for g in groups],
        "rows_analysed": result["preparation"]["rows_analysed"],  # type: ignore[index]
        "groups": len(groups),
        "treatments": max(len(g["treatments"]) for g in groups),
        "outliers": result["preparation"]["outliers"],  # type: ignore[index]
        "factorial_errors": [g["factorial"].get("error") for g in groups],
    }


def analyze(source: Path, args: list[str], out: Path) -> dict[str, object]:
    """``bancada analyze`` of ``source`` as the JSON it writes, or the error line (exit code 2)."""
    out.unlink(missing_ok=True)
    code = analyze_cmd.main([str(source), *args, "--quiet", "--json", str(out)])
    return json.loads(out.read_text()) if code == 0 else {"exit code": code}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_inputs(tmp_path_factory.mktemp("bigrun"))


@pytest.mark.parametrize("options", list(OPTION_SETS))
@pytest.mark.parametrize("name", INPUTS)
def test_same_tables_as_the_frame_analysis(
    inputs: dict[str, Path], name: str, options: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = json.loads(REFERENCE.read_text())[name][options]
    got = analyze(inputs[name], OPTION_SETS[options], tmp_path / "out.json")
    err = capsys.readouterr().err
    if "exit code" in expected:
        assert got == {"exit code": expected["exit code"]} and err == expected["stderr"]
        return
    assert "exit code" not in got, err
    assert digest(got) == expected["result"]


def test_reference_takes_every_branch() -> None:
    """The reference is not made of errors: tables, a factorial error and an outlier count are in it."""
    ref = json.loads(REFERENCE.read_text())
    results = [r["result"] for per in ref.values() for r in per.values() if "result" in r]
    assert len(results) >= 9
    assert any(r["outliers"] for r in results)
    assert any(e for r in results for e in r["factorial_errors"])
    assert any(r["groups"] > 1 for r in results)
    assert any(r["treatments"] > 16 for r in results)


if __name__ == "__main__":  # write the reference with the bancada on PYTHONPATH
    import contextlib
    import io
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        paths = make_inputs(Path(tmp))
        reference: dict[str, dict[str, object]] = {}
        for name, path in paths.items():
            reference[name] = {}
            for label, args in OPTION_SETS.items():
                err = io.StringIO()
                with contextlib.redirect_stderr(err):
                    got = analyze(path, args, Path(tmp) / "out.json")
                entry = {"result": digest(got)} if "exit code" not in got else {**got, "stderr": err.getvalue()}
                reference[name][label] = entry
        REFERENCE.write_text(json.dumps(reference, indent=1) + "\n")
    print(f"wrote {REFERENCE} ({REFERENCE.stat().st_size} bytes)")
