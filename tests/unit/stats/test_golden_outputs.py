"""``bancada analyze``'s files, byte for byte, as the code before the typed results wrote them.

``golden/<case>/`` holds what ``bancada analyze`` wrote for a fixed, generated input (the JSON,
the Markdown tables, one CSV per table, the conclusions and the paper tables in English and in
Brazilian Portuguese) and the readings under each table, written by the code of commit f8cd06d
(results as dicts) before the statistics became one typed result each. The typed results must
give the same bytes.

To write the reference again (only when an output is meant to change):
``PYTHONPATH=app python tests/unit/stats/test_golden_outputs.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from bancada.cli import analyze as analyze_cmd, option_flags
from bancada.stats.frame_analysis import jsonable
from bancada.stats.results import map_values
from bancada.core.i18n import set_language

GOLDEN = Path(__file__).with_name("golden")

CASES = {
    "two-level, groups, mean": ["--aggregate", "mean"],
    "three levels, log, outliers": [
        "--factors",
        "language,protocol",
        "--by",
        "",
        "--log",
        "--outliers-iqr",
        "1.5",
        "--replications",
        "1-3",
        "--alpha",
        "0.1",
        "--confidence",
        "0.95",
    ],
    "one factor, unbalanced": ["--factors", "protocol", "--by", "payload", "--aggregate", "median"],
    "no replication column": ["--replication", "none_here", "--error-pct", "2"],
}


def _samples(case: str) -> pd.DataFrame:
    """A tidy sample table: warm-up rows, a failed row, 2 payloads, 2 or 3 languages, 2 protocols."""
    rng = np.random.default_rng(7)
    langs = (("go", 0.0), ("java", 0.2), ("rust", -0.1)) if case.startswith("three") else (("go", 0.0), ("java", 0.2))
    rows = []
    for payload in ("small", "large"):
        for lang, lshift in langs:
            for proto, pshift in (("grpc", 0.0), ("rest", 0.5)):
                reps = 3 if not (case.startswith("one factor") and lang == "java" and proto == "rest") else 2
                for rep in range(1, reps + 1):
                    for seq in range(14):
                        rows.append(
                            {
                                "language": lang,
                                "protocol": proto,
                                "payload": payload,
                                "repetition": rep,
                                "phase": "warmup" if seq < 2 else "measure",
                                "latency_s": 1.0 + lshift + pshift + rng.exponential(0.1 + 0.05 * rep),
                                "ok": "true",
                            }
                        )
    df = pd.DataFrame(rows)
    df.loc[5, "ok"] = "false"
    return df


def _slug(case: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in case)


def outputs(case: str, tmp: Path) -> dict[str, bytes]:
    """Every file ``bancada analyze`` writes for ``case``, and the readings in both languages, by name."""
    from bancada.analysis.words import tables as tables_mod
    from bancada.analysis.words.readings import readings

    csv = tmp / "samples.csv"
    _samples(case).to_csv(csv, index=False)
    files: dict[str, bytes] = {}
    for lang in ("en", "pt_BR"):
        out = tmp / lang
        out.mkdir()
        argv = [str(csv), *CASES[case], "--quiet", "--language", lang, "--conclusions", str(out / "conclusions.md")]
        argv += ["--tables-format", "md", "--tables", str(out / "paper.md")]
        if lang == "en":
            argv += ["--json", str(out / "result.json"), "--markdown", str(out / "tables.md")]
            argv += ["--csv-dir", str(out / "csv")]
        p = argparse.ArgumentParser()
        analyze_cmd.configure_parser(p)
        assert analyze_cmd.run(p.parse_args(argv)) == 0
        if lang == "en":  # the typed analysis the command read its tables and sentences from
            analysis = map_values(analyze_cmd._analyze(p.parse_args(argv))[1].named(option_flags.flag), jsonable)
        for path in sorted(out.rglob("*")):
            if path.is_file():
                files[f"{lang}/{path.relative_to(out).as_posix()}"] = path.read_bytes()
        set_language(lang)
        try:
            lines = readings(analysis, tables_mod.build_tables(analysis))
        finally:
            set_language("en")
        files[f"{lang}/readings.json"] = (json.dumps(lines, indent=1, ensure_ascii=False) + "\n").encode()
    return files


@pytest.mark.parametrize("case", list(CASES))
def test_outputs_are_byte_identical(case, tmp_path):
    expected_dir = GOLDEN / _slug(case)
    expected = {p.relative_to(expected_dir).as_posix(): p.read_bytes() for p in expected_dir.rglob("*") if p.is_file()}
    got = outputs(case, tmp_path)
    assert sorted(got) == sorted(expected)
    for name, data in got.items():
        if name.endswith("readings.json"):  # the window's order of the factorial tables is the files' now
            assert json.loads(data) == json.loads(expected[name]), f"{case}: {name} differs from the reference"
            continue
        assert data == expected[name], f"{case}: {name} differs from the reference"


if __name__ == "__main__":
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "app"))
    for case in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            for name, data in outputs(case, Path(tmp)).items():
                target = GOLDEN / _slug(case) / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        print("wrote", GOLDEN / _slug(case))
