"""File > Export report: the run's report as a PDF (and its HTML) from the window, in pt-BR, written
off the GUI thread with its progress in the status bar; the PDF passes the report's page checks."""

from __future__ import annotations

import pytest

from tests.integration.test_report_pt_br import (
    english_left,
    headings_apart_from_their_tables,
    misplaced_words,
    table_headings,
)
from tests.ui.conftest import screenshot, small_run

pytestmark = pytest.mark.ui


def test_export_report_writes_the_pt_br_pdf_from_the_window(pt_window, qtbot, tmp_path):
    w = pt_window
    small_run(w, ["go-grpc", "go-rest"], n=20, r=2, warmup=5, payloads=("StdSize", "LargeSize"), driver="native")
    act = w.menus.act_export_report
    assert act in w.menuBar().actions()[0].menu().actions()  # in File, beside Export all
    assert act.text() == "Exportar &relatório (PDF e HTML)…" and not act.isEnabled()  # no run yet
    with qtbot.waitSignal(w.runFinished, timeout=180_000) as finished:
        assert w.start_run()
    assert finished.args == ["complete"], w.state_label.text()
    qtbot.waitUntil(lambda: w.stats.final and not w.tasks.busy("stats"), timeout=120_000)
    assert act.isEnabled()

    pdf = tmp_path / "relatório.pdf"
    said: list[str] = []
    with qtbot.waitSignal(w.exports.reportDone, timeout=120_000) as done:
        assert w.exports.export_report(str(pdf))
        assert w.tasks.busy("report") and not pdf.exists()  # in the background: the window answers meanwhile
        qtbot.waitUntil(lambda: said.append(w.state_label.text()) or not w.tasks.busy("report"), timeout=120_000)
    assert done.args == [str(pdf)]
    progress = [t for t in said if t.startswith("Escrevendo o relatório… ")]
    assert progress, said
    assert w.state_label.text().startswith("Relatório escrito: "), w.state_label.text()
    screenshot(w, "export-report-pt_BR.png")

    page = pdf.with_suffix(".html").read_text(encoding="utf-8")
    assert not english_left(page), english_left(page)[:5]
    outside, overlaps = misplaced_words(pdf)
    assert not outside and not overlaps, (outside[:5], overlaps[:5])
    assert not headings_apart_from_their_tables(pdf, table_headings(page))


def test_export_all_writes_only_what_applies_to_the_run(window, qtbot, tmp_path):
    """A sequential run has nothing of k6's virtual users: no k6_summary.csv in its export."""
    w = window
    small_run(w, ["go-rest"], n=5, r=1, warmup=1)
    with qtbot.waitSignal(w.runFinished, timeout=120_000) as finished:
        assert w.start_run()
    assert finished.args == ["complete"]
    qtbot.waitUntil(lambda: w.stats.final and not w.tasks.busy("stats"), timeout=60_000)
    out = tmp_path / "export"
    with qtbot.waitSignal(w.exportDone, timeout=60_000):
        w.exports.export_all(str(out))
    names = {p.name for p in out.iterdir()}
    assert {"samples.csv", "report.html", "profile.toml"} <= names, names
    assert "k6_summary.csv" not in names and "report.pdf" not in names, names
