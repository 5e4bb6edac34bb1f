"""What a pt-BR reader gets outside the window: statistics.md of Export all, the comparison's tables
and sentences, the conclusions' counts, and the study titles. The analysis runs on seeded lognormal
samples of a 2 × 2 design (Go and Java, gRPC and REST, three repetitions) through the same code as
a run (bancada.analysis.run_statistics, bancada.cli.compare with tidy CSVs)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from bancada.core import i18n
from tests.conftest import ROOT

#: median latency (ms) per treatment; go/rest clearly faster than the others
MEDIANS_MS = {("go", "grpc"): 0.20, ("go", "rest"): 0.10, ("java", "grpc"): 0.30, ("java", "rest"): 0.25}


@pytest.fixture(autouse=True)
def _portuguese():
    i18n.set_language("pt_BR")
    yield
    i18n.set_language("en")


def _samples(seed: int, sigma: float = 1.0, n: int = 60) -> pd.DataFrame:
    """Tidy samples as a run stores them: a lognormal latency around each treatment's median."""
    rng = np.random.default_rng(seed)
    rows = []
    for (lang, proto), median in MEDIANS_MS.items():
        for rep in (1, 2, 3):
            for seq, v in enumerate(median * rng.lognormal(0.0, sigma, n)):
                rows.append(
                    {
                        "run_id": f"run{seed}",
                        "implementation": f"{lang}-{proto}",
                        "language": lang,
                        "protocol": proto,
                        "payload": "StdSize",
                        "repetition": rep,
                        "seq": seq,
                        "phase": "measure",
                        "ok": "true",
                        "latency_s": v / 1e3,
                        "latency_ms": v,
                    }
                )
    return pd.DataFrame(rows)


def _analysis():
    from bancada.analysis.run_statistics import analyse_run_frame

    res = analyse_run_frame(_samples(1), ["language", "protocol"])
    assert res.tables and res.result, res.message
    return res


def test_statistics_md_of_export_all_is_in_portuguese(tmp_path):
    from bancada.export.statistics_files import write_tables

    res = _analysis()
    write_tables(res.tables, tmp_path, res.readings)
    md = (tmp_path / "statistics.md").read_text(encoding="utf-8")
    assert md.startswith("# Estatísticas\n") and "## Resumo\n" in md and "## Teste de Kruskal-Wallis\n" in md
    assert "| Mediana (ms) |" in md and "| IC da mediana, inferior (ms) |" in md
    for raw in ("median_ci_lo", "cliffs_delta", "p_holm", "| r_a |", "| SSY |", "aggregate none", "Summary"):
        assert raw not in md, raw
    assert "SSY (soma dos quadrados das respostas)" in md and "linguagem × protocolo" in md
    assert "projeto 2^k r (k fatores com dois níveis, r replicações)" in md and "confiança 90 %" in md
    cells = [c.strip() for line in md.splitlines() if line.startswith("| ") for c in line.strip("|").split("|")]
    numbers = [c for c in cells if re.fullmatch(r"[<–+-]?\s?[\d.,]+( %)?", c)]
    assert any("," in c for c in numbers), numbers[:20]
    decimal_points = [c for c in numbers if re.fullmatch(r"-?\d+\.\d{1,2}|-?0\.\d+|-?\d+\.\d{4,}", c)]
    assert not decimal_points, decimal_points[:10]
    # the CSVs beside it stay data for a program: raw column names, decimal points
    assert "median_ci_lo" in (tmp_path / "statistics" / "summary.csv").read_text().splitlines()[0]


def test_counts_in_the_conclusions_and_readings_have_their_thousands_grouped():
    from bancada.analysis.words.sentences import conclusions

    res = _analysis()
    top = max(s.n_required or 0 for s in res.result.groups[0].sample_size)
    assert top >= 1000, top  # sigma 1: the mean needs thousands of requests for ±5 %
    text = conclusions(res.result)
    assert f"até {i18n.integer(top)} requisições" in text and re.search(r"\d\.\d{3} requisições", text), text
    assert str(top) not in text.replace(i18n.integer(top), "")
    assert i18n.integer(top) in res.readings["Sample size"], res.readings["Sample size"]


def _csv(tmp_path: Path, seed: int) -> str:
    path = tmp_path / f"run{seed}.csv"
    _samples(seed, sigma=0.3, n=200).drop(columns=["latency_ms"]).to_csv(path, index=False)
    return str(path)


def test_the_comparison_in_portuguese_writes_p_as_the_tables_do_and_says_why_in_words(tmp_path):
    from bancada.cli.compare import compare
    from bancada.analysis.words import compare_tables

    slow = _samples(3, sigma=0.3, n=200)
    slow.loc[slow["implementation"] == "go-rest", "latency_s"] *= 1.5  # the other run's go-rest is slower
    other = tmp_path / "run3.csv"
    slow.drop(columns=["latency_ms"]).to_csv(other, index=False)
    result = compare([_csv(tmp_path, 2), str(other)], resamples=500)
    tables = compare_tables.display_tables(result)
    (name, df), *_ = tables.items()
    assert name == "Mudança run3 vs run2"
    go_rest = df[df["treatment"] == "go-rest/StdSize"].iloc[0]
    assert go_rest["p_holm"] == "< 0,001", go_rest["p_holm"]  # not 6,48e-05
    assert go_rest["veredito"] == "mais lento" and go_rest["mudança [IC 95%]"].startswith("+")
    for p in df["p_holm"].iloc[:-1]:
        assert re.fullmatch(r"< 0,001|[01],\d{3}", p), p
    notes = compare_tables.noise_floor_lines(result)
    assert notes == ["piso de ruído, run3 vs run2: não calculado (um CSV organizado não traz perfil nem dados do host)"]

    # the rank test may call a change significant while the change's interval still includes 0
    row = dict(result["comparisons"][0]["rows"][0], verdict="slower", change_pct=8.8, change_ci_pct=[-2.6, 24.4])
    assert compare_tables._verdict_text(row) == "sem diferença clara (o intervalo da mudança inclui 0)"
    assert compare_tables._verdict_text(dict(row, change_ci_pct=[1.2, 24.4])) == "mais lento"


def test_proper_names_and_study_titles():
    assert [i18n.proper_name(w) for w in ("cpp", "php", "node", "go", "grpc", "graphql")] == [
        "C++",
        "PHP",
        "Node.js",
        "Go",
        "gRPC",
        "GraphQL",
    ]
    i18n.set_language("en")
    assert i18n.p_value(6.48e-5) == "< 0.001" and i18n.p_value(0.0234) == "0.023" and i18n.integer(16965) == "16,965"
    i18n.set_language("pt_BR")
    assert i18n.p_value(6.48e-5) == "< 0,001" and i18n.integer(16965) == "16.965" and i18n.integer(2900) == "2.900"
    titles = [tomllib.loads(p.read_text())["experiment"].get("title", "") for p in (ROOT / "profiles").glob("*.toml")]
    jargon = [t for t in titles if re.search(r"\bseed\b", t, re.I)]
    assert not jargon, jargon
