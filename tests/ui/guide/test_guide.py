"""The guided experiment walked in Brazilian Portuguese against the real Go workers, study card to export folder."""

from __future__ import annotations

import re
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from bancada.core import i18n
from bancada.guide import texts
from bancada.guide.wizard_state import STEPS
from tests.ui.conftest import screenshot

pytestmark = pytest.mark.ui

IMPLS = ["go-grpc", "go-rest"]
#: Words of English a Portuguese text has no business holding.
ENGLISH = re.compile(r"\b(the|and|of|to|is|are|which|what|look|choose|run|step)\b", re.IGNORECASE)


def english_texts(name: str) -> set[str]:
    before = i18n.language()
    i18n.set_language("en")
    try:
        return {texts.title(name), texts.explanation(name), texts.hint(name)}
    finally:
        i18n.set_language(before)


def check_portuguese(g) -> None:
    """The step's own texts (title, explanation, hint, the reason beside Next, the buttons) are Portuguese."""
    name = g.state.name
    shown = [g.title.text(), g.explanation.text(), g.hint.text(), g.step_label.text()]
    shown += [g.reason.text()] if g.reason.isVisible() else []
    shown += [g.next_button.text(), g.back_button.text()]
    english = english_texts(name)
    for text in shown:
        assert text.strip(), (name, shown)
        assert text not in english, (name, text)
        for name_of_a_thing in ("Shapiro-Wilk", "The Art of Computer Systems Performance Analysis"):
            text = text.replace(name_of_a_thing, "")  # a test's and a book's names stay as they are
        assert not ENGLISH.search(text), (name, text)
    assert g.hint.text().startswith("O que observar"), g.hint.text()


def blocked(g, words: str) -> None:
    """Next is disabled and the reason beside it says ``words``."""
    assert not g.next_button.isEnabled(), g.state.name
    assert g.reason.isVisible() and words in g.reason.text().lower(), (g.state.name, g.reason.text())


def advance(qtbot, g, expect: str, key: bool = False) -> None:
    assert g.next_button.isEnabled(), (g.state.name, g.reason.text())
    if key:
        g.setFocus()
        qtbot.keyClick(g, Qt.Key.Key_Return)
    else:
        qtbot.mouseClick(g.next_button, Qt.MouseButton.LeftButton)
    assert g.state.name == expect
    check_portuguese(g)


