"""The k6 summary beside the box plots: a real run file of a virtual-user run (tests/k6_vu_run.py),
computed by the statistics process's function, shown in the widget in English and Portuguese, and
in the main window's Live tab for an opened run; hidden for a run without virtual users."""

from __future__ import annotations

import pytest

from bancada.core.i18n import set_language
from bancada.ui import language
from bancada.ui.tables.k6_table_view import K6TableView
from bancada.session.stats_job import compute_statistics
from tests.k6_vu_run import K6_REFERENCE, write_vu_run

pytestmark = pytest.mark.ui

GRAPHQL = "python-graphql / CreatePerson"


def test_the_statistics_of_a_vu_run_carry_k6s_numbers(tmp_path):
    res = compute_statistics(write_vu_run(tmp_path), ["language", "protocol"], 1, lang="en")
    assert [r.treatment for r in res.k6] == list(K6_REFERENCE)  # the run's treatment order
    row = res.k6[1]
    assert (row.med_ms, row.p95_ms, row.requests_per_s) == pytest.approx((26.2729, 41.44428, 10.0))


def test_a_running_vu_run_counts_its_rate_over_the_time_so_far(tmp_path):
    res = compute_statistics(write_vu_run(tmp_path), ["language", "protocol"], 1, running=True, lang="en")
    assert res.k6 and res.k6[0].requests_per_s > 10.0  # spans of ~5.1 s, not the planned 6 s


def test_the_widget_shows_k6s_columns_in_english(qtbot, tmp_path):
    res = compute_statistics(write_vu_run(tmp_path), ["language", "protocol"], 1, lang="en")
    view = K6TableView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.rowsChanged) as shown:
        view.show_rows(res.k6)
    assert shown.args == [True]
    heads = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    assert heads == [
        "treatment", "avg (ms)", "min (ms)", "med (ms)", "max (ms)", "p(90) (ms)", "p(95) (ms)", "requests",
        "requests/s", "failed (%)",
    ]  # fmt: skip
    assert [view.cell(GRAPHQL, c) for c in range(1, 10)] == [
        "26.86", "11.00", "26.27", "68.14", "39.56", "41.44", "120", "10.00", "3.33",
    ]  # fmt: skip
    assert view.note.text() == "The whole run."


def test_the_widget_speaks_portuguese_with_a_decimal_comma(qtbot, tmp_path):
    try:
        assert language.install("pt_BR") == "pt_BR"
        res = compute_statistics(write_vu_run(tmp_path), ["language", "protocol"], 1, lang="pt_BR")
        view = K6TableView()
        qtbot.addWidget(view)
        view.show_rows(res.k6, running=True)
        assert view.heading.text() == "Resumo do k6"
        assert view.table.horizontalHeaderItem(3).text() == "mediana (ms)"
        assert view.cell(GRAPHQL, 6) == "41,44" and view.cell(GRAPHQL, 9) == "3,33"
        assert "até agora" in view.note.text()
    finally:
        language.install("en")
        set_language("en")


def test_no_rows_empty_the_table_and_say_so(qtbot, tmp_path):
    res = compute_statistics(write_vu_run(tmp_path, model="sequential"), ["language"], 1, lang="en")
    assert res.k6 == []
    view = K6TableView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.rowsChanged) as shown:
        view.show_rows(res.k6)
    assert shown.args == [False] and view.table.rowCount() == 0


def test_the_window_shows_the_k6_summary_tab_of_an_opened_vu_run_only(window, qtbot, tmp_path):
    """The table has the width of the window in its own tab (beside the box plots at 1024 x 768 it
    showed one column), shown for a run with virtual users and hidden for another."""
    w = window
    assert w.tabs.widget(0) is w.live and w.tabs.widget(1) is w.k6_view
    tab = w.tabs.indexOf(w.k6_view)
    assert not w.tabs.isTabVisible(tab)
    w.open_run(write_vu_run(tmp_path / "vus"))
    qtbot.waitUntil(lambda: w.tabs.isTabVisible(tab) and w.k6_view.table.rowCount() == 2, timeout=60_000)
    assert w.tabs.tabText(tab) == "k6 summary" and w.k6_view.cell(GRAPHQL, 6) == "41.44"
    assert w.live.box_plots and w.tabs.currentIndex() == 0  # the boxes stay in sight
    w.menus.act_stats.trigger()
    assert w.tabs.currentWidget() is w.stats_view
    w.open_run(write_vu_run(tmp_path / "seq", model="sequential"))
    qtbot.waitUntil(lambda: not w.tasks.busy("load") and not w.tasks.busy("stats"), timeout=60_000)
    qtbot.waitUntil(lambda: not w.tabs.isTabVisible(tab), timeout=60_000)
