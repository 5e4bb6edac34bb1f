"""Time `bancada analyze RUN` on 8 treatments x 1,000,000 samples, run file and tidy CSV (a script, not a test).

Makes one 2^3 run (language x protocol x operation, 10 repetitions, warm-up and a
few failed samples; see ``_bigrun.py``, deterministic) as a run file and as its
tidy CSV (about 0.65 GB), then runs ``bancada analyze`` on each in a child process
(``--factors language,protocol,operation --by payload --aggregate mean``: reading,
summaries, rank tests, factorial tables) and prints its wall time, CPU time and
peak RSS (``os.wait4``), with the load average of the machine when measured.
Budget: under 5 s and under 1 GB for each input.

``--before APP_DIR`` measures the same with another checkout's ``app`` (e.g.
/work/main/app) through its ``bancada analyze``; with ``--old-run-reader`` (code
from before the columnar reader, whose ``analyze`` took CSVs only) the run file
as its GUI and ``compare`` read one (``tidy_frame`` then ``analyze_frame``).
``--data DIR`` keeps the generated inputs there for the next run.

``--scale [N,M,...]`` measures how the time grows with the run instead: run files of 8 treatments x
N, x M, ... samples (default 1,000,000 and 10,000,000: a soak's tens of millions), on each
``bancada analyze``, the window's statistics once the run has ended (every table of every sample,
siege's and ab's included: ``bancada.session.stats_job.compute_statistics``, what its statistics
process runs), the same while the run goes on (a long run read thinned), and ``bancada run``'s end
(its summary, siege's and ab's tables and the samples' CSV: ``bancada.cli.run._report``'s steps);
then the ratio of the largest's time to the smallest's (CPU and wall) and the largest peak RSS.
Pass: each path's CPU-time ratio at most the size ratio (linear or better: 10 for 10 M against 1 M;
the CPU time, as the wall time on a shared computer measures the other loads too) and every peak RSS
under 4 GB.
Run: PYTHONPATH=app python tests/bench/analyze_speed.py [--smoke] [--before APP_DIR [--old-run-reader]] [--data DIR]
     PYTHONPATH=app python tests/bench/analyze_speed.py --scale [1000000,10000000] [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _bigrun  # noqa: E402
import _results  # noqa: E402

APP = Path(__file__).resolve().parents[2] / "app"
N_PER_TREATMENT = 1_000_000
BUDGET_S, BUDGET_MB = 5.0, 1024.0
SCALE_SIZES = (1_000_000, 10_000_000)
SCALE_BUDGET_MB = 4096.0
ANALYZE_ARGS = ["--factors", ",".join(_bigrun.FACTORS), "--by", "payload", "--aggregate", "mean", "--quiet"]
# the run file as the code before read it (its analyze took CSVs only): tidy_frame, then analyze_frame
OLD_RUN_READER = """
import json, sys
from bancada.stats.frame_analysis import analyze_frame, jsonable
from bancada.store.runstore import RunStore
from bancada.store.tidy_csv import tidy_frame
with RunStore.open(sys.argv[1]) as store:
    df = tidy_frame(store)
