"""The window's end of a run process, and the live runs a window can reattach to.

The run (:mod:`bancada.session.run_server`: the host, the workers, the driver processes and the
run store) goes on in a process of its own, which :meth:`RunProcess.start` starts in a session of
its own (a terminal's Ctrl+C or hang-up is the window's to handle) and never joins, so the run can
outlive the window. It listens on a Unix socket ``<data dir>/live/<name>.sock`` (the folder is
0700; its output goes to ``<name>.log`` beside it, removed when empty) and a window is its client:
multiprocessing.connection with the key of :func:`authkey`, checked both ways. The window that
started the run connects first; when it goes away the run stops after the block in progress,
unless it said :meth:`RunProcess.leave` ``keep=True``. A window opened later reattaches with
:func:`attach_live_run`, which also removes the sockets whose process is gone.

Messages run process -> window and the commands back are typed
(:mod:`bancada.session.live_messages`); ``cancel``/``pause``/``resume`` may be called from any
thread, :meth:`RunProcess.messages` is read by one.
"""

from __future__ import annotations

import os
import pickle
import secrets
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from multiprocessing import AuthenticationError
from multiprocessing.connection import Connection, answer_challenge, deliver_challenge
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeAlias

from bancada.core import paths
from bancada.session.live_messages import Command, LiveSamples, RunAttached, RunCrashed, RunRequest

if TYPE_CHECKING:
    from bancada.run.events import RunEvent

#: What the run process sends the window (see :mod:`bancada.session.live_messages`).
LiveMessage: TypeAlias = "RunEvent | LiveSamples | RunCrashed"

LIVE_DIR = "live"  # under the data dir: the sockets of the runs going on, their logs and the key
AUTHKEY_FILE = "authkey"
STARTING_SUFFIX = ".new"  # a run process's socket until the window that started it has connected
START_TIMEOUT_S = 60.0  # how long the window waits for the run process it started to listen
ANSWER_TIMEOUT_S = 5.0  # how long a run process has to answer a window (a stopped one is passed over)
LISTEN_POLL_S = 0.02  # how often the window tries the socket of the run process it started
JOIN_TIMEOUT_S = 60.0  # how long the window waits for the exit code of a run process that ended abruptly
WINDOW_GONE = "the run's window closed without keeping it running; the block in progress was finished and stored"


class RunHandle(Protocol):
    """What the window's controls drive: a :class:`bancada.run.runner.Runner` or a :class:`RunProcess`."""

    def cancel(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    @property
    def paused(self) -> bool: ...


class RunProcessDied(RuntimeError):
    """The run process ended without its last message (killed, out of memory); ``exitcode`` says how
    (None: not known, a run process this window did not start)."""

    def __init__(self, exitcode: int | None) -> None:
        self.exitcode = exitcode
        code = "" if exitcode is None else f" (exit code {exitcode})"
        super().__init__(f"the run process ended unexpectedly{code}; the samples it stored are kept in the run file")


class RunNotLive(RuntimeError):
    """A live socket's run process did not take this window: another window follows the run, or the run
    has just ended."""


def live_dir() -> Path:
    """``<data dir>/live`` (made 0700 if missing): the sockets of the runs going on."""
    path = paths.data_dir() / LIVE_DIR
    path.mkdir(mode=0o700, exist_ok=True)
    return path


def authkey() -> bytes:
    """The key a window and a run process prove to each other (32 random bytes in ``live/authkey``,
    0600, made once; two processes making it at once both read the one that was linked first)."""
    path = live_dir() / AUTHKEY_FILE
    if not path.exists():
        tmp = path.with_name(f".{AUTHKEY_FILE}.{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(secrets.token_bytes(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_bytes()


def _set_recv_timeout(sock: socket.socket, timeout_s: float) -> None:
    """A blocking read on ``sock`` fails (EAGAIN) after ``timeout_s`` (0: waits as long as it takes)."""
    whole = int(timeout_s)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, struct.pack("ll", whole, int((timeout_s - whole) * 1e6)))


def _connect(address: Path, timeout_s: float) -> tuple[Connection, socket.socket, RunAttached]:
    """Connect to the run process listening at ``address``: (connection, a socket object on the same
    socket, its :class:`RunAttached`).

    Raises:
        FileNotFoundError, ConnectionRefusedError: nothing listens there (the process is gone).
        RunNotLive: the process took the connection and closed it (another window follows the run).
        OSError: no answer within ``timeout_s`` (``BlockingIOError``, ``TimeoutError``).
        AuthenticationError: the process has another key.
    """
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout_s)
        sock.connect(str(address))
        sock.settimeout(None)
        _set_recv_timeout(sock, timeout_s)
        conn = Connection(sock.detach())
    except BaseException:
        sock.close()
        raise
    try:
        key = authkey()
        answer_challenge(conn, key)
        deliver_challenge(conn, key)
        hello = conn.recv()
    except EOFError:
        conn.close()
        raise RunNotLive(str(address)) from None
    except BaseException:
        conn.close()
        raise
    handle = socket.socket(fileno=os.dup(conn.fileno()))
    _set_recv_timeout(handle, 0)
    return conn, handle, hello


