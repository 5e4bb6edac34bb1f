"""End to end: the real window runs the real local workers, draws, computes, stops, exports, reopens."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from PySide6.QtGui import QImage

from bancada.stats.frame_analysis import analyze_frame
from bancada.store.runstore import RunStore
from bancada.store.tidy_csv import COLUMNS, tidy_frame
from bancada.ui.settings import recent_runs
from tests.conftest import artifact_missing
from tests.ui.conftest import screenshot, small_run

pytestmark = pytest.mark.ui

IMPLS = ["go-grpc", "go-rest", "java-grpc", "java-rest"]


@pytest.fixture(autouse=True)
def _workers_built():
    missing = {i: artifact_missing(i) for i in IMPLS}
    missing = {i: r for i, r in missing.items() if r}
    if missing:
        pytest.fail(f"workers not built ({missing}): run make -C workers")


def all_boxes(w):
    return {b.label: b for item in w.live.box_items.values() for b in item.boxes()}


def stored_measured_ms(path) -> dict[str, np.ndarray]:
    """Measured, ok latencies per box label, in ms (integer ns / 1e6, as the live model)."""
    with RunStore.open(path) as store:
        df = store.samples_frame()
    df = df[(df["phase"] == 1) & (df["ok"] == 1)]
    return {
        f"{impl} ({wl})": g["latency_ns"].to_numpy() / 1e6
        for (impl, wl), g in df.groupby(["implementation", "workload"])
    }


def check_boxes_match_store(w, path):
    boxes = all_boxes(w)
    expected = stored_measured_ms(path)
    assert set(boxes) == set(expected)
    for label, values in expected.items():
        s = boxes[label].stats
        q1, med, q3 = np.percentile(values, [25, 50, 75])
        assert s.n == values.size
        assert (s.q1, s.median, s.q3) == pytest.approx((q1, med, q3), rel=1e-12)
        assert s.whisker_lo == values[values >= q1 - 1.5 * (q3 - q1)].min()
        assert s.whisker_hi == values[values <= q3 + 1.5 * (q3 - q1)].max()


def test_run_watch_stop_export_reopen(window, qtbot, tmp_path, artifacts):
    w = window
    screenshot(w, "01-window-ready.png")
    small_run(w, IMPLS)
    with qtbot.waitSignal(w.runFinished, timeout=180_000) as finished:
        assert w.start_run()
        qtbot.waitUntil(lambda: len(all_boxes(w)) == 4, timeout=120_000)
        screenshot(w, "02-live-during-run.png")
    assert finished.args == ["complete"], w.state_label.text()
    path = w.last_finished.path
    qtbot.waitUntil(
        lambda: w.stats.final and w.stats_view.result is not None and not w.tasks.busy("stats"), timeout=60_000
    )

    # the boxes are the stored samples' quartiles, as numpy computes them
    check_boxes_match_store(w, path)
    screenshot(w, "03-live-after-run.png")

    # the Kruskal-Wallis cells equal bancada.stats on the same data
    with RunStore.open(path) as store:
        df = tidy_frame(store)
    ref = analyze_frame(df, response="latency_s", factors=("language", "protocol"), by=("payload",)).to_dict()
    kw_ref = {k["factor"]: k for k in ref["groups"][0]["kruskal"]}
    section = w.stats_view.sections["Kruskal-Wallis"]
    assert section.isVisibleTo(w.stats_view)
    shown = section.model.df
    for _, row in shown.iterrows():
        assert row["H"] == pytest.approx(kw_ref[row["factor"]]["H"], rel=1e-9)
        assert row["p"] == pytest.approx(kw_ref[row["factor"]]["p"], rel=1e-6)
    cell = section.model.cell(0, "H")
    assert cell == f"{kw_ref[shown.iloc[0]['factor']]['H']:.2f}"
    assert "language" in w.stats_view.sections["Kruskal-Wallis"].reading.text()
    assert "% of the variation" in w.stats_view.sections["Factorial allocation of variation"].reading.text()
    assert w.stats_view.sections["Kruskal-Wallis"].heading.toolTip().startswith("The Kruskal-Wallis test")
    w.tabs.setCurrentWidget(w.stats_view)
    assert "In short:" in w.stats_view.status.text()
    screenshot(w, "04-statistics.png")
    w.stats_view.ensureWidgetVisible(w.stats_view.sections["Sample size"])
    screenshot(w, "04b-statistics-factorial.png")
    w.tabs.setCurrentIndex(0)

    # export everything into one folder
    out = tmp_path / "export"
    with qtbot.waitSignal(w.exportDone, timeout=60_000):
        w.exports.export_all(str(out))
    csv = pd.read_csv(out / "samples.csv")
    assert list(csv.columns[: len(COLUMNS)]) == COLUMNS
    assert len(csv) == 4 * 2 * (10 + 2)
    assert not (out / "k6_summary.csv").exists()  # k6's table only for a run of virtual users
    assert not w.tabs.isTabVisible(w.tabs.indexOf(w.k6_view))  # its tab only for a run with virtual users
    png = QImage(str(out / "plot.png"))
    vp = w.live.graphics.viewport()
    assert (png.width(), png.height()) == (2 * vp.width(), 2 * vp.height())
    assert (out / "plot.svg").stat().st_size > 1000
    for name in ("kruskal-wallis", "summary", "wilcoxon-rank-sum", "factorial-allocation-of-variation"):
        table = pd.read_csv(out / "statistics" / f"{name}.csv")
        assert len(table) > 0
    md = (out / "statistics.md").read_text()
    # the tables as the window shows them: labels, not raw column names
    assert "## Kruskal-Wallis test" in md and "| Payload |" in md and "| Median (ms) |" in md
    assert (out / "profile.toml").read_text().startswith("[experiment]")
    assert "facts" in (out / "host.json").read_text()
    conclusions = (out / "conclusions.md").read_text()  # the results in sentences, in the window's language
    pair = re.compile(r"tends to be faster than|do not differ significantly")  # a pair's sentence (pair_verdict)
    assert conclusions.startswith("# Conclusions") and pair.search(conclusions), conclusions
    report = (out / "report.html").read_text()  # the whole report, self-contained, with the window's tables
    assert report.count("<svg") == 2 and "Kruskal-Wallis test" in report and pair.search(report)

    # open the stored run again: the same boxes
    before = {k: (b.stats.n, b.stats.q1, b.stats.median, b.stats.q3) for k, b in all_boxes(w).items()}
    w.live.show_message("cleared")
    with qtbot.waitSignal(w.runLoaded, timeout=60_000):
        w.open_run(str(path))
    after = {k: (b.stats.n, b.stats.q1, b.stats.median, b.stats.q3) for k, b in all_boxes(w).items()}
    assert after == before
    assert str(path) in recent_runs()
    qtbot.waitUntil(lambda: not w.tasks.busy("stats"), timeout=60_000)


def test_stop_keeps_a_consistent_run(window, qtbot):
    w = window
    small_run(w, ["go-grpc", "go-rest"], n=5000, r=2, warmup=2)
    with qtbot.waitSignal(w.runFinished, timeout=120_000) as finished:
        assert w.start_run()
        assert not w.start_run()  # a second run never silently replaces the first
        qtbot.waitUntil(lambda: w.model.total > 300, timeout=60_000)
        w.stop_run()
    assert finished.args == ["cancelled"]
    qtbot.waitUntil(lambda: not w.running(), timeout=30_000)
    with RunStore.open(w.last_finished.path) as store:
        assert store.meta()["status"] == "cancelled"
        stored = store.sample_count()
    assert stored == w.model.total  # everything stored is on screen, nothing lost
    qtbot.waitUntil(lambda: not w.tasks.busy("stats"), timeout=60_000)
    check_boxes_match_store(w, w.last_finished.path)


def test_closing_during_a_run_asks_then_stops_and_keeps_it(window, qtbot):
    from bancada.ui.window.closing import CloseDuringRun

    w = window
    small_run(w, ["go-grpc"], n=20000, r=1, warmup=0)
    assert w.start_run()
    qtbot.waitUntil(lambda: w.model.total > 100, timeout=60_000)
    w.close()
    box = w.findChild(CloseDuringRun)
    assert box is not None and box.isVisible()
    box.cancel_button.click()  # "Cancel": nothing happens
    assert w.isVisible() and w.running()
    w.close()
    with qtbot.waitSignal(w.runFinished, timeout=60_000) as finished:
        w.findChild(CloseDuringRun).stop_button.click()
    assert finished.args == ["cancelled"]
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=30_000)
    with RunStore.open(w.last_finished.path) as store:
        assert store.meta()["status"] == "cancelled"
        assert store.sample_count() > 100


@pytest.mark.parametrize("policy", ["continue", "stop"])
def test_a_worker_dying_mid_run_is_named_and_nothing_is_lost(window, qtbot, policy):
    import os
    import signal

    w = window
    small_run(w, ["go-grpc", "go-rest"], n=4000, r=3, warmup=0)
    w.panel.on_death.setCurrentIndex(w.panel.on_death.findData(policy))
    with qtbot.waitSignal(w.runFinished, timeout=180_000) as finished:
        assert w.start_run()
        qtbot.waitUntil(lambda: w.model.total > 200, timeout=60_000)
        # the run process started the workers; the run file names their pids (their Info answer)
        with RunStore.open(w.run_path) as store:
            victim = int(store.workers()["go-rest"]["pid"])
        os.killpg(os.getpgid(victim), signal.SIGKILL)
    assert finished.args == ["incomplete"]
    assert "go-rest" in w.last_finished.message or policy == "stop"
    boxes = [d for d in w._dialogs if "go-rest" in d.text() + d.informativeText()]
    assert boxes and not boxes[0].isModal()
    with RunStore.open(w.last_finished.path) as store:
        assert store.meta()["status"] == "incomplete"
        stored = store.sample_count()
        grpc = store.conn.execute(
            "SELECT COUNT(*) FROM sample s JOIN treatment t ON s.treatment = t.id WHERE t.implementation = 'go-grpc'"
        ).fetchone()[0]
    assert stored == w.model.total
    if policy == "continue":
        assert grpc == 3 * 4000  # the run went on for the other treatment
    else:
        assert grpc < 3 * 4000
    screenshot(w, f"05-worker-died-{policy}.png")
    qtbot.waitUntil(lambda: not w.tasks.busy("stats"), timeout=60_000)


def test_timed_closed_load_from_the_panel(window, qtbot):
    """Load group: closed model, 4 clients, 1 s per treatment; the bar shows the planned time, the boxes the store."""
    w = window
    small_run(w, ["go-rest", "go-grpc"], r=1, warmup=50, driver="native")
    load = w.panel.load
    load.model.setCurrentIndex(load.model.findData("closed"))
    load.concurrency.setText("4")
    load.duration.setText("1")
    assert w.panel.problem() == "" and not w.panel.requests.isEnabled()
    with qtbot.waitSignal(w.runFinished, timeout=120_000) as finished:
        assert w.start_run()
        qtbot.waitUntil(lambda: "planned time" in w.progress_bar.format(), timeout=60_000)
        qtbot.waitUntil(lambda: 0 < w.progress_bar.value() < w.progress_bar.maximum(), timeout=60_000)  # it moves
    assert finished.args == ["complete"], w.state_label.text()
    assert w.progress_bar.value() == w.progress_bar.maximum()
    path = w.last_finished.path
    with RunStore.open(path) as store:
        meta = store.meta()
    assert 'model = "closed"' in meta["profile_toml"] and "duration_s = 1.0" in meta["profile_toml"]
    check_boxes_match_store(w, path)
    counts = {label: b.stats.n for label, b in all_boxes(w).items()}
    assert all(n > 100 for n in counts.values()), counts  # 4 clients for 1 s each: far more than requests n
