"""The window's Open run opens a tidy sample CSV as a read-only run: the same boxes and tables as the run file.

The run is ``tests/bench/_bigrun.py``'s 2^3 run (written through the real RunStore) and
its CSV as ``bancada export`` writes it; a CSV without Bancada's columns is refused with
one translated line naming the missing columns.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest

from bancada.core.i18n import set_language
from bancada.store.runstore import RunStore
from bancada.store.tidy_csv import export_csv
from bancada.ui.window.run import CSV_FACTORS
from bancada.ui.settings import recent_runs

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import _bigrun  # noqa: E402

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def run_and_csv(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("csvrun")
    run = _bigrun.write_run(folder, 400)
    csv = folder / "samples.csv"
    with RunStore.open(run) as store:
        export_csv(store, csv)
    return run, csv


def boxes(w) -> dict[str, tuple]:
    return {
        b.label: (b.stats.n, b.stats.q1, b.stats.median, b.stats.q3)
        for item in w.live.box_items.values()
        for b in item.boxes()
    }


def open_and_wait(w, qtbot, path: Path) -> None:
    with qtbot.waitSignal(w.runLoaded, timeout=60_000):
        w.open_run(str(path))
    qtbot.waitUntil(lambda: not w.tasks.busy("stats") and w.stats_view.result is not None, timeout=120_000)


def test_a_tidy_csv_opens_as_the_run_it_came_from(window, qtbot, run_and_csv):
    w = window
    run, csv = run_and_csv
    w.run.factors = list(CSV_FACTORS)  # the run file has no profile: the factors the window gives a CSV
    open_and_wait(w, qtbot, run)
    from_run = boxes(w)
    tables_run = {k: v.copy() for k, v in w.stats_view.result.tables.items()}
    open_and_wait(w, qtbot, csv)
    from_csv = boxes(w)
    assert len(from_csv) >= 4 and from_csv.keys() == from_run.keys()  # a box per implementation and payload
    for label, (n, q1, med, q3) in from_run.items():  # the CSV's times are %.9g of the same nanoseconds
        assert from_csv[label][0] == n
        assert from_csv[label][1:] == pytest.approx((q1, med, q3), rel=1e-8)
    tables_csv = w.stats_view.result.tables
    assert {"Summary", "Kruskal-Wallis"} <= tables_csv.keys()
    summary_run, summary_csv = tables_run["Summary"], tables_csv["Summary"]
    assert list(summary_csv["n"]) == list(summary_run["n"]) == [400] * 8
    assert summary_csv["median"].to_numpy() == pytest.approx(summary_run["median"].to_numpy(), rel=1e-8)
    assert w.run_path == csv and str(csv) in recent_runs()
    assert csv.name in w.state_label.text()
    w.exports.export_all(str(csv.parent / "export"))  # read-only: said in the status bar, nothing half-written
    assert "opened read-only" in w.state_label.text() and not (csv.parent / "export").exists()


def test_a_csv_that_is_not_tidy_names_the_missing_columns(window, qtbot, tmp_path):
    w = window
    bad = tmp_path / "other.csv"
    pd.DataFrame({"language": ["go"], "latency_s": [0.1], "colour": ["red"]}).to_csv(bad, index=False)
    w._dialogs.clear()
    w.open_run(str(bad))
    qtbot.waitUntil(lambda: bool(w._dialogs), timeout=30_000)
    text = w._dialogs[-1].text()
    assert text.startswith("other.csv is not a Bancada tidy sample CSV: missing columns implementation, protocol")
    assert "repetition, phase" in text and "\n" not in text
    assert w.run_path is None or w.run_path != bad


def test_the_message_is_translated(tmp_path):
    from bancada.session.tidy_run import TidyCsvError, read_tidy_csv

    bad = tmp_path / "outro.csv"
    bad.write_text("language,latency_s\ngo,0.1\n")
    set_language("pt_BR")
    try:
        with pytest.raises(TidyCsvError) as err:
            read_tidy_csv(bad)
    finally:
        set_language("en")
    assert str(err.value).startswith("outro.csv não é um CSV de amostras no formato organizado do Bancada")
    assert "implementation, protocol, operation" in str(err.value)
