"""`bancada report` and the tables for papers, on runs made here by the real Go workers and the native driver.

Two runs of a small profile (go-grpc and go-rest, StdSize and LargeSize) are made once for the
module. The HTML report is opened in headless Chromium (Debian's ``chromium``) and its screenshot
checked; the PDF's pages are rendered by ``pdftoppm`` (poppler-utils) and checked; the LaTeX tables
are compiled when a TeX engine is installed; the Markdown and CSV exports are parsed back.
"""

from __future__ import annotations

import csv
import io
import math
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from bancada.core import i18n

from bancada.cli import report as report_cmd
from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunFinished, Runner, RunStarted
from tests.conftest import ROOT, artifact_missing

pytestmark = pytest.mark.integration

QUICK = ROOT / "profiles" / "quick.toml"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _run(folder: Path) -> str:
    profile = apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=["go-grpc", "go-rest"],
        payloads=["StdSize", "LargeSize"],
        requests=30,
        repetitions=3,
        warmup=5,
    )
    events = list(Runner(profile, None, driver="native", store_folder=folder).events())
    started = next(e for e in events if isinstance(e, RunStarted))
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1]
    return str(started.path)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    for impl in ("go-grpc", "go-rest"):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl} cannot run: {reason} (run make -C workers)")
    if not (ROOT / "drivers" / "native" / "dist").exists():
        pytest.fail("the native driver is not built (run make -C workers driver)")
    folder = tmp_path_factory.mktemp("report-runs")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BANCADA_HOME", str(ROOT))
        return {"a": _run(folder), "b": _run(folder)}


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _png_is_not_blank(path: Path, min_ink: float = 0.01) -> tuple[int, float]:
    """(distinct colours, share of pixels that are not the background) of a PNG; asserts it shows something."""
    from PIL import Image

    im = np.asarray(Image.open(path).convert("RGB"), dtype=np.int16)
    background = np.median(im.reshape(-1, 3), axis=0)
    ink = float((np.abs(im - background).sum(axis=2) > 60).mean())
    colours = len(np.unique(im.reshape(-1, 3)[::7], axis=0))
    assert ink >= min_ink and colours >= 20, (path, ink, colours)
    return colours, ink


