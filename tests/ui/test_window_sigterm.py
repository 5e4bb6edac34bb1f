"""A window ended with SIGTERM closes as File > Quit does and leaves no process behind.

A real window process (offscreen Qt, the window's own event loop :func:`bancada.ui.app.run_event_loop`)
opens a run file, so that its statistics process (and multiprocessing's resource tracker) are running,
then gets SIGTERM: it must exit 0 and none of its child processes may remain. The same during a run
(go-rest, this computer): the run is stopped and kept, then the window closes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tests" / "bench"))
import _bigrun  # noqa: E402

pytestmark = pytest.mark.ui

WINDOW = """
import sys
from bancada.ui import app as gui

qapp = gui.create_app()
window = gui.make_window(None)
window.show()
window.statsShown.connect(lambda _ok: print("statistics shown", flush=True))
window.open_run(sys.argv[1])
sys.exit(gui.run_event_loop(qapp))
"""


RUNNING_WINDOW = """
import sys
from PySide6.QtCore import QTimer
from bancada.ui import app as gui

qapp = gui.create_app()
window = gui.make_window(None)
window.show()
window.runFinished.connect(lambda status: print("run finished", status, flush=True))


def start():
    window.panel.capabilitiesChanged.disconnect(start)
    p = window.panel
    p.set_implementations(["go-rest"])
    p.set_payloads(["StdSize"])
    p.requests.setValue(1_000_000)
    p.repetitions.setValue(2)
    p.warmup.setValue(0)
    p.driver.setCurrentIndex(p.driver.findData("python"))
    assert window.start_run(), p.problem()
    poll.start(100)


def measuring():
    if window.progress.value is not None and window.progress.value.done > 0:
        poll.stop()
        print("measuring", flush=True)


poll = QTimer()
poll.timeout.connect(measuring)
window.panel.capabilitiesChanged.connect(start)
sys.exit(gui.run_event_loop(qapp))
"""


def children_of(pid: int) -> list[int]:
    """The living (not zombie) descendants of ``pid``, from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if state != "Z":
            parents.setdefault(int(ppid), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for_line(log: Path, proc: subprocess.Popen[bytes], text: str, timeout_s: float) -> None:
    """Until the window's output file ``log`` holds ``text`` (a file, not a pipe: the processes a
    killed window leaves behind would hold a pipe open)."""
    deadline = time.monotonic() + timeout_s
    while text not in log.read_text(errors="replace"):
        printed = log.read_text(errors="replace")[-2000:]
        assert proc.poll() is None, f"the window exited ({proc.returncode}) before {text!r}: {printed}"
        assert time.monotonic() < deadline, f"no {text!r} within {timeout_s:.0f} s: {printed}"
        time.sleep(0.1)  # another process's output: polled


def sigterm_after(script: str, ready: str, args: list[str], tmp_path: Path) -> tuple[int | None, list[int], str]:
    """Start the window ``script``, wait for the line ``ready``, send SIGTERM; return (its exit code, None
    when it did not end within 120 s; the child processes it had then; what it printed)."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        BANCADA_CONFIG_DIR=str(tmp_path / "config"),
        BANCADA_DATA_DIR=str(tmp_path / "data"),
    )
    log = tmp_path / "window.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", script, *args], env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        wait_for_line(log, proc, ready, 180)
        children = children_of(proc.pid)
        proc.send_signal(signal.SIGTERM)
        try:
            code: int | None = proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            code = None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return code, children, log.read_text(errors="replace")


def assert_gone(children: list[int]) -> None:
    deadline = time.monotonic() + 30
    while any(alive(p) for p in children) and time.monotonic() < deadline:
        time.sleep(0.1)  # a process, not a Qt widget: nothing to wait on but its /proc entry
    left = [p for p in children if alive(p)]
    for p in left:  # leave nothing behind on this machine either
        os.kill(p, signal.SIGKILL)
    assert not left, f"processes left running after SIGTERM: {left}"


def test_sigterm_closes_the_window_and_its_statistics_process(tmp_path):
    run = _bigrun.write_run(tmp_path, 200)
    code, children, _ = sigterm_after(WINDOW, "statistics shown", [str(run)], tmp_path)
    assert children, "the window has no child process: the statistics process did not start"
    assert_gone(children)
    assert code == 0, f"the window did not close itself on SIGTERM (exit {code})"


def test_sigterm_during_a_run_stops_and_keeps_it_then_closes(tmp_path):
    code, children, printed = sigterm_after(RUNNING_WINDOW, "measuring", [], tmp_path)
    assert len(children) >= 2, f"the run process and its worker were not running: {children}"
    assert_gone(children)
    assert code == 0, f"the window did not close itself on SIGTERM (exit {code}): {printed[-2000:]}"
    assert "run finished" in printed, printed[-2000:]
    runs = list((tmp_path / "data" / "runs").glob("*.sqlite"))
    assert len(runs) == 1, runs
