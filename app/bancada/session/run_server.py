"""The run process: the runner, the host and the run store, away from the window, able to outlive it.

``python -m bancada.session.run_server SOCKET`` (started by
:meth:`bancada.session.run_process.RunProcess.start`, which writes the pickled
:class:`~bancada.session.live_messages.RunRequest` to its standard input) listens on a Unix
socket, named ``SOCKET`` once the window that started it has connected (before, ``*.new``: no
other window takes the run from it), with multiprocessing.connection and the key of
:func:`bancada.session.run_process.authkey`), iterates
:meth:`bancada.run.runner.Runner.events` and hands each event to an :class:`Outbox`; a sender
thread sends the outbox every :data:`LIVE_INTERVAL_S` to the window connected, if any: the rare
events in order, the newest progress only, and the samples thinned to at most
:data:`~bancada.session.live_messages.LIVE_MAX_SAMPLES_PER_S` a second. The runner never waits
for a window: while none reads, the outbox keeps at most :data:`OUTBOX_MAX_SAMPLES` samples,
halving them evenly when it would hold more. Every sample is in the run store before it is in
the outbox.

One window at a time is connected; each gets a
:class:`~bancada.session.live_messages.RunAttached` first. When the window's connection closes
(closed, crashed, killed), the run goes on if a window sent
:attr:`~bancada.session.live_messages.Command.KEEP` (a window opened later reattaches);
otherwise the run process lets the block in progress finish, stores all of it, starts no other
block and marks the run ``incomplete`` (:meth:`Runner.stop_after_block`), as it does when no
window connects within :data:`FIRST_WINDOW_TIMEOUT_S` of its start.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
import time
import traceback
from multiprocessing import AuthenticationError
from multiprocessing.connection import Connection, Listener
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bancada.hosts.named import make_host
from bancada.session.live_messages import (
    LIVE_FIELDS,
    LIVE_MAX_SAMPLES_PER_S,
    Command,
    LiveSamples,
    RunAttached,
    RunCrashed,
    RunRequest,
    thin,
)
from bancada.session.run_process import STARTING_SUFFIX, WINDOW_GONE, LiveMessage, authkey

if TYPE_CHECKING:
    from bancada.experiment.profile import Profile
    from bancada.run.events import Progress, RunEvent, RunStarted
    from bancada.run.runner import Runner

LIVE_INTERVAL_S = 0.1  # how often the run process sends to the window
OUTBOX_MAX_SAMPLES = 200_000  # samples kept for a window that does not read (about 4 MB)
FIRST_WINDOW_TIMEOUT_S = 60.0  # the window that started the run connects within moments; if not, it is gone


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


class _Windows:
    """The window connected to the run (one at a time), and its commands, applied to the runner once
    it exists. ``_lock`` guards the commands' state, ``_send_lock`` the connection being sent to."""

    def __init__(self, profile: Profile, started_at_s: float) -> None:
        self._lock = threading.Lock()
        self.profile = profile
        self._send_lock = threading.Lock()
        self.started_at_s = started_at_s
        self.runner: Runner | None = None
        self.stop = self.paused = self.kept = self.window_gone = False
        self.client: Connection | None = None
        self.first_client = threading.Event()
        self.started: RunStarted | None = None  # what a window coming later is told first
        self.progress: Progress | None = None
        self.final: list[LiveMessage] = []  # the last message, if the run ended while no window was there

    def attach(self, runner: Runner) -> None:
        with self._lock:
            self.runner = runner
            if self.stop:
                runner.cancel()
            elif self.window_gone:
                runner.stop_after_block(WINDOW_GONE)
            elif self.paused:
                runner.pause()

    def accept(self, listener: Listener, starting: Path, address: Path) -> None:
        """Take the windows that connect, one at a time (a thread of its own; a second one is refused).

        The socket is bound at ``starting``, where only the window that started the run looks for it;
        once that window is here it is renamed ``address``, where the windows opened later look.
        """
        while True:
            try:
                conn = listener.accept()
            except (OSError, EOFError, AuthenticationError):  # a wrong key, a client gone mid-handshake
                continue
            with self._send_lock:
                if self.client is not None:  # another window follows the run: this one is refused
                    conn.close()
                    continue
                with self._lock:
                    hello = RunAttached(
                        self.profile,
                        self.started,
                        self.started_at_s,
                        self.progress,
                        self.paused,
                        self.kept,
                        os.getpid(),
                    )
                try:
                    conn.send(hello)
                    for message in self.final:
                        conn.send(message)
                except OSError:
                    conn.close()
                    continue
                self.client = conn
            if not self.first_client.is_set():
                self.first_client.set()
                os.rename(starting, address)
            threading.Thread(target=self.read, args=(conn,), name="commands", daemon=True).start()

    def read(self, conn: Connection) -> None:
        """Apply the window's commands until its connection closes; then, unless the run is kept, stop
        after the block in progress."""
        while True:
            try:
                command = conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                self.kept = self.kept or command is Command.KEEP
                self.stop = self.stop or command is Command.STOP
                if command in (Command.PAUSE, Command.RESUME):
                    self.paused = command is Command.PAUSE
                runner = self.runner
            if runner is not None and command is not Command.KEEP:
                {Command.STOP: runner.cancel, Command.PAUSE: runner.pause, Command.RESUME: runner.resume}[command]()
        with self._send_lock:
            if self.client is conn:
                self.client = None
        conn.close()
        self.window_left()

    def window_left(self) -> None:
        """The window went away: the run goes on if kept, else it stops after the block in progress."""
        with self._lock:
            if self.kept:
                return
            self.window_gone = True
            if self.runner is not None:
                self.runner.stop_after_block(WINDOW_GONE)

    def watch_first(self) -> None:
        """No window within FIRST_WINDOW_TIMEOUT_S: the one that started the run is gone."""
        if not self.first_client.wait(FIRST_WINDOW_TIMEOUT_S):
            self.window_left()

    def send(self, outbox: Outbox) -> None:
        """Send the outbox to the window every LIVE_INTERVAL_S until it is closed and empty; while no
        window is connected, note what a window coming later is told first and drop the rest."""
        from bancada.run.events import Progress, RunFinished, RunStarted

        while True:
            messages, closed = outbox.take(LIVE_INTERVAL_S)
            with self._send_lock:
                for message in messages:
                    with self._lock:
                        if isinstance(message, RunStarted):
                            self.started = message
                        elif isinstance(message, Progress):
                            self.progress = message
                    if self.client is None:
                        if isinstance(message, (RunFinished, RunCrashed)):
                            self.final.append(message)
                        continue
                    try:
                        self.client.send(message)
                    except OSError:  # the window is gone: its reader thread sees it too
                        self.client = None
            if closed:
                return


