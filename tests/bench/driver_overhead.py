#!/usr/bin/env python3
"""Client overhead of the native driver vs the Python driver, ghz, wrk and hey.

A script, not a test. Run ``make -C workers go driver`` first. It starts the Go
worker (gRPC and REST) pinned to one core and every client pinned to another
(taskset, when there are 2+ cores), then prints:

- at concurrency 1: median and p99 latency for Ping and StdSize Select (200
  int64 values in 0..1000): native vs Python driver vs ghz (gRPC) / wrk and
  hey (REST);
- at concurrency 16 and 64: requests/s, native vs ghz (gRPC) / wrk (REST), and the
  CPU each client used (cores: CPU seconds per wall second);
- JSON-RPC 2.0 and GraphQL (the Go worker's ``--protocol jsonrpc|graphql``): StdSize
  Select at concurrency 1 (median, p99) and 16 (requests/s), native vs wrk sending the same
  POST body (a Lua script setting ``wrk.body``: the envelope the driver sends, from
  ``bancada.wire.protocols``);
- the ratios against the targets (median within 1.10x of the best peer,
  throughput at least 0.95x of the best peer).

Each measurement is repeated ``--rounds`` times, interleaved across tools, and
the best round of each tool is kept (the machine is shared: the best round is
the one least disturbed). The driver writes its frames to a temporary file so
that reading them costs nothing during the run. Nothing is installed: missing
tools are reported with the command that installs them.

    python tests/bench/driver_overhead.py [--seconds 3] [--requests 5000] [--rounds 3] [--smoke]
        [--protocols grpc,rest,jsonrpc,graphql]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _results  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ARCH = {"x86_64": "amd64", "aarch64": "arm64", "arm64": "arm64"}.get(platform.machine(), "amd64")
DRIVER = ROOT / "drivers" / "native" / "dist" / f"bancada-driver-linux-{ARCH}"
WORKER = ROOT / "workers" / "go" / "dist" / f"bancada-worker-linux-{ARCH}"
PROTO = ROOT / "proto" / "bancada" / "v1" / "bench.proto"
SAMPLE = struct.Struct("<HIIBBqqqq")
INSTALL = {
    "ghz": "go install github.com/bojand/ghz/cmd/ghz@latest",
    "hey": "go install github.com/rakyll/hey@latest",
    "wrk": "apt-get install wrk",
}


def find_tool(name: str) -> str | None:
    path = shutil.which(name)
    if path is None:
        gobin = Path(os.environ.get("GOBIN") or Path(os.environ.get("GOPATH", Path.home() / "go")) / "bin")
        cand = gobin / name
        path = str(cand) if cand.exists() else None
    return path


def pin(core: int) -> list[str]:
    if shutil.which("taskset") and (os.cpu_count() or 1) >= 2:
        return ["taskset", "-c", str(core)]
    return []


def select_values(count: int = 200, lo: int = 0, hi: int = 1000, seed: int = 1) -> list[int]:
    """SplitMix64(seed) values as the drivers draw them (app/bancada/wire/payload.py)."""
    mask, state, out = (1 << 64) - 1, seed, []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(lo + (z ^ (z >> 31)) % (hi - lo + 1))
    return out


def start_worker(protocol: str):
    proc = subprocess.Popen(
        pin(1) + [str(WORKER), "--protocol", protocol, "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = proc.stdout.readline()
    if not line.startswith("READY "):
        raise SystemExit(f"worker did not start: {line!r}")
    return proc, f"127.0.0.1:{json.loads(line[6:])['port']}"


def job(protocol: str, target: str, op: str, load: dict, warmup: int, requests: int) -> dict:
    return {
        "version": 1,
        "connection": "reuse",
        "timeout_s": 10.0,
        "load": load,
        "treatments": [
            {
                "id": 0,
                "implementation": f"go-{protocol}",
                "protocol": protocol,
                "target": target,
                "operation": op,
                "workload": "StdSize",
                "payload": {"kind": "int64s", "count": 200, "min": 0, "max": 1000, "seed": 1, "k": 3},
            }
        ],
        "blocks": [{"repetition": 1, "treatments": [0], "warmup": warmup, "requests": requests}],
    }


def read_samples(data: bytes) -> list[tuple[int, int]]:
    """(start_ns, latency_ns) of the measured, successful samples."""
    out, pos = [], 0
    while pos + 5 <= len(data):
        (n,) = struct.unpack_from("<I", data, pos)
        if data[pos + 4] == 0x53:
            _, _, _, phase, ok, lat, _, start, _ = SAMPLE.unpack_from(data, pos + 5)
            if phase == 1 and ok:
                out.append((start, lat))
        pos += 4 + n
    return out


def run_frames(cmd: list[str], job_: dict, env: dict | None = None) -> list[tuple[int, int]]:
    with tempfile.TemporaryFile() as out:
        subprocess.run(
            cmd,
            input=json.dumps(job_).encode(),
            stdout=out,
            stderr=subprocess.DEVNULL,
            check=True,
            env=env,
            timeout=600,
        )
        out.seek(0)
        return read_samples(out.read())


def pct(sorted_ns: list[int], q: float) -> float:
    return sorted_ns[min(len(sorted_ns) - 1, int(q * len(sorted_ns)))] / 1e3


def latency_of(samples) -> tuple[float, float]:
    lat = sorted(s[1] for s in samples)
    return pct(lat, 0.5), pct(lat, 0.99)


def rps_of(samples) -> float:
    start = min(s[0] for s in samples)
    end = max(s[0] + s[1] for s in samples)
    return len(samples) / ((end - start) / 1e9)


# --- the tools -----------------------------------------------------------


def native_latency(protocol, target, op, a):
    return latency_of(
        run_frames(pin(0) + [str(DRIVER)], job(protocol, target, op, {"model": "sequential"}, 1000, a.requests))
    )


@contextmanager
def client_cpu(out: list[float]):
    """Appends the CPU the child processes used while the block ran, in cores
    (CPU seconds per wall second)."""
    r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    yield
    r1, t1 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) / (t1 - t0))


def native_rps(protocol, target, op, c, a, grpc_mode="streams"):
    load = {"model": "closed", "concurrency": c, "duration_s": a.seconds, "grpc_mode": grpc_mode}
    cores: list[float] = []
    with client_cpu(cores):
        rps = rps_of(run_frames(pin(0) + [str(DRIVER)], job(protocol, target, op, load, 2000, 0)))
    return rps, cores[0]


def python_latency(protocol, target, op, a):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "app"))
    n = max(500, a.requests // 2)
    return latency_of(
        run_frames(
            pin(0) + [sys.executable, "-m", "bancada.drivers.python"],
            job(protocol, target, op, {"model": "sequential"}, 500, n),
            env,
        )
    )


def ghz_proto(tmp: str) -> str:
    """bench.proto for ghz, whose bundled parser predates proto3 `optional`:
    the same file without that label (the wire format is the same)."""
    path = Path(tmp) / "bench.proto"
    if not path.exists():
        path.write_text(re.sub(r"\boptional\s+", "", PROTO.read_text()))
    return str(path)


def ghz_cmd(target, op, extra):
    data = "{}" if op == "ping" else json.dumps({"values": select_values(), "k": 3})
    return (
        pin(0)
        + [
            TOOLS["ghz"],
            "--insecure",
            "--proto",
            ghz_proto(TMP[0]),
            "--call",
            f"bancada.v1.Bench.{'Ping' if op == 'ping' else 'Select'}",
            "-d",
            data,
            "-O",
            "json",
        ]
        + extra
        + [target]
    )


def ghz_json(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600).stdout
    return json.loads(out)


def ghz_latency(target, op, a):
    r = ghz_json(ghz_cmd(target, op, ["-c", "1", "-n", str(a.requests + 1000), "--skipFirst", "1000"]))
    d = {x["percentage"]: x["latency"] for x in r["latencyDistribution"]}
    return d[50] / 1e3, d[99] / 1e3


def ghz_rps(target, op, c, a):
    cores: list[float] = []
    with client_cpu(cores):
        r = ghz_json(ghz_cmd(target, op, ["-c", str(c), "-z", f"{a.seconds}s", "--connections", "1"]))
    return r["rps"], cores[0]


WRK_LUA = """wrk.method = "POST"
wrk.body = '%s'
wrk.headers["Content-Type"] = "application/json"
"""
WRK_LUA_GRAPHQL = WRK_LUA + 'wrk.headers["Accept"] = "application/graphql-response+json, application/json"\n'


def envelope(protocol: str, op: str) -> bytes:
    """The POST body the native driver sends for ``op`` over JSON-RPC or GraphQL (StdSize Select)."""
    sys.path.insert(0, str(ROOT / "app"))
    from bancada.wire.protocols import graphql, jsonrpc

    params = None if op == "ping" else {"values": select_values(), "k": 3}
    rpc = "Ping" if op == "ping" else "Select"
    if protocol == "jsonrpc":
        return jsonrpc.body(rpc, params)
    return graphql.body(rpc, params)


def wrk_cmd(target, op, c, seconds, lua_dir, protocol="rest"):
    cmd = pin(0) + [TOOLS["wrk"], "-t1", f"-c{c}", f"-d{max(1, round(seconds))}s", "--latency"]
    if protocol in ("jsonrpc", "graphql"):
        script = Path(lua_dir) / f"{protocol}-{op}.lua"
        lua = WRK_LUA_GRAPHQL if protocol == "graphql" else WRK_LUA
        script.write_text(lua % envelope(protocol, op).decode().replace("\\", "\\\\").replace("'", "\\'"))
        return cmd + ["-s", str(script), f"http://{target}/v1/{protocol}"]
    url = f"http://{target}/v1/{'ping' if op == 'ping' else 'select'}"
    if op == "select":
        script = Path(lua_dir) / "select.lua"
        script.write_text(WRK_LUA % json.dumps({"values": select_values(), "k": 3}, separators=(",", ":")))
        cmd += ["-s", str(script)]
    return cmd + [url]


UNITS = {"us": 1.0, "ms": 1e3, "s": 1e6}


def wrk_run(target, op, c, seconds, lua_dir, protocol="rest"):
    """(latency percentiles in µs, requests/s, client CPU in cores)."""
    cores: list[float] = []
    with client_cpu(cores):
        out = subprocess.run(
            wrk_cmd(target, op, c, seconds, lua_dir, protocol), capture_output=True, text=True, timeout=600
        ).stdout
    if re.search(r"Non-2xx or 3xx responses", out):
        raise SystemExit(f"wrk got error answers from {protocol} {op}:\n{out}")
    lat = {
        int(m.group(1)): float(m.group(2)) * UNITS[m.group(3)]
        for m in re.finditer(r"^\s+(\d+)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    }
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    return lat, rps, cores[0]


def hey_latency(target, op, a, lua_dir):
    url = f"http://{target}/v1/{'ping' if op == 'ping' else 'select'}"
    cmd = pin(0) + [TOOLS["hey"], "-n", str(a.requests), "-c", "1"]
    if op == "select":
        body = Path(lua_dir) / "select.json"
        body.write_text(json.dumps({"values": select_values(), "k": 3}))
        cmd += ["-m", "POST", "-T", "application/json", "-D", str(body)]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, timeout=600).stdout
    p = {int(m.group(1)): float(m.group(2)) * 1e6 for m in re.finditer(r"(\d+)%+ in ([\d.]+) secs", out)}
    return p[50], p[99]


TOOLS: dict[str, str] = {}
TMP: list[str] = []


def best_latency(results):
    """Lowest-median round of each tool."""
    return min(results, key=lambda r: r[0])


def latency_rounds(protocol, target, op, a, tmp, has_python, lat_rows, ratios) -> None:
    """Interleaved c = 1 rounds of every client; appends the best round's rows and ratios."""
    runs: dict[str, list] = {}
    for _ in range(a.rounds):
        runs.setdefault("native", []).append(native_latency(protocol, target, op, a))
        if has_python:
            runs.setdefault("python", []).append(python_latency(protocol, target, op, a))
        if protocol == "grpc" and "ghz" in TOOLS:
            runs.setdefault("ghz", []).append(ghz_latency(target, op, a))
        if protocol != "grpc" and "wrk" in TOOLS:
            lat, _, _ = wrk_run(target, op, 1, a.seconds, tmp, protocol)
            runs.setdefault("wrk", []).append((lat[50], lat[99]))
        if protocol == "rest" and "hey" in TOOLS:
            runs.setdefault("hey (0.1 ms resolution)", []).append(hey_latency(target, op, a, tmp))
    best = {k: best_latency(v) for k, v in runs.items()}
    for tool, (p50, p99) in best.items():
        lat_rows.append((protocol, op, tool, p50, p99))
    peers = {k: v for k, v in best.items() if k not in ("native", "python") and "hey" not in k}
    if peers:
        peer, (pm, _) = min(peers.items(), key=lambda kv: kv[1][0])
        ratios.append((f"{protocol} {op} c=1 median", best["native"][0] / pm, peer, "<= 1.10"))
    if "python" in best:
        name = f"{protocol} {op} c=1 median, python/native"
        ratios.append((name, best["python"][0] / best["native"][0], "native", "(info)"))


