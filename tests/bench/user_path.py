#!/usr/bin/env python3
"""User-path fidelity: what a student gets from ``bancada run`` next to the best peer tool.

A script, not a test. The Bancada side is the user's path: ``bancada run``
of the quick profile with its defaults (randomized blocks, the native driver,
all four implementations in one run, no pinning). Bancada and the peer (ghz
for gRPC, wrk for REST) load the same server: one worker per implementation,
started by this script and given to ``bancada run`` as ``[[external]]``
implementations, so both meet the same process in the same state (a JVM's
JIT warmed by all the rounds so far, for instance). With ``--own-workers``
Bancada starts its own workers in every run instead, as a student's run does;
the peers still load the script's. Tools alternate over ``--rounds`` rounds;
each printed figure is the median over the rounds (not the best round: a user
gets a typical run, not the best one).

Cases: Ping and StdSize Select (200 int64 values in 0..1000) at concurrency 1
for go-grpc, go-rest, java-grpc and java-rest (median and p99, µs); closed-load
throughput (requests/s) at c = 16, 64 and 100 for go-rest and go-grpc. Targets:
median ratio Bancada ÷ peer <= 1.05 at c = 1, throughput ratio >= 1.0.

``--placement`` adds the same cases with the reference study's placement
(workers on CPU 1, driver and peers on CPU 0, through the profile's
``[placement]`` for Bancada and taskset for the peers).

    python tests/bench/user_path.py [--rounds 3] [--requests 2000] [--seconds 3] [--placement]
    python tests/bench/user_path.py --smoke     # seconds; checks the output is well-formed (CI)

Peers: wrk from Debian (scripts/setup-bench.sh installs it with ghz, siege and ab).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))

from bancada.experiment import manifest  # noqa: E402
from bancada.experiment.profile import dumps_toml, load_profile  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _results  # noqa: E402

BANCADA = ROOT / ".venv" / "bin" / "bancada"
PROTO = ROOT / "proto" / "bancada" / "v1" / "bench.proto"
IMPLEMENTATIONS = ["go-grpc", "go-rest", "java-grpc", "java-rest"]
UNITS = {"us": 1.0, "ms": 1e3, "s": 1e6}


def find_tool(name: str) -> str | None:
    path = shutil.which(name)
    if path is None:
        cand = Path(os.environ.get("GOBIN") or Path(os.environ.get("GOPATH", Path.home() / "go")) / "bin") / name
        path = str(cand) if cand.exists() else None
    return path


def select_values(count: int = 200, lo: int = 0, hi: int = 1000, seed: int = 1) -> list[int]:
    """SplitMix64(seed) values as the drivers draw them (bancada.wire.payload)."""
    from bancada.wire.payload import generate_values

    return generate_values({"kind": "int64s", "count": count, "min": lo, "max": hi, "seed": seed})


# --- Bancada: the user's path ----------------------------------------------------


def external_id(impl: str) -> str:
    return f"{impl}-shared"


#: ``[experiment] warmup_until`` of Bancada's runs ("steady"), or None for the warm-up count alone
WARMUP_UNTIL: str | None = None


def profile_file(tmp: Path, placement: bool, targets: dict[str, str] | None) -> Path:
    """quick.toml, with the reference study's placement when asked, and the script's workers as
    ``[[external]]`` implementations (``go-rest-shared``...) when ``targets`` is given."""
    data = load_profile(ROOT / "profiles" / "quick.toml").model_dump(exclude_none=True)
    if WARMUP_UNTIL:  # --warmup-until: the steady-state warm-up (docs/statistics.md)
        data["experiment"]["warmup_until"] = WARMUP_UNTIL
    if placement:
        data["placement"] = {"worker_cpus": "1", "driver_cpus": "0"}
    if targets:
        data["external"] = [
            {"id": external_id(impl), "protocol": impl.split("-")[1], "address": target, "language": impl.split("-")[0]}
            for impl, target in targets.items()
        ]
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / ("placed.toml" if placement else "quick.toml")
    path.write_text(dumps_toml(data))
    return path


def bancada(profile: Path, out: Path, args: list[str]) -> pd.DataFrame:
    proc = subprocess.run(
        [str(BANCADA), "run", str(profile), "--quiet", "--out", str(out), *args],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if proc.returncode != 0:
        raise SystemExit(f"bancada run failed ({proc.returncode}): {proc.stderr.strip()[-1500:]}")
    df = pd.read_csv(out / "samples.csv")
    return df[(df["phase"] == "measure") & (df["ok"].astype(str).str.lower() == "true")]


def bancada_latency(profile: Path, tmp: Path, op: str, requests: int, shared: bool) -> dict[str, tuple[float, float]]:
    """{implementation: (median µs, p99 µs)} from one default run of all four implementations."""
    impls = [external_id(i) if shared else i for i in IMPLEMENTATIONS]
    args = ["--implementations", ",".join(impls), "--requests", str(requests), "--repetitions", "3", "--warmup", "500"]
    args += ["--operation", "ping"] if op == "ping" else ["--payloads", "StdSize"]
    df = bancada(profile, tmp / f"lat-{op}", args)
    out = {}
    for impl, g in df.groupby("implementation"):
        lat = g["latency_s"].to_numpy() * 1e6
        out[impl.removesuffix("-shared")] = (float(np.median(lat)), float(np.quantile(lat, 0.99)))
    return out


def bancada_rps(profile: Path, tmp: Path, impl: str, c: int, seconds: float, shared: bool) -> float:
    """Requests/s of one closed-load run (c clients, ``seconds`` measured, 1 repetition)."""
    chosen = external_id(impl) if shared else impl
    df = bancada(
        profile,
        tmp / f"rps-{impl}-{c}",
        [
            "--implementations",
            chosen,
            "--payloads",
            "StdSize",
            "--operation",
            "ping",
            "--load",
            "closed",
            "--concurrency",
            str(c),
            "--duration",
            str(seconds),
            "--repetitions",
            "1",
            "--warmup",
            "2000",
        ],
    )
    start = df["start_s"].to_numpy()
    end = start + df["latency_s"].to_numpy()
    return len(df) / (end.max() - start.min())


# --- peers -------------------------------------------------------------------------


class PeerWorkers:
    """One worker per implementation, started as Bancada starts them (same build, no pinning unless asked)."""

    def __init__(self, cpus: str | None) -> None:
        impls = manifest.discover(ROOT)
        self.procs, self.targets = [], {}
        for impl_id in IMPLEMENTATIONS:
            impl = impls[impl_id]
            argv = impl.worker.argv(impl.protocol, artifact=str(impl.worker.artifact_path()), port=0)
            if cpus:
                argv = ["taskset", "-c", cpus, *argv]
            proc = subprocess.Popen(
                argv, cwd=impl.worker.folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
            )
            line = proc.stdout.readline()
            if not line.startswith("READY "):
                raise SystemExit(f"{impl_id} did not start: {line!r}")
            self.procs.append(proc)
            self.targets[impl_id] = f"127.0.0.1:{json.loads(line[6:])['port']}"

    def close(self) -> None:
        for p in self.procs:
            p.terminate()
            p.wait(10)


def pin(cpus: str | None) -> list[str]:
    return ["taskset", "-c", cpus] if cpus else []


def ghz_proto(tmp: Path) -> str:
    """bench.proto without proto3 `optional` (ghz's bundled parser predates it; same wire format)."""
    path = tmp / "bench.proto"
    if not path.exists():
        path.write_text(re.sub(r"\boptional\s+", "", PROTO.read_text()))
    return str(path)


def ghz(tmp: Path, target: str, op: str, extra: list[str], cpus: str | None) -> dict:
    data = "{}" if op == "ping" else json.dumps({"values": select_values(), "k": 3})
    cmd = pin(cpus) + [
        TOOLS["ghz"],
        "--insecure",
        "--proto",
        ghz_proto(tmp),
        "--call",
        f"bancada.v1.Bench.{'Ping' if op == 'ping' else 'Select'}",
        "-d",
        data,
        "-O",
        "json",
        *extra,
        target,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    result = json.loads(proc.stdout or "{}")
    if not result.get("latencyDistribution"):
        raise SystemExit(
            f"ghz measured nothing against {target}: {proc.stderr.strip()[-300:]} "
            f"{json.dumps(result.get('errorDistribution'))[:300]}"
        )
    return result


def wrk(tmp: Path, target: str, op: str, c: int, seconds: float, cpus: str | None) -> tuple[dict, float]:
    url = f"http://{target}/v1/{'ping' if op == 'ping' else 'select'}"
    cmd = pin(cpus) + [TOOLS["wrk"], "-t1", f"-c{c}", f"-d{max(1, round(seconds))}s", "--latency"]
    if op == "select":
        script = tmp / "select.lua"
        body = json.dumps({"values": select_values(), "k": 3}, separators=(",", ":"))
        script.write_text(
            f'wrk.method = "POST"\nwrk.body = \'{body}\'\nwrk.headers["Content-Type"] = "application/json"\n'
        )
        cmd += ["-s", str(script)]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, timeout=900).stdout
    lat = {
        int(m.group(1)): float(m.group(2)) * UNITS[m.group(3)]
        for m in re.finditer(r"^\s+(\d+)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    }
    return lat, float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def peer_latency(
    tmp: Path, impl: str, target: str, op: str, requests: int, seconds: float, cpus: str | None
) -> tuple[float, float] | None:
    if impl.endswith("grpc"):
        if "ghz" not in TOOLS:
            return None
        r = ghz(tmp, target, op, ["-c", "1", "-n", str(requests * 3 + 500), "--skipFirst", "500"], cpus)
        d = {x["percentage"]: x["latency"] for x in r["latencyDistribution"]}
        return d[50] / 1e3, d[99] / 1e3
    if "wrk" not in TOOLS:
        return None
    lat, _ = wrk(tmp, target, op, 1, seconds, cpus)
    return lat[50], lat[99]


def peer_rps(tmp: Path, impl: str, target: str, c: int, seconds: float, cpus: str | None) -> float | None:
    if impl.endswith("grpc"):
        return ghz(tmp, target, "ping", ["-c", str(c), "-z", f"{seconds}s"], cpus)["rps"] if "ghz" in TOOLS else None
    return wrk(tmp, target, "ping", c, seconds, cpus)[1] if "wrk" in TOOLS else None


TOOLS: dict[str, str] = {}


def run_variant(a, tmp: Path, placement: bool) -> list[tuple]:
    """All cases for one placement variant; returns rows (case, bancada, peer, ratio, target)."""
    peers = PeerWorkers("1" if placement else None)
    shared = not a.own_workers
    profile = profile_file(tmp, placement, peers.targets if shared else None)
    peer_cpus = "0" if placement else None
    lat_b: dict[tuple, list] = {}
    lat_p: dict[tuple, list] = {}
    rps_b: dict[tuple, list] = {}
    rps_p: dict[tuple, list] = {}
    try:
        for rnd in range(a.rounds):
            for op in ("ping", "select"):
                for impl, fig in bancada_latency(profile, tmp / f"r{rnd}", op, a.requests, shared).items():
                    lat_b.setdefault((impl, op), []).append(fig)
                for impl in IMPLEMENTATIONS:
                    fig = peer_latency(tmp, impl, peers.targets[impl], op, a.requests, a.seconds, peer_cpus)
                    if fig:
                        lat_p.setdefault((impl, op), []).append(fig)
                        mine = lat_b.get((impl, op), [(0.0, 0.0)])[-1][0]
                        print(
                            f"round {rnd + 1} {impl} {op} c=1 median µs: bancada {mine:.0f}, peer {fig[0]:.0f}",
                            flush=True,
                        )
            for impl in ("go-rest", "go-grpc"):
                for c in a.concurrency:
                    rps_b.setdefault((impl, c), []).append(
                        bancada_rps(profile, tmp / f"r{rnd}", impl, c, a.seconds, shared)
                    )
                    r = peer_rps(tmp, impl, peers.targets[impl], c, a.seconds, peer_cpus)
                    if r:
                        rps_p.setdefault((impl, c), []).append(r)
                        mine = rps_b[(impl, c)][-1]
                        print(f"round {rnd + 1} {impl} c={c} req/s: bancada {mine:,.0f}, peer {r:,.0f}", flush=True)
    finally:
        peers.close()
    rows = []
    for (impl, op), figs in lat_b.items():
        med = statistics.median(f[0] for f in figs)
        p99 = statistics.median(f[1] for f in figs)
        peer = lat_p.get((impl, op))
        pm = statistics.median(f[0] for f in peer) if peer else None
        pp = statistics.median(f[1] for f in peer) if peer else None
        tool = "ghz" if impl.endswith("grpc") else "wrk"
        rows.append(
            (
                f"{impl} {op} c=1 median (p99) µs",
                f"{med:.0f} ({p99:.0f})",
                f"{tool} {pm:.0f} ({pp:.0f})" if pm else f"{tool} missing",
                med / pm if pm else None,
                "<= 1.05",
            )
        )
    for (impl, c), figs in rps_b.items():
        rb = statistics.median(figs)
        peer = rps_p.get((impl, c))
        rp = statistics.median(peer) if peer else None
        tool = "ghz" if impl.endswith("grpc") else "wrk"
        rows.append(
            (
                f"{impl} ping c={c} req/s",
                f"{rb:,.0f}",
                f"{tool} {rp:,.0f}" if rp else f"{tool} missing",
                rb / rp if rp else None,
                ">= 1.00",
            )
        )
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--requests", type=int, default=2000, help="measured requests per repetition (r = 3) at c = 1")
    ap.add_argument("--seconds", type=float, default=3.0, help="measured seconds of each throughput run")
    ap.add_argument("--concurrency", type=lambda s: [int(x) for x in s.split(",")], default=[16, 64, 100])
    ap.add_argument("--placement", action="store_true", help="also run with workers on CPU 1, clients on CPU 0")
    ap.add_argument(
        "--own-workers",
        action="store_true",
        help="bancada run starts its own workers in every run (peers load the script's)",
    )
    ap.add_argument("--smoke", action="store_true", help="one tiny round; checks the table is well-formed")
    ap.add_argument("--warmup-until", choices=["steady"], help="Bancada's warm-up ends on steady state, not a count")
    ap.add_argument(
        "--write-results",
        action="store_true",
        help="write the figures to docs/results/user_path.json (scripts/gen_figures.py puts them in the docs)",
    )
    a = ap.parse_args()
    global WARMUP_UNTIL
    WARMUP_UNTIL = a.warmup_until
    if a.smoke:
        a.rounds, a.requests, a.seconds, a.concurrency, a.placement = 1, 50, 1.0, [4], False
        IMPLEMENTATIONS[:] = ["go-grpc", "go-rest"]
    for name in ("wrk", "ghz"):
        path = find_tool(name)
        if path:
            TOOLS[name] = path
        else:
            print(f"note: {name} not found (scripts/setup-bench.sh installs it); its rows have no peer")
    variants = [False, True] if a.placement else [False]
    print(
        f"user path: bancada run of profiles/quick.toml, default schedule (randomized), native driver, "
        f"{'its own workers' if a.own_workers else 'the same servers as the peers'}; {a.rounds} rounds "
        f"alternating Bancada and peers, medians over rounds; cores: {os.cpu_count()}"
    )
    failures = 0
    load_before, tables = _results.load_average(), {}
    with tempfile.TemporaryDirectory(prefix="bancada-userpath-") as tmp_name:
        for placed in variants:
            rows = run_variant(a, Path(tmp_name) / ("placed" if placed else "free"), placed)
            print(f"\n{'with placement (workers CPU 1, clients CPU 0)' if placed else 'without placement'}")
            print(f"{'case':36} {'bancada run':>16} {'peer':>20} {'ratio':>7}  target")
            for case, fb, fp, ratio, target in sorted(rows):
                verdict = ""
                if ratio is not None:
                    verdict = "OK" if eval(f"{ratio} {target}") else "MISSED"  # noqa: S307 - our own literal
                print(f"{case:36} {fb:>16} {fp:>20} {'' if ratio is None else f'{ratio:.3f}':>7}  {target} {verdict}")
                if a.smoke and (not fb or (ratio is not None and not ratio > 0)):
                    failures += 1
            if a.smoke and len(rows) != 2 * len(IMPLEMENTATIONS) + 2 * len(a.concurrency):
                failures += 1
            tables["placed" if placed else "shared"] = _results.table(
                ["case", "`bancada run`", "peer", "ratio", "target"],
                [list(row) for row in sorted(rows)],
                "With the reference study's placement: workers on CPU 1, Bancada's driver and the peers on CPU 0"
                if placed
                else "Without placement: every process on the shared cores (medians over the rounds)",
                {"ratio": "{:.3f}"},
            )
    if a.write_results and not a.smoke:
        _results.write(__file__, tables, load_before)
    if a.smoke:
        print("smoke: ok" if not failures else f"smoke: FAILED ({failures})")
        return 1 if failures else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
