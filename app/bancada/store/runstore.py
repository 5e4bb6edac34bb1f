"""The run store: one SQLite file per run (stdlib sqlite3, WAL).

A run file holds the profile as run, the host's facts, the workers' versions,
the treatments and every sample. Samples are committed at most
``COMMIT_INTERVAL_S`` after they arrive, so a crash (even SIGKILL) loses at most
that much; while their block runs they are staged as raw columns and become
rows of ``sample`` when it ends. Times are stored as integer nanoseconds.

Tables:
  meta(key, value)              run_id, created_at, status, profile_toml, ...
  treatment(id, implementation, language, protocol, worker, operation,
            workload, payload_kind, payload_count, payload_bytes, target)
  worker(implementation, info)  the worker's Info answer (JSON)
  block(id, repetition, origin_ns, started_at)  one row per driver block
  driver_event(id, block, kind, body)  the driver's histogram / summary /
                                warning / done events (JSON), e.g. the native
                                driver's per-second HDR summaries of runs past
                                its raw-record cap
  sample(id, treatment, repetition, seq, phase, ok, latency_ns, server_ns,
         start_ns, queue_ns, block, error)
  sample_split(treatment, repetition, seq, client_ser_ns, client_deser_ns,
         server_deser_ns, server_ser_ns, request_bytes, response_bytes)
                                the split of a serial request (seed 004), keyed
                                like its sample (schema 2)
  sample_stage(id, block, rows, errors)  the batches of the block in progress
                                as raw columns; made sample rows when it ends
                                (bancada.store.sample_stage)
  warmup_window(id, block, treatment, repetition, seq_first, seq_last, ...)
                                the middle of a long warm-up, summarised per
                                window of requests (count, ok, failed, latency
                                min / median / max / sum) when its block's
                                samples become rows; its first and last
                                requests stay sample rows
                                (bancada.store.warmup_windows)

A file written before ``warmup_window`` existed holds its whole warm-up as
rows and reads as before. Schema 2 added ``treatment.link``, ``treatment.format`` and ``sample_split``;
:meth:`RunStore.open` adds them to a schema-1 file (empty: no link, no format,
no splits), so older runs open and analyse as before.
"""

from __future__ import annotations

import datetime as _dt
import functools
import itertools
import json
import os
import secrets
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    import pandas as pd

import numpy as np

from bancada.core import paths
from bancada.core.i18n import number, translate
from bancada.core.samples import PHASE_MEASURE, PHASE_WARMUP, Sample, SampleBlock, Split
from bancada.store import column_read, gap_marks, run_schema, sample_stage, warmup_windows

COMMIT_INTERVAL_S = 0.05
# a Sample as a sample row, without its block (a bool ok is stored as 0/1)
_SAMPLE_ROW = attrgetter(
    "treatment", "repetition", "seq", "phase", "ok", "latency_ns", "server_ns", "start_ns", "queue_ns", "error"
)
_Method = TypeVar("_Method", bound=Callable[..., Any])


#: Run statuses. ``running`` left in a file means the process died mid-run.
STATUSES = ("running", "complete", "incomplete", "cancelled")
#: What a stored sample takes at most while the run writes, for the space a run needs: a finished file
#: holds about 53 B a sample (the fault harness's run, tests/faults/harness.py: 638,976 B for 12,040
#: samples); three times that covers a block's staged columns and the WAL before a checkpoint.
BYTES_PER_SAMPLE = 160
MIB = 1 << 20
#: What the write-ahead log keeps on disk once SQLite resets it after a checkpoint (its
#: ``journal_size_limit``): without a limit it stays at its high-water mark, the largest block's rows.
#: 4 MiB is what SQLite's automatic checkpoint lets it reach (1,000 pages of 4 KiB) between resets.
WAL_LIMIT_BYTES = 4 * MIB
#: How long a write waits for another connection's lock (ms): Python's own default (5 s).
BUSY_TIMEOUT_MS = 5000


class RunStoreError(RuntimeError):
    """A run file is missing or not a Bancada run."""


class RunStoreWriteError(RunStoreError):
    """The run file cannot be written (the disk is full, the file was removed...): one line naming it.

    Everything committed before stays in the file.
    """


