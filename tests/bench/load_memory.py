#!/usr/bin/env python3
"""Bounded memory under a heavy closed-model load.

A script, not a test. Run ``make -C workers go driver`` first. Starts the Go
REST worker, runs the native driver with 100 concurrent clients for 30 s
(closed model, Ping) while this process reads the frame stream the way the
runner does (bancada.drivers.stream.read_frames when importable, else a tiny
inline reader), keeping only counters and the histogram events. It prints the
peak RSS of the driver (VmHWM from /proc, sampled while it runs) and of this
reading parent (ru_maxrss), and how many samples, histograms and requests
went through.

    python tests/bench/load_memory.py [--clients 100] [--seconds 30] [--max-records 1000000]
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCH = {"x86_64": "amd64", "aarch64": "arm64", "arm64": "arm64"}.get(platform.machine(), "amd64")
DRIVER = ROOT / "drivers" / "native" / "dist" / f"bancada-driver-linux-{ARCH}"
WORKER = ROOT / "workers" / "go" / "dist" / f"bancada-worker-linux-{ARCH}"


def frames(f):
    """Yield ('S', phase) or ('J', event) from a frame stream."""
    sys.path.insert(0, str(ROOT / "app"))
    try:
        from bancada.drivers.stream import Sample, read_frames
    except ImportError:
        read_frames = None
    if read_frames is not None:
        for item in read_frames(f):
            yield ("S", item.ok) if isinstance(item, Sample) else ("J", item)
        return
    while header := f.read(5):
        n, kind = struct.unpack("<IB", header)
        body = f.read(n - 1)
        yield ("S", body[11] == 1) if kind == 0x53 else ("J", json.loads(body))


def vm_hwm_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--max-records", type=int, default=1_000_000)
    ap.add_argument("--smoke", action="store_true", help="4 clients for 1 s, cap 1,000; checks the figures (CI)")
    a = ap.parse_args()
    if a.smoke:
        a.clients, a.seconds, a.max_records = 4, 1.0, 1_000
    for p in (DRIVER, WORKER):
        if not p.exists():
            print(f"missing {p.relative_to(ROOT)}: run `make -C workers go driver`")
            return 2
    worker = subprocess.Popen(
        [str(WORKER), "--protocol", "rest", "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    target = f"127.0.0.1:{json.loads(worker.stdout.readline()[6:])['port']}"
    job = {
        "version": 1,
        "connection": "reuse",
        "timeout_s": 10.0,
        "load": {"model": "closed", "concurrency": a.clients, "duration_s": a.seconds, "max_records": a.max_records},
        "treatments": [
            {"id": 0, "implementation": "go-rest", "protocol": "rest", "target": target, "operation": "ping"}
        ],
        "blocks": [{"repetition": 1, "treatments": [0], "warmup": 1000, "requests": 0}],
    }
    try:
        drv = subprocess.Popen([str(DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        drv.stdin.write(json.dumps(job).encode())
        drv.stdin.close()
        peak = [0]

        def watch():
            while drv.poll() is None:
                peak[0] = max(peak[0], vm_hwm_kib(drv.pid))
                time.sleep(0.2)

        threading.Thread(target=watch, daemon=True).start()
        ok = failed = hist = 0
        done: dict = {}
        t0 = time.monotonic()
        for kind, x in frames(drv.stdout):
            if kind == "S":
                ok += bool(x)
                failed += not x
            elif x["event"] == "histogram":
                hist += 1
            elif x["event"] == "done":
                done = x
            elif x["event"] in ("error", "warning"):
                print(x)
        drv.wait()
        elapsed = time.monotonic() - t0
    finally:
        worker.terminate()
        worker.wait(10)
    parent_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"closed model, {a.clients} clients, {a.seconds:.0f} s, Go REST worker, max_records {a.max_records}")
    print(f"driver exit {drv.returncode} after {elapsed:.1f} s")
    print(
        f"requests {done.get('requests')}  ({done.get('requests', 0) / a.seconds:.0f} req/s)  "
        f"sample frames {ok + failed} (failed {failed})  capped {done.get('samples_capped')}  "
        f"histogram events {hist}"
    )
    print(f"peak RSS driver: {peak[0] / 1024:.1f} MiB")
    print(f"peak RSS reading parent: {parent_kib / 1024:.1f} MiB")
    if a.smoke:
        well_formed = (
            drv.returncode == 0
            and ok + failed == a.max_records
            and hist > 0
            and done.get("requests", 0) > a.max_records
        )
        print("smoke: ok" if well_formed else "smoke: FAILED (counts do not add up)")
        return 0 if well_formed else 1
    return 0 if drv.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
