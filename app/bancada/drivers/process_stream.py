"""A driver process seen from the runner: job in, frames out, stderr kept.

The runner starts one driver process per block (docs/driver-protocol.md) and
reads it through a :class:`DriverStream`.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable, Iterable
from typing import IO, Any, Protocol

from bancada.drivers.stream import ChunkReader, Frame, StreamError, read_frame_batches


class ByteSink(Protocol):
    """A driver's stdin: the job is written once, then closed."""

    def write(self, data: bytes, /) -> object: ...
    def close(self) -> None: ...


class DriverProcess(Protocol):
    """What :class:`DriverStream` reads of a driver process: a ``subprocess.Popen`` of bytes or
    :class:`bancada.hosts.remote_driver.RemoteDriverProcess` (``None`` pipes are refused)."""

    @property
    def stdin(self) -> ByteSink | None: ...
    @property
    def stdout(self) -> IO[bytes] | ChunkReader | None: ...
    @property
    def stderr(self) -> Iterable[bytes] | None: ...


class DriverStream:
    """One driver process seen from the runner: the job written to its stdin, its frames read by a
    thread (handed over a pipe read at a time, so the queue's locking is paid per read, not per
    sample; a full queue makes the driver wait), the last lines of its stderr kept."""

    END = object()  # the driver closed its stdout

    def __init__(self, proc: DriverProcess, job: dict[str, Any], cancelled: Callable[[], bool]) -> None:
        assert proc.stdin and proc.stdout and proc.stderr
        self.proc = proc
        self.stderr_tail: list[str] = []
        self._frames: queue.Queue[list[Frame] | StreamError | object] = queue.Queue(maxsize=256)
        self._cancelled = cancelled
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        try:
            proc.stdin.write(json.dumps(job).encode())
            proc.stdin.close()
        except BrokenPipeError:
            pass
        threading.Thread(target=self._pump, daemon=True).start()

    def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None  # checked in __init__
        for line in self.proc.stderr:
            self.stderr_tail.append(line.decode("utf-8", "replace").rstrip())
            del self.stderr_tail[:-20]

    def _pump(self) -> None:
        assert self.proc.stdout is not None  # checked in __init__
        try:
            for items in read_frame_batches(self.proc.stdout):
                self._frames.put(items)
        except StreamError as exc:
            if not self._cancelled():
                self._frames.put(exc)
        finally:
            self._frames.put(self.END)

    def get(self, timeout_s: float) -> list[Frame] | object | None:
        """The frames of the next read (a list), :attr:`END`, or None when nothing came within ``timeout_s``.

        Raises:
            StreamError: the driver's output is not a frame stream.
        """
        try:
            item = self._frames.get(timeout=timeout_s)
        except queue.Empty:
            return None
        if isinstance(item, Exception):
            raise item
        return item
