"""The driver's sample stream: frames on a pipe (docs/driver-protocol.md).

Each frame is ``u32 length`` (little-endian, bytes after the field), ``u8 type``
and a body: ``S`` a sample (struct ``<HIIBBqqqq`` + UTF-8 error), ``J`` a JSON
event. :func:`read_frames` is the parent-side iterator used by the runner, the
CLI and the GUI alike.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

SAMPLE_STRUCT = struct.Struct("<HIIBBqqqq")
_HEADER = struct.Struct("<IB")
TYPE_SAMPLE = 0x53  # "S"
TYPE_JSON = 0x4A  # "J"
PHASE_WARMUP = 0
PHASE_MEASURE = 1


class StreamError(RuntimeError):
    """The stream is truncated or holds an unknown frame type."""


@dataclass(slots=True)
class Sample:
    """One request as measured by a driver. Times are integer nanoseconds."""

    treatment: int
    repetition: int
    seq: int
    phase: int  # PHASE_WARMUP | PHASE_MEASURE
    ok: bool
    latency_ns: int
    server_ns: int  # -1 when the server sent no Server-Timing
    start_ns: int
    queue_ns: int = 0
    error: str = ""


def encode_sample(s: Sample) -> bytes:
    """Encode one sample as a whole frame."""
    err = s.error.encode("utf-8", "replace")
    body = SAMPLE_STRUCT.pack(s.treatment, s.repetition, s.seq, s.phase, 1 if s.ok else 0,
                              s.latency_ns, s.server_ns, s.start_ns, s.queue_ns) + err
    return _HEADER.pack(len(body) + 1, TYPE_SAMPLE) + body


def encode_event(event: dict) -> bytes:
    """Encode a JSON event (a dict with an ``event`` key) as a whole frame."""
    body = json.dumps(event, separators=(",", ":")).encode()
    return _HEADER.pack(len(body) + 1, TYPE_JSON) + body


def _read_exact(f: BinaryIO, n: int) -> bytes:
    chunks = []
    while n:
        chunk = f.read(n)
        if not chunk:
            break
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def read_frames(f: BinaryIO) -> Iterator[Sample | dict]:
    """Yield :class:`Sample` objects and event dicts until end of stream.

    Raises:
        StreamError: on a truncated frame or an unknown frame type.
    """
    unpack = SAMPLE_STRUCT.unpack_from
    fixed = SAMPLE_STRUCT.size
    while True:
        header = _read_exact(f, 5)
        if not header:
            return
        if len(header) < 5:
            raise StreamError("truncated frame header")
        length, kind = _HEADER.unpack(header)
        body = _read_exact(f, length - 1)
        if len(body) < length - 1:
            raise StreamError("truncated frame body")
        if kind == TYPE_SAMPLE:
            t, rep, seq, phase, ok, lat, srv, start, queue = unpack(body)
            err = body[fixed:].decode("utf-8", "replace") if len(body) > fixed else ""
            yield Sample(t, rep, seq, phase, bool(ok), lat, srv, start, queue, err)
        elif kind == TYPE_JSON:
            yield json.loads(body)
        else:
            raise StreamError(f"unknown frame type 0x{kind:02x}")


def parse_server_timing(value: str | None) -> int:
    """Return the ``app;dur=<ms>`` of a Server-Timing value in ns, or -1.

    >>> parse_server_timing("app;dur=0.123")
    123000
    """
    if not value:
        return -1
    for metric in value.split(","):
        parts = [p.strip() for p in metric.split(";")]
        if parts[0] != "app":
            continue
        for p in parts[1:]:
            if p.startswith("dur="):
                try:
                    return round(float(p[4:]) * 1e6)
                except ValueError:
                    return -1
    return -1
