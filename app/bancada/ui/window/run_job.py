"""What the background tasks of the window do (functions of a TaskState; no widgets here).

- :func:`run_experiment`: start the run process (:mod:`bancada.session.run_server`: it opens
  the host and iterates :meth:`bancada.run.runner.Runner.events`), put the samples it sends into
  the :class:`~bancada.session.live_model.SampleFeed` and send the rare events (started,
  notices, finished) as partial results; :func:`attach_live_run` and :func:`reattach_run` do the
  same for a run that went on without a window.
- :func:`probe_host`: which implementations the host can run (runs a subprocess).
- :func:`load_run`: read a stored run for the live view.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QCoreApplication

from bancada.core.i18n import language
from bancada.hosts.named import make_host
from bancada.session import run_process
from bancada.session.live_model import LiveModel, SampleFeed

if TYPE_CHECKING:
    from bancada.run.events import Progress


class RunControl:
    """Stop/pause/leave from the GUI thread, before or after the run thread has reached its run process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.runner: run_process.RunHandle | None = None
        self.stop_requested = False
        self.paused = False
        self.leaving: bool | None = None  # the window leaves the run: True keeps it running

    def attach(self, runner: run_process.RunHandle) -> None:
        with self._lock:
            self.runner = runner
            if self.leaving is not None and isinstance(runner, run_process.RunProcess):
                runner.leave(self.leaving)
            elif self.stop_requested:
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

    def leave(self, keep: bool) -> None:
        """The window goes away: the run goes on without it (``keep``) or stops after the block in progress."""
        with self._lock:
            self.leaving = keep
            if isinstance(self.runner, run_process.RunProcess):
                self.runner.leave(keep)


class LatestProgress:
    """The newest Progress event (written by the run thread, read by the GUI timer)."""

    def __init__(self) -> None:
        self.value: Progress | None = None


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
    """Task function: run ``profile`` on ``host_name`` in a run process; returns the RunFinished event (or None).

    The run process (:mod:`bancada.session.run_server`) owns the host, the workers, the driver and
    the store; this thread only reads its messages (:func:`follow_run`).

    Raises:
        RunError: the run could not start, or the run process ended without a last event
            (the message says so in the window's language).
    """
    from bancada.session.live_messages import RunRequest

    request = RunRequest(profile, host_name, on_worker_death, on_disconnect, language())
    try:
        process = run_process.RunProcess.start(request)
    except run_process.RunProcessDied as exc:
        raise _died(exc) from None
    return follow_run(state, process, feed, control, progress)


def reattach_run(state, process: run_process.RunProcess, feed: SampleFeed, control: RunControl, progress):
    """Task function: follow a run that went on without a window (``process``, connected by
    :func:`bancada.session.run_process.attach_live_run`): its :class:`RunAttached` and what the run file
    already holds (a :class:`LoadedRun`) as partial results, then its messages as :func:`run_experiment`.

    Samples stored between the connection and the reading of the file may be drawn twice until the
    run ends; the window then redraws the view from the file.

    Raises:
        RunError: as :func:`run_experiment`.
    """
    hello = process.hello
    state.partial(hello)
    progress.value = hello.progress
    if hello.started is not None:
        state.partial(load_run(state, hello.started.path))
    return follow_run(state, process, feed, control, progress)


def attach_live_run(state) -> run_process.RunProcess | None:
    """Task function: connect to a run going on without a window, if there is one (blocking: a socket)."""
    return run_process.attach_live_run()


def follow_run(state, process: run_process.RunProcess, feed: SampleFeed, control: RunControl, progress):
    """Read ``process``'s messages: samples into ``feed`` (thinned to the window's rate; ``feed.thinned``
    counts what was left out), progress into ``progress``, the rare events to ``state.partial``; returns
    the RunFinished event (None: the window left the run).

    Raises:
        RunError: the run could not start, or the run process ended without a last event.
    """
    from bancada.run.events import Progress, RunError, RunFinished
    from bancada.session.live_messages import LiveSamples, RunCrashed

    control.attach(process)
    finished = None
    crashed = None
    try:
        for message in process.messages():
            if isinstance(message, LiveSamples):
                feed.thinned += message.thinned
                feed.put(message)
            elif isinstance(message, Progress):
                progress.value = message
            elif isinstance(message, RunCrashed):
                crashed = message
            else:
                if isinstance(message, RunFinished):
                    finished = message
                state.partial(message)
    except run_process.RunProcessDied as exc:
        raise _died(exc) from None
    if crashed is not None:
        raise RunError(crashed.message)
    return finished


