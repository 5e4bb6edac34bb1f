"""Runs of sample frames decoded as columns: how the parent reads many samples at once.

A driver's ``S`` frames without error text all have the same size, so a run of
them in a read of the pipe is decoded in one step with numpy
(:func:`decode_plain_run`) into a :class:`~bancada.core.samples.SampleBlock` instead
of one :class:`~bancada.core.samples.Sample` object each.
"""

from __future__ import annotations

import numpy as np

from bancada.core.samples import FIELDS, SAMPLE_DTYPE, SAMPLE_STRUCT, SampleBlock

TYPE_SAMPLE = 0x53  # "S": a sample frame (docs/driver-protocol.md)
TYPE_JSON = 0x4A  # "J": a JSON event frame
#: A whole sample frame without error text: u32 length, u8 type, then the struct (packed).
FRAME_DTYPE = np.dtype([("length", "<u4"), ("type", "u1"), *SAMPLE_DTYPE.descr])
PLAIN_LENGTH = 1 + SAMPLE_STRUCT.size  # the length field of such a frame
assert FRAME_DTYPE.itemsize == 4 + PLAIN_LENGTH
# the sample's fields follow the header unpadded, in SAMPLE_DTYPE's order (decode_plain_run copies them as bytes)
_HEADER_BYTES = FRAME_DTYPE.itemsize - SAMPLE_DTYPE.itemsize
assert FRAME_DTYPE.fields is not None and FRAME_DTYPE.fields[FIELDS[0]][1] == _HEADER_BYTES


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
    # the frames' sample fields are their last bytes: one strided copy of those bytes per frame
    # (a view of the bytes as rows, without the 5-byte header) is the rows, packed like SAMPLE_DTYPE
    size = FRAME_DTYPE.itemsize
    raw = np.frombuffer(buf, np.uint8, count=n * size, offset=pos).reshape(n, size)
    rows = np.ascontiguousarray(raw[:, _HEADER_BYTES:]).view(SAMPLE_DTYPE).reshape(n)
    return SampleBlock(rows), pos + n * size


__all__ = ["FIELDS", "FRAME_DTYPE", "PLAIN_LENGTH", "SAMPLE_DTYPE", "SampleBlock", "decode_plain_run"]