def attach_live_run() -> RunProcess | None:
    """Connect to a run going on without a window (the oldest, if several); None if there is none.

    A socket whose process is gone is removed (its run, left ``running``, opens as interrupted); one
    whose process does not answer within :data:`ANSWER_TIMEOUT_S` (stopped) or takes another window
    is passed over.
    """
    folder = live_dir()
    for starting in folder.glob(f"*{STARTING_SUFFIX}"):  # a run process that never met its window
        if _gone(starting):
            starting.unlink(missing_ok=True)
    sockets = sorted(folder.glob("*.sock"), key=_mtime)
    for address in sockets:
        try:
            conn, handle, hello = _connect(address, ANSWER_TIMEOUT_S)
        except (FileNotFoundError, ConnectionRefusedError):
            address.unlink(missing_ok=True)
            continue
        except (RunNotLive, OSError, AuthenticationError):  # taken, stopped, or another key
            continue
        return RunProcess(conn, handle, hello)
    return None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _gone(address: Path) -> bool:
    """Whether nothing listens at ``address`` any more (connecting is refused; no handshake is made)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(ANSWER_TIMEOUT_S)
        sock.connect(str(address))
    except (FileNotFoundError, ConnectionRefusedError):
        return True
    except OSError:
        return False
    finally:
        sock.close()
    return False


class RunProcess:
    """The window's end of a run process: commands out, messages in.

    ``cancel``/``pause``/``resume`` may be called from any thread (they have the names of
    :class:`bancada.run.runner.Runner`'s, so :class:`bancada.ui.window.run_job.RunControl` drives
    either); :meth:`messages` is read by one thread. ``hello`` is what the run process said first;
    ``child`` the process when this window started it (None: reattached).
    """

    def __init__(
        self, conn: Connection, handle: socket.socket, hello: RunAttached, child: subprocess.Popen[bytes] | None = None
    ) -> None:
        self._conn = conn
        self._handle = handle
        self.hello = hello
        self.child = child
        self._send_lock = threading.Lock()
        self._paused = hello.paused
        self.kept = hello.kept
        self._left = False

    @classmethod
    def start(cls, request: RunRequest) -> RunProcess:
        """Start a run process for ``request`` and connect to it (blocking: until it listens).

        Raises:
            RunProcessDied: it ended, or did not listen within :data:`START_TIMEOUT_S`.
        """
        folder = live_dir()
        authkey()  # made before the run process reads it
        name = secrets.token_hex(4)
        address = folder / f"{name}.sock"
        starting = address.with_suffix(STARTING_SUFFIX)
        env = dict(os.environ)
        if not getattr(sys, "frozen", False):  # the run process imports the window's Bancada, not another
            here = str(Path(__file__).resolve().parents[2])
            env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
        with (folder / f"{name}.log").open("ab") as log:
            child = subprocess.Popen(
                [sys.executable, "-m", "bancada.session.run_server", str(address)],
                stdin=subprocess.PIPE,
                stdout=log,
                stderr=log,
                env=env,
                start_new_session=True,
            )
        threading.Thread(target=child.wait, name="reap-run", daemon=True).start()  # no zombie, however it ends
        assert child.stdin is not None
        try:
            child.stdin.write(pickle.dumps(request))
            child.stdin.close()
        except OSError:  # it ended already: its exit code says how
            pass
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                conn, handle, hello = _connect(starting, ANSWER_TIMEOUT_S)
                return cls(conn, handle, hello, child)
            except (FileNotFoundError, ConnectionRefusedError, RunNotLive):
                if child.poll() is not None or time.monotonic() > deadline:
                    raise RunProcessDied(child.poll()) from None
                time.sleep(LISTEN_POLL_S)  # it is importing; it listens within moments

    @property
    def pid(self) -> int:
        return self.hello.pid

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

    def leave(self, keep: bool) -> None:
        """Go away from the run (any thread; :meth:`messages` then ends quietly): with ``keep`` the run goes
        on without a window, otherwise it stops after the block in progress."""
        if keep:
            self.kept = True
            self._send(Command.KEEP)
        self._left = True
        try:
            self._handle.shutdown(socket.SHUT_RDWR)  # wakes the reader
        except OSError:
            pass

    def messages(self) -> Iterator[LiveMessage]:
        """The run's messages until it ends, or until :meth:`leave` (see :mod:`bancada.session.live_messages`).

        Raises:
            RunProcessDied: the run process ended without a last event (killed, or out of memory);
                what it stored is kept.
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
            self._handle.close()
        if finished or self._left:
            return
        code = None
        if self.child is not None:
            try:
                code = self.child.wait(JOIN_TIMEOUT_S)  # it closed the connection: it is ending
            except subprocess.TimeoutExpired:
                pass
        raise RunProcessDied(code)
