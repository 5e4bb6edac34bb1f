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

    task = runner.start("x", fn)
    task.progressed.connect(got["progress"].append)
    task.partialResult.connect(got["partial"].append)
    with qtbot.waitSignal(task.succeeded, timeout=10_000) as sig:
        pass
    assert sig.args == [True]
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

    old = runner.start("stats", slow)
    old.succeeded.connect(results.append)
    new = runner.start("stats", lambda state: "new")
    new.succeeded.connect(results.append)
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

    task = runner.start("x", boom)
    with qtbot.waitSignal(task.failed, timeout=10_000) as sig:
        pass
    assert sig.args[0] == "bad thing" and "ValueError" in sig.args[1]
    qtbot.waitUntil(lambda: not task.running)
