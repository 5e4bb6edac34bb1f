"""CPU profiles of real workers during real runs: one per language, each naming its hot path.

The Go tests are the reduced set CI runs (seconds). The Java, Python and Node.js tests are
marked ``profiling_full`` (a JVM, py-spy, the inspector: about a minute together) and skipped
unless BANCADA_PROFILING_FULL=1; the full set:

    BANCADA_PROFILING_FULL=1 .venv/bin/python -m pytest -q -p no:cacheprovider tests/integration/test_cpu_profiles.py
"""

from __future__ import annotations

import os

import pytest

from bancada.analysis.flame import layout
from bancada.experiment.profile import parse_profile
from bancada.run.runner import Notice, RunFinished, RunStarted, Runner
from bancada.store.cpu_profiles import cpu_profiles, folded_by_treatment
from bancada.store.runstore import RunStore

pytestmark = pytest.mark.integration
FULL = [
    pytest.mark.profiling_full,
    pytest.mark.skipif(
        "1" not in (os.environ.get("BANCADA_PROFILING_FULL"), os.environ.get("BANCADA_FULL")),
        reason="the Java, Python and Node.js profiles take a minute: BANCADA_PROFILING_FULL=1 runs them",
    ),
]

LARGE = {"name": "LargeSize", "operation": "select", "kind": "int64s", "count": 204800, "min": 0, "max": 1000, "k": 3}


