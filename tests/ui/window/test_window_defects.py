"""The window's defects of issue 13, each found as a new user would and fixed (one test each).

Real window (offscreen), real run files; the run-reset test drives the real local workers.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt, QTimer
from PySide6.QtGui import QStatusTipEvent, QWheelEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from bancada.drivers.stream import Sample
from bancada.store.runstore import RunStore, TreatmentRow
from tests.conftest import ROOT
from tests.ui.conftest import QUICK, screenshot, small_run

pytestmark = pytest.mark.ui

ROWS = [
    TreatmentRow(i, f"{lang}-{proto}", lang, proto, lang, "select", "StdSize", "int64s", 200, 1000)
    for i, (lang, proto) in enumerate([("go", "grpc"), ("go", "rest"), ("java", "grpc"), ("java", "rest")])
]
BASE_MS = {0: 0.2, 1: 0.5, 2: 1.2, 3: 1.6}


def write_run(folder, *, n=15, reps=2, partial_rep_n=5) -> str:
    """A real run file: 4 treatments, ``reps`` complete repetitions of n, then one with ``partial_rep_n`` samples
    of the first treatment only (a run caught mid-repetition)."""
    rng = np.random.default_rng(7)
    with RunStore.create("r-partial", folder) as store:
        store.add_treatments(ROWS)
        seq = 0
        samples = []
        plan = [(rep, t, n) for rep in range(1, reps + 1) for t in range(4)] + [(reps + 1, 0, partial_rep_n)]
        for rep, t, count in plan:
            for _ in range(count):
                ms = BASE_MS[t] * (1 + 0.1 * rng.random())
                samples.append(Sample(t, rep, seq, 1, True, int(ms * 1e6), -1, seq * 1000))
                seq += 1
        store.add_samples(samples)
        store.commit()
        return str(store.path)


def begin_fake_run(w, rows=ROWS):
    """Show a run's treatments in the window without a run (the timers stopped again at the end of the test)."""
    w.run.factors = ["language", "protocol"]
    w.run.begin_live("r-test", None, rows, 100, "python")


def stop_timers(w):
    w.run.plot_timer.stop()
    w.stats.timer.stop()


def feed_measured(w, per_treatment=30):
    rng = np.random.default_rng(1)
    for t in range(4):
        lat = BASE_MS[t] * (1 + rng.random(per_treatment))
        w.model.extend_arrays(
            np.full(per_treatment, t), lat, np.ones(per_treatment, np.int8), np.ones(per_treatment, bool)
        )
    w.live.refresh(w.model, force_trace=True)


# -- starting -------------------------------------------------------------------------------
def close_modal_later(seen: list):
    """Close the next modal dialog (the startup error) and remember its text."""

    def poll():
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(box.text())
            box.done(0)
        else:
            QTimer.singleShot(50, poll)

    QTimer.singleShot(50, poll)


@pytest.mark.parametrize(
    "text, words",
    [
        ("[experiment\nname = 'x'", "not valid TOML"),
        (QUICK.read_text().replace("repetitions = 2", "repetitions = -3"), "repetitions"),
    ],
)
def test_a_bad_profile_is_one_error_in_a_dialog_and_no_thread_is_left(qtbot, tmp_path, capsys, text, words):
    from bancada.ui import app, tasks

    bad = tmp_path / "broken.toml"
    bad.write_text(text)
    seen: list[str] = []
    close_modal_later(seen)
    assert app.main(str(bad)) == 2
    assert seen and words in seen[0] and "broken.toml" in seen[0]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("bancada: ") and words in err[0]
    assert not tasks.running_threads()  # the host check never started: no "QThread destroyed" abort


