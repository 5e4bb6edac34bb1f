"""Issue 43, a fault of long runs: the window closed during a run, then Bancada opened again.

Real windows (offscreen), a real run process on the real go-rest worker (native driver, an open load, so
a block lasts its planned time on any machine). The first window is closed choosing "Keep running": it
closes, the run process goes on storing samples; a new window reattaches to the run (the plots filled
from its file, then live samples), says so in the status bar, and its Stop ends the run ``cancelled``
with every stored sample on screen. The question and the status line are checked in en and pt-BR.
"""

from __future__ import annotations

import pytest

from bancada.store.runstore import RunStore
from bancada.ui.window.closing import CloseDuringRun
from tests.conftest import artifact_missing
from tests.ui.conftest import close_window, open_window, screenshot, small_run

pytestmark = pytest.mark.ui

TEXTS = {
    "en": {
        "question": "Keep the run going without the window, or stop it?",
        "keep": "&Keep running",
        "stop": "&Stop the run",
        "come back": "open Bancada again to come back to it",
        "reattached": "Reattached to the run {id} started at ",
    },
    "pt_BR": {
        "question": "Manter a execução em andamento sem a janela, ou pará-la?",
        "keep": "&Manter em execução",
        "stop": "&Parar a execução",
        "come back": "abra o Bancada de novo para voltar a ela",
        "reattached": "Reconectado à execução {id} iniciada em ",
    },
}


@pytest.fixture
def lang(request, qapp):
    from bancada.ui import language

    reason = artifact_missing("go-rest")
    if reason:
        pytest.fail(f"go-rest cannot run: {reason} (run make -C workers go driver)")
    assert language.install(request.param) == request.param
    yield request.param
    language.install("en")


def stored(path) -> int:
    with RunStore.open(path) as store:
        return store.sample_count()


def long_open_run(w) -> None:
    """go-rest, native driver, open load at 200 requests/s, 3 blocks of 40 s: long enough to close and come back."""
    small_run(w, ["go-rest"], r=3, warmup=0, driver="native")
    load = w.panel.load
    load.model.setCurrentIndex(load.model.findData("open"))
    load.concurrency.setText("4")
    load.rate.setText("200")
    load.duration.setText("40")
    assert w.panel.problem() == ""


@pytest.mark.parametrize("lang", ["en", "pt_BR"], indirect=True)
def test_a_window_closed_keeping_the_run_and_a_new_one_reattaches_and_stops_it(qtbot, lang):
    words = TEXTS[lang]
    first = open_window(qtbot, 1280, 720)
    long_open_run(first)
    assert first.start_run()
    qtbot.waitUntil(lambda: first.model.total > 200 and first.progress.value is not None, timeout=60_000)
    path, run_id = first.run_path, first.run.path.stem

    first.close()  # Ctrl+Q and the window's close button come here
    box = first.findChild(CloseDuringRun)
    assert box is not None and box.isVisible() and first.isVisible() and first.running()
    assert box.text() == words["question"] and words["come back"] in box.informativeText()
    assert (box.keep_button.text(), box.stop_button.text()) == (words["keep"], words["stop"])
    assert box.defaultButton() is box.keep_button  # more than a minute to go: keeping it is the default
    screenshot(first, f"close-during-run-{lang}.png")
    box.cancel_button.click()  # Cancel: nothing happens
    qtbot.waitUntil(lambda: first.findChild(CloseDuringRun) is None, timeout=10_000)
    assert first.isVisible() and first.running()

    first.close()
    first.findChild(CloseDuringRun).keep_button.click()
    qtbot.waitUntil(lambda: not first.isVisible(), timeout=30_000)
    assert not first.running()
    left = stored(path)
    qtbot.waitUntil(lambda: stored(path) > left + 200, timeout=60_000)  # no window, the run goes on

    second = open_window(qtbot, 1280, 720)
    try:
        qtbot.waitUntil(lambda: second.running() and second.model.total >= left, timeout=60_000)
        assert second.state_label.text().startswith(words["reattached"].format(id=run_id))
        assert second.run_path == path and second.panel.problem() == ""
        shown = second.model.total
        qtbot.waitUntil(lambda: second.model.total > shown + 200, timeout=60_000)  # live samples arrive
        qtbot.waitUntil(lambda: second.progress.value is not None and second.progress.value.done > 0, timeout=30_000)
        screenshot(second, f"reattached-{lang}.png")
        with qtbot.waitSignal(second.runFinished, timeout=120_000) as finished:
            second.stop_run()
        assert finished.args == ["cancelled"]
        with RunStore.open(path) as store:
            assert store.meta()["status"] == "cancelled"
            total = store.sample_count()
        assert total == second.model.total > shown  # every stored sample is on screen, none twice
        with RunStore.open(path) as store:
            df = store.samples_frame()
        longest_s = df["latency_ns"].max() / 1e9
        print(  # the figures of docs/reliability.md's row
            f"{lang}: {left} stored when the window closed, {shown - left} more without a window until the new "
            f"one read the file, {total} stored in all ({df['block'].nunique()} block(s)), longest {longest_s:.3f} s"
        )
    finally:
        close_window(second, qtbot)


def test_a_window_opened_beside_a_stale_socket_removes_it_and_reattaches_nothing(qtbot):
    import socket

    from bancada.session.run_process import live_dir

    stale = live_dir() / "0badc0de.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(stale))  # what a killed run process leaves: a socket file nobody listens on
    sock.close()
    w = open_window(qtbot, 1280, 720)
    try:
        qtbot.waitUntil(lambda: not w.tasks.busy("live"), timeout=30_000)
        assert not stale.exists() and not w.running() and w.run_path is None
    finally:
        close_window(w, qtbot)