def _died(exc: run_process.RunProcessDied) -> Exception:
    from bancada.run.events import RunError

    if exc.exitcode is None:
        return RunError(
            QCoreApplication.translate(
                "RunJob", "The run process ended unexpectedly; the samples it stored are kept in the run file"
            )
        )
    return RunError(
        QCoreApplication.translate(
            "RunJob",
            "The run process ended unexpectedly (exit code {code}); the samples it stored are kept in the run file",
        ).format(code=exc.exitcode)
    )


def probe_host(state, host_name: str) -> dict[str, dict]:
    """``{impl_id: {language, protocol, ok, reason}}`` for every implementation found."""
    from bancada.drivers import unmeasurable_reason
    from bancada.experiment import manifest

    host = make_host(host_name)
    try:
        impls = manifest.discover(host.root)
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


#: A stored run of more than this many samples is drawn from every k-th of them (:func:`load_run`):
#: reading 1,000,000 of 80,000,000 samples takes about 1.2 s and 150 MB; reading every sample of a run
#: of 113,000,000 took 11 GB.
LIVE_READ_SAMPLES = 1_000_000


@dataclass
class LoadedRun:
    """A stored run for the live view: its samples' parallel arrays, of every ``every``-th sample of a
    long run (``counts``: each treatment's ``(measured ok, ok, failed)`` of the whole run, then)."""

    path: Path
    meta: dict
    treatments: list
    treatment: np.ndarray
    latency_ms: np.ndarray
    phase: np.ndarray
    ok: np.ndarray
    every: int = 1
    counts: dict[int, tuple[int, int, int]] | None = None

    def draw_into(self, model: LiveModel) -> None:
        """Add the run's samples to ``model`` (reset to its treatments, or reset then live)."""
        if self.counts is not None:
            model.load_thinned(self.treatment, self.latency_ms, self.phase, self.ok, self.every, self.counts)
        else:
            model.extend_arrays(self.treatment, self.latency_ms, self.phase, self.ok)

    @property
    def profile_json(self) -> dict | None:
        try:
            return json.loads(self.meta.get("profile_json", ""))
        except ValueError:
            return None


def load_run(state, path: str | Path) -> LoadedRun:
    """Read a run file or a tidy sample CSV (``*.csv``, read-only; :mod:`bancada.session.tidy_run`), any size,
    for the live view: a run file of more than :data:`LIVE_READ_SAMPLES` samples every k-th sample as
    stored (the live view keeps at most ``LIVE_KEEP_SAMPLES`` a treatment anyway) with its exact counts.

    Raises:
        TidyCsvError: the CSV is not Bancada's tidy format (the message names the missing columns).
        RunStoreError: the file is not a run file.
    """
    from bancada.session import tidy_run
    from bancada.store.runstore import RunStore

    if tidy_run.is_csv(path):
        run = tidy_run.tidy_run(path)
        return LoadedRun(Path(path), run.meta, run.treatments, run.treatment, run.latency_ms, run.phase, run.ok)

    with RunStore.open(path) as store:
        meta = store.meta()
        treatments = store.treatments()
        every = max(1, -(-store.sample_rows() // LIVE_READ_SAMPLES))
        columns = store.live_columns(every)
        counts = store.live_counts() if every > 1 else None
    return LoadedRun(
        Path(store.path),
        meta,
        treatments,
        columns["treatment"],
        columns["latency_ns"] / 1e6,
        columns["phase"].astype(np.int8),
        columns["ok"].astype(bool),
        every,
        counts,
    )