def test_no_display_says_so_in_one_line_and_names_the_headless_command(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    proc = subprocess.run(
        [sys.executable, "-m", "bancada.cli", "gui"], env=env, capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, proc.stderr
    assert len(lines) == 1 and "no display" in lines[0] and "bancada run PROFILE" in lines[0]

    from bancada.cli.gui import display_problem

    assert "cannot be reached" in display_problem({"DISPLAY": ":987"}, "linux")
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") == ""
    assert display_problem({}, "win32") == ""


def test_a_profile_with_an_unknown_implementation_is_refused_as_the_cli_does(window, qtbot, tmp_path):
    from bancada.experiment.profile import ProfileError
    from bancada.ui.app import make_window

    prof = tmp_path / "rust.toml"
    prof.write_text(QUICK.read_text().replace('"go-grpc",', '"go-grpc", "rust-grpc",'))
    assert not window.open_profile(str(prof))
    box = window._dialogs[-1]
    assert "unknown implementation 'rust-grpc'" in box.text() and "go-grpc" in box.text()
    assert "rust" not in window.state_label.text()
    with pytest.raises(ProfileError, match="unknown implementation 'rust-grpc'"):
        make_window(str(prof))


# -- the panel ----------------------------------------------------------------------------
def wheel(widget, steps=-1):
    pos = QPointF(widget.width() / 2, widget.height() / 2)
    ev = QWheelEvent(
        pos,
        widget.mapToGlobal(pos),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, ev)


def test_combo_boxes_take_the_wheel_only_when_focused(window, qtbot):
    combo = window.panel.connection
    window.setFocus()
    assert not combo.hasFocus()
    before = combo.currentIndex()
    wheel(combo)
    assert combo.currentIndex() == before  # scrolling the panel does not flip the connection policy
    assert combo.focusPolicy() == Qt.FocusPolicy.StrongFocus  # nor does the wheel give it the focus
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus, timeout=5000)
    wheel(combo)
    assert combo.currentIndex() != before


def test_plots_have_a_visible_reset_zoom(window, qtbot):
    w = window
    begin_fake_run(w)
    feed_measured(w)
    stop_timers(w)
    plot = next(iter(w.live.box_plots.values()))
    fitted = plot.getViewBox().viewRange()[1]
    plot.getViewBox().scaleBy((1, 0.1))
    assert plot.getViewBox().viewRange()[1] != pytest.approx(fitted)
    assert w.menus.run_toolbar.widgetForAction(w.menus.act_reset_zoom).isVisible()
    assert w.menus.act_reset_zoom.shortcut().toString() == "Ctrl+0"
    w.menus.act_reset_zoom.trigger()
    assert plot.getViewBox().viewRange()[1] == pytest.approx(fitted)


def test_the_refusal_is_beside_run_and_cleared_when_the_field_is_valid(window, qtbot):
    w, p = window, window.panel
    assert w.menus.run_toolbar.isAncestorOf(p.problem_label)  # beside Run, not below the fold
    p.requests.setValue(20)
    p.requests.setFocus()
    p.requests.end(False)
    with qtbot.waitSignal(p.requests.problemChanged) as refused:
        qtbot.keyClicks(p.requests, "x")  # refused: the field still shows 20
    assert "'20x' is not a whole number" in refused.args[0]
    assert p.requests.text() == "20"
    assert w.menus.act_run.isEnabled() and p.problem_label.text() == ""
    p.requests.setText("0")
    assert "Requests n must be from 1" in p.problem_label.text() and p.problem_label.isVisible()
    assert not w.menus.act_run.isEnabled()
    p.requests.setText("5")
    assert p.problem_label.text() == "" and w.menus.act_run.isEnabled()


# -- statistics --------------------------------------------------------------------------
def test_mid_run_statistics_use_the_complete_repetitions_and_say_so(qtbot, tmp_path):
    from bancada.session.stats_job import compute_statistics
    from bancada.ui.tables.stats_view import StatisticsView

    path = write_run(tmp_path)
    res = compute_statistics(path, ["language", "protocol"], 1, running=True)
    assert res.repetitions == 2 and res.partial_repetition == 3
    assert res.rows == 4 * 2 * 15
    assert res.result.groups[0].factorial.error is None
    text = " ".join([res.message, *res.readings.values()])
    assert "--" not in text and "unbalanced" not in text
    view = StatisticsView()
    qtbot.addWidget(view)
    view.show_result(res, final=False)
    assert "2 complete repetitions analysed" in view.status.text()
    assert "repetition 3 is left out" in view.status.text()
    # the run over but stopped mid-repetition: the same, said as final
    final = compute_statistics(path, ["language", "protocol"], 2, running=False)
    assert final.repetitions == 2 and final.result.groups[0].factorial.error is None


def test_tables_have_readable_labels_and_numbers(qtbot, tmp_path):
    from bancada.session.stats_job import compute_statistics
    from bancada.ui.tables.stats_view import StatisticsView

    res = compute_statistics(write_run(tmp_path, n=40, partial_rep_n=0), ["language", "protocol"], 1)
    view = StatisticsView()
    qtbot.addWidget(view)
    view.show_result(res, final=True)
    raw = {"median_ci_lo", "a12", "cliffs_delta", "n_used", "subsampled", "p_holm", "variation_pct"}
    for title, sec in view.sections.items():
        if not sec.isVisibleTo(view):
            continue
        m = sec.model
        headers = {m.headerData(i, Qt.Orientation.Horizontal) for i in range(m.columnCount())}
        assert not headers & raw, (title, headers & raw)
    summary = view.sections["Summary"].model
    assert "Median (ms)" in {summary.headerData(i, Qt.Orientation.Horizontal) for i in range(summary.columnCount())}
    median = summary.cell(0, "median")
    assert len(median.replace(".", "").lstrip("0")) <= 3, median  # 3 significant digits, not 1.6458
    wil = view.sections["Wilcoxon rank-sum"].model
    ps = [wil.cell(r, "p") for r in range(wil.rowCount())]
    assert "< 0.001" in ps and not any("e-" in p for p in ps)
    ws = [wil.cell(r, "W") for r in range(wil.rowCount())]
    assert all(w.replace(",", "").isdigit() for w in ws), ws  # a rank sum is a whole number, not 1.000
    norm = view.sections["Normality"].model
    assert all(norm.cell(r, "W").startswith("0.") for r in range(norm.rowCount()))
    assert norm.cell(0, "subsampled") in ("yes", "no")


# -- plots ---------------------------------------------------------------------------------
def test_trace_legend_beside_the_data_titles_dark_log_ticks_apart(window, qtbot, tmp_path):
    from PySide6.QtGui import QPalette

    w = window
    begin_fake_run(w)
    feed_measured(w)
    stop_timers(w)
    for wl, trace in w.live.trace_plots.items():
        legend = w.live.legends[wl]
        assert len(legend.items) == 4
        data_rect = trace.getViewBox().sceneBoundingRect()
        assert not legend.sceneBoundingRect().intersects(data_rect)  # not drawn over the data
    text = w.palette().color(QPalette.ColorRole.Text).name()
    for plot in w.live.plots():
        assert plot.titleLabel.opts["color"] == text  # titles in the text colour, not light grey
        assert plot.getAxis("left").labelStyle["color"] == text
    # the legend's text is as big as the axes' in the exported image: both in pixels of the scene
    size = next(iter(w.live.legends.values())).items[0][1].opts["size"]
    assert size.endswith("px")
    assert int(size[:-2]) == next(iter(w.live.box_plots.values())).getAxis("left").style["tickFont"].pixelSize()
    # log axis: labels only at 1, 2, 5 × 10^k (or decades), as plain numbers
    w.menus.act_log.setChecked(True)
    w.menus.act_log.trigger() if not w.live.log_y else None
    axis = next(iter(w.live.box_plots.values())).getAxis("left")
    axis.setRange(np.log10(0.1), np.log10(200))
    values = np.log10([0.1, 0.2, 0.3, 0.5, 0.9, 1, 2, 7, 10, 20, 50, 90, 100])
    labels = axis.logTickStrings(list(values), 1, 1)
    assert [s for s in labels if s] == ["0.1", "1", "10", "100"]
    axis.setRange(0, 2)
    assert [s for s in axis.logTickStrings(list(np.log10([1, 2, 3, 5, 9, 10, 20])), 1, 1) if s] == [
        "1",
        "2",
        "5",
        "10",
        "20",
    ]
    w.menus.act_log.setChecked(False)
    w.live.set_log_y(False)
    screenshot(w, "defects-plots.png")


def test_warming_up_hint_until_the_first_measured_samples(window, qtbot):
    w = window
    begin_fake_run(w)
    stop_timers(w)
    hints = list(w.live.warmup_hints.values())
    assert hints and all(h.isVisible() for h in hints)
    assert "Warming up" in hints[0].textItem.toPlainText()
    feed_measured(w)
    assert not any(h.isVisible() for h in hints)


def test_loading_another_profile_clears_the_old_plots(window, qtbot, root):
    w = window
    begin_fake_run(w)
    feed_measured(w)
    stop_timers(w)
    w.rate_label.setText("1,234 samples/s")
    assert w.live.box_items
    assert w.open_profile(str(root / "profiles" / "soares-2024.toml"))
    assert not w.live.box_items and not w.live.trace_plots
    assert w.run_path is None and w.rate_label.text() == ""
    assert "Go x Java and gRPC x REST" in w.state_label.text()


# -- status bar ----------------------------------------------------------------------------
def test_a_hover_does_not_replace_the_run_state(window, qtbot):
    w = window
    w.state_label.setText("Running r-1 (python driver)")
    QApplication.sendEvent(w, QStatusTipEvent("Start the experiment"))
    assert w.statusBar().currentMessage() == ""
    assert w.state_label.isVisible() and w.state_label.text() == "Running r-1 (python driver)"


def test_exporting_a_png_says_where(window, qtbot, tmp_path):
    w = window
    begin_fake_run(w)
    feed_measured(w)
    stop_timers(w)
    out = tmp_path / "plot.png"
    assert w.exports.export_png(str(out))
    assert out.stat().st_size > 1000
    assert str(out) in w.state_label.text() and "saved" in w.state_label.text()


def test_the_previous_runs_rate_is_not_shown_while_the_next_starts(window, qtbot):
    w = window
    small_run(w, ["go-grpc"], n=5, r=1, warmup=1)
    for label, text in ((w.rate_label, "9,999 samples/s"), (w.eta_label, "ETA 0:42"), (w.errors_label, "3 errors")):
        label.setText(text)
    with qtbot.waitSignal(w.runFinished, timeout=120_000):
        assert w.start_run()
        assert (w.rate_label.text(), w.eta_label.text(), w.errors_label.text()) == ("", "", "")


# -- size ------------------------------------------------------------------------------------
@pytest.mark.parametrize("screen", [(1024, 768), (1366, 768), (683, 512)])  # 683×512: 1024×768 at Qt's 1.5 scale
def test_window_fits_the_screen_and_the_plots_are_not_cut(window, qtbot, screen):
    w = window
    begin_fake_run(w)
    feed_measured(w)
    stop_timers(w)
    avail = QRect(0, 0, *screen)
    w.window_settings.fit_to_screen(avail)
    qtbot.waitUntil(lambda: w.width() <= screen[0] and w.height() <= screen[1], timeout=5000)
    assert w.minimumSizeHint().width() <= screen[0] and w.minimumSizeHint().height() <= screen[1]
    assert avail.contains(w.frameGeometry()) or w.frameGeometry().width() <= screen[0]
    g = w.live.graphics
    right = g.mapTo(w, QPoint(g.width(), 0)).x()
    assert right <= w.width()
    if screen == (1024, 768):
        screenshot(w, "defects-1024x768.png")


# -- menus ------------------------------------------------------------------------------------
def test_help_lists_the_docs_and_the_keyboard_shortcuts(window, qtbot):
    w = window
    texts = [a.text() for a in w.menus.help_menu.actions()]
    docs = [a.data() for a in w.menus.help_menu.actions() if a.data()]
    assert "docs/gui.md" in docs and "docs/statistics.md" in docs
    assert all(w.menus.doc_path(d) is not None for d in docs)
    assert any("Keyboard shortcuts" in t.replace("&", "") for t in texts)
    box = w.menus.show_shortcuts()
    assert "Ctrl+R" in box.text() and "Ctrl+E" in box.text() and "Ctrl+0" in box.text()
    box.close()
