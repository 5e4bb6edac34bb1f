"""Seed 002's "one machine vs two machines" (docs/seeds.md): profiles/rpc-python-2023.toml run
with client and servers on this computer, then with the servers on an equipped lab host
(tests/ssh/lab_host.py: its own network namespace behind a veth link, no route to any registry,
the Python worker's environment made there from wheels sent from here). Prints one table of
median latencies per method, implementation and machine.

    sudo env PYTHONPATH=app .venv/bin/python -m tests.ssh.two_machines [--requests 20] [--json out.json]

The driver (the Python driver, as the study's client was a Python program) stays on this
computer in both runs, so the second run's every call crosses the lab's link.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROFILE = ROOT / "profiles" / "rpc-python-2023.toml"
IMPLS = ("python-grpc", "python-jsonrpc")
COMMAND = "sudo env PYTHONPATH=app .venv/bin/python -m tests.ssh.two_machines"


def medians_ms(samples_csv: Path) -> dict[tuple[str, str], float]:
    """{(operation, implementation): median latency in ms} of the measured (not warm-up) samples."""
    by: dict[tuple[str, str], list[float]] = {}
    with open(samples_csv) as f:
        for row in csv.DictReader(f):
            if row["ok"] != "true" or row["phase"] != "measure":
                continue
            by.setdefault((row["operation"], row["implementation"]), []).append(float(row["latency_s"]) * 1e3)
    return {key: statistics.median(values) for key, values in by.items()}


def run(host: str, out: Path, requests: int) -> dict[tuple[str, str], float]:
    """``bancada run`` of the profile on ``host`` ('local' or a saved host); the medians of its samples."""
    from bancada.cli.main import main

    argv = ["run", str(PROFILE), "--out", str(out), "--quiet", "--requests", str(requests)]
    if host != "local":
        argv += ["--host", host]
    code = main(argv)
    if code != 0:
        sys.exit(f"two_machines: bancada run on {host} exited {code}")
    return medians_ms(out / "samples.csv")


def table(one: dict[tuple[str, str], float], two: dict[tuple[str, str], float]) -> str:
    """The Markdown table: per method, each implementation's median on one and on two machines."""
    methods = sorted({op for op, _ in one}, key=lambda op: [o for o, _ in one].index(op))
    head = (
        "| method | one machine: gRPC | JSON-RPC | JSON-RPC / gRPC | two machines: gRPC | JSON-RPC | JSON-RPC / gRPC |"
    )
    lines = [head, "|---|---|---|---|---|---|---|"]
    for op in methods:
        cells = []
        for m in (one, two):
            grpc, jsonrpc = m[(op, "python-grpc")], m[(op, "python-jsonrpc")]
            cells += [f"{grpc:.2f}", f"{jsonrpc:.2f}", f"{jsonrpc / grpc:.2f}"]
        lines.append(f"| {op} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20, help="calls per method and implementation (profile: 20)")
    parser.add_argument("--json", type=Path, help="also write the medians and the facts here")
    args = parser.parse_args()
    from tests.ssh.lab_host import LabHost, why_not
    from tests.ssh.sshd import keygen

    reason = why_not()
    if reason:
        sys.exit(f"two_machines: {reason}")
    work = Path(tempfile.mkdtemp(prefix="bancada-two-machines-"))
    os.environ.update(
        BANCADA_DATA_DIR=str(work / "data"),
        BANCADA_CONFIG_DIR=str(work / "config"),
        BANCADA_SSH_DIR=str(work / "dotssh"),
        BANCADA_HOME=str(ROOT),
    )
    from bancada.experiment import manifest
    from bancada.hosts import hostconfig
    from bancada.hosts.ssh_host import connect_saved_host
    from tests.ssh.conftest import lab_fingerprint

    key = keygen(work / "user_key")
    try:
        one = run("local", work / "one", args.requests)
        with LabHost(work / "lab", key.with_suffix(".pub"), "equipped") as lab:
            hostconfig.save_host(hostconfig.HostProfile("lab", lab.address, port=22, user="root", key=str(key)))
            with connect_saved_host("lab", accept_fingerprint=lab_fingerprint(lab)) as host:
                impls = manifest.discover(ROOT)
                for impl in IMPLS:  # refused here in one line rather than in the run
                    ok, why = host.can_run(impls[impl])
                    if not ok:
                        sys.exit(f"two_machines: {impl} cannot run on the lab host: {why}")
            two = run("lab", work / "two", args.requests)
            address = lab.address
    finally:
        shutil.rmtree(work, ignore_errors=True)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    print(table(one, two))
    print(f"\n({COMMAND} --requests {args.requests}; commit {commit.stdout.strip()}; median ms; lab host {address})")
    if args.json:
        flat = {f"{m}/{op}/{impl}": round(v, 3) for m, d in (("one", one), ("two", two)) for (op, impl), v in d.items()}
        args.json.write_text(
            json.dumps({"command": COMMAND, "commit": commit.stdout.strip(), "medians_ms": flat}, indent=2)
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
