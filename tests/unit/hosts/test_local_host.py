"""LocalHost's start/stop/clean-up logic, with a fake worker at the worker boundary: a small real program
that speaks the READY-line protocol (docs/driver-protocol.md, "Workers") or fails to, in the ways
real workers do (exit early, stay silent, print a bad READY line, ignore SIGTERM, leave a child)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from bancada.experiment import manifest
from bancada.hosts.base import WorkerStartError
from bancada.hosts.local import LocalHost

FAKE_WORKER = """#!{python}
import json, os, signal, socket, subprocess, sys, time
mode = sys.argv[sys.argv.index("--protocol") + 1]
if mode == "early":
    print("boom: cannot bind", file=sys.stderr, flush=True)
    sys.exit(3)
if mode == "silent":
    time.sleep(60)
if mode == "badready":
    print("READY {{not json", flush=True)
    time.sleep(60)
if mode == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # a worker's own child
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen()
print("READY " + json.dumps({{"port": s.getsockname()[1], "pid": os.getpid(), "child": child.pid}}), flush=True)
time.sleep(60)
"""

MANIFEST = """name = "fake"
language = "python"
protocols = ["rest", "early", "silent", "badready", "stubborn"]
runtime = "none"
build = ["true"]
artifact = "fake_worker.py"
command = ["{artifact}", "--protocol", "{protocol}", "--bind", "{bind}", "--port", "{port}"]
version = "0.1.0"
"""


@pytest.fixture()
def host(tmp_path):
    folder = tmp_path / "workers" / "fake"
    folder.mkdir(parents=True)
    (folder / "worker.toml").write_text(MANIFEST)
    script = folder / "fake_worker.py"
    script.write_text(FAKE_WORKER.format(python=sys.executable))
    script.chmod(0o755)
    h = LocalHost(tmp_path)
    yield h
    h.close()


def _impl(host: LocalHost, protocol: str):
    return manifest.discover(host.root)[f"fake-{protocol}"]


def _gone(pid: int, within_s: float = 10.0) -> bool:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        stat = Path(f"/proc/{pid}/stat")
        if stat.exists() and stat.read_text().split()[2] == "Z":
            return True  # exited, not yet reaped by its (killed) parent
        time.sleep(0.05)
    return False


def test_a_started_worker_is_ready_alive_and_stop_ends_it_and_its_children(host):
    worker = host.start_worker(_impl(host, "rest"), "run1", ready_timeout_s=30)
    assert worker.alive() and worker.port > 0 and worker.target == f"127.0.0.1:{worker.port}"
    assert worker.warning == ""
    child = int(worker.info["child"])  # the fake's own child, named on its READY line
    assert not _gone(child, within_s=0.1)
    assert worker.stop(5.0) is not None and not worker.alive()
    assert _gone(child), "the worker's own child outlived it (stop signals the whole process group)"


def test_a_worker_that_exits_before_ready_is_named_with_its_log(host):
    with pytest.raises(WorkerStartError) as err:
        host.start_worker(_impl(host, "early"), "run1", ready_timeout_s=30)
    message = str(err.value)
    assert message.startswith("worker fake-early exited with code 3 before becoming ready")
    assert "boom: cannot bind" in message


def test_a_silent_worker_times_out_and_is_stopped(host):
    t0 = time.monotonic()
    with pytest.raises(WorkerStartError, match=r"worker fake-silent did not print its READY line within 1 s"):
        host.start_worker(_impl(host, "silent"), "run1", ready_timeout_s=1)
    assert time.monotonic() - t0 < 15
    assert not any(w.alive() for w in host._workers)


def test_a_bad_ready_line_is_said_and_the_worker_stopped(host):
    with pytest.raises(WorkerStartError, match="bad ready line"):
        host.start_worker(_impl(host, "badready"), "run1", ready_timeout_s=30)
    assert not any(w.alive() for w in host._workers)


def test_a_worker_ignoring_sigterm_is_killed_after_the_timeout(host):
    worker = host.start_worker(_impl(host, "stubborn"), "run1", ready_timeout_s=30)
    t0 = time.monotonic()
    assert worker.stop(0.5) == -9
    assert time.monotonic() - t0 < 10 and not worker.alive()


def test_close_stops_every_worker_the_host_started(host):
    workers = [host.start_worker(_impl(host, "rest"), f"run{i}", ready_timeout_s=30) for i in range(2)]
    assert all(w.alive() for w in workers)
    host.close()
    assert not any(w.alive() for w in workers)
    assert host._workers == []


def test_a_worker_that_cannot_run_here_is_refused_before_starting(host, tmp_path):
    (tmp_path / "workers" / "fake" / "fake_worker.py").unlink()
    with pytest.raises(WorkerStartError, match="worker fake-rest cannot run on this computer: not built"):
        host.start_worker(_impl(host, "rest"), "run1")


def test_this_computer_is_never_disconnected_and_reconnects_to_nothing(host):
    assert host.disconnected is False
    assert host.reconnect() == []
