#!/usr/bin/env python3
"""Bancada's closed load and its siege and ab tables vs the real siege and ab, on one worker.

A script, not a test. Run ``make -C workers go driver`` (or the worker named by ``--worker``)
first; siege and ab come from Debian (``apt-get install siege apache2-utils``). It starts one
worker serving the seed-003 ``GET /json``, then, alternating for ``--rounds`` rounds:

- siege's setting: ``siege -b -c C -t T`` (keep-alive, as Bancada's ``connection = "reuse"``)
  and ``bancada run`` with a closed load of C clients for T seconds against the same worker
  (an ``[[external]]`` implementation: Bancada does not start a second one);
- ab's setting: ``ab -k -n N -c C2`` and ``bancada run --duration 0 --requests N --concurrency C2``.

With ``--delay-us D`` the worker waits D µs in each Ping and ``GET /v1/ping`` is loaded: the
server then bounds the rate (C / D), whichever client drives it, so the ratios check that
Bancada's tables define the fields as the tools do; without it, the clients' own costs on a
shared computer show in the ratios too.

It prints, per round and tool, the transaction rate / requests per second and the mean time
(siege's "Response time", ab's "Time per request"), and the ratios Bancada / tool, from
Bancada's own siege and ab tables (``load_siege.csv``, ``load_ab.csv``). All clients share the
computer with the worker, so the ratios compare clients under the same conditions; they are
not the worker's capacity.

    python tests/bench/load_vs_siege_ab.py [--worker go] [--clients 100] [--seconds 10]
        [--requests 20000] [--ab-clients 200] [--rounds 2] [--smoke]

``--smoke`` runs one short round at low concurrency (seconds) and checks that every table is
filled; it prints "smoke: ok".
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _results  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))

SIEGE_RC = "connection = keep-alive\nprotocol = HTTP/1.1\nbenchmark = true\nlogging = false\n"
SIEGE_RC += "show-logfile = false\nverbose = false\njson_output = true\nparser = false\n"


def start_worker(name: str, delay_us: int = 0):
    """Start ``name``'s REST worker (its manifest's artifact) on a free port, with ``--delay-us``;
    ``(process, host:port, language)``."""
    from bancada.experiment import manifest

    impl = manifest.discover(ROOT)[f"{name}-rest"]
    artifact = impl.worker.artifact_path()
    if not artifact.exists():
        sys.exit(f"{artifact} is missing: run make -C workers {name}")
    argv = impl.worker.argv("rest", artifact=str(artifact)) + (["--delay-us", str(delay_us)] if delay_us else [])
    proc = subprocess.Popen(
        argv,
        cwd=impl.worker.folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    line = proc.stdout.readline()
    if not line.startswith("READY "):
        proc.kill()
        sys.exit(f"{name}-rest did not start: {line!r}")
    ready = json.loads(line[6:])
    return proc, f"{ready['bind']}:{ready['port']}", impl.language


def run_siege_once(argv: list[str], seconds: float) -> str | None:
    """siege's standard output, or None when it did not exit in time.

    siege 4.0 sometimes never exits after a timed run, "Lifting the server siege..." forever
    (JoeDog/siege issues 4 and 66); it is asked to stop with SIGINT, as a user's Ctrl-C, then
    killed."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        return proc.communicate(timeout=seconds + 20)[0]
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        return None


def run_siege(url: str, clients: int, seconds: float, rc: Path, attempts: int = 3) -> dict:
    """siege's transaction rate and mean time; a run that hangs is discarded and run again, up to
    ``attempts`` times (its partial summary would not cover the whole duration)."""
    argv = ["siege", "-R", str(rc), "-c", str(clients), "-t", f"{max(1, round(seconds))}S", url]
    for attempt in range(1, attempts + 1):
        stdout = run_siege_once(argv, seconds)
        if stdout is not None:
            break
        print(
            f"siege did not exit {seconds + 20:g} s after a {seconds:g} s run (attempt {attempt}); run again",
            file=sys.stderr,
        )
    else:
        sys.exit(f"siege hung in {attempts} runs out of {attempts}")
    match = re.search(r"\{.*\}", stdout or "", re.S)
    if not match:
        sys.exit(f"siege printed no summary: {(stdout or '')[-500:]}")
    data = json.loads(match.group(0))
    # siege prints "response_time" with 2 decimals of a second (0.00 for a fast server); its
    # "concurrency" is the sum of transaction times / elapsed, so concurrency / rate is the same
    # mean with siege's full precision.
    rate = float(data["transaction_rate"])
    return {"rate": rate, "mean_ms": float(data["concurrency"]) / rate * 1e3 if rate else 0.0}


