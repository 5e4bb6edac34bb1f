"""The Python driver: ``python -m bancada.drivers.python``.

Reads one job (JSON) on stdin, measures every request with
``time.perf_counter_ns()`` and writes sample frames to stdout
(docs/driver-protocol.md). It runs in its own OS process so that nothing of the
GUI or the store shares its interpreter (a redraw never shows up in a latency). Payloads are built and
serialized before the first timed request.

Custom workloads (``operation: custom``): REST requests are sent as the job
writes them; custom gRPC methods are refused with an error frame (they need
the native driver's descriptor resolution; this driver is the reference path
of the contract).
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

from bancada import __version__
from bancada.drivers.clients import make_client
from bancada.drivers.job import DriverJob, JobBlock, JobError
from bancada.drivers.steady import SteadyBlock
from bancada.drivers.stream import PHASE_MEASURE, PHASE_WARMUP, Sample, encode_event, encode_sample
from bancada.core.i18n import translate
from bancada.wire import protocols
from bancada.wire.operations import CREATE_OPERATIONS
from bancada.wire.payload import build_db_request, build_request, custom_rest_request
from bancada.wire.select_pick import SplitMix64, shuffle_in_place

FLUSH_INTERVAL_NS = 20_000_000  # at most 20 ms of samples sit in the pipe buffer


def round_orders(treatments: list[int], rounds: int | None, order: str, seed: int) -> Iterator[list[int]]:
    """Yield the treatment order of each round of a block (``rounds`` None: without end).

    ``round_robin``: the listed order every round. ``shuffled``: each round is
    a Fisher-Yates shuffle driven by SplitMix64(seed): for i = m-1 down to 1,
    j = next() mod (i+1), swap.
    """
    counted = range(rounds) if rounds is not None else itertools.count()
    if order == "round_robin":
        for _ in counted:
            yield treatments
        return
    if order != "shuffled":
        raise JobError(f"unknown block order {order!r}; expected round_robin or shuffled")
    rng = SplitMix64(seed)
    current = list(treatments)
    for _ in counted:
        yield list(shuffle_in_place(current, rng))


def block_rounds(
    block: JobBlock, write: Callable[[bytes], Any]
) -> Iterator[tuple[int, list[int], int, SteadyBlock | None]]:
    """Yield each round of ``block``: ``(seq, treatment order, phase, the steady-state warm-up to feed
    or None)``. A fixed warm-up is ``block.warmup`` rounds; with ``block.warmup_until`` the warm-up
    goes on until :class:`SteadyBlock` ends it, whose ``warmup_end`` events are written then."""
    warmup, requests_n = block.warmup, block.requests
    steady = SteadyBlock(block.warmup_until, block.treatments, warmup) if block.warmup_until else None
    if steady is not None:
        warmup = -1  # rounds until steady: unknown until then
    rounds = round_orders(block.treatments, None if steady else warmup + requests_n, block.order, block.seed)
    for seq, order in enumerate(rounds):
        if steady is not None and warmup < 0 and (reason := steady.end(seq)):
            warmup = seq
            for event in steady.events(block.repetition, seq, reason):
                write(encode_event(event))
        if 0 <= warmup <= seq - requests_n:
            return
        warming = warmup < 0 or seq < warmup
        yield seq, order, PHASE_WARMUP if warming else PHASE_MEASURE, steady if warmup < 0 else None


def run_job(job: DriverJob | dict[str, Any], out: BinaryIO) -> int:
    """Run a whole job (a :class:`DriverJob` or its JSON object), writing frames to ``out``.

    Returns the process exit code.

    Raises:
        JobError: the job is malformed or asks for what this driver cannot do.
    """
    write = out.write
    write(
        encode_event(
            {
                "event": "hello",
                "driver": "python",
                "version": __version__,
                "pid": os.getpid(),
                "clock": "perf_counter_ns",
            }
        )
    )
    if not isinstance(job, DriverJob):
        job = DriverJob.from_json(job)
    _check_load_model(job)
    clients, creates = _build_clients(job)  # every request built and serialized before any timing
    errors: dict[str, int] = {}
    total = 0
    job_start = time.perf_counter_ns()
    try:
        for index, block in enumerate(job.blocks):
            unknown = [i for i in block.treatments if i not in clients]
            if unknown:
                raise JobError(f"block {index} names unknown treatment {unknown[0]}")
            write(
                encode_event(
                    {"event": "block_start", "index": index, "repetition": block.repetition, "origin_ns": job_start}
                )
            )
            total += _run_block(block, clients, creates, out, job_start, errors)
            write(encode_event({"event": "block_end", "index": index, "repetition": block.repetition}))
            out.flush()
    finally:
        for c in clients.values():
            c.close()
    write(encode_event({"event": "done", "samples": total, "errors": errors}))
    out.flush()
    return 0


def _check_load_model(job: DriverJob) -> None:
    """Raise :class:`JobError` unless the job's load model is the sequential one this driver runs."""
    model = job.load.get("model", "sequential")
    if model == "vus":
        raise JobError(
            translate(
                "Driver",
                "the Python driver does not run the vus load model (virtual users need one client per user "
                "on one clock, which this reference driver does not keep); use the native driver",
            )
        )
    if model != "sequential":
        raise JobError(f"the Python driver only runs the sequential load model, not {model!r}; use --driver native")


