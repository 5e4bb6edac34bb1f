"""Does the open, running window perturb the measurement? (a script, not a test)

The same profile (Ping and StdSize Select on the four implementations) runs
alternately headless (``bancada run``, a subprocess) and from the workbench
window (in this process, with live plots and statistics), ``--rounds`` times
each, on this computer. Printed: the median latency of each operation in each
mode and their ratio window / headless, which must lie within 1 ± 0.05.

Run: xvfb-run -a python tests/bench/gui_perturbation.py [--requests 1000] [--rounds 3] [--driver auto] [--smoke]
(or QT_QPA_PLATFORM=offscreen).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen" if not os.environ.get("DISPLAY") else "xcb")
_tmp = Path(tempfile.mkdtemp(prefix="bancada-perturb-"))
os.environ.setdefault("BANCADA_DATA_DIR", str(_tmp / "data"))
os.environ.setdefault("BANCADA_CONFIG_DIR", str(_tmp / "config"))

from bancada.experiment.profile import parse_profile  # noqa: E402
from bancada.store.runstore import RunStore  # noqa: E402

IMPLS = ["go-grpc", "go-rest", "java-grpc", "java-rest"]


def make_profile(n: int, r: int, warmup: int, driver: str):
    return parse_profile(
        {
            "experiment": {
                "name": "perturbation",
                "implementations": IMPLS,
                "repetitions": r,
                "requests": n,
                "warmup": warmup,
                "schedule": "randomized",
                "driver": driver,
            },
            "workloads": [
                {"name": "Ping", "operation": "ping", "count": 0},
                {"name": "StdSize", "operation": "select", "count": 200},
            ],
        }
    )


def medians_by_operation(path) -> dict[str, np.ndarray]:
    """Measured ok latencies (ms) per operation."""
    with RunStore.open(path) as store:
        df = store.samples_frame()
    df = df[(df["phase"] == 1) & (df["ok"] == 1)]
    return {op: g["latency_ns"].to_numpy() / 1e6 for op, g in df.groupby("operation")}


def run_headless(profile_path: Path, out: Path) -> Path:
    before = set((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))
    subprocess.run(
        [sys.executable, "-m", "bancada.cli", "run", str(profile_path), "--quiet", "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    after = set((Path(os.environ["BANCADA_DATA_DIR"]) / "runs").glob("*.sqlite"))
    (new,) = after - before
    return new


def run_in_window(app, window, profile) -> Path:
    done = {}
    window.runFinished.connect(lambda status: done.setdefault("status", status))
    assert window.start_run(profile), window.state_label.text()
    while "status" not in done:
        app.processEvents()
        time.sleep(0.005)
    # keep the window busy as a user would see it: statistics computed once more at the end
    end = time.monotonic() + 2
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.005)
    if done["status"] != "complete":
        raise RuntimeError(f"the run in the window ended {done['status']}: {window.state_label.text()}")
    return window.last_finished.path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--repetitions", type=int, default=2)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--driver", default="auto", choices=["auto", "python", "native"])
    ap.add_argument("--smoke", action="store_true", help="one tiny round; checks the figures are there (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.requests, args.repetitions, args.warmup, args.rounds = 20, 1, 5, 1

    from bancada.ui.app import create_app
    from bancada.ui.window.main_window import MainWindow

    profile = make_profile(args.requests, args.repetitions, args.warmup, args.driver)
    profile_path = _tmp / "perturbation.toml"
    profile_path.write_text(profile.to_toml())
    app = create_app()
    window = MainWindow(profile)
    window.resize(1280, 720)
    window.show()
    samples: dict[tuple[str, str], list[np.ndarray]] = {}
    for rnd in range(args.rounds):
        order = ["headless", "window"] if rnd % 2 == 0 else ["window", "headless"]
        for mode in order:
            t = time.monotonic()
            path = (
                run_headless(profile_path, _tmp / f"out{rnd}")
                if mode == "headless"
                else run_in_window(app, window, profile)
            )
            for op, v in medians_by_operation(path).items():
                samples.setdefault((op, mode), []).append(v)
            print(
                f"round {rnd + 1} {mode:8s} {time.monotonic() - t:5.1f} s  "
                + "  ".join(f"{op} median {np.median(v):.4f} ms" for op, v in medians_by_operation(path).items()),
                flush=True,
            )
    window.close()
    ok = True
    print(
        f"\ndriver {args.driver}; n = {args.requests}, r = {args.repetitions}, {len(IMPLS)} implementations, "
        f"{args.rounds} rounds of each mode, alternating ({os.environ['QT_QPA_PLATFORM']})"
    )
    print(f"{'operation':10s} {'headless ms':>12s} {'window ms':>10s} {'ratio':>7s}")
    for op in sorted({k[0] for k in samples}):
        h = float(np.median(np.concatenate(samples[(op, "headless")])))
        w = float(np.median(np.concatenate(samples[(op, "window")])))
        ratio = w / h
        ok &= abs(ratio - 1) <= 0.05
        print(f"{op:10s} {h:12.4f} {w:10.4f} {ratio:7.3f}")
    if args.smoke:
        modes = {k[1] for k in samples}
        well_formed = modes == {"headless", "window"} and {k[0] for k in samples} == {"ping", "select"}
        print("smoke: ok" if well_formed else f"smoke: FAILED (figures for {sorted(samples)})")
        return 0 if well_formed else 1
    print("PASS (within 1 ± 0.05)" if ok else "FAIL (outside 1 ± 0.05)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