def run_events(request: RunRequest, outbox: Outbox, commands: _Windows) -> None:
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


def main(argv: list[str]) -> None:
    """The run process (``python -m bancada.session.run_server SOCKET``, the request on standard input)."""
    address = Path(argv[0])
    starting = address.with_suffix(STARTING_SUFFIX)
    listener = Listener(str(starting), "AF_UNIX", authkey=authkey())
    request: RunRequest = pickle.load(sys.stdin.buffer)
    windows = _Windows(request.profile, time.time())
    outbox = Outbox()
    threading.Thread(target=windows.accept, args=(listener, starting, address), name="accept", daemon=True).start()
    threading.Thread(target=windows.watch_first, name="first-window", daemon=True).start()
    sender = threading.Thread(target=windows.send, args=(outbox,), name="send")
    sender.start()
    try:
        run_events(request, outbox, windows)
    finally:
        outbox.close()
        sender.join()
        for path in (starting, address):  # no window finds it any more
            path.unlink(missing_ok=True)
    # The run is over and stored. A thread some library left running (a log reader of a worker's
    # orphaned child, say) must not keep this process, and so the window's run, from ending.
    sys.stdout.flush()
    sys.stderr.flush()
    log = address.with_suffix(".log")
    if log.exists() and log.stat().st_size == 0:
        log.unlink()
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