def _build_clients(job: DriverJob) -> tuple[dict[int, Any], dict[int, tuple[str, dict[str, Any]]]]:
    """One client per treatment, its request built; and the treatments that create a new record per
    request (``{id: (operation, payload)}``, the record's fields drawn from the request's seq).

    Raises:
        JobError: a custom request over a protocol that cannot carry one here.
    """
    reuse = job.connection == "reuse"
    clients: dict[int, Any] = {}
    creates: dict[int, tuple[str, dict[str, Any]]] = {}
    for t in job.treatments:
        if t.operation in CREATE_OPERATIONS:
            creates[t.id] = (t.operation, t.payload or {})
        if t.operation == "custom":
            spoken = protocols.find(t.protocol)  # a custom request travels as written over HTTP only here
            if spoken is None or not (spoken.http and spoken.custom_requests):
                raise JobError(
                    f"treatment {t.id}: the Python driver runs custom REST requests only, not custom "
                    f"{t.protocol} methods; use the native driver"
                )
            request = custom_rest_request(t.request or {})
        else:
            request = build_request(t.operation, t.payload)
        clients[t.id] = make_client(t.protocol, t.target, request, job.timeout_s, reuse)
    return clients, creates


def _run_block(
    block: JobBlock,
    clients: dict[int, Any],
    creates: dict[int, tuple[str, dict[str, Any]]],
    out: BinaryIO,
    job_start: int,
    errors: dict[str, int],
) -> int:
    """Send one block's rounds (warm-up, then measured) and write a sample frame per request; the
    count of requests sent. ``errors`` counts the failed requests by error kind (updated in place)."""
    write = out.write
    clock = time.perf_counter_ns
    rep = block.repetition
    last_flush = clock()
    sent = 0
    for seq, order, phase, steady in block_rounds(block, write):
        for tid in order:
            if tid in creates:
                clients[tid].set_request(build_db_request(*creates[tid], seq))
            client = clients[tid]
            call = client.call
            t0 = clock()
            ok, server_ns, error = call()
            t1 = clock()
            if ok and client.max_rows:  # a list's rows are counted outside the timed call
                error = client.rows_error()
                ok = not error
            write(encode_sample(Sample(tid, rep, seq, phase, ok, t1 - t0, server_ns, t0 - job_start, 0, error)))
            if steady is not None:
                steady.watches[tid].add(t1 - t0, ok)
            sent += 1
            if not ok:
                kind = error.split(":", 1)[0]
                errors[kind] = errors.get(kind, 0) + 1
            if t1 - last_flush > FLUSH_INTERVAL_NS:
                out.flush()
                last_flush = clock()
    return sent


def main() -> int:
    out = sys.stdout.buffer
    try:
        return run_job(DriverJob.from_json(json.loads(sys.stdin.buffer.read() or b"null")), out)
    except (JobError, ValueError, KeyError, TypeError) as exc:
        message = str(exc) if not isinstance(exc, KeyError) else f"missing job field {exc}"
        out.write(encode_event({"event": "error", "message": message}))
        out.flush()
        print(f"bancada driver: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