def profiled_run(tmp_path, impls, requests=8, cpu=True, host=None):
    data = {
        "experiment": {"name": "p", "implementations": impls, "repetitions": 1, "requests": requests, "warmup": 4},
        "workloads": [LARGE],
    }
    if cpu:
        data["profiling"] = {"cpu": True}
    events = list(Runner(parse_profile(data), host, driver="python", store_folder=tmp_path).events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished
    path = next(e for e in events if isinstance(e, RunStarted)).path
    notices = [e.text for e in events if isinstance(e, Notice)]
    return RunStore.open(path), notices


def frame_names(store, impl):
    rows = [r for r in cpu_profiles(store) if r.implementation == impl]
    assert rows, f"no profile of {impl}"
    tid = rows[0].treatments[0]
    stacks = folded_by_treatment(store)[tid]
    return {f.name for f in layout(stacks, min_width=0.0)}, rows[0]


HOT = {
    # (implementation, a function on its hot path for LargeSize's 204,800 integers, the tool)
    "go-rest": ("encoding/json.(*decodeState)", "runtime/pprof"),
    "java-rest": ("com.fasterxml.jackson", "jfr"),
    "python-rest": (
        "create_app.<locals>.select (bancada_worker/rest_app.py",
        "py-spy",
    ),  # msgspec decodes in C, under it
    "node-rest": ("parseJSON", "v8-inspector"),
}


@pytest.mark.parametrize(
    "impl",
    [
        "go-rest",
        pytest.param("java-rest", marks=FULL),
        pytest.param("python-rest", marks=FULL),
        pytest.param("node-rest", marks=FULL),
    ],
)
def test_profile_names_the_hot_path(tmp_path, impl):
    store, notices = profiled_run(tmp_path, [impl])
    hot, tool = HOT[impl]
    names, row = frame_names(store, impl)
    assert row.tool == tool and row.data and row.duration_s > 0
    assert any(hot in n for n in names), sorted(names)[:80]
    assert store.meta().get("cpu_profiled") == "1"
    assert not [n for n in notices if "CPU profile" in n], notices


def test_grpc_and_rest_profiles_differ_where_the_issue_says(tmp_path):
    """go-grpc decodes LargeSize with protobuf, go-rest with encoding/json: each profile shows its own.

    40 requests: go-grpc decodes one in 2-4 ms, so 8 gave the 100 Hz sampler a handful of samples,
    too few to be sure of a protobuf frame on a loaded machine."""
    (tmp_path / "export").mkdir()
    store, _ = profiled_run(tmp_path, ["go-rest", "go-grpc"], requests=40)
    rest, _ = frame_names(store, "go-rest")
    grpc, _ = frame_names(store, "go-grpc")
    assert any("encoding/json" in n for n in rest) and not any("encoding/json" in n for n in grpc)
    assert any("google.golang.org/protobuf" in n for n in grpc), sorted(grpc)[:80]
    # the report and Export all draw them: one SVG per profiled treatment
    from bancada.report.build import write_report
    from bancada.report.flames import write_flame_svgs

    html = write_report(str(store.path), html_path=tmp_path / "report.html")[0].read_text(encoding="utf-8")
    section = html[html.index('id="cpu-profiles"') :]
    assert section.count("<svg") == 2 and "encoding/json.Unmarshal" in section
    svgs = write_flame_svgs(store.path, tmp_path / "export")
    assert sorted(p.name.split("-", 2)[2] for p in svgs) == ["go-grpc-LargeSize.svg", "go-rest-LargeSize.svg"]


def test_off_by_default_and_unprofiled_workers_named_once(tmp_path):
    store, notices = profiled_run(tmp_path, ["go-rest"], cpu=False)
    assert cpu_profiles(store) == [] and "cpu_profiled" not in store.meta()
    store, notices = profiled_run(tmp_path, ["go-rest", "cpp-rest"], requests=4)
    said = [n for n in notices if "no CPU profile for" in n]
    assert len(said) == 1 and "cpp-rest" in said[0] and "go-rest" not in said[0], notices
    assert {r.implementation for r in cpu_profiles(store)} == {"go-rest"}


def test_py_spy_on_an_idle_process_gives_an_empty_profile_not_an_error():
    """py-spy writes nothing when the process never ran (sleeping is not sampled): zero samples, at once."""
    import subprocess
    import sys
    import time

    from bancada.hosts.folded import to_folded
    from bancada.hosts.profilers import LocalShell, profiler_for

    # the profiler starts once the process sleeps: on a loaded machine an interpreter still starting up
    # after a fixed pause was sampled (its imports), and the profile was not empty
    sleeper = subprocess.Popen(
        [sys.executable, "-c", "import time; print('sleeping', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert sleeper.stdout is not None and sleeper.stdout.readline().strip() == "sleeping"
        profiler = profiler_for("python", "python-rest", sleeper.pid, LocalShell(), local=True)
        profiler.start()
        time.sleep(0.5)
        t0 = time.monotonic()
        profile = profiler.stop()
        assert time.monotonic() - t0 < 25  # not the 30 s wait for a file that never comes
        assert profile.tool == "py-spy" and profile.tool_version.startswith("py-spy")
        assert to_folded(profile.format, profile.data) == {}
    finally:
        sleeper.kill()
        sleeper.wait()


def test_bancada_run_profile_cpu_out_writes_the_flame_graphs_export_all_writes(tmp_path, capsys):
    """``bancada run --profile-cpu --out DIR`` (a real go-rest run through the command) writes one flame graph
    per profiled treatment into DIR, the same files, byte for byte, as the window's Export all of that run."""
    from bancada.cli.main import main
    from bancada.core.paths import runs_dir

    profile = tmp_path / "profiled.toml"
    profile.write_text(
        '[experiment]\nname = "p"\nimplementations = ["go-rest"]\nrepetitions = 1\nrequests = 8\nwarmup = 4\n\n'
        '[[workloads]]\nname = "LargeSize"\noperation = "select"\nkind = "int64s"\ncount = 204800\n'
        "min = 0\nmax = 1000\nk = 3\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    code = main(["run", str(profile), "--profile-cpu", "--driver", "python", "--quiet", "--out", str(out)])
    said = capsys.readouterr().out
    assert code == 0, said
    flames = sorted(p.name for p in out.glob("flame-*.svg"))
    assert [name.split("-", 2)[2] for name in flames] == ["go-rest-LargeSize.svg"], flames
    assert "flame graphs: " in said and flames[0] in said
    from bancada.export.run_export import ALL_OUTPUTS, export_run  # the window's Export all

    (run_file,) = runs_dir().glob("*.sqlite")
    everything = export_run(run_file, tmp_path / "all", ALL_OUTPUTS)
    export_all = sorted(p.name for p in everything.by_output["flame_graphs"])
    assert export_all == flames
    assert all((out / n).read_bytes() == (tmp_path / "all" / n).read_bytes() for n in flames)
    assert not (out / "k6_summary.csv").exists()  # a sequential run: k6's table does not apply
