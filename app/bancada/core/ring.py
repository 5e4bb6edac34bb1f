"""A fixed-size ring of float64 values: the last ``capacity`` values of an endless series in constant
memory (a ``deque`` of Python floats grows by 32 bytes a value until it is full: over an hour's run the
window's two frame-timing series grew its memory by about 2.5 MB, which the soak read as a leak)."""

from __future__ import annotations

from typing import Any

import numpy as np


class FloatRing:
    """The last ``capacity`` values appended, oldest first when read (``np.asarray(ring)``), in one
    float64 array allocated at once (8 bytes a value)."""

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"a ring holds at least 1 value, not {capacity}")
        self._data = np.zeros(capacity)
        self._count = 0  # values ever appended

    def append(self, value: float) -> None:
        """Add ``value``, dropping the oldest once the ring is full."""
        self._data[self._count % len(self._data)] = value
        self._count += 1

    def extend(self, values: Any) -> None:
        """Add each of ``values`` in order."""
        for v in values:
            self.append(v)

    def __len__(self) -> int:
        return min(self._count, len(self._data))

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        n, size = len(self), len(self._data)
        start = self._count % size if self._count > size else 0
        out = np.concatenate([self._data[start:n], self._data[:start]]) if start else self._data[:n].copy()
        return out if dtype is None else out.astype(dtype)
