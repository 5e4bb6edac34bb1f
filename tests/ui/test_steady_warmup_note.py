"""The window says when a steady-state warm-up ended, on the run's progress line."""

from __future__ import annotations

from bancada.run.events import Notice
from bancada.run.warmup_notes import warmup_end_text


def test_the_progress_line_says_how_many_warm_up_requests_it_took(window, qtbot):
    event = {"treatment": 3, "repetition": 2, "warmup_requests": 7000, "steady": True, "cov_pct": 2.05}
    window.run.show_event(Notice("info", warmup_end_text(event, "java-rest / StdSize")))
    assert window.state_label.text() == (
        "Java-rest / StdSize, repetition 2: steady after 7,000 warm-up requests (CoV of the window medians 2.0 %)…"
    )
