"""The fixed-size ring of the window's frame timings (bancada.core.ring)."""

import numpy as np
import pytest

from bancada.core.ring import FloatRing


def test_a_ring_reads_its_last_values_oldest_first_in_constant_memory():
    ring = FloatRing(5)
    assert len(ring) == 0 and np.asarray(ring).tolist() == []
    ring.extend([1.0, 2.0, 3.0])
    assert len(ring) == 3 and np.asarray(ring).tolist() == [1.0, 2.0, 3.0]
    before = ring._data  # the array allocated at first, kept however many values come
    for v in range(4, 13):
        ring.append(float(v))
    assert ring._data is before and len(ring) == 5
    assert np.asarray(ring).tolist() == [8.0, 9.0, 10.0, 11.0, 12.0]
    assert np.diff(np.asarray(ring)).tolist() == [1.0] * 4  # what the frame-rate benches take


def test_a_ring_holds_at_least_one_value():
    with pytest.raises(ValueError, match="a ring holds at least 1 value, not 0"):
        FloatRing(0)
