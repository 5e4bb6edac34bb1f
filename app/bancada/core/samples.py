"""The measured sample: one request as a driver measured it, alone or many as columns.

Below the drivers, the store and the session layer, which all pass samples
along: a :class:`Sample` is one request (integer nanoseconds); a
:class:`SampleBlock` holds many as a structured array (``SAMPLE_DTYPE``, the
fields of ``Sample`` but the error text, typed as ``SAMPLE_STRUCT`` packs them
on the driver's wire, docs/driver-protocol.md) plus the error texts of the
failed ones. The runner stores blocks, the GUI draws from their columns, and
iterating over one still gives ``Sample`` objects. A :class:`Split` is the
split of one serial request, keyed like its sample.
"""

from __future__ import annotations

import dataclasses
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

#: A sample on the driver's wire, after the frame header: treatment u16, repetition u32, seq u32,
#: phase u8, ok u8, latency_ns, server_ns, start_ns, queue_ns i64 (then the UTF-8 error text).
SAMPLE_STRUCT = struct.Struct("<HIIBBqqqq")
PHASE_WARMUP = 0
PHASE_MEASURE = 1
#: A measured request in flight while the driver did not run (stopped, the computer suspended): kept,
#: but not a latency (bancada.store.gap_marks).
PHASE_GAP = 2


@dataclass(slots=True)
class Sample:
    """One request as measured by a driver. Times are integer nanoseconds."""

    treatment: int
    repetition: int
    seq: int
    phase: int  # PHASE_WARMUP | PHASE_MEASURE (PHASE_GAP once marked)
    ok: bool
    latency_ns: int
    server_ns: int  # -1 when the server sent no Server-Timing
    start_ns: int
    queue_ns: int = 0
    error: str = ""


#: The columns of a SampleBlock: Sample's fields but ``error``, typed as SAMPLE_STRUCT packs them
#: (both derived, so the three cannot drift apart).
FIELDS = tuple(f.name for f in dataclasses.fields(Sample) if f.name != "error")
SAMPLE_DTYPE = np.dtype(
    [(name, "<" + code) for name, code in zip(FIELDS, SAMPLE_STRUCT.format.lstrip("<"), strict=True)]
)


@dataclass(slots=True)
class Split:
    """The split of one ``serial`` request (docs/driver-protocol.md, "X"), keyed like its sample: what the
    driver stream reads (:mod:`bancada.drivers.stream`) and the run file stores.

    ``client_ser_ns``/``client_deser_ns``: the driver's encode before the send and decode after
    the answer, both outside ``latency_ns``; ``server_deser_ns``/``server_ser_ns``: the worker's
    Server-Timing ``deser`` and ``ser`` (inside its ``app``, -1 when absent); body sizes in bytes.
    """

    treatment: int
    repetition: int
    seq: int
    client_ser_ns: int
    client_deser_ns: int
    server_deser_ns: int
    server_ser_ns: int
    request_bytes: int
    response_bytes: int


class SampleBlock:
    """``rows``: a structured array (``SAMPLE_DTYPE``); ``errors``: {row index: error text}."""

    __slots__ = ("rows", "errors")

    def __init__(self, rows: np.ndarray, errors: dict[int, str] | None = None) -> None:
        self.rows = rows
        self.errors = errors or {}

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Sample]:
        for i, r in enumerate(self.rows.tolist()):
            yield Sample(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7], r[8], self.errors.get(i, ""))

    def failed(self) -> Iterator[str]:
        """The error text of each failed sample ("" where the driver gave none)."""
        for i in np.flatnonzero(self.rows["ok"] == 0).tolist():
            yield self.errors.get(i, "")

    def db_rows(self) -> list[tuple[Any, ...]]:
        """``(treatment, repetition, seq, phase, ok, latency_ns, server_ns, start_ns, queue_ns, error)`` per row."""
        rows = self.rows.tolist()
        errors = self.errors
        return [(*r, errors.get(i, "")) for i, r in enumerate(rows)] if errors else [(*r, "") for r in rows]

    @classmethod
    def of(cls, parts: Iterable[SampleBlock | Sample]) -> SampleBlock:
        """One block from blocks and single samples, in order."""
        arrays: list[np.ndarray] = []
        errors: dict[int, str] = {}
        singles: list[tuple[Any, ...]] = []
        n = 0

        def flush_singles() -> None:
            if singles:
                arrays.append(np.array(singles, dtype=SAMPLE_DTYPE))
                singles.clear()

        for p in parts:
            if isinstance(p, SampleBlock):
                flush_singles()
                arrays.append(p.rows)
                errors.update((n + i, t) for i, t in p.errors.items())
                n += len(p.rows)
            else:
                singles.append(
                    (
                        p.treatment,
                        p.repetition,
                        p.seq,
                        p.phase,
                        int(p.ok),
                        p.latency_ns,
                        p.server_ns,
                        p.start_ns,
                        p.queue_ns,
                    )
                )
                if p.error:
                    errors[n] = p.error
                n += 1
        flush_singles()
        rows = np.concatenate(arrays) if len(arrays) > 1 else arrays[0] if arrays else np.empty(0, SAMPLE_DTYPE)
        return cls(rows, errors)