res = analyze_frame(df, factors=sys.argv[3].split(","), by=["payload"], aggregate="mean").to_dict()
open(sys.argv[2], "w").write(json.dumps(jsonable(res)))
"""


def child_env(app: Path, pycache: Path) -> dict[str, str]:
    """``app`` first on PYTHONPATH, compiled modules kept in ``pycache`` (as an installed Bancada has them:
    with PYTHONDONTWRITEBYTECODE and no .pyc in the environment, every start compiles pandas and scipy)."""
    env = dict(os.environ, PYTHONPATH=str(app), PYTHONPYCACHEPREFIX=str(pycache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def make_inputs(folder: Path, n: int) -> tuple[Path, Path]:
    """``_bigrun.make_inputs`` in a child process: a child forked from a parent that made 8 million rows
    would start with the parent's pages, and its peak RSS would count them (Linux keeps the high-water
    mark across exec)."""
    code = (
        "import sys; from pathlib import Path; import _bigrun; _bigrun.make_inputs(Path(sys.argv[1]), int(sys.argv[2]))"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).resolve().parent), str(APP)]))
    subprocess.run([sys.executable, "-c", code, str(folder), str(n)], env=env, check=True)
    return folder / "bigrun.sqlite", folder / "bigrun.csv"


def warm_up(app: Path, pycache: Path) -> None:
    """Import what ``bancada analyze`` imports once, so the measured runs load compiled modules."""
    code = "import bancada.cli.main, bancada.cli.analyze, bancada.stats.frame_analysis, rich.table"
    code += "\nimport bancada.analysis.words.tables"
    code += "\ntry:\n import pyarrow.csv, pyarrow.compute, adbc_driver_sqlite.dbapi\nexcept ImportError:\n pass"
    subprocess.run([sys.executable, "-c", code], env=child_env(app, pycache), check=True)


def measure(cmd: list[str], app: Path, pycache: Path) -> tuple[float, float, float, int]:
    """Run ``cmd`` with ``app`` first on PYTHONPATH; ``(wall s, CPU s, peak RSS MB, exit code)``."""
    env = child_env(app, pycache)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode != 0:
        print(err[-2000:], file=sys.stderr)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode


#: The paths --scale times on each run file besides ``bancada analyze`` (code run in a child process).
WINDOW_FINAL = """
import sys
from bancada.session.stats_job import compute_statistics
res = compute_statistics(sys.argv[1], sys.argv[2].split(","), 1, running=False)
assert res.tables and res.load and res.read_every == 1, res.message
"""
WINDOW_RUNNING = WINDOW_FINAL.replace("running=False", "running=True").replace("read_every == 1", "read_every >= 1")
RUN_END = """
import sys
from pathlib import Path
from bancada.cli import run
from bancada.export.run_export import RUN_OUT, export_run
from bancada.stats import load_tables
from bancada.store.runstore import RunStore
with RunStore.open(sys.argv[1]) as store:
    run.print_summary(run.summary_frame(store), store)
    assert load_tables.from_store(store) is not None
