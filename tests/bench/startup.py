"""Start-up times of the ``bancada`` command and its window (a script, not a test).

Four figures, each over ``--runs`` (5) cold starts (a new process each time, after one warm-up start
that is not counted, so the files are in the page cache and the .pyc files written, as on a second
launch; ``PYTHONDONTWRITEBYTECODE`` is removed from the commands' environment):

- ``bancada --version``: launch to exit (target ≤ 0.3 s);
- ``bancada workers``: launch to exit (target ≤ 1 s);
- window visible: launch to the main window's first exposure painted (target ≤ 2 s);
- window usable: launch to the profile in the panel and the host's answer in, i.e. Run can be pressed
  (target ≤ 3 s).

The window prints its two marks on stderr when ``BANCADA_STARTUP_TRACE`` is set
(:func:`bancada.ui.app.trace_startup`); this script starts it with its own empty settings and data
folders, waits for ``usable``, then ends it with SIGTERM (which the window handles: it closes and
stops its children). The window runs under Xvfb when ``--xvfb`` is given (a window manager is not
started), else on Qt's offscreen platform.

Printed per figure and installation: median, min and max in seconds, then the load average before
and after (a shared machine: quote figures measured when the load was low). Installations: the source
checkout's command (the ``bancada`` beside this Python, e.g. ``.venv/bin/bancada``) and, with
``--bundle DIR``, the one-folder bundle's ``DIR/bancada`` (said so when it is absent).

Run: .venv/bin/python tests/bench/startup.py [--runs 5] [--bundle dist/bancada] [--xvfb]
``--smoke`` starts each once and checks the figures are there, not the targets (CI).
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _results  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TARGETS_S = {"--version": 0.3, "workers": 1.0, "window visible": 2.0, "window usable": 3.0}
WINDOW_TIMEOUT_S = 120.0


def source_command() -> Path:
    """The ``bancada`` script of the environment this Python belongs to (the checkout's .venv)."""
    beside = Path(sys.executable).parent / "bancada"
    return beside if beside.exists() else ROOT / ".venv" / "bin" / "bancada"


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def time_command(command: list[str], env: dict[str, str]) -> float:
    """Seconds from launch to exit of ``command``; raises RuntimeError when it fails."""
    start = time.perf_counter()
    proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {proc.stderr.strip()[-500:]}")
    return elapsed


def time_window(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(visible_s, usable_s) after launch of the window ``command``; ends it with SIGTERM.

    Raises:
        RuntimeError: the window exited, or gave no mark within WINDOW_TIMEOUT_S, or did not end on SIGTERM.
    """
    env = dict(env, BANCADA_STARTUP_TRACE="1")
    launched = time.time()
    proc = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    marks: dict[str, float] = {}
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        deadline = time.monotonic() + WINDOW_TIMEOUT_S
        while not {"visible", "usable"} <= marks.keys():
            ready, _, _ = select.select([proc.stderr], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise RuntimeError(f"no start-up mark within {WINDOW_TIMEOUT_S:.0f} s: {''.join(seen)[-500:]}")
            line = proc.stderr.readline()
            if not line:
                raise RuntimeError(
                    f"the window exited ({proc.wait()}) before it was visible and usable: {''.join(seen)[-500:]}"
                )
            seen.append(line)
            if line.startswith("bancada startup: "):
                what, stamp = line.split()[2:4]
                marks[what] = float(stamp) - launched
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise RuntimeError("the window did not end within 30 s of SIGTERM") from None
    # a window is usable once it is on the screen too (the profile can load before the first paint)
    return marks["visible"], max(marks["visible"], marks["usable"])


@contextmanager
def xvfb_display(enabled: bool) -> Iterator[dict[str, str]]:
    """The environment of the window: an Xvfb display of our own, or Qt's offscreen platform."""
    if not enabled:
        yield {"QT_QPA_PLATFORM": "offscreen"}
        return
    if shutil.which("Xvfb") is None:
        sys.exit("startup.py: --xvfb needs Xvfb (apt-get install xvfb)")
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    try:
        yield {"QT_QPA_PLATFORM": "xcb", "DISPLAY": f":{number}"}
    finally:
        server.terminate()
        server.wait(timeout=10)


def measure(bancada: Path, runs: int, display: dict[str, str]) -> dict[str, list[float]]:
    """The four figures' times (seconds) for the installation whose command is ``bancada``."""
    with tempfile.TemporaryDirectory(prefix="bancada-startup-") as tmp:
        env = dict(os.environ, BANCADA_CONFIG_DIR=f"{tmp}/config", BANCADA_DATA_DIR=f"{tmp}/data", **display)
        env.pop("BANCADA_STARTUP_TRACE", None)
        # as on a user's machine, the warm-up start leaves the .pyc files of what it imported (a shell
        # with PYTHONDONTWRITEBYTECODE set would compile every module from source at each start)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        times: dict[str, list[float]] = {name: [] for name in TARGETS_S}
        for counted in [False] + [True] * runs:  # the first start warms the page cache and the settings
            version = time_command([str(bancada), "--version"], env)
            workers = time_command([str(bancada), "workers"], env)
            visible, usable = time_window([str(bancada)], env)
            if counted:
                for name, value in zip(TARGETS_S, (version, workers, visible, usable)):
                    times[name].append(value)
        return times


def print_table(label: str, times: dict[str, list[float]]) -> None:
    print(f"\n{label}")
    print(f"  {'figure':<16}{'median s':>10}{'min s':>9}{'max s':>9}{'target s':>10}  met")
    for name, values in times.items():
        median = statistics.median(values)
        met = "yes" if median <= TARGETS_S[name] else "no"
        print(f"  {name:<16}{median:>10.2f}{min(values):>9.2f}{max(values):>9.2f}{TARGETS_S[name]:>10.1f}  {met}")


def write_results(label: str, times: dict[str, list[float]], args: argparse.Namespace, load_before: str) -> None:
    """docs/results/startup[-xvfb|-bundle].json: one installation's medians, min–max and targets."""
    bundle = label.startswith("one-folder bundle")
    shown = {"--version": "`bancada --version`", "workers": "`bancada workers`"}
    rows = [
        [shown.get(name, name), f"≤ {TARGETS_S[name]:g} s", f"{statistics.median(v):.2f} s ({min(v):.2f}–{max(v):.2f})"]
        for name, v in times.items()
    ]
    caption = (
        "The one-folder bundle (`packaging/build.sh frozen`)" if bundle else "Source checkout (`.venv/bin/bancada`)"
    ) + f", {len(next(iter(times.values())))} counted cold starts"
    table = _results.table(["figure", "target", "median (min–max)"], rows, caption)
    name = "startup-bundle" if bundle else "startup-xvfb" if args.xvfb else "startup"
    where = "an Xvfb display, no window manager" if args.xvfb else "Qt's offscreen platform"
    kind = "one-folder bundle" if bundle else "source checkout"
    _results.write(__file__, {kind: table}, load_before, f"the window on {where}", name=name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="counted starts of each (default 5)")
    parser.add_argument("--bundle", type=Path, help="the one-folder bundle's folder (holding bancada, _internal)")
    parser.add_argument("--xvfb", action="store_true", help="the window on an Xvfb display (default: offscreen)")
    parser.add_argument("--smoke", action="store_true", help="one start of each; checks the figures are there")
    parser.add_argument(
        "--write-results",
        action="store_true",
        help="write the figures to docs/results/startup[-xvfb|-bundle].json (for scripts/gen_figures.py)",
    )
    args = parser.parse_args()
    runs = 1 if args.smoke else args.runs
    installations = [("source checkout: " + str(source_command()), source_command())]
    if args.bundle is not None:
        frozen = args.bundle / "bancada"
        if frozen.is_file():
            installations.append(("one-folder bundle: " + str(frozen), frozen))
        else:
            print(f"bundle: not measured, {frozen} is absent (build it with packaging/; see packaging/README.md)")
    load_before = _results.load_average()
    print(f"{os.cpu_count()} cores; load average before: {load_average()}; {runs} counted starts each")
    results = []
    with xvfb_display(args.xvfb) as display:
        print("window on", display.get("DISPLAY", "Qt's offscreen platform"))
        for label, command in installations:
            try:
                times = measure(command, runs, display)
            except RuntimeError as exc:  # a command that failed: what it said, no traceback
                print(f"startup.py: {label}: {exc}", file=sys.stderr)
                return 1
            print_table(label, times)
            results.append(times)
            if args.write_results and not args.smoke:
                write_results(label, times, args, load_before)
    print(f"\nload average after: {load_average()}")
    if args.smoke:
        ok = all(len(v) == runs and all(x > 0 for x in v) for times in results for v in times.values())
        print("smoke: ok" if ok else "smoke: FAILED")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
