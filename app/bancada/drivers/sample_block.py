"""Samples as columns: how the parent moves many samples at once.

A driver's ``S`` frames without error text all have the same size, so a run of
them in a read of the pipe is decoded in one step with numpy
(:func:`decode_plain_run`) instead of one :class:`Sample` object each. A
:class:`SampleBlock` holds such samples as a structured array with the fields of
:class:`~bancada.drivers.stream.Sample` (integer nanoseconds) plus the error
texts of the failed ones; the runner stores it, the GUI draws from its columns,
and iterating over it still gives ``Sample`` objects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

import numpy as np

from bancada.drivers.stream import SAMPLE_STRUCT, TYPE_SAMPLE, Sample

#: The columns of a SampleBlock: Sample's fields but ``error``, typed as SAMPLE_STRUCT packs them
#: (both derived, so the three cannot drift apart).
FIELDS = tuple(f.name for f in dataclasses.fields(Sample) if f.name != "error")
SAMPLE_DTYPE = np.dtype(
    [(name, "<" + code) for name, code in zip(FIELDS, SAMPLE_STRUCT.format.lstrip("<"), strict=True)]
)
#: A whole sample frame without error text: u32 length, u8 type, then the struct (packed).
FRAME_DTYPE = np.dtype([("length", "<u4"), ("type", "u1"), *SAMPLE_DTYPE.descr])
PLAIN_LENGTH = 1 + SAMPLE_STRUCT.size  # the length field of such a frame
assert FRAME_DTYPE.itemsize == 4 + PLAIN_LENGTH


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

    def db_rows(self) -> list[tuple]:
        """``(treatment, repetition, seq, phase, ok, latency_ns, server_ns, start_ns, queue_ns, error)`` per row."""
        rows = self.rows.tolist()
        errors = self.errors
        return [(*r, errors.get(i, "")) for i, r in enumerate(rows)] if errors else [(*r, "") for r in rows]

    @classmethod
    def of(cls, parts: Iterable[SampleBlock | Sample]) -> SampleBlock:
        """One block from blocks and single samples, in order."""
        arrays: list[np.ndarray] = []
        errors: dict[int, str] = {}
        singles: list[tuple] = []
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


def decode_plain_run(buf: bytes, pos: int) -> tuple[SampleBlock | None, int]:
    """Decode the run of error-free sample frames that starts at ``pos`` (if any).

    Returns the block (None when the frame at ``pos`` is not such a frame) and
    the position after the run. Frames are checked one by one (length and
    type) before any is taken, so the run ends at the first other frame.
    """
    count = (len(buf) - pos) // FRAME_DTYPE.itemsize
    if count == 0:
        return None, pos
    frames = np.frombuffer(buf, dtype=FRAME_DTYPE, count=count, offset=pos)
    plain = (frames["length"] == PLAIN_LENGTH) & (frames["type"] == TYPE_SAMPLE)
    n = count if plain.all() else int(np.argmin(plain))
    if n == 0:
        return None, pos
    rows = np.empty(n, SAMPLE_DTYPE)
    for name in FIELDS:
        rows[name] = frames[name][:n]
    return SampleBlock(rows), pos + n * FRAME_DTYPE.itemsize


__all__ = ["FIELDS", "SAMPLE_DTYPE", "SampleBlock", "decode_plain_run"]
