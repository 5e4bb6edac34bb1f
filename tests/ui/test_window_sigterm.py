"""A window ended with SIGTERM closes as File > Quit does and leaves no process behind.

A real window process (offscreen Qt, the window's own event loop :func:`bancada.ui.app.run_event_loop`)
opens a run file, so that its statistics process (and multiprocessing's resource tracker) are running,
then gets SIGTERM: it must exit 0 and none of its child processes may remain.
"""

from __future__ import annotations

import os
import select
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


def read_until(proc: subprocess.Popen[str], text: str, timeout_s: float) -> None:
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout_s
    seen = []
    while True:
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"no {text!r} within {timeout_s:.0f} s: {''.join(seen)[-2000:]}"
        line = proc.stdout.readline()
        assert line, f"the window exited ({proc.wait()}) before {text!r}: {''.join(seen)[-2000:]}"
        seen.append(line)
        if text in line:
            return


def test_sigterm_closes_the_window_and_its_statistics_process(tmp_path):
    run = _bigrun.write_run(tmp_path, 200)
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        BANCADA_CONFIG_DIR=str(tmp_path / "config"),
        BANCADA_DATA_DIR=str(tmp_path / "data"),
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", WINDOW, str(run)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        read_until(proc, "statistics shown", 180)
        children = children_of(proc.pid)
        assert children, "the window has no child process: the statistics process did not start"
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    deadline = time.monotonic() + 30
    while any(alive(p) for p in children) and time.monotonic() < deadline:
        time.sleep(0.1)  # a process, not a Qt widget: nothing to wait on but its /proc entry
    left = [p for p in children if alive(p)]
    for p in left:  # leave nothing behind on this machine either
        os.kill(p, signal.SIGKILL)
    assert not left, f"processes left running after SIGTERM: {left}"
    assert code == 0, f"the window did not close itself on SIGTERM (exit {code})"