def run_ab(url: str, requests: int, clients: int) -> dict:
    out = subprocess.run(
        ["ab", "-q", "-k", "-n", str(requests), "-c", str(clients), url],
        capture_output=True,
        text=True,
        timeout=600,
    )
    rps = re.search(r"Requests per second:\s+([\d.]+)", out.stdout)
    tpr = re.search(r"Time per request:\s+([\d.]+) \[ms\] \(mean\)", out.stdout)
    if not (rps and tpr):
        sys.exit(f"ab printed no summary: {out.stdout[-500:]} {out.stderr[-500:]}")
    return {"rate": float(rps.group(1)), "mean_ms": float(tpr.group(1))}


PROFILE = """[experiment]
name = "load-vs-siege-ab"
implementations = ["{impl}"]
repetitions = 1
requests = {requests}
warmup = {warmup}
schedule = "sequential"
connection = "reuse"
timeout_s = 30.0
driver = "native"
factors = ["language"]

[[external]]
id = "{impl}"
protocol = "rest"
address = "{target}"
language = "{language}"

[[workloads]]
name = "SmallJSON"
operation = "custom"
method = "GET"
path = "{path}"

[load]
model = "closed"
concurrency = {clients}
{duration}max_records = 5000000
"""


def run_bancada(
    impl: str, target: str, language: str, clients: int, seconds: float | None, requests: int, path: str
) -> dict:
    """One ``bancada run``; the first row of its siege and ab tables."""
    with tempfile.TemporaryDirectory(prefix="bancada-vs-") as tmp:
        profile = Path(tmp) / "p.toml"
        duration = f"duration_s = {seconds}\n" if seconds else ""
        profile.write_text(
            PROFILE.format(
                impl=impl,
                target=target,
                language=language,
                clients=clients,
                requests=requests,
                warmup=0,  # siege and ab warm nothing up: their first requests open the connections
                duration=duration,
                path=path,
            )
        )
        out_dir = Path(tmp) / "out"
        proc = subprocess.run(
            [sys.executable, "-m", "bancada.cli", "run", str(profile), "--out", str(out_dir)],
            capture_output=True,
            text=True,
            timeout=(seconds or 60) + 300,
            env={**os.environ, "PYTHONPATH": str(ROOT / "app")},
            cwd=tmp,
        )
        if proc.returncode != 0:
            sys.exit(f"bancada run failed: {proc.stdout[-1500:]} {proc.stderr[-1500:]}")
        siege = next(csv.DictReader((out_dir / "load_siege.csv").open()))
        ab = next(csv.DictReader((out_dir / "load_ab.csv").open()))
    return {
        "siege": {"rate": float(siege["transaction_rate"]), "mean_ms": float(siege["response_time_s"]) * 1e3},
        "ab": {"rate": float(ab["requests_per_s"]), "mean_ms": float(ab["time_per_request_ms"])},
        "failed": int(siege["failed"]),
    }