written = export_run(sys.argv[1], Path(sys.argv[3]), RUN_OUT)
assert written.rows["samples"] > 0
"""
SCALE_PATHS = {
    "`bancada analyze`": None,
    "window, run ended": WINDOW_FINAL,
    "window, run going on": WINDOW_RUNNING,
    "`bancada run`'s end": RUN_END,
}


def path_command(code_text: str, run: Path, tmp: Path) -> list[str]:
    """The child process of one of :data:`SCALE_PATHS` on ``run`` (its outputs under ``tmp``)."""
    return [sys.executable, "-c", code_text, str(run), ",".join(_bigrun.FACTORS), str(tmp / "out")]


def analyze(
    source: Path, out_json: Path, app: Path, old_run_reader: bool, pycache: Path
) -> tuple[float, float, float, int]:
    if old_run_reader:
        cmd = [sys.executable, "-c", OLD_RUN_READER, str(source), str(out_json), ",".join(_bigrun.FACTORS)]
    else:
        cmd = [sys.executable, "-m", "bancada.cli", "analyze", str(source), *ANALYZE_ARGS, "--json", str(out_json)]
    return measure(cmd, app, pycache)


def make_run(folder: Path, n: int) -> Path:
    """The run file alone (``_bigrun.write_run``) of 8 treatments x ``n`` samples in ``folder``, in a child
    process (see :func:`make_inputs`); made once and reused when ``folder`` has it."""
    run, stamp = folder / "bigrun.sqlite", folder / f"n={n},closed-load"  # the stamp: what the file holds
    if run.exists() and stamp.exists():
        return run
    folder.mkdir(parents=True, exist_ok=True)
    for p in (run, *folder.glob("n=*")):
        p.unlink(missing_ok=True)
    code = "import sys; from pathlib import Path; import _bigrun\n"
    code += "_bigrun.write_run(Path(sys.argv[1]), int(sys.argv[2]))"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(Path(__file__).resolve().parent), str(APP)]))
    subprocess.run([sys.executable, "-c", code, str(folder), str(n)], env=env, check=True)
    stamp.touch()
    return run


def scale(sizes: list[int], data: Path | None, write_results: bool = False) -> int:
    """Time each of :data:`SCALE_PATHS` on run files of 8 x each of ``sizes`` samples; print each, each
    path's time ratio of the largest to the smallest against their size ratio, and the peak RSS; 0 when
    every path is linear and under budget."""
    sizes = sorted(set(sizes))
    walls: dict[tuple[str, int], float] = {}
    cpus: dict[tuple[str, int], float] = {}
    peak, rows, ok, load_before = 0.0, [], True, _results.load_average()
    with tempfile.TemporaryDirectory() as tmp:
        pycache = Path(tmp) / "pycache"
        warm_up(APP, pycache)
        for n in sizes:
            t0 = time.perf_counter()
            run = make_run((data or Path(tmp)) / f"n{n}", n)
            print(f"run file 8 x {n:,}: {run.stat().st_size / 1e6:,.0f} MB, ready in {time.perf_counter() - t0:.0f} s")
            for path, code_text in SCALE_PATHS.items():
                load = os.getloadavg()[0]
                if code_text is None:
                    wall, cpu, rss, code = analyze(run, Path(tmp) / f"{n}.json", APP, False, pycache)
                else:
                    wall, cpu, rss, code = measure(path_command(code_text, run, Path(tmp)), APP, pycache)
                if code != 0:
                    print(f"{path}, 8 treatments x {n:,} samples: FAILED (exit code {code})")
                    ok = False
                    continue
                walls[(path, n)], cpus[(path, n)], peak = wall, cpu, max(peak, rss)
                rows.append([f"8 × {n:,}", path, f"{wall:.1f} s", f"{cpu:.1f} s", f"{rss:,.0f} MB"])
                print(
                    f"{path}, 8 treatments x {n:,} samples: {wall:6.2f} s wall, {cpu:6.2f} s CPU, "
                    f"peak RSS {rss:6.0f} MB (load average {load:.1f})"
                )
            if data is None:
                run.unlink()  # the next, larger file needs the room
    small, big = sizes[0], sizes[-1]
    allowed = big / small
    for path in SCALE_PATHS:
        if (path, big) not in cpus or (path, small) not in cpus:
            continue
        ratio = cpus[(path, big)] / cpus[(path, small)]
        ok &= ratio <= allowed
        print(
            f"{path}: time ratio 8 x {big:,} / 8 x {small:,}: CPU {ratio:.2f}, wall "
            f"{walls[(path, big)] / walls[(path, small)]:.2f} (at most {allowed:g}: "
            f"{'linear' if ratio <= allowed else 'WORSE than linear'})"
        )
    within = peak < SCALE_BUDGET_MB
    print(f"peak RSS {peak:,.0f} MB ({'under' if within else 'OVER'} {SCALE_BUDGET_MB:,.0f} MB)")
    if write_results:
        columns = ["samples", "path", "wall", "CPU", "peak RSS"]
        table = _results.table(columns, rows, "the statistics of a run file, on each path that computes them")
        _results.write(__file__, {"scale": table}, load_before, name="analyze_speed-scale")
    return 0 if ok and within else 1


def groups(out_json: Path) -> list:
    return json.loads(out_json.read_text())["groups"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="1,000 samples per treatment; checks the output (CI)")
    ap.add_argument("--before", type=Path, metavar="APP_DIR", help="also measure another checkout's app folder")
    ap.add_argument(
        "--old-run-reader", action="store_true", help="--before's analyze takes CSVs only: read its run file in Python"
    )
    ap.add_argument("--data", type=Path, metavar="DIR", help="keep (and reuse) the generated inputs here")
    ap.add_argument(
        "--write-results",
        action="store_true",
        help="write the figures to docs/results/analyze_speed[-scale].json (for scripts/gen_figures.py)",
    )
    ap.add_argument(
        "--scale",
        nargs="?",
        const=",".join(map(str, SCALE_SIZES)),
        metavar="N,M",
        help="time ratio and peak RSS of run files of 8 x N, 8 x M ... samples (default 1,000,000,10,000,000)",
    )
    a = ap.parse_args()
    if a.scale:
        try:
            sizes = [int(x.replace("_", "")) for x in a.scale.split(",")]
        except ValueError:
            ap.error(f"--scale: {a.scale!r} is not a list of sample counts (expected e.g. 1000000,10000000)")
        if len(set(sizes)) < 2 or min(sizes) < _bigrun.REPS:
            ap.error(f"--scale: give two or more different counts of at least {_bigrun.REPS} (e.g. 1000000,10000000)")
        return scale(sizes, a.data, a.write_results)
    n = 1_000 if a.smoke else N_PER_TREATMENT
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        run, csv = make_inputs(a.data or Path(tmp) / "inputs", n)
        print(
            f"inputs: {run} ({run.stat().st_size / 1e6:.0f} MB), {csv} ({csv.stat().st_size / 1e6:.0f} MB), "
            f"ready in {time.perf_counter() - t0:.0f} s"
        )
        apps = [("after", APP)] + ([("before", a.before.resolve())] if a.before else [])
        results, ok, rows, load_before = {}, True, [], _results.load_average()
        pycache = Path(tmp) / "pycache"
        for label, app in apps:
            warm_up(app, pycache)
            for kind, source in (("run file", run), ("tidy CSV", csv)):
                out_json = Path(tmp) / f"{label}-{kind[:3]}.json"
                load = os.getloadavg()[0]
                old_reader = a.old_run_reader and label == "before" and kind == "run file"
                wall, cpu, rss, code = analyze(source, out_json, app, old_reader, pycache)
                verdict = "" if code == 0 else f"  FAILED (exit code {code})"
                if label == "after" and code == 0 and not a.smoke:
                    within = wall < BUDGET_S and rss < BUDGET_MB
                    ok &= within
                    verdict = "  within budget" if within else f"  over budget ({BUDGET_S:.0f} s, {BUDGET_MB:.0f} MB)"
                print(
                    f"{label:6} bancada analyze {kind}, 8 treatments x {n:,} samples: {wall:5.2f} s wall, "
                    f"{cpu:5.2f} s CPU, peak RSS {rss:6.0f} MB (load average {load:.1f}){verdict}"
                )
                ok &= code == 0
                if label == "after":
                    size = f"{source.stat().st_size / 1e6:,.0f} MB"
                    target = f"< {BUDGET_S:g} s, < {BUDGET_MB:,.0f} MB"
                    rows.append([f"{kind} ({size})", f"{wall:.2f} s", f"{cpu:.2f} s", f"{rss:,.0f} MB", target])
                results[(label, kind)] = groups(out_json) if code == 0 else None
        if a.smoke:  # --scale's other paths on the small run file: they still run
            for path, code_text in SCALE_PATHS.items():
                if code_text is not None:
                    code = measure(path_command(code_text, run, Path(tmp)), APP, pycache)[3]
                    print(f"{path}: {'ok' if code == 0 else f'FAILED (exit code {code})'}")
                    ok &= code == 0
    after_run, after_csv = results[("after", "run file")], results[("after", "tidy CSV")]
    same = after_run is not None and after_run == after_csv
    print("run file and tidy CSV give the same tables" if same else "run file and tidy CSV DIFFER")
    if a.before:
        for kind in ("run file", "tidy CSV"):
            same_before = results[("before", kind)] == results[("after", kind)]
            print(f"{kind}: {'the same tables as before' if same_before else 'tables DIFFER from before'}")
            ok &= same_before
    if a.smoke:
        g = after_run or []
        well_formed = same and len(g) == 1 and len(g[0]["treatments"]) == 8 and len(g[0]["pairwise"]) == 28
        print("smoke: ok" if well_formed and ok else "smoke: FAILED (not 8 treatments and 28 pairs in both inputs)")
        return 0 if well_formed and ok else 1
    if a.write_results and not a.smoke:
        caption = f"`bancada analyze` of 8 treatments × {n:,} samples"
        table = _results.table(["input", "wall", "CPU", "peak RSS", "target"], rows, caption)
        _results.write(__file__, {"analyze": table}, load_before)
    return 0 if ok and same else 1


if __name__ == "__main__":
    raise SystemExit(main())
