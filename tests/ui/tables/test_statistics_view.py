"""Readings, help texts and the table view, on the published data of seed 000 (no window)."""

from __future__ import annotations

import pandas as pd
import pytest

from bancada.stats.frame_analysis import analyze_frame
from bancada.analysis.words.tables import build_tables
from bancada.ui.tables.stats_view import TABLE_ORDER, StatisticsView, StatsResult, help_texts, readings

pytestmark = pytest.mark.ui


def frame():
    rows = []
    for lang, proto, base in (("go", "grpc", 1.0), ("go", "rest", 2.0), ("java", "grpc", 1.2), ("java", "rest", 2.3)):
        for rep in range(3):
            for i in range(15):
                rows.append(
                    {
                        "language": lang,
                        "protocol": proto,
                        "payload": "StdSize",
                        "repetition": rep,
                        "phase": "measure",
                        "ok": "true",
                        "latency_ms": base + 0.01 * ((i * 7 + rep) % 11),
                    }
                )
    return pd.DataFrame(rows)


def test_readings_say_what_the_tables_show():
    res = analyze_frame(frame(), response="latency_ms", factors=("language", "protocol"))
    text = readings(res, build_tables(res))
    assert text["Factorial allocation of variation"].startswith("protocol explains")
    assert "of the variation" in text["Factorial allocation of variation"]
    assert "protocol matters" in text["Kruskal-Wallis"]
    assert text["Ranking"].startswith("1. go/grpc")
    assert "fastest go/grpc" in text["Summary"]
    assert "pairs differ" in text["Wilcoxon rank-sum"]


def test_every_table_has_a_tooltip_from_docs_statistics():
    helps = help_texts()
    for title in (
        "Summary",
        "Normality",
        "Wilcoxon rank-sum",
        "Kruskal-Wallis",
        "Ranking",
        "Factorial allocation of variation",
        "Sample size",
    ):
        assert helps.get(title), title


def test_view_shows_tables_and_hides_missing_ones(qtbot):
    view = StatisticsView()
    qtbot.addWidget(view)
    res = analyze_frame(frame(), response="latency_ms", factors=("language", "protocol"))
    tables = build_tables(res)
    view.show_result(
        StatsResult(1, tables, readings(res, tables), res, rows=180, factors=["language", "protocol"]), final=True
    )
    shown = [t for t in TABLE_ORDER if view.sections[t].isVisibleTo(view)]
    assert shown == [t for t in TABLE_ORDER if t in tables]
    kw = view.sections["Kruskal-Wallis"]
    assert kw.model.rowCount() == 3 and kw.model.cell(1, "factor") == "protocol"
    view.show_result(StatsResult(2, message="no samples yet"), final=False)
    assert "no samples yet" in view.status.text()
    assert not any(s.isVisibleTo(view) for s in view.sections.values())


def test_factor_names_methods_and_the_design_note_read_in_portuguese(qtbot):
    """The Statistics tab in pt-BR: factors and interactions in the factor and term columns, the test's
    method and the factorial design's note (they read 'language*protocol', 'asymptotic' and 'full
    factorial, ... aggregate none' in a Portuguese window)."""
    from bancada.core.i18n import set_language
    from bancada.stats.results import Factorial
    from bancada.analysis.words.tables import design_note
    from bancada.ui import language
    from bancada.ui.tables.table_format import format_value

    try:
        assert language.install("pt_BR") == "pt_BR"
        assert format_value("term", "language*protocol [go]") == "linguagem × protocolo [go]"
        assert format_value("factor", "operation") == "operação"
        assert format_value("term", "error") == "erro experimental"
        assert format_value("method", "asymptotic") == "assintótico"
        assert format_value("treatment", "language") == "language"  # only factor columns are names of factors
        note = design_note(Factorial(design="full factorial", r=5, aggregate="none", transform="none", confidence=0.9))
        assert note == "fatorial completo, r = 5, agregação nenhuma, transformação nenhuma, confiança 90 %"
    finally:
        language.install("en")
        set_language("en")
    assert design_note(
        Factorial(design="full factorial", r=5, aggregate="mean", transform="log10", confidence=0.9)
    ) == ("full factorial, r = 5, aggregate mean, transform log10, confidence 90 %")


def test_a_thinned_read_is_said_with_its_numbers_in_english_and_portuguese(qtbot):
    """A long run's tables while it goes on read 1 in every k samples: the status says so, with k and
    the run's samples in the language's number format; a whole read says nothing of it."""
    from bancada.core.i18n import set_language
    from bancada.ui import language

    view = StatisticsView()
    qtbot.addWidget(view)
    res = analyze_frame(frame(), response="latency_ms", factors=("language", "protocol"))
    tables = build_tables(res)
    thinned = StatsResult(1, tables, readings(res, tables), res, rows=180, factors=["language", "protocol"])
    thinned.read_every, thinned.stored = 98, 97_979_413
    view.show_result(thinned, final=False)
    assert "read 1 in every 98 of its 97,979,413 samples" in view.status.text()
    assert "when it ends they read every sample" in view.status.text()
    whole = StatsResult(2, tables, readings(res, tables), res, rows=180, factors=["language", "protocol"])
    view.show_result(whole, final=True)
    assert "1 in every" not in view.status.text()
    try:
        assert language.install("pt_BR") == "pt_BR"
        pt = StatisticsView()
        qtbot.addWidget(pt)
        pt.show_result(thinned, final=False)
        assert "leem 1 de cada 98 das suas 97.979.413 amostras" in pt.status.text()
        assert "quando ela termina, leem todas as amostras" in pt.status.text()
    finally:
        language.install("en")
        set_language("en")
