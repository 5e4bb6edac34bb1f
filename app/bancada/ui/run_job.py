"""What the background tasks of the window do (functions of a TaskState; no widgets here).

- :func:`run_experiment`: open the host, iterate :meth:`bancada.runner.Runner.events`,
  put samples into the :class:`~bancada.ui.live_model.SampleFeed` and send the
  rare events (started, notices, finished) as partial results.
- :func:`probe_host`: which implementations the host can run (runs a subprocess).
- :func:`load_run`: read a stored run for the live view.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bancada.ui.live_model import SampleFeed


def make_host(name: str):
    """The host named ``name``: ``local`` or a saved SSH host (blocking: a worker thread only)."""
    if name == "local":
        from bancada.hosts.local import LocalHost

        return LocalHost()
    from bancada.hosts.ssh_host import connect_saved_host

    return connect_saved_host(name)


class RunControl:
    """Stop/pause from the GUI thread, before or after the run thread has built its Runner."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.runner = None
        self.stop_requested = False
        self.paused = False

    def attach(self, runner) -> None:
        with self._lock:
            self.runner = runner
            if self.stop_requested:
                runner.cancel()
            elif self.paused:
                runner.pause()

    def stop(self) -> None:
        with self._lock:
            self.stop_requested = True
            if self.runner is not None:
                self.runner.cancel()

    def set_paused(self, paused: bool) -> None:
        with self._lock:
            self.paused = paused
            if self.runner is not None:
                self.runner.pause() if paused else self.runner.resume()


class LatestProgress:
    """The newest Progress event (written by the run thread, read by the GUI timer)."""

    def __init__(self) -> None:
        self.value = None


def run_experiment(
    state,
    profile,
    host_name: str,
    on_worker_death: str,
    feed: SampleFeed,
    control: RunControl,
    progress: LatestProgress,
    on_disconnect: str = "incomplete",
):
    """Task function: run ``profile`` on ``host_name``. Returns the RunFinished event (or None)."""
    from bancada.runner import Progress, Runner, RunFinished, SamplesArrived

    host = make_host(host_name)
    finished = None
    try:
        runner = Runner(profile, host, on_worker_death=on_worker_death, on_disconnect=on_disconnect)
        control.attach(runner)
        for event in runner.events():
            if isinstance(event, SamplesArrived):
                feed.put(event.samples)
            elif isinstance(event, Progress):
                progress.value = event
            else:
                if isinstance(event, RunFinished):
                    finished = event
                state.partial(event)
    finally:
        host.close()
    return finished


def probe_host(state, host_name: str) -> dict[str, dict]:
    """``{impl_id: {language, protocol, ok, reason}}`` for every implementation found."""
    from bancada.drivers import unmeasurable_reason
    from bancada.experiment import manifest

    host = make_host(host_name)
    try:
        impls = manifest.discover(getattr(host, "root", None))
        out = {}
        for impl_id, impl in impls.items():
            try:
                ok, reason = host.can_run(impl)
                why_not = unmeasurable_reason(impl.protocol)
                if ok and why_not:
                    ok, reason = False, why_not
            except Exception as exc:  # a host that cannot tell still lists the implementation
                ok, reason = False, str(exc)
            out[impl_id] = {"language": impl.language, "protocol": impl.protocol, "ok": ok, "reason": reason}
        return out
    finally:
        host.close()


@dataclass
class LoadedRun:
    path: Path
    meta: dict
    treatments: list
    treatment: np.ndarray
    latency_ms: np.ndarray
    phase: np.ndarray
    ok: np.ndarray

    @property
    def profile_json(self) -> dict | None:
        try:
            return json.loads(self.meta.get("profile_json", ""))
        except ValueError:
            return None


def load_run(state, path: str | Path) -> LoadedRun:
    """Read a run file (any size) for the live view."""
    from bancada.store.runstore import RunStore

    with RunStore.open(path) as store:
        meta = store.meta()
        treatments = store.treatments()
        rows = store.conn.execute("SELECT treatment, latency_ns, phase, ok FROM sample ORDER BY id").fetchall()
    arr = np.array(rows, dtype=np.int64).reshape(-1, 4)
    return LoadedRun(
        Path(store.path),
        meta,
        treatments,
        arr[:, 0],
        arr[:, 1] / 1e6,
        arr[:, 2].astype(np.int8),
        arr[:, 3].astype(bool),
    )
