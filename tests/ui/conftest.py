"""Fixtures of the GUI tests: offscreen Qt, a leak check, the real window, screenshots."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tests.conftest import ROOT, artifact_missing  # noqa: E402

ARTIFACTS = ROOT / "tests" / "artifacts"
QUICK = ROOT / "profiles" / "quick.toml"


@pytest.fixture(autouse=True)
def no_dangling_threads_or_timers(qapp):
    """Fail a test that leaves a task's QThread running or an active QTimer in a live widget."""
    yield
    from PySide6.QtCore import QCoreApplication, QEvent, QTimer
    from PySide6.QtWidgets import QApplication

    # delete the test's closed widgets now, in its own teardown, not in the middle of the next test
    # (a deferred delete processed inside another test's event loop crashed it now and then)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    from bancada.ui import tasks

    threads = tasks.running_threads()
    for t in threads:  # do not let a leaking test crash the next one
        t.wait(30_000)
    active = [
        (w.objectName() or type(w).__name__, t.interval())
        for w in QApplication.topLevelWidgets()
        for t in w.findChildren(QTimer)
        if t.isActive() and t.interval() > 0
    ]
    assert not threads, f"{len(threads)} task thread(s) still running"
    assert not active, f"QTimer(s) still active: {active}"


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def screenshot(widget, name: str) -> Path:
    """Save a PNG of ``widget`` under tests/artifacts/ (git-ignored) for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    assert widget.grab().save(str(path)), f"cannot write {path}"
    return path


def open_window(qtbot, width: int, height: int):
    """The real main window with the quick profile at ``width``×``height``, once the host said what it can run."""
    from bancada.ui.app import make_window

    w = make_window(str(QUICK))
    qtbot.addWidget(w)
    w.resize(width, height)
    w.show()
    qtbot.waitUntil(lambda: bool(w.panel._impl_boxes) and not w.tasks.busy("probe"), timeout=60_000)
    return w


def close_window(w, qtbot) -> None:
    """Stop the window's run (if any), close its own service (if open) and the window; wait for its tasks."""
    from bancada.ui import tasks

    if w.running():
        w.stop_run()
        qtbot.waitUntil(lambda: not w.running(), timeout=60_000)
    if w.profiles.own_service is not None:
        w.profiles.own_service.close()
    w.close()
    qtbot.waitUntil(lambda: not tasks.running_threads(), timeout=30_000)


@pytest.fixture
def window(qtbot):
    """The real main window with the quick profile, 1280×720, once the host said what it can run."""
    w = open_window(qtbot, 1280, 720)
    yield w
    close_window(w, qtbot)


@pytest.fixture
def pt_window(qapp, qtbot):
    """The real main window in Brazilian Portuguese, 1024×768, with the Go workers built; English again after."""
    from bancada.ui import language

    missing = {i: r for i in ("go-grpc", "go-rest") if (r := artifact_missing(i))}
    if missing:
        pytest.fail(f"workers not built ({missing}): run make -C workers go")
    assert language.install("pt_BR") == "pt_BR"
    try:
        w = open_window(qtbot, 1024, 768)
        try:
            yield w
        finally:
            close_window(w, qtbot)
    finally:
        language.install("en")


def small_run(w, implementations, *, n=10, r=2, warmup=2, payloads=("StdSize",), driver="python", warmup_until="count"):
    """Set the panel to a small experiment (a warm-up of ``warmup`` requests: ``warmup_until`` count)."""
    p = w.panel
    p.set_implementations(list(implementations))
    p.set_payloads(list(payloads))
    p.requests.setValue(n)
    p.repetitions.setValue(r)
    p.warmup.setValue(warmup)
    p.warmup_until.setCurrentIndex(p.warmup_until.findData(warmup_until))
    p.driver.setCurrentIndex(p.driver.findData(driver))
    assert p.problem() == ""
