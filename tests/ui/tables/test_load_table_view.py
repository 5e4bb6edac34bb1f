"""The Statistics tab's Load table: siege's and ab's summaries of a real run file that used a load
model, computed as the statistics process computes them; hidden for a run without one."""

from __future__ import annotations

import json

import pytest

from bancada.drivers.stream import Sample
from bancada.core.i18n import set_language
from bancada.store.runstore import RunStore, TreatmentRow
from bancada.session.stats_job import compute_statistics
from bancada.ui.tables.stats_view import StatisticsView

pytestmark = pytest.mark.ui

ROWS = [
    TreatmentRow(0, "go-rest", "go", "rest", "go", "custom", "SmallJSON", "int64s", 0, 0),
    TreatmentRow(1, "php-rest", "php", "rest", "php", "custom", "SmallJSON", "int64s", 0, 0),
]


def write_run(folder, load: dict) -> str:
    """Two treatments, two repetitions of 40 requests each (every 10th of php a 500), 20 clients."""
    with RunStore.create(f"r-load-{load['model']}", folder) as store:
        store.set_meta(profile_json=json.dumps({"load": load}), response_bytes={"0": [120, 16], "1": [150, 16]})
        store.add_treatments(ROWS)
        samples, seq = [], 0
        for rep in (1, 2):
            for t, ms in ((0, 2.0), (1, 8.0)):
                for i in range(40):
                    failed = t == 1 and i % 10 == 0
                    error = "http_500: boom" if failed else ""
                    start = rep * 10**9 + i * 1_000_000
                    samples.append(Sample(t, rep, seq, 1, not failed, int(ms * 1e6), -1, start, 0, error))
                    seq += 1
        store.add_samples(samples)
        store.commit()
        return str(store.path)


def cell(view, table: int, row_label: str, column: int) -> str:
    t = view.load_view.tables[table]
    rows = [t.verticalHeaderItem(r).text() for r in range(t.rowCount())]
    return t.item(rows.index(row_label), column).text()


def test_a_load_run_shows_siege_and_ab_tables(qtbot, tmp_path):
    path = write_run(tmp_path, {"model": "closed", "concurrency": 20, "duration_s": 1.0})
    res = compute_statistics(path, ["language"], 1, lang="en")
    view = StatisticsView()
    qtbot.addWidget(view)
    view.show_result(res, final=True)
    assert not view.load_view.isHidden()
    siege, ab = view.load_view.tables
    assert siege.columnCount() == 4 and siege.horizontalHeaderItem(0).text() == "go-rest #1"
    assert cell(view, 0, "transactions (hits)", 0) == "40"
    assert cell(view, 0, "failed transactions", 2) == "4"  # php-rest #1: four 500s
    assert cell(view, 0, "availability (%)", 2) == "100.00"  # a 500 is an answer
    assert cell(view, 1, "non-2xx responses", 2) == "4"
    assert cell(view, 1, "concurrency level", 0) == "20"
    assert cell(view, 1, "served within 100 % (ms)", 0) == "2.0"


def test_the_load_table_speaks_portuguese(qtbot, tmp_path):
    path = write_run(tmp_path, {"model": "closed", "concurrency": 20, "duration_s": 1.0})
    try:
        res = compute_statistics(path, ["language"], 1, lang="pt_BR")
    finally:
        set_language("en")
    view = StatisticsView()
    qtbot.addWidget(view)
    view.show_result(res, final=True)
    assert "Carga (siege)" in view.load_view.titles[0].text()
    assert cell(view, 0, "disponibilidade (%)", 2) == "100,00"  # decimal comma


def test_a_run_without_a_load_model_has_no_load_table(qtbot, tmp_path):
    path = write_run(tmp_path, {"model": "sequential", "concurrency": 1})
    res = compute_statistics(path, ["language"], 1, lang="en")
    assert res.load == {}
    view = StatisticsView()
    qtbot.addWidget(view)
    view.show_result(res, final=True)
    assert view.load_view.isHidden()