def row(label: str, bancada: dict, tool: dict) -> str:
    rate_ratio = bancada["rate"] / tool["rate"] if tool["rate"] else float("nan")
    mean_ratio = bancada["mean_ms"] / tool["mean_ms"] if tool["mean_ms"] else float("nan")
    return (
        f"{label:<28} {bancada['rate']:>12.1f} {tool['rate']:>12.1f} {rate_ratio:>8.3f}"
        f" {bancada['mean_ms']:>10.3f} {tool['mean_ms']:>10.3f} {mean_ratio:>8.3f}"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--worker", default="go", help="the worker whose REST implementation is loaded (default go)")
    p.add_argument("--clients", type=int, default=100, help="siege's -c and Bancada's concurrency (100)")
    p.add_argument("--seconds", type=float, default=10.0, help="siege's -t and Bancada's duration_s (10)")
    p.add_argument("--requests", type=int, default=20000, help="ab's -n and Bancada's requests (20000)")
    p.add_argument("--ab-clients", type=int, default=200, help="ab's -c (200)")
    p.add_argument("--rounds", type=int, default=2, help="alternating rounds (2)")
    p.add_argument(
        "--delay-us",
        type=int,
        default=0,
        help="the worker's --delay-us; then GET /v1/ping is loaded (the delay is in Ping), so the server, "
        "not the client, bounds the rate and the tables' definitions are compared (default 0: GET /json)",
    )
    p.add_argument("--smoke", action="store_true", help="one short round, low concurrency; prints 'smoke: ok'")
    p.add_argument(
        "--write-results",
        action="store_true",
        help="write the figures to docs/results/load_vs_siege_ab.json (scripts/gen_figures.py puts them in the docs)",
    )
    args = p.parse_args()
    if args.smoke:
        args.clients, args.seconds, args.requests, args.ab_clients, args.rounds = 4, 1.0, 2000, 4, 1
    missing = [t for t in ("siege", "ab") if shutil.which(t) is None]
    if missing:
        sys.exit(f"missing {', '.join(missing)}: apt-get install siege apache2-utils")
    proc, target, language = start_worker(args.worker, args.delay_us)
    impl = f"{args.worker}-rest-ext"
    path = "/v1/ping" if args.delay_us else "/json"
    url = f"http://{target}{path}"
    lines, ratios, load_before = [], {}, _results.load_average()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            rc = Path(tmp) / "siegerc"
            rc.write_text(SIEGE_RC)
            for r in range(1, args.rounds + 1):
                siege = run_siege(url, args.clients, args.seconds, rc)
                ours = run_bancada(impl, target, language, args.clients, args.seconds, args.requests, path)
                ab = run_ab(url, args.requests, args.ab_clients)
                ours_ab = run_bancada(impl, target, language, args.ab_clients, None, args.requests, path)
                lines.append(row(f"round {r} siege -c{args.clients} -t{args.seconds:g}S", ours["siege"], siege))
                for setting, mine, tool in (
                    (f"siege -c {args.clients} -t {args.seconds:g}S", ours["siege"], siege),
                    (f"ab -n {args.requests} -c {args.ab_clients}", ours_ab["ab"], ab),
                ):
                    ratios.setdefault(setting, []).append(mine["rate"] / tool["rate"] if tool["rate"] else None)
                lines.append(row(f"round {r} ab -n{args.requests} -c{args.ab_clients}", ours_ab["ab"], ab))
                if ours["failed"] or ours_ab["failed"]:
                    lines.append(
                        f"  bancada failures: {ours['failed']} (siege setting), {ours_ab['failed']} (ab setting)"
                    )
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)
    delay = f", server delay {args.delay_us} µs" if args.delay_us else ""
    print(f"{args.worker}-rest at {target}, GET {path}{delay}; Bancada's tables vs the tools' own summaries")
    head = f"{'setting':<28} {'bancada/s':>12} {'tool/s':>12} {'ratio':>8}"
    print(head + f" {'b mean ms':>10} {'t mean ms':>10} {'ratio':>8}")
    print("\n".join(lines))
    if args.write_results and not args.smoke:
        columns = ["setting", *(f"Bancada ÷ tool, transactions/s, round {r}" for r in range(1, args.rounds + 1))]
        caption = f"{args.worker}-rest GET {path}{delay}, Bancada's native driver without warm-up"
        formats = {c: "{:.3f}" for c in columns[1:]}
        table = _results.table(columns, [[k, *v] for k, v in ratios.items()], caption, formats)
        _results.write(__file__, {"ratios": table}, load_before)
    if args.smoke:
        numbers = [float(x) for line in lines if line.startswith("round") for x in line.split()[-6:]]
        assert numbers and all(x > 0 for x in numbers), lines
        assert not any("bancada failures" in line for line in lines), lines
        print("smoke: ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
