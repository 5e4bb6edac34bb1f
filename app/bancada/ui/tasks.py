"""The one background-task runner between the GUI and the Qt-free core.

A :class:`Task` runs a plain function ``fn(state)`` in its own QThread. The
function talks back only through its :class:`TaskState`: ``progress(f)``,
``partial(obj)``, ``is_cancelled()`` and ``on_cancel(hook)``; its return value
is the result. The Task's signals (connect them through
:meth:`TaskRunner.start`, before the thread starts) arrive on the GUI thread: ``progressed``,
``partialResult``, ``succeeded``, ``failed`` and, always last, ``ended``.

:class:`TaskRunner` keeps one task per kind (after Orange3's
``concurrent.TaskState``): ``supersede=True`` cancels the previous task of the
same kind and drops its results (statistics, loading a run); with
``supersede=False`` starting while one runs raises :class:`TaskBusy` — a new
run never cancels the previous one silently.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from bancada.core.installation import explain

_live_threads: set[QThread] = set()
_live_lock = threading.Lock()


def running_threads() -> list[QThread]:
    """QThreads started by tasks that have not finished yet (the tests check it is empty)."""
    with _live_lock:
        return [t for t in _live_threads if t.isRunning()]


class TaskBusy(RuntimeError):
    """A task of that kind is already running and may not be replaced silently."""


class TaskState:
    """What a task function sees: progress, partial results, cancellation. Thread-safe."""

    def __init__(self, task: "Task") -> None:
        self._task = task
        self._cancel = threading.Event()
        self._hooks: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def progress(self, fraction: float) -> None:
        if not self._cancel.is_set():
            self._task.progressed.emit(float(fraction))

    def partial(self, obj: Any) -> None:
        if not self._cancel.is_set():
            self._task.partialResult.emit(obj)

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def on_cancel(self, hook: Callable[[], None]) -> None:
        """Call ``hook`` (from the cancelling thread) when the task is cancelled; at once if it is."""
        with self._lock:
            self._hooks.append(hook)
            now = self._cancel.is_set()
        if now:
            hook()

    def _cancel_now(self) -> None:
        with self._lock:
            self._cancel.set()
            hooks = list(self._hooks)
        for hook in hooks:
            hook()


class _Thread(QThread):
    def __init__(self, task: "Task") -> None:
        super().__init__()
        self.task = task

    def run(self) -> None:
        self.task._run_in_thread()


class Task(QObject):
    """One function running in its own QThread; see the module docstring."""

    progressed = Signal(float)
    partialResult = Signal(object)
    succeeded = Signal(object)
    failed = Signal(str, str)  # one-line message, traceback
    ended = Signal()

    def __init__(self, kind: str, fn: Callable[[TaskState], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.fn = fn
        self.state = TaskState(self)
        self._thread = _Thread(self)
        self._thread.finished.connect(self._on_thread_finished)
        self.running = False

    def start(self) -> None:
        self.running = True
        with _live_lock:
            _live_threads.add(self._thread)
        self._thread.start()

    def cancel(self) -> None:
        """Ask the function to stop; its result, if any, is dropped."""
        self.state._cancel_now()

    @property
    def cancelled(self) -> bool:
        return self.state.is_cancelled()

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Block until the thread ends (tests and shutdown only)."""
        return self._thread.wait(timeout_ms)

    def _run_in_thread(self) -> None:
        try:
            result = self.fn(self.state)
        except Exception as exc:  # reported to the GUI, never swallowed
            if not self.state.is_cancelled():
                self.failed.emit(explain(exc, str(exc) or type(exc).__name__), traceback.format_exc())
            return
        if not self.state.is_cancelled():
            self.succeeded.emit(result)

    def _on_thread_finished(self) -> None:
        self.running = False
        with _live_lock:
            _live_threads.discard(self._thread)
        self.ended.emit()


class TaskRunner(QObject):
    """Starts tasks and keeps the current one of each kind."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._current: dict[str, Task] = {}
        self._all: set[Task] = set()
        self.closed = False

    def start(
        self,
        kind: str,
        fn: Callable[[TaskState], Any],
        *,
        supersede: bool = True,
        succeeded: Callable | None = None,
        failed: Callable | None = None,
        partial: Callable | None = None,
        progressed: Callable | None = None,
        ended: Callable | None = None,
    ) -> Task | None:
        """Create a task, connect the given slots, then start it (so no early signal is lost).

        Returns None, starting nothing, after :meth:`shutdown` (the window is closing).

        Raises:
            TaskBusy: ``supersede`` is False and a task of ``kind`` is running.
        """
        if self.closed:
            return None
        old = self._current.get(kind)
        if old is not None and old.running:
            if not supersede:
                raise TaskBusy(f"a {kind} task is already running")
            old.cancel()
        task = Task(kind, fn, self)
        self._current[kind] = task
        self._all.add(task)
        task.ended.connect(lambda t=task: self._forget(t))
        for signal, slot in (
            (task.succeeded, succeeded),
            (task.failed, failed),
            (task.partialResult, partial),
            (task.progressed, progressed),
            (task.ended, ended),
        ):
            if slot is not None:
                signal.connect(slot)
        task.start()
        return task

    def _forget(self, task: Task) -> None:
        self._all.discard(task)
        if self._current.get(task.kind) is task:
            del self._current[task.kind]
        task.deleteLater()

    def current(self, kind: str) -> Task | None:
        task = self._current.get(kind)
        return task if task is not None and task.running else None

    def busy(self, kind: str) -> bool:
        return self.current(kind) is not None

    def cancel_all(self) -> None:
        for task in list(self._all):
            task.cancel()

    def shutdown(self, timeout_ms: int = 30_000) -> bool:
        """Cancel every task and wait for their threads (closing the window); start no more."""
        self.closed = True
        self.cancel_all()
        ok = True
        for task in list(self._all):
            ok = task.wait(timeout_ms) and ok
        return ok