def _writes(method: _Method) -> _Method:
    """Turn SQLite's write failures of ``method`` into :class:`RunStoreWriteError`."""

    @functools.wraps(method)
    def wrapper(self: RunStore, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise RunStoreWriteError(self.write_error_text(str(exc))) from None

    return cast(_Method, wrapper)


@dataclass(frozen=True)
class TreatmentRow:
    id: int
    implementation: str
    language: str
    protocol: str
    worker: str
    operation: str
    workload: str
    payload_kind: str
    payload_count: int
    payload_bytes: int
    target: str = ""
    link: str = ""  # the level of the factor link ("" without emulated links)
    format: str = ""  # a serial treatment's wire format (seed 004)


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def _process_start(pid: int | str) -> str:
    """When process ``pid`` started (clock ticks since boot: field 22 of ``/proc/PID/stat``), or ""
    when it is gone. With the boot id it names one process even after its pid is reused."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    fields = stat[stat.rfind(")") + 2 :].split()  # after the command name, which may hold spaces
    return fields[19] if len(fields) > 19 else ""


def effective_status(meta: dict[str, str]) -> str:
    """The run's status, with ``interrupted`` for a ``running`` run whose writer is gone.

    The writer is the process that created the file (``writer_pid``, ``writer_boot`` and
    ``writer_start`` in ``meta``), alive when a process of that pid started at that time since this
    boot. A file written before ``writer_start`` existed is judged by the pid and the word
    "bancada" in its command line."""
    status = meta.get("status", "?")
    if status != "running":
        return status
    pid = meta.get("writer_pid", "")
    same_boot = meta.get("writer_boot", "") == _boot_id()
    if "writer_start" in meta:
        alive = pid.isdigit() and same_boot and _process_start(pid) == meta["writer_start"] != ""
        return "running" if alive else "interrupted"
    if pid.isdigit() and same_boot and Path(f"/proc/{pid}").exists():
        try:
            if Path(f"/proc/{pid}/cmdline").read_bytes().find(b"bancada") >= 0 or int(pid) == os.getpid():
                return "running"
        except OSError:
            pass
    return "interrupted"


def new_run_id() -> str:
    """A sortable, unique run id: ``YYYYmmdd-HHMMSS-xxxx``."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(2)


class RunStore:
    """One run file, open for writing or reading.

    Use :meth:`create` for a new run and :meth:`open` for an existing one.
    Not thread-safe: use it from one thread (the runner's).
    """

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn
        #: The samples the run's plan makes (0: unknown, a timed run), for the space a full disk lacks.
        self.planned_samples = 0
        self._pending = 0
        self._last_commit = time.monotonic()

    def write_error_text(self, reason: str) -> str:
        """The one line of a write SQLite refused with ``reason``: the file, and for a full disk its
        folder, the space left there and the space a run of this plan needs (:data:`BYTES_PER_SAMPLE`
        × :attr:`planned_samples`)."""
        if "disk is full" in reason:
            try:
                free = shutil.disk_usage(self.path.parent).free
            except OSError:
                free = 0
            text = translate(
                "RunStore",
                "cannot write the run file {path}: the disk is full in the folder {folder} ({free} MiB free; "
                "a run of this plan needs about {need} MiB); what was stored before is kept",
            )
            return text.format(
                path=self.path,
                folder=self.path.parent,
                free=number(free / MIB, 1),
                need=number(self.planned_samples * BYTES_PER_SAMPLE / MIB, 1),
            )
        if "disk I/O" in reason:
            reason = translate("RunStore", "the disk failed to write")
        text = translate("RunStore", "cannot write the run file {path}: {reason}; what was stored before is kept")
        return text.format(path=self.path, reason=reason)

    # -- lifecycle ---------------------------------------------------------
    @classmethod
    def create(cls, run_id: str | None = None, folder: Path | None = None) -> "RunStore":
        """Create a new run file under ``folder`` (default: the user's runs dir)."""
        run_id = run_id or new_run_id()
        folder = folder or paths.runs_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{run_id}.sqlite"
        conn = sqlite3.connect(path, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
        conn.executescript(run_schema.SCHEMA)
        store = cls(path, conn)
        now = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
        store.set_meta(
            run_id=run_id,
            created_at=now,
            status="running",
            schema_version=run_schema.SCHEMA_VERSION,
            writer_pid=str(os.getpid()),
            writer_boot=_boot_id(),
            writer_start=_process_start(os.getpid()),
        )
        conn.commit()
        return store

    @classmethod
    def open(cls, path_or_id: str | Path) -> "RunStore":
        """Open a run by file path or by run id (looked up in the runs dir).

        Raises:
            RunStoreError: no such run, or the file is not a Bancada run.
        """
        path = Path(path_or_id)
        if not path.exists():
            candidate = paths.runs_dir() / f"{path_or_id}.sqlite"
            if not candidate.exists():
                raise RunStoreError(f"no run {str(path_or_id)!r}: not a file and not a run id in {paths.runs_dir()}")
            path = candidate
        conn = sqlite3.connect(path, check_same_thread=False)
        try:
            conn.execute("SELECT value FROM meta WHERE key='run_id'").fetchone()
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise RunStoreError(f"{path}: not a Bancada run file ({exc})") from None
        run_schema.migrate(conn)
        store = cls(path, conn)
        if effective_status(store.meta()) != "running":  # its writer died mid-block: its batches become rows
            sample_stage.unstage_leftovers(conn)
        return store

    def close(self) -> None:
        """Commit what is pending and close the file.

        Raises:
            RunStoreWriteError: the commit failed; the file is closed all the same.
        """
        try:
            self.commit()
        finally:
            self.conn.close()

    def close_without_commit(self) -> None:
        """Close the file, dropping what is not committed (after a write failure)."""
        try:
            self.conn.close()
        except sqlite3.Error:
            pass

    def __enter__(self) -> "RunStore":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- writing -----------------------------------------------------------
    @_writes
    def set_meta(self, **values: Any) -> None:
        rows = [(k, v if isinstance(v, str) else json.dumps(v)) for k, v in values.items()]
        self.conn.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", rows)
        self.conn.commit()
        # the metadata into the main file now, not at the next automatic checkpoint: a copy of the
        # file taken mid-run (without its -wal) then still opens as a run (SQLite's WAL docs, "Checkpointing")
        self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")

    @_writes
    def add_treatments(self, rows: Iterable[TreatmentRow]) -> None:
        self.conn.executemany(
            "INSERT OR REPLACE INTO treatment VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    r.id,
                    r.implementation,
                    r.language,
                    r.protocol,
                    r.worker,
                    r.operation,
                    r.workload,
                    r.payload_kind,
                    r.payload_count,
                    r.payload_bytes,
                    r.target,
                    r.link,
                    r.format,
                )
                for r in rows
            ],
        )
        self.conn.commit()

    @_writes
    def update_treatments(self, column: str, values: dict[int, Any]) -> None:
        """Set ``column`` (``target`` or ``payload_bytes``) of the treatments ``values`` names (id -> value)."""
        if column not in ("target", "payload_bytes"):
            raise ValueError(f"treatment column {column!r} cannot be updated; expected target or payload_bytes")
        self.conn.executemany(f"UPDATE treatment SET {column}=? WHERE id=?", [(v, i) for i, v in values.items()])
        self.conn.commit()

    @_writes
    def set_worker_info(self, implementation: str, info: dict[str, Any]) -> None:
        self.conn.execute("INSERT OR REPLACE INTO worker VALUES (?, ?)", (implementation, json.dumps(info)))
        self.conn.commit()

    @_writes
    def add_block(self, index: int, repetition: int, origin_ns: int | None) -> None:
        """Record that block ``index`` started; ``origin_ns`` is the driver's monotonic
        clock at job start (the origin of the samples' ``start_ns``), when it says."""
        now = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")
        self.conn.execute("INSERT OR REPLACE INTO block VALUES (?, ?, ?, ?)", (index, repetition, origin_ns, now))

    @_writes
    def add_driver_event(self, block: int, event: dict[str, Any]) -> None:
        """Keep one JSON event of the driver (committed with the next samples)."""
        self.conn.execute(
            "INSERT INTO driver_event(block, kind, body) VALUES (?, ?, ?)",
            (block, str(event.get("event", "")), json.dumps(event)),
        )

    def driver_events(self, kind: str | None = None) -> list[dict[str, Any]]:
        """The stored driver events, oldest first, optionally of one kind."""
        query = "SELECT body FROM driver_event" + (" WHERE kind = ?" if kind else "") + " ORDER BY id"
        return [json.loads(b) for (b,) in self.conn.execute(query, (kind,) if kind else ())]

    @_writes
    def add_samples(self, samples: SampleBlock | Iterable[Sample], block: int = 0) -> None:
        """Insert samples in order; commit if the last commit is older than ``COMMIT_INTERVAL_S``."""
        rows = samples.db_rows() if isinstance(samples, SampleBlock) else map(_SAMPLE_ROW, samples)
        cur = self.conn.executemany(
            "INSERT INTO sample(treatment, repetition, seq, phase, ok, latency_ns, server_ns, start_ns,"
            f" queue_ns, error, block) VALUES (?,?,?,?,?,?,?,?,?,?,{int(block)})",
            rows,
        )
        self._pending += cur.rowcount
        if time.monotonic() - self._last_commit >= COMMIT_INTERVAL_S:
            self.commit()

    @_writes
    def stage_samples(self, samples: SampleBlock, block: int) -> None:
        """Keep one batch of block ``block``'s samples as raw columns (:mod:`bancada.store.sample_stage`),
        committed like :meth:`add_samples`; :meth:`unstage` makes them sample rows when the block ends."""
        self._pending += sample_stage.stage(self.conn, samples, block)
        if time.monotonic() - self._last_commit >= COMMIT_INTERVAL_S:
            self.commit()

    @_writes
    def unstage(self) -> int:
        """Make every staged sample a row of the sample table, in arrival order, and commit; the count.

        Raises:
            RunStoreWriteError: SQLite refused the rows; they stay staged in the file.
        """
        moved = sample_stage.unstage(self.conn)
        self._pending = 0
        self._last_commit = time.monotonic()
        self.truncate_wal()
        return moved

    def truncate_wal(self) -> bool:
        """Copy the write-ahead log into the run file and empty it (``wal_checkpoint(TRUNCATE)``), so the
        ``-wal`` file does not keep the size of the last block's transaction for the rest of the run;
        True when it was emptied.

        It does not wait: while another connection reads the log (the window drawing the run), the log
        is left as it is and the next checkpoint SQLite makes on its own, once the reader is done,
        resets it, to at most :data:`WAL_LIMIT_BYTES`. A failure (a full disk) is left to the next
        write to report: what the log holds is committed either way.
        """
        try:
            self.conn.execute("PRAGMA busy_timeout=0")
            try:
                busy, _, _ = self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            finally:
                self.conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        except sqlite3.Error:
            return False
        return int(busy) == 0

    @_writes
    def mark_gap_samples(self, block: int) -> int:
        """Mark the measured samples of ``block`` in flight across a gap of the driver (not latencies:
        :mod:`bancada.store.gap_marks`) and commit; the number marked."""
        return gap_marks.mark_gap_samples(self.conn, block)

    @_writes
    def add_splits(self, splits: Iterable[Split]) -> None:
        """Insert the splits of serial requests (:class:`bancada.core.samples.Split`), committed with
        the samples they belong to."""
        self.conn.executemany(
            "INSERT OR REPLACE INTO sample_split VALUES (?,?,?,?,?,?,?,?,?)",
            [
                (
                    x.treatment,
                    x.repetition,
                    x.seq,
                    x.client_ser_ns,
                    x.client_deser_ns,
                    x.server_deser_ns,
                    x.server_ser_ns,
                    x.request_bytes,
                    x.response_bytes,
                )
                for x in splits
            ],
        )

    @_writes
    def commit(self) -> None:
        self.conn.commit()
        self._pending = 0
        self._last_commit = time.monotonic()

    @_writes
    def finish(self, status: str, message: str = "") -> None:
        """Mark the run ``complete``, ``incomplete`` or ``cancelled`` and commit."""
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}; expected one of {STATUSES}")
        now = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
        self.set_meta(status=status, ended_at=now, message=message)

    # -- reading -----------------------------------------------------------
    def meta(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT key, value FROM meta").fetchall())

    def treatments(self) -> list[TreatmentRow]:
        return [TreatmentRow(*row) for row in self.conn.execute("SELECT * FROM treatment ORDER BY id")]

    def workers(self) -> dict[str, dict[str, Any]]:
        return {k: json.loads(v) for k, v in self.conn.execute("SELECT implementation, info FROM worker")}

    def sample_rows(self) -> int:
        """The rows of the sample table, from its first and last ids (no row is ever deleted, so the ids
        are row numbers: no scan); a block's staged samples and the warm-up windows are not rows."""
        first, last = self.conn.execute("SELECT min(id), max(id) FROM sample").fetchone()
        return 0 if first is None else int(last) - int(first) + 1

    def sample_count(self) -> int:
        """The samples in the file: the sample table's rows, the warm-up requests summarised in
        windows and, while a block runs, its staged samples."""
        count: int = self.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0]
        return count + warmup_windows.windowed_count(self.conn) + sample_stage.staged_count(self.conn)

    def warmup_windows(self) -> list[dict[str, Any]]:
        """The warm-up windows (:mod:`bancada.store.warmup_windows`), oldest first: one dict of
        :data:`~bancada.store.warmup_windows.COLUMNS` each; [] in a file whose warm-up is all rows."""
        return warmup_windows.windows(self.conn)

    def phase_counts(self) -> dict[int, int]:
        """The samples of each phase (``PHASE_WARMUP``/``PHASE_MEASURE`` -> count), staged ones and the
        warm-up requests summarised in windows included."""
        counts = {
            int(phase): int(n) for phase, n in self.conn.execute("SELECT phase, COUNT(*) FROM sample GROUP BY phase")
        }
        windowed = warmup_windows.windowed_count(self.conn)
        if windowed:
            counts[PHASE_WARMUP] = counts.get(PHASE_WARMUP, 0) + windowed
        for phase, n in sample_stage.staged_phase_counts(self.conn).items():
            counts[phase] = counts.get(phase, 0) + n
        return counts

    def samples(self, after_id: int = 0) -> list[tuple[Any, ...]]:
        """Return sample rows (tuples in table order, ``id`` first) with id > after_id."""
        return self.conn.execute("SELECT * FROM sample WHERE id > ? ORDER BY id", (after_id,)).fetchall()

    def _has(self, table: str, column: str | None = None) -> bool:
        cols = {row[1] for row in self.conn.execute(f"PRAGMA table_info({table})")}
        return bool(cols) and (column is None or column in cols)

    def live_columns(self, every: int = 1) -> dict[str, "np.ndarray"]:
        """What the live view draws of every sample (``every``: of every k-th, :meth:`sample_columns`), in
        arrival order: int64 arrays ``treatment``, ``latency_ns``, ``phase`` (0 warm-up, 1 measure) and
        ``ok`` (0/1), all of one length; while a block runs, its staged samples last (every k-th of them;
        rows and staged batches read in one snapshot, so a batch the writer makes rows meanwhile is
        counted once). Read :data:`~bancada.store.column_read.CHUNK_ROWS` rows at a time.

        Raises:
            ValueError: ``every`` below 1.
        """
        import numpy as np

        if every < 1:
            raise ValueError(f"every must be a whole number of at least 1, not {every}")
        names = ("treatment", "latency_ns", "phase", "ok")
        began = not self.conn.in_transaction
        if began:
            self.conn.execute("BEGIN")
        try:
            query = column_read.thinned_query(list(names), every)
            cur = self.conn.execute(query, column_read.id_range(self.conn))
            parts = [np.empty((0, 4), dtype=np.int64)]
            while rows := cur.fetchmany(column_read.CHUNK_ROWS):
                parts.append(np.array(rows, dtype=np.int64).reshape(-1, 4))
            staged = sample_stage.staged_columns(self.conn, names)
        finally:
            if began:
                self.conn.commit()
        arr = np.concatenate(parts)
        return {name: np.concatenate([arr[:, i], staged[name][::every]]) for i, name in enumerate(names)}

    def live_counts(self, part_ids: int = 1 << 23) -> dict[int, tuple[int, int, int]]:
        """Per treatment id, ``(measured ok, ok, failed)`` samples, staged ones included: the counts of a
        live view drawn from a thinned :meth:`live_columns`. Read a part of ``part_ids`` ids at a time
        (the packed treatment, phase and ok: 8 bytes a sample of a part)."""
        import numpy as np

        names = ["treatment", "phase", "ok"]
        parts = (self.sample_columns(names, bounds=bounds) for bounds in self.id_parts(part_ids))
        staged = sample_stage.staged_columns(self.conn, tuple(names))
        counts: dict[int, np.ndarray] = {}
        for part in itertools.chain(parts, [{n: staged[n] for n in names}]):  # one part in memory at a time
            treatment, phase, ok = part["treatment"], part["phase"], part["ok"].astype(bool)
            for tid in np.unique(treatment):
                sel = treatment == tid
                t_ok, t_phase = ok[sel], phase[sel]
                add = np.array([(t_ok & (t_phase == PHASE_MEASURE)).sum(), t_ok.sum(), (~t_ok).sum()])
                counts[int(tid)] = counts.get(int(tid), np.zeros(3, dtype=np.int64)) + add
        return {tid: (int(c[0]), int(c[1]), int(c[2])) for tid, c in counts.items()}

    def sample_columns(
        self, columns: Sequence[str], every: int = 1, bounds: tuple[int, int] | None = None
    ) -> dict[str, np.ndarray]:
        """Columns of every sample whose treatment is in the treatment table, in id order, as numpy arrays.

        ``every``: only the samples whose id is a multiple of it (1: all; the ids are the table's row
        numbers, so this is every k-th sample as stored, each treatment and repetition thinned alike);
        ``bounds``: only the samples with ids in ``(lo, hi]`` (None: all; :meth:`id_parts`).

        ``columns``: names from :data:`~bancada.store.column_read.SAMPLE_COLUMNS`. Each is an int64 array but ``phase``
        (int8: 0 warm-up, 1 measure, 2 gap, 3 any other value), ``ok`` (bool) and ``error`` (an
        object array, "" where the sample has none). The rows are those of
        :meth:`samples_frame` (its join with the treatment table), in the same order.
        Read through the ADBC SQLite driver into Arrow (no Python object per row; treatment,
        phase and ok packed into one integer by SQLite), or, without it, in chunks of
        :data:`~bancada.store.column_read.CHUNK_ROWS` rows with the stdlib.

        Raises:
            ValueError: an unknown column, or ``every`` below 1.
            sqlite3.Error: the file cannot be read.
        """
        return self._read_columns(columns, every, bounds=bounds)

    def id_parts(self, part_ids: int) -> list[tuple[int, int]]:
        """The sample table's ids as consecutive ranges ``(lo, hi]`` of at most ``part_ids`` ids each, in
        order ([] when it has no rows): a long run read a part at a time."""
        lo, hi = column_read.id_range(self.conn)
        return [(start, min(start + part_ids, hi)) for start in range(lo, hi, part_ids)]

    def measured_parts(self, columns: Sequence[str], part_ids: int = 1 << 23) -> Iterator[dict[str, np.ndarray]]:
        """The measured samples (phase 1) of :meth:`sample_columns`, a part of at most ``part_ids``
        sample ids at a time, in id order: a long run's columns without the whole run in memory
        (8,388,608 ids: about 300 MB of the load tables' columns).

        Raises:
            ValueError: an unknown column.
            sqlite3.Error: the file cannot be read.
        """
        for bounds in self.id_parts(part_ids):
            yield self._read_columns(columns, phase=PHASE_MEASURE, bounds=bounds)

    def _read_columns(
        self, columns: Sequence[str], every: int = 1, phase: int | None = None, bounds: tuple[int, int] | None = None
    ) -> dict[str, np.ndarray]:
        """:meth:`sample_columns` of the samples of ``phase`` (None: all) with ids in ``bounds`` (None: all)."""
        unknown = [c for c in columns if c not in column_read.SAMPLE_COLUMNS]
        if unknown:
            raise ValueError(f"unknown sample column(s) {unknown}; expected some of {column_read.SAMPLE_COLUMNS}")
        wanted = dict.fromkeys([*columns, *(["id"] if "error" in columns else [])])
        plain = [c for c in wanted if c not in column_read.PACKED]
        plain.remove("error") if "error" in plain else None
        select = [column_read.PACKED_SQL, *plain]
        arrays = column_read.read_int_columns(self.path, self.conn, select, every, phase, bounds)
        arrays.update(column_read.unpack(arrays.pop(column_read.PACKED_SQL)))
        ids = [r[0] for r in self.conn.execute("SELECT id FROM treatment")]
        if not column_read.all_in(arrays["treatment"], ids):  # the join of samples_frame drops unknown treatments
            known = column_read.in_ids(arrays["treatment"], ids)
            arrays = {c: v[known] for c, v in arrays.items()}
        if "error" in columns:
            arrays["error"] = self._errors(arrays["id"], bounds)
        return {c: arrays[c] for c in columns}

    def _errors(self, ids: np.ndarray, bounds: tuple[int, int] | None = None) -> np.ndarray:
        """The ``error`` texts of the samples ``ids`` (ascending, within ``bounds`` ``(lo, hi]`` when given),
        as an object array ("" where empty)."""
        out = np.full(len(ids), "", dtype=object)
        if not len(ids):  # no sample read (e.g. every one of a treatment the table does not name)
            return out
        lo, hi = bounds if bounds is not None else (-(1 << 62), 1 << 62)
        rows = self.conn.execute(
            "SELECT id, error FROM sample WHERE id > ? AND id <= ? AND error != '' ORDER BY id", (lo, hi)
        ).fetchall()
        if rows:
            with_error = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
            where = np.searchsorted(ids, with_error)
            found = (where < len(ids)) & (ids[np.minimum(where, len(ids) - 1)] == with_error)
            out[where[found]] = [r[1] for r, f in zip(rows, found) if f]
        return out

    def samples_frame(self) -> pd.DataFrame:
        """All samples joined with their treatment, as a pandas DataFrame.

        Columns: the sample's, the treatment's (``link`` and ``format`` "" in a schema-1 file that
        could not be migrated) and the split's (``client_ser_ns`` ... ``response_bytes``; NaN for a
        sample without a split).
        """
        import pandas as pd

        link = "t.link, t.format" if self._has("treatment", "link") else "'' AS link, '' AS format"
        if self._has("sample_split"):
            split_cols = ", ".join(f"x.{c}" for c in run_schema.SPLIT_COLUMNS)
            join = (
                " LEFT JOIN sample_split x"
                " ON x.treatment = s.treatment AND x.repetition = s.repetition AND x.seq = s.seq"
            )
        else:
            split_cols = ", ".join(f"NULL AS {c}" for c in run_schema.SPLIT_COLUMNS)
            join = ""
        query = (
            "SELECT s.id, s.treatment, s.repetition, s.seq, s.phase, s.ok, s.latency_ns, s.server_ns,"
            " s.start_ns, s.queue_ns, s.block, s.error, t.implementation, t.language, t.protocol,"
            f" t.operation, t.workload, t.payload_kind, t.payload_count, t.payload_bytes, {link}, {split_cols}"
            f" FROM sample s JOIN treatment t ON s.treatment = t.id{join} ORDER BY s.id"
        )
        return pd.read_sql_query(query, self.conn)


def list_runs(folder: Path | None = None) -> list[dict[str, Any]]:
    """Return one dict per run file in ``folder``: path, run_id, created_at, status, name, host, samples
    (every sample), measured (phase measure) and warmup (phase warm-up)."""
    folder = folder or paths.runs_dir()
    runs = []
    for path in sorted(folder.glob("*.sqlite")):
        try:
            store = RunStore.open(path)
        except RunStoreError:
            continue
        with store:
            meta = store.meta()
            phases = store.phase_counts()
            runs.append(
                {
                    "path": str(path),
                    "run_id": meta.get("run_id", path.stem),
                    "created_at": meta.get("created_at", ""),
                    "status": effective_status(meta),
                    "name": meta.get("profile_name", ""),
                    "samples": sum(phases.values()),
                    "measured": phases.get(PHASE_MEASURE, 0),
                    "warmup": phases.get(PHASE_WARMUP, 0),
                    "host": meta.get("host_name", "local"),
                }
            )
    return runs
