"""Tables for papers (bancada.analysis.words.table_export): the exact text of each format, in both languages."""

from __future__ import annotations

import csv
import io
import math

import pandas as pd
import pytest

from bancada.core import i18n
from bancada.analysis.words import table_export as te


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _summary() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "payload": ["StdSize", "StdSize"],
            "treatment": ["go/grpc", "go/rest"],
            "n": [1200, 40],
            "median": [0.23134567, 1234.5678],
            "p_holm": [1e-20, 0.04567],
            "cliffs_delta": [-0.4567, math.nan],
        }
    )


def test_cells_follow_the_language():
    assert [te.format_value("median", v) for v in (0.23134567, 1234.5678, 3.1e-5)] == ["0.231", "1,235", "3.10e-5"]
    assert te.format_value("p_holm", 1e-20) == "< 0.001" and te.format_value("p", 0.04567) == "0.046"
    assert te.format_value("n", 1200) == "1,200" and te.format_value("cliffs_delta", math.nan) == "–"
    i18n.set_language("pt_BR")
    assert [te.format_value("median", v) for v in (0.23134567, 1234.5678)] == ["0,231", "1.235"]
    assert te.format_value("p_holm", 1e-20) == "< 0,001" and te.format_value("variation_pct", 35.31) == "35,3 %"
    assert te.full_number(0.23134567) == "0,23134567" and te.full_number(1200) == "1200"
    assert te.label("median") == "Mediana (ms)" and te.format_value("magnitude", "large") == "grande"


def test_markdown_right_aligns_numbers_and_escapes_pipes():
    df = _summary().assign(treatment=["go|grpc", "go/rest"])
    lines = te.markdown_table(df).splitlines()
    assert lines[0] == "| Payload | Treatment | n | Median (ms) | p (Holm) | Cliff's δ |"
    assert lines[1] == "|---|---|---:|---:|---:|---:|"
    assert lines[2] == "| StdSize | go\\|grpc | 1,200 | 0.231 | < 0.001 | -0.46 |"
    assert te.to_markdown({"Summary": df}, {"Summary": "fastest go"}).startswith(
        "## Summary\n\nfastest go\n\n| Payload"
    )


def test_latex_has_booktabs_caption_label_and_escapes():
    tex = te.to_latex({"Wilcoxon rank-sum": _summary().assign(treatment=["a_b & 50%", "x~y"])}, "analyze")
    assert "\\begin{tabular}{lllrrr}" not in tex  # 'n' etc. are numbers, right-aligned
    assert "\\begin{tabular}{llrrrr}" in tex
    assert "\\caption{Wilcoxon rank-sum test}" in tex and "\\label{tab:analyze-wilcoxon-rank-sum}" in tex
    assert tex.index("\\toprule") < tex.index("\\midrule") < tex.index("\\bottomrule")
    assert "a\\_b \\& 50\\%" in tex and "x$\\sim$y" in tex and "Cliff's $\\delta$" in tex and "$<$ 0.001" in tex


def test_csv_keeps_every_digit_and_uses_a_semicolon_where_the_comma_is_the_decimal_mark():
    rows = list(csv.reader(io.StringIO(te.csv_table(_summary()))))
    assert rows[1] == ["StdSize", "go/grpc", "1200", "0.23134567", "1e-20", "-0.4567"]
    assert rows[2][-1] == ""  # NaN is an empty cell
    i18n.set_language("pt_BR")
    rows = list(csv.reader(io.StringIO(te.csv_table(_summary())), delimiter=";"))
    assert rows[0][3] == "Mediana (ms)" and rows[2][3] == "1234,5678"


def test_write_csv_to_a_folder_and_md_to_a_file(tmp_path):
    tables = {"Summary": _summary(), "Sample size": _summary()}
    paths = te.write(tables, "csv", tmp_path / "tables")
    assert [p.name for p in paths] == ["summary.csv", "sample-size.csv"]
    (one,) = te.write(tables, "csv", tmp_path / "all.csv")
    assert one.read_text().startswith("Summary\nPayload,Treatment,n,")
    with pytest.raises(ValueError, match="unknown table format 'docx': expected one of md, tex, csv"):
        te.render(tables, "docx")


def test_tables_of_a_response_in_seconds_are_shown_in_milliseconds():
    tables = {
        "Summary": pd.DataFrame({"median": [0.0002], "n": [10]}),
        "Factorial effects": pd.DataFrame({"q": [0.001]}),
        "Factorial allocation of variation": pd.DataFrame({"SS": [2e-6], "variation_pct": [50.0]}),
    }
    ms = te.tables_in_ms(tables, "latency_s")
    assert ms["Summary"]["median"][0] == pytest.approx(0.2) and ms["Summary"]["n"][0] == 10
    assert ms["Factorial effects"]["q"][0] == pytest.approx(1.0)
    assert ms["Factorial allocation of variation"]["SS"][0] == pytest.approx(2.0)
    assert ms["Factorial allocation of variation"]["variation_pct"][0] == 50.0
    assert te.tables_in_ms(tables, "latency_s", log=True)["Factorial effects"]["q"][0] == 0.001
    assert te.tables_in_ms(tables, "latency_ms")["Summary"]["median"][0] == 0.0002
