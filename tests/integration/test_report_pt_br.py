"""The pt-BR report a student hands in, on a 2 × 2 run made here by real workers (Go and Python,
gRPC and REST) and the native driver: every word of its PDF lies on the page (poppler's
``pdftotext -bbox`` gives each word's box), no word lies over another, the columns at the right
edge of the widest table are printed, and no English text of the translation catalogue is left in
its HTML.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bancada.core import i18n

from bancada.cli import report as report_cmd
from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunFinished, Runner, RunStarted
from tests.conftest import ROOT, artifact_missing

pytestmark = pytest.mark.integration

IMPLEMENTATIONS = ["go-grpc", "go-rest", "python-grpc", "python-rest"]
#: the report's page: A4 with 14 mm left and right margins (templates/report.html.j2), in points
A4_WIDTH_PT = 595.28
MARGIN_PT = 14 / 25.4 * 72
TOLERANCE_PT = 1.0


@pytest.fixture(scope="module")
def run_file(tmp_path_factory) -> str:
    for impl in IMPLEMENTATIONS:
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl} cannot run: {reason} (run make -C workers)")
    folder = tmp_path_factory.mktemp("relatorio")
    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "quick.toml"),
        "quick",
        implementations=IMPLEMENTATIONS,
        payloads=["StdSize", "LargeSize"],
        requests=20,
        repetitions=3,
        warmup=5,
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BANCADA_HOME", str(ROOT))
        events = list(Runner(profile, None, driver="native", store_folder=folder).events())
    started = next(e for e in events if isinstance(e, RunStarted))
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1]
    return str(started.path)


@pytest.fixture(scope="module")
def report(run_file, tmp_path_factory) -> dict[str, Path]:
    """The pt-BR report of the run, compared with itself (the comparison's table is the widest)."""
    out = tmp_path_factory.mktemp("saida")
    html_path, pdf_path = out / "relatorio.html", out / "relatorio.pdf"
    try:
        code = report_cmd.main(
            [run_file, "--compare", run_file, "--html", str(html_path), "--pdf", str(pdf_path), "--language", "pt_BR"]
        )
    finally:
        i18n.set_language("en")
    assert code == 0
    return {"html": html_path, "pdf": pdf_path}


def _words(pdf: Path) -> list[list[tuple[str, float, float, float, float, float]]]:
    """Per page: ``(word, xMin, yMin, xMax, yMax, page width)`` of every word poppler finds."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is not installed (scripts/setup.sh installs Debian's poppler-utils)")
    proc = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    pages = []
    for width, body in re.findall(r'<page width="([\d.]+)" height="[\d.]+">(.*?)</page>', proc.stdout, re.S):
        pages.append(
            [
                (html.unescape(w), float(x0), float(y0), float(x1), float(y1), float(width))
                for x0, y0, x1, y1, w in re.findall(
                    r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>', body
                )
            ]
        )
    assert pages and all(pages), "the PDF has no text poppler can read"
    return pages


def misplaced_words(pdf: Path) -> tuple[list[tuple[int, str, int, int]], list[tuple[int, str, str]]]:
    """``(outside, overlaps)`` of a report's PDF: the words in the side margins or beyond the page
    ``(page, word, x0, x1)``, and the pairs of words printed over each other ``(page, word, word)``."""
    pages = _words(pdf)
    assert abs(pages[0][0][5] - A4_WIDTH_PT) < 1, "the report is laid out on A4"
    outside, overlaps = [], []
    for number, words in enumerate(pages, start=1):
        for w, x0, _y0, x1, _y1, width in words:
            if x0 < MARGIN_PT - TOLERANCE_PT or x1 > width - MARGIN_PT + TOLERANCE_PT:
                outside.append((number, w, round(x0), round(x1)))
        for i, a in enumerate(words):
            for b in words[i + 1 :]:
                dx = min(a[3], b[3]) - max(a[1], b[1])
                dy = min(a[4], b[4]) - max(a[2], b[2])
                if dx > TOLERANCE_PT and dy > TOLERANCE_PT:
                    overlaps.append((number, a[0], b[0]))
    return outside, overlaps


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def table_headings(page: str) -> list[tuple[str, str]]:
    """``(heading, first column's header)`` of every table of the report's HTML under an ``<h3>`` (up to the
    next ``<h2>`` or ``<h3>``: a table in the next section is not this heading's)."""
    out = []
    for part in re.split(r"(?=<h[23])", page)[1:]:
        head = re.match(r"<h3[^>]*>(.*?)</h3>", part, re.S)
        cell = re.search(r"<th[^>]*>(.*?)</th>", part, re.S)
        if head and cell and "<table" in part[: cell.start()]:
            out.append((_text(head.group(1)), _text(cell.group(1)).split()[0]))
    return out


def headings_apart_from_their_tables(pdf: Path, tables: list[tuple[str, str]]) -> list[tuple[int, str]]:
    """``(page, heading)`` of every table heading printed on a page that does not also hold, below it,
    the first line of its table (the heading, and maybe its reading, left at a page's foot)."""
    out = []
    for number, words in enumerate(_words(pdf), start=1):
        lines: dict[int, list[tuple[float, str]]] = {}
        for w, x0, y0, _x1, _y1, _width in words:
            lines.setdefault(round(y0), []).append((x0, w))
        texts = [" ".join(w for _x, w in sorted(lines[y])) for y in sorted(lines)]
        for title, first_header in tables:
            if title not in texts:
                continue
            below = texts[texts.index(title) + 1 :]
            if not any(line.startswith(first_header) for line in below):
                out.append((number, title))
    return out


def test_every_word_of_the_pt_br_pdf_lies_within_the_page_and_over_no_other(report):
    outside, overlaps = misplaced_words(report["pdf"])
    assert not outside, f"words in the margin or beyond the page (page, word, x0, x1): {outside[:10]}"
    assert not overlaps, f"words printed over each other (page, word, word): {overlaps[:10]}"
    alone = headings_apart_from_their_tables(report["pdf"], table_headings(report["html"].read_text(encoding="utf-8")))
    assert not alone, f"table headings at a page's foot, their table on the next (page, heading): {alone}"


def test_the_right_edge_columns_of_the_summary_are_printed(run_file, report):
    """A table cut at the page's edge loses its last columns (the IQR and the median's interval):
    each of their cells must be among the PDF's words."""
    from bancada.report.build import build_context, load_run

    i18n.set_language("pt_BR")
    try:
        context = build_context(load_run(run_file), plots=False)
    finally:
        i18n.set_language("en")
    summary = next(t for t in context["tables"] if t["title"] == "Resumo")
    assert summary["head"][-3:] == ["IIQ (ms)", "IC da mediana, inferior (ms)", "IC da mediana, superior (ms)"]
    words = {w[0] for page in _words(report["pdf"]) for w in page}
    last_cells = [row[-1] for row in summary["rows"]] + [row[-3] for row in summary["rows"]]
    missing = [c for c in last_cells if c not in words]
    assert not missing, f"cells of the summary's last columns not in the PDF: {missing}"
    assert {"IIQ", "superior"} <= words


class _VisibleText(HTMLParser):
    """The text a reader sees: every text node outside <style> and the profile's TOML listing."""

    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "pre"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "pre"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.parts.append(data.strip())


def _english_sources() -> list[str]:
    """The catalogue's English sources whose Portuguese differs, leaving out those that are also
    Portuguese words of some translation (``no``, ``host``, ``payload``)."""
    root = ET.parse(ROOT / "app" / "bancada" / "translations" / "bancada_pt_BR.ts").getroot()
    pairs = []
    for msg in root.iter("message"):
        tr = msg.find("translation")
        if tr is not None and tr.text:
            pairs.append((msg.findtext("source", ""), tr.text))
    portuguese = "\n".join(t for _, t in pairs)
    out = set()
    for source, translation in pairs:
        if source == translation or re.search(rf"(?<!\w){re.escape(source)}(?!\w)", portuguese):
            continue
        out.add(source)
    return sorted(out)


def _pattern(source: str) -> re.Pattern[str]:
    """``source`` as a regular expression: each ``{placeholder}`` any short text, whole words only."""
    parts = [re.escape(p) for p in re.split(r"\{[a-z_0-9]*\}", source)]
    return re.compile(r"(?<!\w)" + r".{1,80}?".join(parts) + r"(?!\w)")


def visible_text(page: str) -> str:
    """The text a reader sees in a report's HTML, without file paths and treatment names (go/grpc):
    names, not English."""
    parser = _VisibleText()
    parser.feed(page)
    return "\n".join(" ".join(t for t in part.split() if "/" not in t) for part in parser.parts)


def english_left(page: str) -> list[str]:
    """The catalogue's English texts (:func:`_english_sources`) found in a pt-BR report's HTML."""
    text = visible_text(page)
    sources = _english_sources()
    assert len(sources) > 300, "the catalogue was not read"
    return [s for s in sources if _pattern(s).search(text)]


def test_no_english_text_of_the_catalogue_is_left_in_the_pt_br_html(report):
    text = visible_text(report["html"].read_text(encoding="utf-8"))
    left = english_left(report["html"].read_text(encoding="utf-8"))
    assert not left, f"English texts in the pt-BR report: {left}"
    # values and names the catalogue cannot know: the profile's words, raw factors, the operation
    for raw in ("randomized", "reuse", "native", "language*protocol", "aggregate none", "complete", "cpu_model"):
        assert raw not in text, raw
    page = report["html"].read_text(encoding="utf-8")
    h1 = re.search(r"<h1>(.*?)</h1>", page).group(1)
    question = re.search(r'<p class="question">(.*?)</p>', page).group(1)
    assert h1 == "Demonstração rápida: Go x Java, gRPC x REST", h1
    assert question.startswith("Quem responde mais rápido") and question.endswith("?"), question
    assert "Python" in text and "gRPC" in text  # the workers' languages and protocols by their names


def test_a_table_heading_near_a_pages_end_goes_to_the_next_page_with_its_table(report, tmp_path):
    """The statistics' first table pushed to the last 6–15 mm of a page (room for its heading, not its
    table), as seed 000's factorial landed at the foot of page 6: the heading moves with its table."""
    from bancada.report.build import write_pdf

    page = report["html"].read_text(encoding="utf-8")
    start = page.index('id="statistics"')
    at = min(i for i in (page.find('<div class="keep">', start), page.find("<h3", start)) if i >= 0)
    alone = []
    for room_mm in (15, 35):  # A4's 263 mm of text less room for a heading, its reading, not its table
        spacer = f'<div style="break-before: page; height: {263 - room_mm}mm"></div>'
        pdf = write_pdf(page[:at] + spacer + page[at:], tmp_path / f"pushed-{room_mm}.pdf")
        alone += [(room_mm, *a) for a in headings_apart_from_their_tables(pdf, table_headings(page))]
    assert not alone, f"headings alone at the bottom of a page (room in mm, page, heading): {alone}"
