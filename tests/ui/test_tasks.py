"""The task runner: results on the GUI thread, supersede drops stale results, runs never replaced silently."""

from __future__ import annotations

import threading

import pytest

from bancada.ui.tasks import TaskBusy, TaskRunner

pytestmark = pytest.mark.ui


def test_result_progress_and_partial_arrive(qtbot):
    runner = TaskRunner()
    got = {"progress": [], "partial": []}

    def fn(state):
        state.progress(0.5)
        state.partial("half")
        return threading.current_thread() is not threading.main_thread()

    results = []
    runner.start("x", fn, progressed=got["progress"].append, partial=got["partial"].append, succeeded=results.append)
    qtbot.waitUntil(lambda: results == [True], timeout=10_000)
    qtbot.waitUntil(lambda: not runner.busy("x"))
    assert got == {"progress": [0.5], "partial": ["half"]}


def test_a_new_task_of_a_kind_cancels_the_old_and_drops_its_result(qtbot):
    runner = TaskRunner()
    release = threading.Event()
    results = []

    def slow(state):
        state.on_cancel(release.set)
        release.wait(10)
        return "old"

    old = runner.start("stats", slow, succeeded=results.append)
    new = runner.start("stats", lambda state: "new", succeeded=results.append)
    qtbot.waitUntil(lambda: not old.running and not new.running, timeout=10_000)
    assert old.cancelled and results == ["new"]


def test_a_run_is_never_replaced_silently(qtbot):
    runner = TaskRunner()
    release = threading.Event()
    task = runner.start("run", lambda state: release.wait(10), supersede=False)
    with pytest.raises(TaskBusy):
        runner.start("run", lambda state: None, supersede=False)
    release.set()
    qtbot.waitUntil(lambda: not task.running, timeout=10_000)


def test_errors_are_reported(qtbot):
    runner = TaskRunner()

    def boom(state):
        raise ValueError("bad thing")

    errors = []
    task = runner.start("x", boom, failed=lambda msg, tb: errors.append((msg, tb)))
    qtbot.waitUntil(lambda: not task.running and bool(errors), timeout=10_000)
    assert errors[0][0] == "bad thing" and "ValueError" in errors[0][1]


def test_a_file_missing_inside_the_installation_is_named_so(qtbot):
    """The Statistics tab said "Statistics failed: [Errno 2] ..." when the bundle lacked a library's file (issue 26)."""
    import errno
    from pathlib import Path

    import bancada

    gone = Path(bancada.__file__).resolve().parent / "_not_there" / "_static_version.py"
    runner = TaskRunner()

    def lost(state):
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(gone))

    errors = []
    task = runner.start("stats", lost, failed=lambda msg, tb: errors.append(msg))
    qtbot.waitUntil(lambda: not task.running and bool(errors), timeout=10_000)
    assert "installation is broken" in errors[0] and str(gone) in errors[0] and "Errno" not in errors[0]
