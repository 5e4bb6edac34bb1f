"""The locust driver process: ``python -m bancada.drivers.locust`` (job on stdin, frames on stdout).

Each block of the job is one Locust run: the locustfile written for the block, a headless master
started with the block's users and spawn rate, and the Locust workers (``locust.workers`` local
processes and those the runner started on SSH load hosts, ``locust.remote_workers``); the samples
come back through the master (:mod:`.receiver`). The job's extra ``locust`` object (written by
:func:`bancada.drivers.locust.settings.with_locust`): ``workers``, ``local_workers``, ``users``,
``spawn_rate`` (users/s), ``launcher`` (argv), ``bind_host``, ``master_port`` (0: a free one),
``connect_wait_s``, ``folder``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, BinaryIO

from bancada import __version__
from bancada.core.i18n import translate
from bancada.drivers.job import DriverJob, JobError
from bancada.drivers.locust.locustfile import block_plan, write_locustfile
from bancada.drivers.locust.processes import LocustProcesses, check_version, free_port
from bancada.drivers.locust.receiver import RelayResult, relay
from bancada.drivers.stream import encode_event


def _settings(job: DriverJob) -> dict[str, Any]:
    extra = (job.model_extra or {}).get("locust")
    if not isinstance(extra, dict) or not extra.get("launcher"):
        raise JobError("the locust driver's job needs a 'locust' object with its launcher")
    return extra


def run_job(job: DriverJob, out: BinaryIO) -> int:
    """Run every block of ``job`` as one Locust run each, writing frames to ``out``; the exit code.

    Raises:
        JobError: a treatment Locust cannot send, Locust missing or too old, or a run that failed
            (the workers could not reach the master, a worker lost: the message says which).
    """
    out.write(
        encode_event(
            {"event": "hello", "driver": "locust", "version": __version__, "pid": os.getpid(), "clock": "time_ns"}
        )
    )
    out.flush()
    settings = _settings(job)
    launcher = [str(a) for a in settings["launcher"]]
    try:
        version_text = subprocess.run([*launcher, "--version"], capture_output=True, text=True, timeout=60).stdout
    except OSError as exc:
        raise JobError(
            translate(
                "Locust", "Locust cannot start on this computer ({exc}); build it: make -C workers locust"
            ).format(exc=exc)
        ) from None
    check_version(version_text, translate("Locust", "this computer"))
    folder = Path(settings.get("folder") or tempfile.mkdtemp(prefix="bancada-locust-"))
    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    errors: dict[str, int] = {}
    for index, block in enumerate(job.blocks):
        workers = int(settings.get("workers", 1))
        plan = block_plan(job, block, workers)
        out.write(
            encode_event({"event": "block_start", "index": index, "repetition": block.repetition, "origin_ns": 0})
        )
        out.flush()
        result = _one_run(plan, settings, folder / f"block{index}", out)
        total += sum(result.samples.values())
        for kind, n in result.errors.items():
            errors[kind] = errors.get(kind, 0) + n
        out.write(
            encode_event(
                {
                    "event": "load_workers",
                    "samples": result.samples,
                    "done": result.done,
                    "lost": result.lost,
                    "master_cpu_s": result.master_cpu_s,
                }
            )
        )
        if result.lost:
            lost = ", ".join(f"{w} ({h})" for w, h in sorted(result.lost.items()))
            raise JobError(
                translate(
                    "Locust",
                    "Locust worker(s) {lost} were lost mid-run (no heartbeat); the samples they sent before are kept",
                ).format(lost=lost)
            )
        out.write(encode_event({"event": "block_end", "index": index, "repetition": block.repetition}))
        out.flush()
    out.write(encode_event({"event": "done", "samples": total, "errors": errors}))
    out.flush()
    return 0


def _one_run(plan: dict[str, Any], settings: dict[str, Any], folder: Path, out: BinaryIO) -> RelayResult:
    """One Locust run for one block: master, local workers, the receiver; every process ended after."""
    folder.mkdir(parents=True, exist_ok=True)
    locustfile = write_locustfile(plan, folder)
    workers = int(plan["workers"])
    local_workers = int(settings.get("local_workers", workers))
    bind_host = str(settings.get("bind_host", "127.0.0.1"))
    port = int(settings.get("master_port") or 0) or free_port(bind_host)
    wait_s = float(settings.get("connect_wait_s", 30.0))
    users = int(settings.get("users") or workers)
    spawn_rate = float(settings.get("spawn_rate") or users)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.5)
    sink = f"tcp:127.0.0.1:{listener.getsockname()[1]}"
    procs = LocustProcesses(settings["launcher"], locustfile, folder)
    origin = time.time_ns()
    try:
        master = procs.start_master(bind_host, port, workers, users, spawn_rate, sink, wait_s)
        for i in range(local_workers):
            procs.start_worker(i, "127.0.0.1", port)
        conn = None
        while conn is None:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                if master.poll() is not None:
                    raise JobError(_master_failed(procs, master.returncode, port, wait_s)) from None
        conn.settimeout(None)
        with conn, conn.makefile("rb") as lines:
            result = relay(lines, out, origin)
        if not result.ended:
            try:
                master.wait(5)
            except subprocess.TimeoutExpired:
                pass
            raise JobError(_master_failed(procs, master.poll(), port, wait_s))
        try:
            master.wait(15)
        except subprocess.TimeoutExpired:  # it is ended below either way
            pass
        return result
    finally:
        listener.close()
        procs.stop()


def _master_failed(procs: LocustProcesses, code: int | None, port: int, wait_s: float) -> str:
    log = procs.log_tail("master", 2).replace("\n", " | ")  # one line: the log's last two
    if "Gave up waiting for workers" in log or "workers to connect" in log:
        return translate(
            "Locust",
            "the Locust workers did not reach the master's port {port} within {wait_s:g} s (a firewall, or the "
            "master's address is not reachable from the load hosts): {log}",
        ).format(port=port, wait_s=wait_s, log=log)
    return translate("Locust", "the Locust master failed (exit code {code}): {log}").format(code=code, log=log)


def main() -> int:
    out = sys.stdout.buffer
    try:
        return run_job(DriverJob.from_json(json.loads(sys.stdin.buffer.read() or b"null")), out)
    except (JobError, ValueError, KeyError, TypeError, OSError) as exc:
        message = str(exc) if not isinstance(exc, KeyError) else f"missing job field {exc}"
        if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError):
            message = translate("Locust", "the locust driver could not start Locust: {exc}").format(exc=exc)
        elif isinstance(exc, BrokenPipeError):
            return 1
        out.write(encode_event({"event": "error", "message": message}))
        out.flush()
        print(f"bancada locust driver: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
