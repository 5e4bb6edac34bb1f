"""The run's progress in time: each block's expected duration from the pace of the blocks before it.

A run's blocks differ in length (a LargeSize block of 20 requests at 27 ms
each against a StdSize one at 0.1 ms) and its warm-up may end on a criterion
rather than a count (``warmup_until``), so the requests sent say little of the
time gone. :class:`BlockPace` keeps each block's expected seconds:

- a block whose treatments already ran in an earlier block (the next
  repetition): the mean duration of those earlier blocks;
- any other block: the mean duration of the blocks ended so far, and at least
  ``prior_s`` (the warm-up's time cap per treatment when the profile has one,
  :class:`bancada.experiment.steady.SteadyState` ``max_s``), which alone is
  the estimate before any block has ended; the running block is taken as at
  least as long as it has already been.

The time left is the running block's expected seconds not yet gone plus the
expected seconds of the blocks after it; it is shown as the least it has been
(it only falls, unless the estimate grows past :data:`RISE` times it plus
:data:`RISE_S` seconds: a run far slower than its first blocks), and the
share done, ``elapsed / (elapsed + time left)``, as the most it has been, at
most :data:`MAX_FRACTION` (also once every block has ended: the run still
stops its workers); the caller shows 100 % when the run has ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

#: The share done shown while a run goes on: never 100 % before its last block has ended.
MAX_FRACTION = 0.99
#: The time left shown rises only when the estimate exceeds it by this factor plus RISE_S seconds (a
#: run far slower than its blocks so far promised); below that it is held until the estimate falls under it.
RISE = 2.0
RISE_S = 5.0


@dataclass
class BlockPace:
    """Expected seconds per block of a plan; ``keys`` are the blocks' treatment ids in run order."""

    keys: Sequence[tuple[int, ...]]
    prior_s: float | None = None  # expected seconds of a block before any has ended (None: unknown)
    _durations: dict[tuple[int, ...], list[float]] = field(default_factory=dict)
    _ended_s: list[float] = field(default_factory=list)
    _next: int = 0  # the index (in ``keys``) of the running block, or of the next one
    _block_t0: float | None = None  # monotonic seconds the running block started; None between blocks
    _shown_eta_s: float | None = None
    _shown_fraction: float = 0.0

    def start(self, now_s: float) -> None:
        """The next block starts at ``now_s`` (monotonic seconds)."""
        self._block_t0 = now_s

    def end(self, now_s: float) -> None:
        """The running block ended at ``now_s``; its duration paces the blocks with its treatments."""
        if self._next >= len(self.keys):
            return
        if self._block_t0 is not None:
            took = max(now_s - self._block_t0, 0.0)
            self._durations.setdefault(tuple(self.keys[self._next]), []).append(took)
            self._ended_s.append(took)
        self._next += 1
        self._block_t0 = None

    def skip(self) -> None:
        """The next block does not run (its workers died): it takes no time."""
        self._next += 1
        self._block_t0 = None

    def expected_s(self, index: int) -> float | None:
        """The expected seconds of block ``index``; None when nothing is known yet."""
        seen = self._durations.get(tuple(self.keys[index]))
        if seen:
            return sum(seen) / len(seen)
        if self._ended_s:
            mean = sum(self._ended_s) / len(self._ended_s)
            return mean if self.prior_s is None else max(mean, self.prior_s)
        return self.prior_s

    def eta_s(self, now_s: float) -> float | None:
        """Seconds left by the plan's expected durations (not yet held to fall; :meth:`estimate` does)."""
        if self._next >= len(self.keys):
            return 0.0
        in_block = now_s - self._block_t0 if self._block_t0 is not None else 0.0
        current = self.expected_s(self._next)
        if current is None:
            if in_block <= 0:
                return None
            current = in_block  # nothing known: the running block is taken as long as it has been so far
        left = max(current - in_block, 0.0)
        for i in range(self._next + 1, len(self.keys)):
            later = self.expected_s(i)
            left += later if later is not None else max(in_block, current)
        return left

    def estimate(self, elapsed_s: float, now_s: float) -> tuple[float, float | None]:
        """``(share done, seconds left)`` at ``now_s``, ``elapsed_s`` seconds into the run: the time left
        only falls and the share only grows, below :data:`MAX_FRACTION` until every block has ended."""
        eta = self.eta_s(now_s)
        if eta is not None:
            shown = self._shown_eta_s
            if shown is not None and eta <= RISE * shown + RISE_S:
                eta = min(eta, shown)
            self._shown_eta_s = eta
        else:
            eta = self._shown_eta_s
        if self._next >= len(self.keys):  # every block ended: the run stops its workers, then ends
            self._shown_fraction = MAX_FRACTION
            return MAX_FRACTION, 0.0
        if eta is not None and elapsed_s + eta > 0:
            fraction = min(elapsed_s / (elapsed_s + eta), MAX_FRACTION)
            self._shown_fraction = max(self._shown_fraction, fraction)
        return self._shown_fraction, eta


__all__ = ["MAX_FRACTION", "RISE", "RISE_S", "BlockPace"]
