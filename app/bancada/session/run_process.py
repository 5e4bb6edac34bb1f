"""The runner in its own process: the driver's frames and the store's writes away from the window.

:class:`RunProcess` (the window's end, any thread but one reader) starts
:func:`child_main` in a ``spawn`` process, which owns the host, the workers,
the driver processes and the run store. It iterates
:meth:`bancada.run.runner.Runner.events` and hands each event to an
:class:`Outbox`; a sender thread sends the outbox every
:data:`LIVE_INTERVAL_S` over a pipe: the rare events in order, the newest
progress only, and the samples thinned to at most
:data:`~bancada.session.live_messages.LIVE_MAX_SAMPLES_PER_S` a second. The
runner never waits for the window: while the pipe is full the outbox keeps
at most :data:`OUTBOX_MAX_SAMPLES` samples, halving them evenly when it
would hold more. Every sample is in the run store before it is in the outbox.

When the window's end of the pipe closes (the window crashed or was killed),
the run process lets the block in progress finish, stores all of it, starts no
other block and marks the run ``incomplete`` (:meth:`Runner.stop_after_block`).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import traceback
from collections.abc import Iterator
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Protocol, TypeAlias

import numpy as np

from bancada.hosts.named import make_host
from bancada.session.live_messages import (
    LIVE_FIELDS,
    LIVE_MAX_SAMPLES_PER_S,
    Command,
    LiveSamples,
    RunCrashed,
    RunRequest,
    thin,
)

if TYPE_CHECKING:
    from bancada.run.events import Progress, RunEvent
    from bancada.run.runner import Runner

#: What the run process sends the window (see :mod:`bancada.session.live_messages`).
LiveMessage: TypeAlias = "RunEvent | LiveSamples | RunCrashed"

LIVE_INTERVAL_S = 0.1  # how often the run process sends to the window
OUTBOX_MAX_SAMPLES = 200_000  # samples kept for a window that does not read (about 4 MB)
JOIN_TIMEOUT_S = 60.0  # how long a reaper thread waits for the run process to exit after its last message
WINDOW_GONE = "the window that started the run closed; the block in progress was finished and stored"


class RunHandle(Protocol):
    """What the window's controls drive: a :class:`bancada.run.runner.Runner` or a :class:`RunProcess`."""

    def cancel(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    @property
    def paused(self) -> bool: ...


class RunProcessDied(RuntimeError):
    """The run process ended without its last message (killed, out of memory); ``exitcode`` says how."""

    def __init__(self, exitcode: int | None) -> None:
        self.exitcode = exitcode
        super().__init__(
            f"the run process ended unexpectedly (exit code {exitcode}); the samples it stored are kept in the run file"
        )


class _Chunk:
    """Consecutive samples between two rare events: row arrays and how many the run stored."""

    def __init__(self) -> None:
        self.parts: list[np.ndarray] = []
        self.kept = 0
        self.received = 0

    def add(self, rows: np.ndarray, received: int) -> None:
        self.parts.append(rows)
        self.kept += len(rows)
        self.received += received

    def rows(self) -> np.ndarray:
        return np.concatenate(self.parts) if len(self.parts) != 1 else self.parts[0]

    def halve(self) -> None:
        """Keep every other sample (evenly); ``received`` is unchanged."""
        rows = self.rows()
        self.parts = [thin(rows, len(rows) // 2)]
        self.kept = len(self.parts[0])


class Outbox:
    """What the run process has not yet sent to the window: ordered items and the newest progress.

    Thread-safe; bounded to ``max_samples`` samples (halved evenly beyond). The
    items are rare events (sent as they are) and :class:`_Chunk` of samples.
    """

    def __init__(self, max_samples: int = OUTBOX_MAX_SAMPLES) -> None:
        self.max_samples = max_samples
        self._lock = threading.Condition()
        self._items: list[RunEvent | RunCrashed | _Chunk] = []
        self._progress: Progress | None = None
        self._samples = 0
        self.closed = False

    def samples(self, rows: np.ndarray) -> None:
        """Add samples (a structured array with at least the LIVE_FIELDS columns)."""
        live = np.empty(len(rows), dtype=[(f, rows.dtype[f]) for f in LIVE_FIELDS])
        for f in LIVE_FIELDS:
            live[f] = rows[f]
        with self._lock:
            chunk = self._items[-1] if self._items else None
            if not isinstance(chunk, _Chunk):
                chunk = _Chunk()
                self._items.append(chunk)
            chunk.add(live, len(live))
            self._samples += len(live)
            while self._samples > self.max_samples:
                for item in self._items:
                    if isinstance(item, _Chunk):
                        item.halve()
                self._samples = sum(i.kept for i in self._items if isinstance(i, _Chunk))

    def event(self, event: RunEvent | RunCrashed) -> None:
        with self._lock:
            self._items.append(event)

    def progress(self, progress: Progress) -> None:
        with self._lock:
            self._progress = progress

    def close(self) -> None:
        """Nothing more will come: the sender sends what is left and ends."""
        with self._lock:
            self.closed = True
            self._lock.notify_all()

    def take(self, wait_s: float) -> tuple[list[LiveMessage], bool]:
        """After ``wait_s`` (or at once when closed): ``(messages to send, closed)``.

        The messages are the newest progress (if new), then the items in order, each
        chunk as one :class:`LiveSamples` thinned to its share of the rate limit.
        """
        with self._lock:
            if not self.closed:
                self._lock.wait(wait_s)
            items, self._items, self._samples = self._items, [], 0
            progress, self._progress = self._progress, None
            closed = self.closed
        budget = max(1, int(LIVE_MAX_SAMPLES_PER_S * wait_s))
        kept = sum(i.kept for i in items if isinstance(i, _Chunk)) or 1
        out: list[LiveMessage] = [] if progress is None else [progress]
        for item in items:
            if isinstance(item, _Chunk):
                share = budget if closed else max(1, budget * item.kept // kept)
                out.append(LiveSamples(thin(item.rows(), share), item.received))
            else:
                out.append(item)
        return out, closed


class _Commands:
    """The window's commands, applied to the runner once it exists (a reader thread in the run process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.runner: Runner | None = None
        self.stop = self.paused = False
        self.window_gone = threading.Event()

    def attach(self, runner: Runner) -> None:
        with self._lock:
            self.runner = runner
            if self.stop:
                runner.cancel()
            elif self.window_gone.is_set():
                runner.stop_after_block(WINDOW_GONE)
            elif self.paused:
                runner.pause()

    def read(self, conn: Connection) -> None:
        """Apply commands until the window's end closes; then stop after the block in progress."""
        while True:
            try:
                command = conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                self.stop = self.stop or command is Command.STOP
                self.paused = command is Command.PAUSE or (self.paused and command is not Command.RESUME)
                runner = self.runner
            if runner is not None:
                {Command.STOP: runner.cancel, Command.PAUSE: runner.pause, Command.RESUME: runner.resume}[command]()
        with self._lock:
            self.window_gone.set()
            if self.runner is not None:
                self.runner.stop_after_block(WINDOW_GONE)


def _send_loop(conn: Connection, outbox: Outbox, window_gone: threading.Event) -> None:
    """Send the outbox to the window every LIVE_INTERVAL_S until it is closed and empty."""
    while True:
        messages, closed = outbox.take(LIVE_INTERVAL_S)
        for message in messages:
            if window_gone.is_set():
                break
            try:
                conn.send(message)
            except (BrokenPipeError, ConnectionResetError, EOFError, OSError):
                window_gone.set()
        if closed:
            return


def run_events(request: RunRequest, outbox: Outbox, commands: _Commands) -> None:
    """Run ``request`` into ``outbox`` (the run process's main thread; also callable in-process)."""
    from bancada.core.i18n import set_language
    from bancada.run.events import Progress, SamplesArrived
    from bancada.run.runner import Runner

    if request.language:  # a spawned process starts in the default language, not the window's
        set_language(request.language)
    try:
        host = make_host(request.host_name)
    except Exception as exc:  # reported to the window in one line, the traceback as detail
        outbox.event(RunCrashed(str(exc) or type(exc).__name__, traceback.format_exc()))
        return
    try:
        runner = Runner(
            request.profile, host, on_worker_death=request.on_worker_death, on_disconnect=request.on_disconnect
        )
        commands.attach(runner)
        for event in runner.events():
            if isinstance(event, SamplesArrived):
                outbox.samples(event.samples.rows)
            elif isinstance(event, Progress):
                outbox.progress(event)
            else:
                outbox.event(event)
    except Exception as exc:  # a run that cannot start (RunError, PlanError) or a bug: said, not lost
        outbox.event(RunCrashed(str(exc) or type(exc).__name__, traceback.format_exc()))
    finally:
        host.close()


def child_main(conn: Connection, request: RunRequest) -> None:
    """The run process: run ``request``, send its messages on ``conn``, read the window's commands."""
    outbox = Outbox()
    commands = _Commands()
    sender = threading.Thread(target=_send_loop, args=(conn, outbox, commands.window_gone), name="send")
    sender.start()
    threading.Thread(target=commands.read, args=(conn,), name="commands", daemon=True).start()
    try:
        run_events(request, outbox, commands)
    finally:
        outbox.close()
        sender.join()
        conn.close()
    # The run is over and stored. A thread some library left running (a log reader of a worker's
    # orphaned child, say) must not keep this process, and so the window's run, from ending.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


class RunProcess:
    """The window's end of a run process: commands out, messages in.

    ``cancel``/``pause``/``resume`` may be called from any thread (they have the
    names of :class:`bancada.run.runner.Runner`'s, so :class:`bancada.ui.window.run_job.RunControl`
    drives either); :meth:`messages` is read by one thread.
    """

    def __init__(self, request: RunRequest) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe(duplex=True)
        self._send_lock = threading.Lock()
        self._paused = False
        # not a daemon: a window that exits normally waits for the run to end, and a killed one
        # leaves it to finish its block (child_main)
        self.process = ctx.Process(target=child_main, args=(child, request), name="bancada-run", daemon=False)
        self.process.start()
        child.close()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def _send(self, command: Command) -> None:
        with self._send_lock:
            try:
                self._conn.send(command)
            except OSError:  # the run process has ended: nothing left to stop
                pass

    def cancel(self) -> None:
        self._send(Command.STOP)

    def pause(self) -> None:
        self._paused = True
        self._send(Command.PAUSE)

    def resume(self) -> None:
        self._paused = False
        self._send(Command.RESUME)

    @property
    def paused(self) -> bool:
        return self._paused

    def messages(self) -> Iterator[LiveMessage]:
        """The run's messages until the process ends (see :mod:`bancada.session.live_messages`).

        Raises:
            RunProcessDied: the run process ended without a last event (killed, or out
                of memory); what it stored is kept.
        """
        from bancada.run.events import RunFinished

        finished = False
        try:
            while not finished:
                try:
                    message = self._conn.recv()
                except (EOFError, OSError):
                    break
                finished = isinstance(message, (RunFinished, RunCrashed))
                yield message
        finally:
            self._conn.close()
            if finished:
                # the run is over once its last message is here: the caller goes on at once (the window
                # may start the next run) while a thread reaps the process, which exits within moments
                threading.Thread(target=self.process.join, args=(JOIN_TIMEOUT_S,), daemon=True).start()
            else:
                self.process.join(JOIN_TIMEOUT_S)  # it closed the pipe: it is ending; its exit code says how
        if not finished:
            raise RunProcessDied(self.process.exitcode)
