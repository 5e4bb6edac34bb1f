"""The figures of docs/hosts.md "A lab host on one computer": deploying to an equipped lab host.

    sudo env PYTHONPATH=app .venv/bin/python -m tests.ssh.measure_lab_deploy [--out lab-deploy.json]

Starts an equipped lab host (tests/ssh/lab_host.py: no route to any registry), and with an empty
wheel cache times ``hosts check`` (which fetches the Python worker's wheels for the host's Python
here), the first deploy and start of java-rest, python-rest and node-rest (their packages sent from
here), and a second connection's start (the environments reused). Writes the figures with the
command, the commit and this computer's CPU as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("lab-deploy.json"))
    args = parser.parse_args()
    from tests.ssh.lab_host import LabHost, why_not
    from tests.ssh.sshd import keygen

    reason = why_not()
    if reason:
        sys.exit(f"measure_lab_deploy: {reason}")
    work = Path(tempfile.mkdtemp(prefix="bancada-lab-measure-"))
    os.environ.update(
        BANCADA_DATA_DIR=str(work / "data"),
        BANCADA_CONFIG_DIR=str(work / "config"),
        BANCADA_SSH_DIR=str(work / "dotssh"),
        BANCADA_WHEEL_CACHE=str(work / "wheels"),  # empty: the wheels are fetched once, here
        BANCADA_HOME=str(ROOT),
    )
    from bancada.experiment import manifest
    from bancada.hosts import hostconfig
    from bancada.hosts.check import check_report
    from bancada.hosts.ssh_host import connect_saved_host
    from tests.ssh.conftest import lab_fingerprint

    key = keygen(work / "user_key")
    impls = manifest.discover(ROOT)
    figures: dict[str, float] = {}
    with LabHost(work / "lab", key.with_suffix(".pub"), "equipped") as lab:
        hostconfig.save_host(hostconfig.HostProfile("lab", lab.address, port=22, user="root", key=str(key)))
        t0 = time.monotonic()
        with connect_saved_host("lab", accept_fingerprint=lab_fingerprint(lab)) as host:
            rows = {impl: ok for impl, ok, _ in check_report(host)[1]}
            figures["check_first_s"] = time.monotonic() - t0
            for impl_id in ("java-rest", "python-rest", "node-rest"):
                assert rows[impl_id], impl_id
                worker = host.start_worker(impls[impl_id], "measure", 120)
                figures[f"first_deploy_{impl_id}_s"] = host.timings[f"deploy:{impl_id}"]
                figures[f"first_start_{impl_id}_s"] = host.timings[f"start:{impl_id}"]
                worker.stop()
        with connect_saved_host("lab") as host:
            for impl_id in ("java-rest", "python-rest", "node-rest"):
                host.start_worker(impls[impl_id], "measure2", 120).stop()
                figures[f"again_deploy_{impl_id}_s"] = host.timings[f"deploy:{impl_id}"]
        sent = sorted(Path(tempfile.gettempdir(), "bancada-bundles").glob("*"), key=lambda p: p.stat().st_mtime)
        figures["wheels_archive_bytes"] = max((p.stat().st_size for p in sent if "-wheels-" in p.name), default=0)
        figures["node_modules_archive_bytes"] = max(
            (p.stat().st_size for p in sent if "node_modules" in p.name), default=0
        )
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), "")
    result = {
        "command": "sudo env PYTHONPATH=app .venv/bin/python -m tests.ssh.measure_lab_deploy",
        "commit": commit.stdout.strip(),
        "machine": f"{cpu}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}",
        "figures": {k: round(v, 2) if isinstance(v, float) else v for k, v in figures.items()},
    }
    shutil.rmtree(work, ignore_errors=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
