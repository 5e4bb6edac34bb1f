"""The window says when a steady-state warm-up ended, on the run's progress line."""

from __future__ import annotations

from bancada.run.events import Notice
from bancada.run.warmup_notes import warmup_end_text


def test_the_progress_line_says_how_many_warm_up_requests_it_took(window, qtbot):
    from bancada.store.runstore import TreatmentRow

    # the run's treatments: the line starts with one's name as written ("java-rest", not "Java-rest")
    window.run.model.reset([TreatmentRow(3, "java-rest", "java", "rest", "java", "select", "StdSize", "int64s", 0, 0)])
    event = {"treatment": 3, "repetition": 2, "warmup_requests": 7000, "steady": True, "cov_pct": 2.05}
    window.run.show_event(Notice("info", warmup_end_text(event, "java-rest / StdSize")))
    assert window.state_label.text() == (
        "java-rest / StdSize, repetition 2: steady after 7,000 warm-up requests (CoV of the window medians 2.0 %)…"
    )
    window.run.show_event(Notice("info", "cannot reach the host"))
    assert window.state_label.text() == "Cannot reach the host…"  # any other line: a sentence


def test_the_progress_bar_follows_a_total_that_grows_with_a_steady_warm_up(pt_window):
    """A steady-state warm-up sends more requests than the plan's count: the runner's total grows
    with them, and the bar must follow it (a value past the bar's maximum would be ignored and the
    bar left at its last value, e.g. "0 / 160" after a finished run)."""
    from bancada.run.events import Progress

    window = pt_window
    bar = window.status.progress_bar
    window.status.begin(160)
    window.status.show_progress(Progress(done=100, total=160, errors=0, samples_per_s=1_000.0, eta_s=0.1))
    assert (bar.value(), bar.maximum()) == (100, 160)
    window.status.show_progress(Progress(done=9_000, total=9_000, errors=0, samples_per_s=5_000.0, eta_s=None))
    assert (bar.value(), bar.maximum()) == (9_000, 9_000)
    assert bar.text() == "9.000 / 9.000"  # pt-BR's digit grouping (Qt's "%v / %m" has none)