def _chromium_screenshot(html: Path, png: Path, tmp: Path, height: int = 6000) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.fail("chromium is not installed (scripts/setup.sh installs Debian's chromium)")
    proc = subprocess.run(
        [
            chromium,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={tmp / 'chromium-profile'}",
            f"--window-size=1280,{height}",
            f"--screenshot={png}",
            html.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0 and png.exists(), proc.stderr[-2000:]


def test_html_report_is_self_contained_and_chromium_shows_it(runs, tmp_path):
    html = tmp_path / "report.html"
    assert report_cmd.main([runs["a"], "--compare", runs["b"], "--html", str(html), "--language", "en"]) == 0
    text = html.read_text(encoding="utf-8")
    # one file: no script, stylesheet, image or font to fetch (the SVG namespace URI is not a fetch)
    assert "<script" not in text and "<link" not in text and "<img" not in text
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", text), "an external resource"
    assert "url(http" not in text and "@import" not in text
    for part in (
        "Question",
        "Quick demo: Go x Java, gRPC x REST",
        "Design",
        "Repetitions (r)",
        "Schedule&#39;s seed",
        "Host facts",
        "Worker versions",
        "go1.",  # the Go worker's runtime version
        "Summary",
        "Wilcoxon rank-sum test",
        "Kruskal-Wallis test",
        "Factorial allocation of variation",
        "Conclusions",
        "Comparison with other runs",
        "geomean",
    ):
        assert part in text, part
    assert text.count("<svg") == 2  # the box plots and the trace, inline
    png = tmp_path / "report.png"
    _chromium_screenshot(html, png, tmp_path)
    colours, ink = _png_is_not_blank(png)
    # the plots are coloured (gRPC blue #0072B2, REST vermilion #D55E00: core/colours.LIGHT_COLOURS), not only
    # black text on white
    from PIL import Image

    rgb = np.asarray(Image.open(png).convert("RGB"), dtype=np.int16)
    blue = (np.abs(rgb - np.array([0, 114, 178])).sum(axis=2) < 60).sum()
    vermilion = (np.abs(rgb - np.array([213, 94, 0])).sum(axis=2) < 60).sum()
    assert blue > 500 and vermilion > 500, (blue, vermilion)


def test_report_in_portuguese_writes_numbers_with_a_decimal_comma(runs, tmp_path):
    html = tmp_path / "relatorio.html"
    assert report_cmd.main([runs["a"], "--html", str(html), "--language", "pt_BR"]) == 0
    text = html.read_text(encoding="utf-8")
    assert '<html lang="pt-BR">' in text
    for part in ("Pergunta", "Delineamento", "Conclusões", "Resumo", "Mediana (ms)", "Repetições (r)"):
        assert part in text, part
    # numbers with a decimal comma; a point only groups thousands (1.938), never marks decimals (0.231)
    cells = re.findall(r'<td class="num">([0-9][0-9.,]*)</td>', text)
    assert any(re.fullmatch(r"\d+,\d+", c) for c in cells), cells[:20]
    decimal_points = [c for c in cells if re.fullmatch(r"\d+\.(\d{1,2}|\d{4,})|0\.\d+", c)]
    assert not decimal_points, decimal_points[:5]


def test_pdf_pages_render_with_pdftoppm(runs, tmp_path):
    pdf = tmp_path / "report.pdf"
    assert report_cmd.main([runs["a"], "--compare", runs["b"], "--pdf", str(pdf), "--language", "en"]) == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        pytest.fail("pdftoppm is not installed (scripts/setup.sh installs Debian's poppler-utils)")
    proc = subprocess.run([pdftoppm, "-r", "50", "-png", str(pdf), str(tmp_path / "page")], capture_output=True)
    assert proc.returncode == 0, proc.stderr
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) >= 3, pages  # design, figures, tables, conclusions and the comparison do not fit on 2 A4
    for page in pages:
        _png_is_not_blank(page, min_ink=0.002)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "Conclusions" in text and "Wilcoxon rank-sum test" in text and "geomean" in text


def test_report_says_what_is_wrong_with_bad_input(runs, tmp_path, capsys):
    assert report_cmd.main(["no-such-run", "--html", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("bancada report: no run 'no-such-run'") and "\n" not in err
    assert report_cmd.main([runs["a"]]) == 2
    assert "--html FILE and/or --pdf FILE" in capsys.readouterr().err
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    assert report_cmd.main([str(bad), "--html", str(tmp_path / "y.html")]) == 2
    assert "missing columns implementation, payload, latency_s" in capsys.readouterr().err
    assert not (tmp_path / "y.html").exists()


# -- tables for papers ----------------------------------------------------------------------
def _analysis_tables(run: str):
    from bancada.report.build import load_run, report_factors
    from bancada.analysis.run_statistics import analyse_run_frame

    loaded = load_run(run)
    res = analyse_run_frame(loaded.samples, report_factors(loaded))
    assert res.tables, res.message
    return res.tables


def _number(text: str, lang: str) -> float:
    """A cell back to a float: ``1.234,5`` (pt-BR) or ``1,234.5`` (en); NaN for ``–`` or empty."""
    text = text.strip().replace("%", "").strip()
    if text in ("", "–"):
        return math.nan
    if lang == "pt_BR":
        text = text.replace(".", "").replace(",", ".")
    else:
        text = text.replace(",", "")
    return float(text)


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_csv_export_parses_back_to_the_same_numbers(runs, lang):
    from bancada.analysis.words import table_export

    i18n.set_language(lang)
    tables = _analysis_tables(runs["a"])
    for name in ("Summary", "Wilcoxon rank-sum", "Factorial effects", "Sample size"):
        df = tables[name]
        text = table_export.csv_table(df)
        rows = list(csv.reader(io.StringIO(text), delimiter=";" if lang == "pt_BR" else ","))
        assert rows[0] == [table_export.label(c) for c in df.columns]
        assert len(rows) == len(df) + 1
        for col_i, col in enumerate(df.columns):
            if not pd.api.types.is_numeric_dtype(df[col]) or pd.api.types.is_bool_dtype(df[col]):
                continue
            back = np.array([_number(r[col_i], lang) for r in rows[1:]])
            assert np.allclose(back, df[col].to_numpy(dtype=float), rtol=1e-8, equal_nan=True), (name, col)


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_markdown_export_parses_back_to_the_numbers_shown(runs, lang):
    from bancada.analysis.words import table_export

    i18n.set_language(lang)
    tables = _analysis_tables(runs["a"])
    text = table_export.to_markdown(tables)
    sections = {}
    for block in text.split("## ")[1:]:
        title, _, body = block.partition("\n")
        lines = [ln for ln in body.splitlines() if ln.startswith("|")]
        sections[title.strip()] = [[c.strip() for c in re.split(r"(?<!\\)\|", ln.strip()[1:-1])] for ln in lines]
    assert set(sections) == {table_export.title(n) for n in tables}
    summary = tables["Summary"]
    rows = sections[table_export.title("Summary")]
    assert rows[0] == [table_export.label(c) for c in summary.columns]
    assert all(set(cell) <= set("-:") for cell in rows[1])  # the alignment row
    for col in ("n", "mean", "median", "median_ci_lo", "median_ci_hi", "iqr"):
        i = list(summary.columns).index(col)
        back = np.array([_number(r[i], lang) for r in rows[2:]])
        want = summary[col].to_numpy(dtype=float)
        # 3 significant digits as the window shows them (counts exact)
        assert np.allclose(back, want, rtol=5.1e-3, atol=0), (col, back, want)
    pw = tables["Wilcoxon rank-sum"]
    rows = sections[table_export.title("Wilcoxon rank-sum")]
    i = list(pw.columns).index("p_holm")
    for cell, p in zip((r[i] for r in rows[2:]), pw["p_holm"]):
        if p < 0.001:
            assert cell == "< " + i18n.number(0.001, 3)
        else:
            assert _number(cell, lang) == pytest.approx(p, abs=5e-4)


def _tex_engine() -> str | None:
    return next((e for e in ("pdflatex", "lualatex", "xelatex") if shutil.which(e)), None)


def test_latex_tables_compile(runs, tmp_path):
    from bancada.cli import compare as compare_cmd
    from bancada.analysis.words import compare_tables
    from bancada.analysis.words import table_export

    tables = _analysis_tables(runs["a"])
    tex = table_export.to_latex(tables, "analyze")
    i18n.set_language("pt_BR")
    compare = compare_tables.display_tables(compare_cmd.compare([runs["a"], runs["b"]], resamples=500))
    tex += "\n" + table_export.to_latex(compare, "compare") + "\n" + table_export.to_latex(tables, "analise")
    assert tex.count("\\begin{table}") == 2 * len(tables) + len(compare)
    assert "\\toprule" in tex and "\\midrule" in tex and "\\bottomrule" in tex
    labels = re.findall(r"\\label\{([^}]*)\}", tex)
    assert len(labels) == len(set(labels)) and all(re.fullmatch(r"tab:[a-z0-9-]+", lb) for lb in labels), labels
    engine = _tex_engine()
    if engine is None:
        pytest.skip("no TeX engine (pdflatex, lualatex or xelatex): the LaTeX tables were written but not compiled")
    doc = (
        "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n"
        "\\usepackage{booktabs}\n\\usepackage[margin=5mm,landscape]{geometry}\n\\begin{document}\n\\tiny\n"
        + tex
        + "\n\\end{document}\n"
    )
    (tmp_path / "tables.tex").write_text(doc, encoding="utf-8")
    proc = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", "tables.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert (tmp_path / "tables.pdf").exists()


def test_compare_and_analyze_write_tables_for_papers(runs, tmp_path, capsys):
    from bancada.cli import analyze as analyze_cmd
    from bancada.cli import compare as compare_cmd
    from bancada.cli.run import export_command

    out = tmp_path / "compare.md"
    assert (
        compare_cmd.main(
            [runs["a"], runs["b"], "--tables-format", "md", "--tables", str(out), "--quiet", "--resamples", "500"]
        )
        == 0
    )
    text = out.read_text(encoding="utf-8")
    assert text.startswith("## Change ") and "| Treatment | n |" in text and "geomean" in text
    csv_path = tmp_path / "samples.csv"
    import argparse

    assert export_command(argparse.Namespace(run=runs["a"], csv=csv_path)) == 0
    folder = tmp_path / "tables"
    options = ["--factors", "protocol", "--quiet"]  # one language (Go) here
    assert analyze_cmd.main([str(csv_path), "--tables-format", "csv", "--tables", str(folder), *options]) == 0
    assert (folder / "summary.csv").exists() and (folder / "wilcoxon-rank-sum.csv").exists()
    head = (folder / "summary.csv").read_text().splitlines()[0]
    assert head.startswith("Payload,Treatment,n,Mean (ms)")
    # latency_s in the CSV, milliseconds in the table, as its labels say
    med = float((folder / "summary.csv").read_text().splitlines()[1].split(",")[5])
    assert 0.01 < med < 1000
    assert analyze_cmd.main([str(csv_path), "--tables", str(folder), *options]) == 2
    assert "give both" in capsys.readouterr().err