def test_the_guided_experiment_in_portuguese(pt_window, qtbot, tmp_path):
    w = pt_window
    t0 = time.monotonic()
    g = w.show_guide()
    assert g.isVisible() and not w.panel_scroll.isVisible()  # the plots get the room
    assert w.menus.act_guide.text() == "&Experimento guiado"
    assert g.state.name == "study"
    check_portuguese(g)
    blocked(g, "escolha um estudo")
    assert g.study_page.titles["my-own"].text() == "Meu próprio experimento"
    assert g.windowTitle() == "Experimento guiado"
    qtbot.wait(200)
    screenshot(w, "guide-pt_BR-01-study.png")

    # study -> host (Enter passes a step)
    g.study_page.buttons["quick"].click()
    assert not g.reason.isVisible() and g.next_button.isEnabled()
    advance(qtbot, g, "host", key=True)
    qtbot.waitUntil(lambda: g.state.caps is not None and g.next_button.isEnabled(), timeout=60_000)
    caps = g.host_page.caps.text()
    assert "go-grpc" in caps and "pode executar" in caps, caps

    # factors: one implementation is not a comparison
    advance(qtbot, g, "factors")
    assert set(IMPLS) <= set(g.factors_page.implementations())  # the quick study's, as far as they can run
    for impl, box in g.factors_page.impl_boxes.items():
        box.setChecked(impl in IMPLS)  # the Go ones only: the fastest to start
    g.factors_page.payload_boxes["LargeSize"].setChecked(False)
    g.factors_page.impl_boxes["go-rest"].setChecked(False)
    blocked(g, "pelo menos duas implementações")
    assert w.panel.selected_implementations() == ["go-grpc"]  # the window's own panel follows
    g.factors_page.impl_boxes["go-rest"].setChecked(True)
    assert "2 níveis" in g.factors_page.summary.text(), g.factors_page.summary.text()
    # a treatment is every combination of levels: counted, not the implementations alone
    assert "→ 2 tratamentos (2 implementações × 1 payload)" in g.factors_page.summary.text()

    # the pilot: the window's Run at the pilot's size
    advance(qtbot, g, "pilot")
    blocked(g, "piloto")
    assert not g.back_button.isEnabled() or g.state.step > 0
    qtbot.mouseClick(g.runs.pilot_page.button, Qt.MouseButton.LeftButton)
    assert w.running() and not g.back_button.isEnabled()
    blocked(g, "piloto")
    qtbot.waitUntil(lambda: g.state.pilot_status == "done", timeout=60_000)
    assert w.panel.requests.value() == 10 and w.panel.repetitions.value() == 2

    # sample size: Jain's n from the pilot, explained with its numbers; bad input blocks Next
    advance(qtbot, g, "sample_size")
    advice = g.runs.size_page.advice.text()
    assert "n = " in advice and re.search(r"\d,\d", advice) and "95 %" in advice, advice
    assert g.runs.size_page.requests.text() == str(g.state.advice.n_per_repetition)
    field = g.runs.size_page.requests
    for bad, why in (("12x", "número inteiro"), ("1", "pelo menos 2"), ("", "digite")):
        field.clear()
        qtbot.keyClicks(field, bad) if bad else field.textEdited.emit("")
        blocked(g, why)
    field.clear()
    qtbot.keyClicks(field, "1000")  # 4,000 requests: a run long enough to show its progress
    assert g.next_button.isEnabled()
    # the main run's time at the pilot's pace, under the field and on the Run button
    qtbot.waitUntil(lambda: g.state.pilot_pace is not None, timeout=30_000)
    estimate = g.runs.size_page.estimate.text()
    assert g.runs.size_page.estimate.isVisible() and "No ritmo do piloto" in estimate, estimate
    assert "2 tratamentos × 2 repetições × 1.000 requisições = 4.000 requisições" in estimate, estimate
    assert "cerca de" in estimate, estimate
    assert "(cerca de " in g.runs.main_page.button.text(), g.runs.main_page.button.text()
    screenshot(w, "guide-pt_BR-05-sample-size.png")

    # Back works, and Next brings the student back where they were
    qtbot.mouseClick(g.back_button, Qt.MouseButton.LeftButton)
    assert g.state.name == "pilot" and g.next_button.isEnabled()
    advance(qtbot, g, "sample_size")
    assert field.text() == "1000"

    # the main run, live
    advance(qtbot, g, "main_run")
    blocked(g, "execução principal")
    detail = g.runs.main_page.detail.text()  # the warm-up as the quick study has it: steady, every block
    assert "pelo menos 20 requisições de aquecimento, até a latência se estabilizar, em cada bloco" in detail, detail
    assert "1.000 requisições por tratamento" in detail, detail  # the count in pt-BR's convention
    assert "logarítmico" in g.hint.text()  # the step says when the axis turns log
    qtbot.mouseClick(g.runs.main_page.button, Qt.MouseButton.LeftButton)
    assert w.panel.requests.value() == 1000 and w.panel.repetitions.value() == 2  # the quick study's r
    # the progress and the time left, in the guide's panel, while the run goes on (4,000 requests)
    status = g.runs.main_page.status
    qtbot.waitUntil(lambda: "faltam" in status.text() or g.state.main_status == "done", timeout=60_000)
    # the measured and the warm-up requests apart, each labelled; the share by the blocks' time
    assert re.search(
        r"^Executando: [\d.]+ de 4\.000 medidas · [\d.]+ de aquecimento \(\d+ %\), faltam \d+:\d\d", status.text()
    ), status.text()
    qtbot.waitUntil(lambda: g.state.main_status == "done", timeout=90_000)
    assert g.state.result is not None
    # the bar goes by the blocks' expected time, full once the run has ended; its text the measured
    # requests apart from the warm-up ones (a steady-state warm-up sends more than the plan's count)
    bar = w.status.progress_bar
    assert bar.value() == bar.maximum(), (bar.value(), bar.maximum())
    assert bar.format().startswith("4.000 de 4.000 medidas · "), bar.format()

    # the statistics steps point at the window's Statistics tab and read its tables
    for step, word in (("normality", "normais"), ("rank_tests", "1 de 1 par difere"), ("factorial", "variação")):
        advance(qtbot, g, step)
        assert w.tabs.currentWidget() is w.stats_view
        assert word in g.results.readings_page.text.text(), (step, g.results.readings_page.text.text())
        if step == "rank_tests":  # why the repetitions' test is the one to trust, said on the step and its reading
            assert "confie no teste por repetição" in g.explanation.text()
            # with the quick study's r = 2 the repetitions' test cannot decide: the reading says so, why the
            # requests' test is not confirmed either, and how many repetitions would let it decide
            reading = g.results.readings_page.text.text()
            assert "este teste não pode chegar a p &lt; 0,05" in reading, reading
            assert "as requisições de uma repetição não são" in reading, reading
            assert re.search(r"r = \d+ repetições por tratamento permitiriam", reading), reading
        if step == "factorial":  # the column as the table calls it
            model = w.stats_view.sections["Factorial allocation of variation"].view.model()
            headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
            assert "“Variação explicada”" in g.hint.text() and "Variação explicada" in headers, headers

    # the conclusions, copyable, in Portuguese with decimal commas
    advance(qtbot, g, "conclusions")
    qtbot.waitUntil(lambda: bool(g.state.conclusions) and g.next_button.isEnabled(), timeout=30_000)
    shown = g.results.conclusions_page.text.toPlainText()  # the Markdown rendered: a heading, not "# Conclusões"
    assert shown.startswith("Conclusões\n") and re.search(r"\d,\d+ ms", shown), shown
    text = g.state.conclusions
    assert text.startswith("# Conclusões")
    qtbot.mouseClick(g.results.conclusions_page.copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == text  # the Markdown, as conclusions.md
    # the quick study is seed 000's design: the paper's published ranking beside the run's, and why they differ
    assert "O artigo ao lado desta execução" in shown and "A série Go REST do artigo" in shown, shown
    assert "| StdSize | 1 | go-grpc 0,71 | go-" in text and "Esta execução não tem LargeSize" in text, text
    view = g.results.conclusions_page.text
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    qtbot.wait(200)
    screenshot(w, "guide-pt_BR-10-paper-beside.png")
    # the guide's runs are named in Recent runs and Compare: the pilot and the main run differ
    from bancada.session.run_caption import caption

    assert caption(g.state.pilot_run).endswith(" · piloto"), caption(g.state.pilot_run)
    assert caption(g.state.main_run).endswith(" · execução principal"), caption(g.state.main_run)

    # export: a file is not a folder; then the folder with the plot, the samples and the conclusions
    advance(qtbot, g, "export")
    blocked(g, "exportar")
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    folder = g.results.export_page.folder
    folder.clear()
    qtbot.keyClicks(folder, str(a_file))
    blocked(g, "é um arquivo")
    assert not g.results.export_page.export.isEnabled()
    out = tmp_path / "export"
    folder.clear()
    qtbot.keyClicks(folder, str(out))
    with qtbot.waitSignal(w.exportDone, timeout=30_000):
        qtbot.mouseClick(g.results.export_page.export, Qt.MouseButton.LeftButton)
    for name in ("plot.png", "samples.csv", "conclusions.md"):
        assert (out / name).stat().st_size > 0, name
    md = (out / "conclusions.md").read_text(encoding="utf-8")
    assert md == text and re.search(r"\d,\d", md)
    assert "go-grpc" in (out / "samples.csv").read_text(encoding="utf-8")
    # the report in the folder is one a teacher accepts: Portuguese only, and its PDF within the page
    from bancada.report.build import write_pdf
    from tests.integration.test_report_pt_br import english_left, misplaced_words

    page = (out / "report.html").read_text(encoding="utf-8")
    assert not english_left(page), english_left(page)
    outside, overlaps = misplaced_words(write_pdf(page, tmp_path / "relatorio.pdf"))
    assert not outside and not overlaps, (outside[:5], overlaps[:5])
    check_portuguese(g)
    assert g.next_button.text() == "&Concluir" and g.next_button.isEnabled()
    screenshot(w, "guide-pt_BR-11-export.png")
    qtbot.mouseClick(g.next_button, Qt.MouseButton.LeftButton)
    assert not g.isVisible() and w.panel_scroll.isVisible()
    assert len(STEPS) == 11
    assert time.monotonic() - t0 < 90


def test_the_guide_at_first_start_once_and_across_a_language_switch(pt_window, qtbot):
    from bancada.ui import language
    from bancada.ui.app import offer_guide

    w = pt_window
    assert offer_guide(w) and w.guide.isVisible()
    assert not offer_guide(w)  # only the first time; then Help > Guided experiment
    g = w.guide
    g.study_page.buttons["quick"].click()
    g.go_next()
    qtbot.waitUntil(lambda: g.next_button.isEnabled(), timeout=60_000)
    g.go_next()
    assert g.state.name == "factors"
    new = w.menus.language_actions["en"].trigger() or language._windows[-1]
    try:
        qtbot.addWidget(new)
        assert new is not w and new.guide is not None and new.guide.isVisible()
        assert new.guide.state is g.state and new.guide.title.text() == "The question and its factors"
        assert new.guide.next_button.text() == "&Next →"
        qtbot.waitUntil(lambda: not new.tasks.busy("probe"), timeout=60_000)
    finally:
        new.close()
        language.install("pt_BR")


def test_a_runs_closing_message_in_the_windows_language(pt_window):
    w = pt_window
    assert w.run.finished_message("stopped by the user") == "parada pelo usuário"
    assert w.run.finished_message("worker(s) died: go-grpc") == "worker(s) morreram: go-grpc"
    assert w.run.finished_message("something else") == "something else"
    # an SSH host that dropped and came back (on_disconnect = "pause"): bancada.run.tally's message
    assert (
        w.run.finished_message("the connection to lab dropped during block(s) 0, 3; they are partial")
        == "a conexão com lab caiu durante o(s) bloco(s) 0, 3; eles estão parciais"
    )
    # why an implementation cannot be measured, as the panel and the host check say it
    from bancada.drivers import unmeasurable_reason

    assert unmeasurable_reason("soap") == "os drivers falam grpc, rest, jsonrpc, graphql, não soap (ainda)"


def test_after_the_main_run_its_button_is_disabled_until_its_requests_change(pt_window, qtbot):
    """A finished main run is not re-run by a stray click (it took 2.5 minutes): its button is off and
    the page says how to run it again; changing the requests per repetition turns it back on."""
    from bancada.ui.app import offer_guide

    w = pt_window
    offer_guide(w)
    g = w.guide
    runs, s = g.runs, g.state
    s.set_requests_text("400")
    runs.sync_buttons()
    assert runs.main_page.button.isEnabled()
    s.main_done("main.sqlite", None)
    runs._show_run_status(runs.main_page, "done")
    runs.sync_buttons()
    assert not runs.main_page.button.isEnabled()
    assert "altere as requisições por repetição" in runs.main_page.status.text(), runs.main_page.status.text()
    s.set_requests_text("800")  # another size: a new main run to make
    runs.sync_buttons()
    assert runs.main_page.button.isEnabled() and s.main_status == ""


def test_the_conclusions_read_at_1024_by_768_in_a_large_view(pt_window, qtbot):
    """16 long sentences sat in a box about 250 px tall beside the plots: Ler em tela grande shows them in
    a window of most of the screen, the same text, Esc closing it."""
    from bancada.ui.app import offer_guide

    w = pt_window
    offer_guide(w)
    page = w.guide.results.conclusions_page
    text = "# Conclusões\n\n" + "\n".join(
        f"{i}. go-grpc tende a ser mais rápido que java-rest em LargeSize (mediana 2,5 ms contra 14,2 ms)."
        for i in range(1, 17)
    )
    page.text.setMarkdown(text)
    assert page.read.text() == "&Ler em tela grande"
    qtbot.mouseClick(page.read, Qt.MouseButton.LeftButton)
    view = page.reading_view
    assert view is not None and view.isVisible()
    shown = view.findChild(type(page.text), "conclusionsReadingText")
    assert shown.toPlainText() == page.text.toPlainText()
    screen = view.screen().availableGeometry()
    assert shown.height() >= min(600, screen.height() * 0.7) > page.text.height(), (shown.height(), page.text.height())
    assert shown.document().size().height() <= shown.viewport().height() * 1.5  # 16 sentences, at most a scroll
    screenshot(view, "guide-pt_BR-conclusions-reading-view.png")
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not view.isVisible()
