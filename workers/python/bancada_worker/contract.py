"""What every protocol's server shares: the Select pick, the worker's
identity, its configuration and the Server-Timing value.

The pick is the contract's SplitMix64 + partial Fisher-Yates (bench.proto,
message SelectRequest), so one seed gives one answer in every language.
"""

from __future__ import annotations

import asyncio
import os
import platform
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bancada_worker import LANGUAGE, NAME, VERSION
from bancada_worker.errors import InvalidArgument

if TYPE_CHECKING:
    from bancada_worker.database import Database

DEFAULT_K = 3
DEFAULT_MAX_MESSAGE_MIB = 128
MASK64 = (1 << 64) - 1
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
UINT32_MAX = (1 << 32) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _no_database() -> Database:
    from bancada_worker.database import Database

    return Database(None)


@dataclass(frozen=True)
class Config:
    """What a server needs besides its socket.

    Attributes:
        delay_s: a fixed pause inside each Ping, Select and Echo handler (inside
            the measured server time); 0 means none.
        max_message_bytes: request size limit (REST body; gRPC message, both directions).
        database: the database methods' pool and operations (:mod:`bancada_worker.database`);
            by default none, so they answer Unavailable.
    """

    delay_s: float = 0.0
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_MIB << 20
    database: Database = field(default_factory=_no_database)

    async def pause(self) -> None:
        """Wait ``delay_s`` without blocking the event loop: a timer for all but the last
        millisecond (event loop timers have millisecond resolution), then turns of the loop
        until the monotonic clock passes the deadline."""
        if self.delay_s <= 0:
            return
        deadline = time.perf_counter() + self.delay_s
        if self.delay_s > 0.002:
            await asyncio.sleep(self.delay_s - 0.001)
        while time.perf_counter() < deadline:
            await asyncio.sleep(0)


def splitmix64(seed: int) -> Iterator[int]:
    """Yield SplitMix64(seed) outputs (64-bit unsigned wrap-around arithmetic)."""
    state = seed & MASK64
    while True:
        state = (state + _GOLDEN) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def pick_positions(n: int, k: int, seed: int) -> list[int]:
    """Return k distinct positions of ``range(n)``: a partial Fisher-Yates
    shuffle driven by SplitMix64(seed), ``j = i + next() mod (n - i)``.

    The permutation is kept sparse (only swapped positions are stored), so the
    cost is O(k), not O(n).
    """
    rng = splitmix64(seed)
    swapped: dict[int, int] = {}
    out = []
    for i in range(k):
        j = i + next(rng) % (n - i)
        pi, pj = swapped.get(i, i), swapped.get(j, j)
        swapped[i], swapped[j] = pj, pi
        out.append(pj)
    return out


def select(values: Sequence[int], k: int, seed: int | None) -> tuple[list[int], list[int]]:
    """Validate a Select request and pick k of ``values`` at distinct positions.

    ``k == 0`` means :data:`DEFAULT_K`; ``seed is None`` draws a seed from the
    process's random source. Returns ``(picked_values, positions)``.

    Raises:
        InvalidArgument: ``values`` is empty or has more than 2^32 - 1 elements,
            k exceeds len(values), or the seed is outside 0..2^64-1.
    """
    n = len(values)
    if n == 0:
        raise InvalidArgument("values is empty")
    if n > UINT32_MAX:
        raise InvalidArgument(f"{n} values do not fit uint32 positions")
    k = k or DEFAULT_K
    if k > n:
        raise InvalidArgument(f"k={k} exceeds the {n} values")
    if seed is None:
        seed = random.getrandbits(64)
    elif not 0 <= seed <= MASK64:
        raise InvalidArgument(f"seed {seed} is outside 0..2^64-1")
    positions = pick_positions(n, k, seed)
    return [values[p] for p in positions], positions


def server_timing(duration_ns: int) -> str:
    """The W3C Server-Timing value of a processing time: ``app;dur=<ms, 6 decimals>``."""
    return f"app;dur={duration_ns / 1e6:.6f}"


def runtime() -> str:
    """The interpreter answering, e.g. ``CPython 3.11.7``."""
    return f"{platform.python_implementation()} {platform.python_version()}"


def info(protocol: str) -> dict[str, Any]:
    """The Info operation's fields for this process serving ``protocol``."""
    return {
        "implementation": f"{NAME}-{protocol}",
        "language": LANGUAGE,
        "runtime": runtime(),
        "version": VERSION,
        "protocol": protocol,
        "pid": os.getpid(),
    }