def throughput_rounds(protocol, target, op, c, a, tmp, rps_rows, ratios) -> None:
    """Interleaved closed-load rounds at concurrency ``c``; appends the best round's rows and ratio."""
    runs: dict[str, list] = {}
    for _ in range(a.rounds):
        runs.setdefault("native", []).append(native_rps(protocol, target, op, c, a))
        if protocol == "grpc" and "ghz" in TOOLS:
            runs.setdefault("ghz", []).append(ghz_rps(target, op, c, a))
        if protocol != "grpc" and "wrk" in TOOLS:
            runs.setdefault("wrk", []).append(wrk_run(target, op, c, a.seconds, tmp, protocol)[1:])
    best = {k: max(v) for k, v in runs.items()}
    for tool, (r, cores) in best.items():
        rps_rows.append((protocol, op, c, tool, r, cores))
    peers = {k: v for k, v in best.items() if k != "native"}
    if peers:
        peer, (pr, _) = max(peers.items(), key=lambda kv: kv[1])
        ratios.append((f"{protocol} {op} c={c} req/s", best["native"][0] / pr, peer, ">= 0.95"))


def print_tables(lat_rows, rps_rows, ratios) -> None:
    print("\nLatency at concurrency 1 (microseconds)")
    print(f"{'protocol':8} {'op':7} {'client':26} {'median':>9} {'p99':>9}")
    for protocol, op, tool, p50, p99 in lat_rows:
        print(f"{protocol:8} {op:7} {tool:26} {p50:9.1f} {p99:9.1f}")
    print("\nThroughput (requests/s)")
    print(f"{'protocol':8} {'op':7} {'c':>3} {'client':10} {'req/s':>10} {'client CPU (cores)':>19}")
    for protocol, op, c, tool, r, cores in rps_rows:
        print(f"{protocol:8} {op:7} {c:3d} {tool:10} {r:10.0f} {cores:19.2f}")
    print("\nRatios (native vs best peer)")
    for name, ratio, peer, target in ratios:
        ok = "" if target == "(info)" else ("  OK" if eval(f"{ratio} {target}") else "  MISSED")  # noqa: S307
        print(f"{name:42} {ratio:6.3f}  (vs {peer}; target {target}){ok}")


