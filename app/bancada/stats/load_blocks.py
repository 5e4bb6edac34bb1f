"""The blocks of the load tables of a stored run, read a part at a time (no Qt, no files).

:func:`bancada.stats.load_tables.from_store` computes siege's and ab's fields of each
treatment's repetition (one block). A run of an hour holds about a hundred million
measured samples; reading them whole as a table took about 500 bytes a sample (a
pandas frame of Python objects). Here the run's measured samples come in parts of
integer columns (:meth:`bancada.store.runstore.RunStore.measured_parts`) and each
block keeps only what the tables read of a sample: its latency (float64) and three
flags, 11 bytes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

#: Error kinds that carry a response (the request reached the server and it answered).
ANSWERED_PREFIXES = ("http_", "grpc_")
#: The sample columns a part must have (:meth:`RunStore.measured_parts`).
PART_COLUMNS = ["treatment", "repetition", "ok", "latency_ns", "start_ns", "error"]


@dataclass(frozen=True)
class Block:
    """One treatment's measured samples of one repetition, as arrays."""

    latency_s: np.ndarray  # every sample, answered or not, seconds
    answered: np.ndarray  # bool: a response came back (ok, http_*, grpc_*)
    status_ok: np.ndarray  # bool: ok (2xx / gRPC OK)
    client_error_or_worse: np.ndarray  # bool: an HTTP status >= 400 (or a gRPC error status), not ok
    elapsed_s: float  # first request sent to last response received


def status_of(error: str) -> int | None:
    """The HTTP status of an ``http_<status>: ...`` error text, else None."""
    if error.startswith("http_"):
        head = error[5:].split(":", 1)[0]
        return int(head) if head.isdigit() else None
    return None


def error_flags(errors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(answered, bad_status)`` of each sample's error text (``""``: none): a response came back with
    it (``http_*``, ``grpc_*``), and its status is an HTTP 400 or above or a gRPC error. Only the
    samples with an error are looked at one by one."""
    answered = np.zeros(len(errors), dtype=bool)
    bad = np.zeros(len(errors), dtype=bool)
    for i in np.flatnonzero(errors != ""):
        text = str(errors[i])
        answered[i] = text.startswith(ANSWERED_PREFIXES)
        status = status_of(text)
        bad[i] = (status is not None and status >= 400) or text.startswith("grpc_")
    return answered, bad


@dataclass
class _Growing:
    """A block's arrays as the parts bring them, and its first start and last end (ns)."""

    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = field(default_factory=list)
    first_start_ns: int = 1 << 62
    last_end_ns: int = -(1 << 62)

    def block(self) -> Block:
        latency, answered, ok, bad = (np.concatenate(c) for c in zip(*self.parts))
        return Block(latency, answered, ok, bad & ~ok, (self.last_end_ns - self.first_start_ns) / 1e9)


def blocks_of_parts(parts: Iterable[dict[str, np.ndarray]]) -> dict[tuple[int, int], Block]:
    """Every ``(treatment id, repetition)`` block of the measured samples in ``parts`` (each a dict of
    :data:`PART_COLUMNS` arrays, in id order), its samples in the order stored."""
    growing: dict[tuple[int, int], _Growing] = {}
    for part in parts:
        if not len(part["treatment"]):
            continue
        answered_by_error, bad = error_flags(part["error"])
        ok = part["ok"].astype(bool)
        answered = ok | answered_by_error
        key = part["treatment"].astype(np.int64) << 32 | part["repetition"].astype(np.int64)
        order = np.argsort(key, kind="stable")
        sorted_key = key[order]
        edges = np.flatnonzero(np.diff(sorted_key)) + 1
        for rows in np.split(order, edges):
            k = int(key[rows[0]])
            g = growing.setdefault((k >> 32, k & 0xFFFFFFFF), _Growing())
            latency_ns, start_ns = part["latency_ns"][rows], part["start_ns"][rows]
            g.parts.append((latency_ns / 1e9, answered[rows], ok[rows], bad[rows]))
            g.first_start_ns = min(g.first_start_ns, int(start_ns.min()))
            g.last_end_ns = max(g.last_end_ns, int((start_ns + latency_ns).max()))
        del part
    return {k: growing.pop(k).block() for k in list(growing)}  # each block's parts let go as it is made
