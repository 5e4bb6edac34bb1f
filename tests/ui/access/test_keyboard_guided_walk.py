"""Issue 45: the guided study of seed 000 (the quick Go × Java, gRPC × REST demo of Soares 2024's
design) completed in Brazilian Portuguese with key presses only, against the real Go workers: the
guide opened with its shortcut, every choice reached with Tab and pressed with Space, the sample
size and the export folder typed. At every step the guide's tab stops follow the reading order and
every interactive node of the window's accessibility tree has a name; after the main run the plots
have a text alternative and the finished run was announced."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from tests.ui.access.a11y_tree import unnamed_interactive
from tests.ui.access.keys import out_of_reading_order, press, tab_chain, tab_to, type_into

pytestmark = pytest.mark.ui

IMPLS = ["go-grpc", "go-rest"]


def step_checks(qtbot, w, g) -> None:
    """What holds at every step: named nodes and tab stops in reading order, in the guide and the window."""
    qtbot.wait(100)  # the step's page laid out (its new widgets are shown by queued calls)
    assert unnamed_interactive(w) == [], (g.state.name, unnamed_interactive(w))
    # the step's page scrolls: its own order in its coordinates, then Back and Next at the bottom
    assert out_of_reading_order(g.scroll_area.widget()) == [], (g.state.name, out_of_reading_order(g))
    buttons = [b for b in (g.back_button, g.next_button) if b.isEnabled()]
    chain = tab_chain(g)
    assert chain[len(chain) - len(buttons) :] == buttons, (g.state.name, chain)


def next_step(qtbot, w, g, expect: str) -> None:
    qtbot.waitUntil(g.next_button.isEnabled, timeout=60_000)
    press(qtbot, w, g.next_button)
    assert g.state.name == expect, (g.state.name, g.reason.text())
    step_checks(qtbot, w, g)


def test_the_guided_seed_000_study_with_the_keyboard_only_in_portuguese(pt_window, qtbot, tmp_path):
    w = pt_window
    w.activateWindow()
    qtbot.waitUntil(lambda: w.isActiveWindow(), timeout=5_000)
    w.panel.setFocus()
    qtbot.keyClick(w, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)  # Ajuda > Experimento guiado
    g = w.guide
    assert g is not None and g.isVisible() and g.state.name == "study"
    step_checks(qtbot, w, g)

    # study: the first card's radio button, Space chooses it
    press(qtbot, w, g.study_page.buttons["quick"])
    assert g.study_page.buttons["quick"].isChecked() and g.state.study == "quick"
    next_step(qtbot, w, g, "host")
    qtbot.waitUntil(lambda: g.state.caps is not None and g.next_button.isEnabled(), timeout=60_000)

    # factors: the Go implementations and the small payload only
    next_step(qtbot, w, g, "factors")
    for impl, box in g.factors_page.impl_boxes.items():
        if box.isEnabled() and box.isChecked() != (impl in IMPLS):
            press(qtbot, w, box)
    for name, box in g.factors_page.payload_boxes.items():
        if box.isChecked() != (name == "StdSize"):
            press(qtbot, w, box)
    assert g.factors_page.implementations() == IMPLS and g.factors_page.payloads() == ["StdSize"]
    assert w.panel.selected_implementations() == IMPLS

    # the pilot
    next_step(qtbot, w, g, "pilot")
    press(qtbot, w, g.runs.pilot_page.button)
    qtbot.waitUntil(lambda: g.state.pilot_status == "done", timeout=90_000)

    # the sample size, typed: a reduced n for the main run
    next_step(qtbot, w, g, "sample_size")
    type_into(qtbot, w, g.runs.size_page.requests, "30")
    assert g.runs.size_page.requests.text() == "30"

    # the main run
    next_step(qtbot, w, g, "main_run")
    press(qtbot, w, g.runs.main_page.button)
    assert w.panel.requests.value() == 30
    qtbot.waitUntil(lambda: g.state.main_status == "done", timeout=120_000)
    qtbot.waitUntil(lambda: not w.running(), timeout=30_000)
    # a screen reader heard the run end, and the plots have their numbers in words, in Portuguese
    announced = w.status.state_label.property("lastAnnouncement")
    assert announced and announced == w.status.state_label.text(), announced
    words = w.live.graphics.accessibleDescription()
    assert "mediana" in words and "go-grpc" in words and re.search(r"\d,\d{3} ms", words), words
    assert tab_to(qtbot, w, w.live.graphics) >= 0  # the plots are a tab stop

    # the statistics steps, the conclusions
    for step in ("normality", "rank_tests", "factorial", "conclusions"):
        next_step(qtbot, w, g, step)
    qtbot.waitUntil(lambda: bool(g.state.conclusions) and g.next_button.isEnabled(), timeout=60_000)

    # export: the folder typed, Export pressed
    next_step(qtbot, w, g, "export")
    out = tmp_path / "export"
    type_into(qtbot, w, g.results.export_page.folder, str(out))
    with qtbot.waitSignal(w.exportDone, timeout=60_000):
        press(qtbot, w, g.results.export_page.export)
    for name in ("plot.png", "samples.csv", "conclusions.md"):
        assert (out / name).stat().st_size > 0, name
    step_checks(qtbot, w, g)
    assert g.next_button.text() == "&Concluir"
    press(qtbot, w, g.next_button)
    assert not g.isVisible()