def write_results(chosen, lat_rows, rps_rows, ratios, load_before: str) -> None:
    """docs/results/driver_overhead.json (every protocol) or driver_overhead-<protocols>.json."""
    pinned = "the worker pinned to CPU 1, every client to CPU 0" if pin(0) else "no pinning"
    tables = {
        "latency": _results.table(
            ["protocol", "operation", "client", "median µs", "p99 µs"],
            [list(r) for r in lat_rows],
            "Latency at concurrency 1, best of the interleaved rounds",
            {"median µs": "{:,.0f}", "p99 µs": "{:,.0f}"},
        ),
        "throughput": _results.table(
            ["protocol", "operation", "c", "client", "req/s", "client CPU (cores)"],
            [list(r) for r in rps_rows],
            "Throughput under closed load, best of the interleaved rounds",
            {"req/s": "{:,.0f}", "client CPU (cores)": "{:.2f}"},
        ),
        "ratios": _results.table(
            ["figure", "native ÷ peer", "peer", "target"], [list(r) for r in ratios], None, {"native ÷ peer": "{:.2f}"}
        ),
    }
    every = set(chosen) == {"grpc", "rest", "jsonrpc", "graphql"}
    name = "driver_overhead" if every else "driver_overhead-" + "-".join(chosen)
    _results.write(__file__, tables, load_before, pinned, name=name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="duration of each throughput run")
    ap.add_argument("--requests", type=int, default=5000, help="measured requests of each latency run")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved repetitions; the best is kept")
    ap.add_argument("--smoke", action="store_true", help="one tiny round; checks the tables are filled (CI)")
    ap.add_argument(
        "--protocols",
        default="grpc,rest,jsonrpc,graphql",
        help="comma-separated protocols to measure (default: all four)",
    )
    ap.add_argument(
        "--write-results",
        action="store_true",
        help="write the figures to docs/results/driver_overhead[-PROTOCOLS].json (scripts/gen_figures.py puts "
        "them in the docs)",
    )
    a = ap.parse_args()
    chosen = [p for p in a.protocols.split(",") if p]
    if not chosen or set(chosen) - {"grpc", "rest", "jsonrpc", "graphql"}:
        print(f"--protocols takes grpc, rest, jsonrpc and graphql, got {a.protocols!r}")
        return 2
    if a.smoke:
        chosen = ["grpc", "rest", "jsonrpc", "graphql"]
    if a.smoke:
        a.seconds, a.requests, a.rounds = 0.5, 200, 1
    for p in (DRIVER, WORKER):
        if not p.exists():
            print(f"missing {p.relative_to(ROOT)}: run `make -C workers go driver`")
            return 2
    for name in ("ghz", "hey", "wrk"):
        path = find_tool(name)
        if path:
            TOOLS[name] = path
        else:
            print(f"note: {name} not found; install it with `{INSTALL[name]}` to include it")
    has_python = (
        subprocess.run(
            [sys.executable, "-c", "import bancada.drivers.python"],
            env=dict(os.environ, PYTHONPATH=str(ROOT / "app")),
            capture_output=True,
        ).returncode
        == 0
    )
    if not has_python:
        print("note: the Python driver (bancada.drivers.python) is not importable; skipping it")
    print(
        f"cores: {os.cpu_count()}, pinning: {'worker on CPU 1, clients on CPU 0' if pin(0) else 'none'}; "
        f"{a.rounds} interleaved rounds, best kept"
    )

    load_before = _results.load_average()
    workers = {protocol: start_worker(protocol) for protocol in chosen}
    lat_rows, rps_rows, ratios = [], [], []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            TMP.append(tmp)
            for protocol in [p for p in ("grpc", "rest") if p in workers]:
                target = workers[protocol][1]
                for op in ("ping", "select"):
                    latency_rounds(protocol, target, op, a, tmp, has_python, lat_rows, ratios)
                for op in ("ping", "select"):
                    for c in (16, 64):
                        throughput_rounds(protocol, target, op, c, a, tmp, rps_rows, ratios)
            # JSON-RPC and GraphQL: StdSize Select, c = 1 and 16, against wrk with the same POST body
            for protocol in [p for p in ("jsonrpc", "graphql") if p in workers]:
                latency_rounds(protocol, workers[protocol][1], "select", a, tmp, False, lat_rows, ratios)
                throughput_rounds(protocol, workers[protocol][1], "select", 16, a, tmp, rps_rows, ratios)
    finally:
        for proc, _ in workers.values():
            proc.terminate()
            proc.wait(10)
    print_tables(lat_rows, rps_rows, ratios)
    if a.write_results and not a.smoke:
        write_results(chosen, lat_rows, rps_rows, ratios, load_before)
    if a.smoke:
        native = [r for r in lat_rows if r[2] == "native"]
        protocols = {r[0] for r in native}
        well_formed = (
            len(native) == 6
            and all(r[3] > 0 for r in native)
            and len([r for r in rps_rows if r[3] == "native"]) == 10
            and {"jsonrpc", "graphql"} <= protocols
        )
        print("smoke: ok" if well_formed else "smoke: FAILED (native rows missing)")
        return 0 if well_formed else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
