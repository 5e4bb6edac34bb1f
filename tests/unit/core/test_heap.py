"""The heap's freed memory goes back to the system between a run's blocks (glibc's malloc_trim)."""

from __future__ import annotations

import ctypes
import subprocess
import sys

import pytest

try:
    ctypes.CDLL("libc.so.6").malloc_trim  # noqa: B018
    GLIBC = True
except (OSError, AttributeError):  # pragma: no cover - not glibc
    GLIBC = False

# In a fresh interpreter (its own heap): 200 MB of 64 KiB buffers, every other one freed, the last
# kept so the heap's top cannot shrink; the holes stay in the process until malloc_trim.
_CHILD = """
import sys
from bancada.core.heap import release_freed_memory

def rss_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

bufs = [bytearray(b"x" * (64 * 1024)) for _ in range(3200)]
del bufs[::2]
held = rss_mb()
release_freed_memory()
print(held, rss_mb())
"""


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc_trim")
def test_release_gives_back_the_freed_holes():
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, check=True).stdout
    held_mb, after_mb = map(float, out.split())
    # 100 MB of the 200 MB were freed: at least 80 MB of them leave the process.
    assert held_mb - after_mb > 80, (held_mb, after_mb)
