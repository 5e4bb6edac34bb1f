"""The driver's sample stream: frames on a pipe (docs/driver-protocol.md).

Each frame is ``u32 length`` (little-endian, bytes after the field), ``u8 type``
and a body: ``S`` a sample (struct ``<HIIBBqqqq`` + UTF-8 error), ``J`` a JSON
event, ``X`` the split of a serial request (struct ``<HIIqqqqqq``, after its
``S``). :func:`read_frame_batches` is the parent-side reader the runner uses
(the whole frames of each read at once); :func:`read_frames` yields them one
by one.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from typing import IO, Any, Protocol, cast

from bancada.drivers.sample_block import PLAIN_LENGTH, TYPE_JSON, TYPE_SAMPLE, decode_plain_run
from bancada.core.samples import PHASE_MEASURE, PHASE_WARMUP, SAMPLE_STRUCT, Sample, SampleBlock, Split
from bancada.wire.server_timing import parse_server_timing

__all__ = [
    "parse_server_timing",
    "DriverEvent",
    "PHASE_MEASURE",
    "PHASE_WARMUP",
    "SAMPLE_STRUCT",
    "TYPE_JSON",
    "TYPE_SAMPLE",
    "SPLIT_STRUCT",
    "Sample",
    "Split",
    "StreamError",
    "TYPE_SPLIT",
]

_HEADER = struct.Struct("<IB")
TYPE_SPLIT = 0x58  # "X": the split of a serial request (seed 004), after its S frame
SPLIT_STRUCT = struct.Struct("<HIIqqqqqq")


class StreamError(RuntimeError):
    """The stream is truncated or holds an unknown frame type."""


class ChunkReader(Protocol):
    """A byte stream whose ``read1`` returns the bytes one read gives without waiting for more
    (a pipe's buffered reader, :class:`bancada.hosts.remote_driver.ChannelOutput`)."""

    def read1(self, n: int = ..., /) -> bytes: ...


class DriverEvent(dict[str, Any]):
    """A ``J`` frame: one JSON event object of a driver (docs/driver-protocol.md lists the kinds).

    Still the JSON object (a dict: it is stored as it came), with typed access to
    the fields the runner reads.
    """

    @property
    def kind(self) -> str:
        """The ``event`` field: hello, block_start, block_end, warning, error, histogram, summary, done..."""
        return str(self.get("event", ""))

    @property
    def message(self) -> str:
        """The text of a ``warning`` or ``error`` event ("" for the others)."""
        return str(self.get("message", ""))

    @property
    def repetition(self) -> int:
        """The repetition of a ``block_start``/``block_end`` event (0 when absent)."""
        return int(self.get("repetition", 0))

    @property
    def origin_ns(self) -> int | None:
        """The driver's clock at the job's start, in ns (``block_start``), or None."""
        value = self.get("origin_ns")
        return None if value is None else int(value)


def decode_event(body: bytes) -> DriverEvent:
    """The event of a ``J`` frame's body.

    Raises:
        StreamError: the body is not a JSON object.
    """
    try:
        value = json.loads(body)
    except ValueError as exc:
        raise StreamError(f"a driver event frame is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise StreamError(f"a driver event frame must hold a JSON object, not {type(value).__name__}")
    return DriverEvent(value)


#: What :func:`read_frame_batches` yields: samples (a run of them as one SampleBlock), splits and events.
Frame = Sample | SampleBlock | Split | DriverEvent


def encode_split(x: Split) -> bytes:
    """Encode one split as a whole X frame."""
    body = SPLIT_STRUCT.pack(
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
    return _HEADER.pack(len(body) + 1, TYPE_SPLIT) + body


def encode_sample(s: Sample) -> bytes:
    """Encode one sample as a whole frame."""
    err = s.error.encode("utf-8", "replace")
    body = (
        SAMPLE_STRUCT.pack(
            s.treatment,
            s.repetition,
            s.seq,
            s.phase,
            1 if s.ok else 0,
            s.latency_ns,
            s.server_ns,
            s.start_ns,
            s.queue_ns,
        )
        + err
    )
    return _HEADER.pack(len(body) + 1, TYPE_SAMPLE) + body


def encode_event(event: dict[str, Any]) -> bytes:
    """Encode a JSON event (a dict with an ``event`` key) as a whole frame."""
    body = json.dumps(event, separators=(",", ":")).encode()
    return _HEADER.pack(len(body) + 1, TYPE_JSON) + body


#: How much :func:`read_frame_batches` asks for per read (bytes).
READ_CHUNK_BYTES = 1 << 16


def _read_exact(f: IO[bytes], n: int) -> bytes:
    chunks = []
    while n:
        chunk = f.read(n)
        if not chunk:
            break
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def _reads(f: IO[bytes] | ChunkReader) -> Iterator[bytes]:
    """The stream's bytes as they arrive: ``read1`` returns what one read gives (a pipe's
    available bytes, up to ``READ_CHUNK_BYTES``) without waiting for more (the runner's
    pipes and :class:`~bancada.hosts.remote_driver.ChannelOutput` have it). Any other
    file object is read a frame at a time, header then body."""
    read1 = getattr(f, "read1", None)
    if read1 is not None:
        while data := read1(READ_CHUNK_BYTES):
            yield data
        return
    file = cast(IO[bytes], f)  # without read1: a file object
    while header := _read_exact(file, _HEADER.size):
        if len(header) < _HEADER.size:
            yield header
            return
        yield header + _read_exact(file, _HEADER.unpack(header)[0] - 1)


#: Below this many whole frames left in a read, samples are decoded one by one.
MIN_COLUMN_RUN = 16


def read_frame_batches(f: IO[bytes] | ChunkReader) -> Iterator[list[Frame]]:
    """Yield lists of samples and :class:`DriverEvent` objects, in stream order, until end of stream.

    Each list holds the whole frames that one read made complete (at least one), so a
    reader pays its per-item costs (queues, locks) per read rather than per frame, and a
    frame is never held back waiting for a later one. A run of error-free sample frames
    comes as one :class:`~bancada.core.samples.SampleBlock` (columns, decoded
    with numpy); other samples as :class:`Sample` objects.

    Raises:
        StreamError: on a truncated frame or an unknown frame type.
    """
    buf = b""
    for data in _reads(f):
        buf = buf + data if buf else data
        out, pos = _decode_frames(buf)
        buf = buf[pos:]
        if out:
            yield out
    if buf:
        raise StreamError("truncated frame header" if len(buf) < _HEADER.size else "truncated frame body")


#: From this many bytes left in a read, a plain sample frame starts a column run.
_RUN_BYTES = MIN_COLUMN_RUN * (4 + PLAIN_LENGTH)


def _decode_frames(buf: bytes) -> tuple[list[Frame], int]:
    """The whole frames at the start of ``buf``, decoded (see :func:`read_frame_batches`), and the
    offset where the first incomplete frame begins (``len(buf)`` when none).

    Raises:
        StreamError: on an unknown frame type.
    """
    unpack = SAMPLE_STRUCT.unpack_from
    fixed = SAMPLE_STRUCT.size
    out: list[Frame] = []
    pos, size = 0, len(buf)
    while size - pos >= _HEADER.size:
        length, kind = _HEADER.unpack_from(buf, pos)
        if length == PLAIN_LENGTH and kind == TYPE_SAMPLE and size - pos >= _RUN_BYTES:
            block, pos = decode_plain_run(buf, pos)
            assert block is not None  # the frame at pos is a plain sample frame: the run holds it at least
            out.append(block)
            continue
        end = pos + 4 + length
        if end > size:
            break
        body = pos + _HEADER.size
        if kind == TYPE_SAMPLE:
            t, rep, seq, phase, ok, lat, srv, start, queue = unpack(buf, body)
            err = buf[body + fixed : end].decode("utf-8", "replace") if end > body + fixed else ""
            out.append(Sample(t, rep, seq, phase, bool(ok), lat, srv, start, queue, err))
        elif kind == TYPE_JSON:
            out.append(decode_event(buf[body:end]))
        elif kind == TYPE_SPLIT:
            out.append(Split(*SPLIT_STRUCT.unpack_from(buf, body)))
        else:
            raise StreamError(f"unknown frame type 0x{kind:02x}")
        pos = end
    return out, pos


def read_frames(f: IO[bytes] | ChunkReader) -> Iterator[Sample | Split | DriverEvent]:
    """Yield :class:`Sample`, :class:`Split` and :class:`DriverEvent` objects until end of stream.

    Raises:
        StreamError: on a truncated frame or an unknown frame type.
    """
    for batch in read_frame_batches(f):
        for item in batch:
            if isinstance(item, (Sample, Split, DriverEvent)):
                yield item
            else:
                yield from item  # a SampleBlock: its Sample objects
