"""Bancada's receiving side of a Locust run: the master's JSON lines in, the driver's frames out.

The master (:mod:`.locustfile_body`) writes one JSON line per batch a worker sent:
``{"kind": "samples", "worker": id, "host": name, "rows": [[treatment, repetition, seq, phase, ok,
latency_ns, server_ns, start_epoch_ns, error], ...]}``, then ``worker_done`` / ``worker_lost`` lines,
an ``alive`` line every 2 s (passed on as a ``locust_alive`` event: the runner takes a driver silent
for 15 s for a hung one, and Locust's start can take that long on a busy machine) and one ``end`` line.
:func:`relay` turns each batch into ``S`` frames (start times made relative to the block's origin)
followed by one ``load_worker_samples`` event naming the worker, its host and the samples' keys,
which the runner stores beside the samples (the run file's ``sample_load_worker``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import BinaryIO

from bancada.drivers.stream import Sample, encode_event, encode_sample


@dataclass
class RelayResult:
    """What a Locust run sent: samples per worker id, the workers done and lost (id -> host), ended or
    not, and the master's CPU time."""

    samples: dict[str, int] = field(default_factory=dict)
    done: dict[str, str] = field(default_factory=dict)
    lost: dict[str, str] = field(default_factory=dict)
    ended: bool = False
    master_cpu_s: float | None = None  # the master's CPU time (user + system, s) at the end
    errors: dict[str, int] = field(default_factory=dict)  # failed samples by error kind ("refused", "http_500"...)


def relay(lines: Iterable[bytes], out: BinaryIO, origin_epoch_ns: int) -> RelayResult:
    """Write the frames of the master's ``lines`` to ``out`` until the ``end`` line (or the lines end).

    ``origin_epoch_ns``: the block's origin on the wall clock (ns); a sample's ``start_ns`` is its
    start (epoch ns on its worker) minus the origin.

    Raises:
        ValueError: a line is not JSON.
    """
    result = RelayResult()
    for line in lines:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("kind")
        worker, host = str(msg.get("worker", "")), str(msg.get("host", ""))
        if kind == "samples":
            rows = msg.get("rows") or []
            keys: list[int] = []
            frames = []
            rep = 0
            for t, rep, seq, phase, ok, lat, srv, start, error in rows:
                frames.append(
                    encode_sample(Sample(t, rep, seq, phase, bool(ok), lat, srv, start - origin_epoch_ns, 0, error))
                )
                keys += (t, seq)
                if not ok:
                    kind = str(error).split(":", 1)[0]
                    result.errors[kind] = result.errors.get(kind, 0) + 1
            out.write(b"".join(frames))
            out.write(
                encode_event(
                    {"event": "load_worker_samples", "worker": worker, "host": host, "repetition": rep, "keys": keys}
                )
            )
            out.flush()
            result.samples[worker] = result.samples.get(worker, 0) + len(rows)
        elif kind == "alive":  # the master's beat every 2 s, passed on so that the runner hears the driver
            out.write(encode_event({"event": "locust_alive", "workers": msg.get("workers", 0)}))
            out.flush()
        elif kind == "worker_done":
            result.done[worker] = host
        elif kind == "worker_lost":
            result.lost[worker] = host
        elif kind == "end":
            result.ended = True
            result.master_cpu_s = msg.get("master_cpu_s")
            break
    return result
