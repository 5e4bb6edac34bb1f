"""One block on one driver process: its frames read, stored and committed as they arrive.

:func:`drive_block` is the loop of :meth:`bancada.run.runner.Runner._run_driver`: it stores what the
driver sends (samples, the splits of serial requests, its JSON events) in batches of at most
:data:`BATCH_INTERVAL_S`, yields each batch once it is committed, watches the block's workers and
the driver's silence, and ends the driver process when the block ends, however it ends.

During the block the samples are staged as raw columns (:mod:`bancada.store.sample_stage`: a
twentieth of the run process's CPU of inserting rows, which on a shared computer is taken from
the load being measured); when the block ends, however it ends, they become sample rows.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from typing import Any

import numpy as np

from bancada.core.i18n import integer, number, translate
from bancada.core.samples import Sample, SampleBlock
from bancada.drivers.job import DriverJob
from bancada.drivers.process_stream import DriverStream
from bancada.drivers.stream import DriverEvent, Split
from bancada.experiment.custom_messages import driver_message
from bancada.run.events import Notice, RunError, RunEvent, SamplesArrived, WorkerDied
from bancada.store import gap_marks
from bancada.store.runstore import RunStore
from bancada.store.load_workers import add_load_worker_samples
from bancada.run.warmup_notes import treatment_label, warmup_end_text

BATCH_INTERVAL_S = 0.05
WATCH_INTERVAL_S = 0.05  # how often the workers of a running block are checked (alive() is a waitpid or a flag)

STALL_MIN_S = 15.0  # the shortest silence of a running driver taken as "stopped or hung"
# A pass of the loop this much later than the last one: this process did not run (stopped, the
# computer suspended), so the driver's silence meanwhile is not the driver's.
SELF_GAP_S = 1.0
# From this many staged samples a block's end is announced before they are made rows (about 1 s of work).
STORING_NOTICE_SAMPLES = 500_000


#: The error of a request answered later than the request timeout after its planned start (see :func:`fail_late`).
LATE_ERROR = "timeout: answered after the request timeout, counted from its planned start"


def fail_late(samples: SampleBlock, timeout_s: float) -> int:
    """Make failed samples (:data:`LATE_ERROR`) of the successful ones whose latency exceeds ``timeout_s``;
    return how many.

    Under an open load a latency counts from the request's planned start, its wait to be sent included:
    when the link to the worker stalls (a network partition), the requests planned meanwhile are sent
    when it comes back and answered at once, with latencies as long as the stall although no request
    took that long on the server. A client with that timeout would have given up on them, so they are
    timeouts, as the requests in flight when the link stalled are; no stored latency exceeds the timeout.
    """
    rows = samples.rows
    late = np.flatnonzero((rows["ok"] != 0) & (rows["latency_ns"] > timeout_s * 1e9))
    if late.size:
        if not rows.flags.writeable:  # the driver's frame, read in place
            rows = samples.rows = rows.copy()
        rows["ok"][late] = 0
        samples.errors.update((int(i), LATE_ERROR) for i in late.tolist())
    return int(late.size)


class _Batch:
    """What has arrived from the driver since the last commit: samples, sample blocks and splits."""

    def __init__(self, store: RunStore, block_index: int, timeout_s: float = float("inf")) -> None:
        self.store = store
        self.block_index = block_index
        self.timeout_s = timeout_s
        self.items: list[Sample | SampleBlock | Split] = []
        self.staged = 0  # samples staged so far in this block
        self.late = 0  # samples made timeouts by fail_late in this block

    def __bool__(self) -> bool:
        return bool(self.items)

    def store_batch(self) -> SampleBlock:
        """Store (and commit) what has arrived since the last call (samples and the splits of serial
        requests); return the samples as one block."""
        splits = [x for x in self.items if isinstance(x, Split)]
        out = SampleBlock.of([x for x in self.items if not isinstance(x, Split)])
        self.items = []
        self.late += fail_late(out, self.timeout_s)
        self.store.stage_samples(out, self.block_index)
        self.staged += len(out)
        if splits:
            self.store.add_splits(splits)
        self.store.commit()
        return out


def drive_block(
    proc: Any,
    job: DriverJob,
    store: RunStore,
    block_index: int,
    watch: dict[str, Any],
    timeout_s: float,
    cancelled: Callable[[], bool],
) -> Iterator[RunEvent]:
    """Send ``job`` to the driver process ``proc``; store and yield its samples until it ends.

    ``watch`` maps implementation ids to workers whose death stops the block at once (``alive()``
    must be cheap: it is called about every 50 ms); ``timeout_s`` is the requests' timeout, which
    sets how long a silent driver is waited for; ``cancelled`` says the run was cancelled (then a
    driver's failure is not one).

    Raises:
        WorkerDied: a watched worker died during the block.
        RunError: the driver sent nothing for too long, or it failed (its message or the tail of its stderr).
    """
    stream = DriverStream(proc, job.to_json(), cancelled)
    batch = _Batch(store, block_index, timeout_s)
    last = time.monotonic()
    # a driver sends a sample per request (each ends within timeout_s) or, under a timed load,
    # a histogram every second: silence well past both means it is stopped or hung
    stall_s = max(STALL_MIN_S, 2 * timeout_s)
    silence = _Silence()
    next_watch = 0.0
    driver_error = ""
    marked = 0
    try:
        while True:
            item = stream.get(BATCH_INTERVAL_S)
            silent_s = silence.after_wait(item is not None)
            if item is None:
                _check_stall(proc, silent_s, stall_s)
            error = yield from _take_frames(item, batch)
            driver_error = error or driver_error
            now = time.monotonic()
            if batch and (item is DriverStream.END or item is None or now - last >= BATCH_INTERVAL_S):
                last = now
                yield SamplesArrived(batch.store_batch())
            if item is DriverStream.END:
                yield from _storing_notice(batch.staged)
                break
            if now >= next_watch:
                next_watch = now + WATCH_INTERVAL_S
                yield from _watch_workers(watch, proc, batch)
    finally:
        code = _end_driver(proc, batch)
        store.unstage()  # the block has ended: its staged samples become rows while nothing is measured
        marked = store.mark_gap_samples(block_index)
    yield from _end_notices(store, block_index, marked, batch.late, timeout_s)
    if cancelled():
        return
    if driver_error or code != 0:
        detail = driver_message(driver_error) if driver_error else "\n".join(stream.stderr_tail[-10:])
        raise RunError(
            translate("Runner", "the driver failed (exit code {code}): {detail}").format(code=code, detail=detail)
        )


def _end_notices(store: RunStore, block_index: int, marked: int, late: int, timeout_s: float) -> Iterator[Notice]:
    """What the block's end says: its samples in flight across a gap (``marked``), and those answered
    later than the requests' timeout after their planned start (``late``)."""
    if marked:
        yield Notice("warning", gap_text(store, block_index, marked))
    if late:
        yield Notice("warning", late_text(block_index, late, timeout_s))


class _Silence:
    """How long the driver has sent nothing, not counting a time this process was itself stopped
    (longer than ``SELF_GAP_S`` between two waits: the driver was not the one silent then)."""

    def __init__(self) -> None:
        self.heard = self.tick = time.monotonic()

    def after_wait(self, heard_something: bool) -> float:
        """Seconds of the driver's silence after one wait on its stream."""
        now = time.monotonic()
        if heard_something or now - self.tick > SELF_GAP_S:
            self.heard = now
        self.tick = now
        return now - self.heard


def _storing_notice(staged: int) -> Iterator[Notice]:
    """Say that the next seconds go to the run file, not to a block, when the block left many samples."""
    if staged >= STORING_NOTICE_SAMPLES:
        yield Notice.info(
            translate("Runner", "storing the block's {n} samples in the run file").format(n=integer(staged))
        )


def _check_stall(proc: Any, silent_s: float, stall_s: float) -> None:
    """End a driver silent for more than ``stall_s`` seconds that has not exited.

    Raises:
        RunError: it was stopped (SIGSTOP) or hung, and was killed.
    """
    if silent_s > stall_s and proc.poll() is None:
        proc.kill()  # stopped (SIGSTOP) or hung: it cannot be asked to end
        raise RunError(
            translate(
                "Runner",
                "the driver sent nothing for {stall_s:g} s (it was stopped or hung) and was "
                "ended; the samples it sent before are kept",
            ).format(stall_s=stall_s)
        )


def _take_frames(item: object, batch: _Batch) -> Generator[Notice, None, str]:
    """Put ``item``'s samples and splits in ``batch`` and store its events, yielding their notices;
    return the driver's error message, or "" (``item`` is a list of frames, or None or the end)."""
    error = ""
    for frame in item if isinstance(item, list) else ():
        if not isinstance(frame, DriverEvent):  # a Sample, a SampleBlock or a Split
            batch.items.append(frame)
            continue
        message, notice = store_event(frame, batch.store, batch.block_index)
        error = message or error
        if notice is not None:
            yield notice
    return error


def _watch_workers(watch: dict[str, Any], proc: Any, batch: _Batch) -> Iterator[RunEvent]:
    """Stop the block when a watched worker has died; what arrived before the death is yielded.

    Raises:
        WorkerDied: the first dead worker, with the tail of its log and its exit status.
    """
    for impl_id, worker in watch.items():
        if not worker.alive():
            proc.terminate()
            if batch:  # what arrived before the death is stored and shown, not only stored
                yield SamplesArrived(batch.store_batch())
            raise WorkerDied(impl_id, worker.log_tail(10), worker.stop(0.1))


def _end_driver(proc: Any, batch: _Batch) -> int:
    """Store what is left of the block, end the driver if it still runs; its exit code."""
    if batch:
        batch.store_batch()
    if proc.poll() is None:
        proc.terminate()
    code: int = proc.wait(10)
    return code


def store_event(frame: DriverEvent, store: RunStore, block_index: int) -> tuple[str, Notice | None]:
    """Keep one of the driver's JSON events; return (its error message or "", a notice to show)."""
    kind = frame.kind
    if kind == "error":
        return frame.message or "driver error", None
    if kind == "block_start":
        store.add_block(block_index, frame.repetition, frame.origin_ns)
    elif kind == "warning":
        store.add_driver_event(block_index, frame)
        return "", Notice("warning", frame.message)
    elif kind == "load_worker_samples":  # the locust driver: which Locust worker sent which samples
        add_load_worker_samples(store, frame)
    elif kind in ("histogram", "summary", "done", "load_workers", "gap"):
        store.add_driver_event(block_index, frame)
    elif kind == "warmup_end":  # a steady-state warm-up's count (bancada.run.warmup_notes)
        store.add_driver_event(block_index, frame)
        return "", Notice("info", warmup_end_text(frame, treatment_label(store, frame.get("treatment"))))
    return "", None


def late_text(block_index: int, late: int, timeout_s: float) -> str:
    """What the user reads of the ``late`` requests of block ``block_index`` made timeouts by :func:`fail_late`."""
    return translate(
        "Runner",
        "block {block}: {n} requests were answered more than {timeout} s after their planned start (they "
        "waited to be sent while the link or the worker stalled); they are failed samples (timeout), "
        "not latencies",
    ).format(block=integer(block_index + 1), n=integer(late), timeout=number(timeout_s, 1))


def gap_text(store: RunStore, block_index: int, marked: int) -> str:
    """What the user reads of the gaps of block ``block_index`` once ``marked`` samples are marked."""
    seconds = sum(g[2] for g in gap_marks.block_gaps(store.conn, block_index))
    return translate(
        "Runner",
        "the driver did not run for {seconds} s in block {block} (the computer was suspended or the "
        "run's processes were stopped): {n} measured requests in flight across the gap are marked "
        "and left out of the latencies",
    ).format(seconds=number(seconds, 1), block=integer(block_index + 1), n=integer(marked))
