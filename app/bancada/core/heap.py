"""This process's heap: what glibc's allocator keeps once freed (``mallopt``, ``malloc_trim``).

Two places free much memory in bursts: reading a large run (arrays made in reader threads, each in
its own malloc arena) and a run's blocks (each block's batches decoded, staged and moved into the
run file). glibc keeps freed memory for reuse and raises the size from which a block is mapped on
its own up to 32 MiB as blocks are freed, so a long process grows by what it once held. Both
functions do nothing where the C library is not glibc (``mallopt(3)``, ``malloc_trim(3)``).
"""

from __future__ import annotations

import ctypes

#: glibc's ``mallopt`` parameter of the size from which a block is mapped on its own (``M_MMAP_THRESHOLD``).
_M_MMAP_THRESHOLD = -3
#: glibc's ``mallopt`` parameter of the most malloc arenas a process makes (``M_ARENA_MAX``).
_M_ARENA_MAX = -8
#: The malloc arenas a run process may make: its threads (the driver's reader, the run file's writer)
#: share them instead of each keeping its own heap (glibc's default: 8 per core).
RUN_ARENAS = 2
#: From this size a block of this process's memory is mapped on its own and given back when freed.
MAP_BLOCK_BYTES = 1 << 20


def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:  # pragma: no cover - not glibc
        return None


def map_large_blocks() -> None:
    """Map every block of :data:`MAP_BLOCK_BYTES` or more on its own, for the rest of the process
    (glibc's ``mallopt(M_MMAP_THRESHOLD)``).

    By default glibc raises that size up to 32 MiB as blocks are freed, and then keeps the
    analysis's temporaries (the chunks of the rank tests, made in threads, each in its malloc
    arena) once freed: on 8 x 2,000,000 samples about 90 MB more at the peak, growing with the run.
    """
    libc = _libc()
    if libc is not None and hasattr(libc, "mallopt"):
        libc.mallopt(_M_MMAP_THRESHOLD, MAP_BLOCK_BYTES)


def release_freed_memory() -> None:
    """Give the memory this process has freed back to the system (glibc's ``malloc_trim(0)``).

    After reading a run: the blocks' arrays are made in reader threads, in their own malloc arenas,
    and glibc keeps what they freed (about 360 MB after the 656 MB CSV). Between a run's blocks:
    without it the run process grew 3.4 MB an hour on a 60-minute soak (docs/reliability.md).
    """
    libc = _libc()
    if libc is not None and hasattr(libc, "malloc_trim"):
        libc.malloc_trim(0)


def limit_malloc_arenas(arenas: int = RUN_ARENAS) -> None:
    """Make at most ``arenas`` malloc arenas in this process from now on (glibc's
    ``mallopt(M_ARENA_MAX)``, as the ``MALLOC_ARENA_MAX`` variable does at start).

    For the run process, before its threads start: each thread that allocates while another holds
    an arena gets one of its own, and what the arenas keep in pieces between blocks grew the run
    process by about 2 MB an hour at a steady load (``tests/bench/soak.py``, docs/reliability.md).
    """
    libc = _libc()
    if libc is not None and hasattr(libc, "mallopt"):
        libc.mallopt(_M_ARENA_MAX, arenas)
