"""The reference pick of ``Select``: SplitMix64 + partial Fisher-Yates.

Every worker implements exactly this algorithm (specified in
``proto/bancada/v1/bench.proto``) so that the same seeded request gets the same
answer from every implementation. ``proto/bancada/v1/select_vectors.json`` holds
test vectors produced by :func:`pick_positions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_T = TypeVar("_T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
    generators", OOPSLA 2014), 64-bit unsigned arithmetic."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """Return the next 64-bit unsigned value."""
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)


def shuffle_in_place(items: list[_T], rng: SplitMix64) -> list[_T]:
    """Fisher-Yates shuffle of ``items`` driven by ``rng``: for i = m-1 down to 1,
    j = next() mod (i+1), swap i and j. Returns ``items`` (shuffled in place).

    The same seed gives the same order in the Python driver, the native driver
    and the experiment plan (Knuth, *TAOCP* vol. 2, 3.4.2, Algorithm P).
    """
    for i in range(len(items) - 1, 0, -1):
        j = rng.next() % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def pick_positions(n: int, k: int, seed: int) -> list[int]:
    """Return k distinct positions in ``range(n)`` (partial Fisher-Yates).

    Raises:
        ValueError: if n < 1 or k > n or k < 0.
    """
    if n < 1:
        raise ValueError("values must not be empty")
    if k < 0 or k > n:
        raise ValueError(f"k must be between 0 and {n}, got {k}")
    rng = SplitMix64(seed)
    swapped: dict[int, int] = {}  # sparse permutation of range(n)
    out = []
    for i in range(k):
        j = i + rng.next() % (n - i)
        pi, pj = swapped.get(i, i), swapped.get(j, j)
        swapped[i], swapped[j] = pj, pi
        out.append(pj)
    return out


def select(values: Sequence[int], k: int = 3, seed: int = 0) -> tuple[list[int], list[int]]:
    """Return ``(picked_values, positions)`` as a worker's ``Select`` does."""
    positions = pick_positions(len(values), k, seed)
    return [values[p] for p in positions], positions
