"""The wheel from packaging/build.sh, installed with ``uv tool install`` into an empty folder,
runs Bancada without a clone: its version, its workers, a five-request run, the window."""

from __future__ import annotations

import csv
import shutil
import sqlite3
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.packaging.conftest import VERSION, clean_env

# 60.3 MB: four static Go binaries, the Java jar, the static C++ worker (2.4 MB), the seed-003 workers'
# sources, the HTML manual
WHEEL_MAX_MB = 64


def test_wheel_contents(built_wheel):
    wheel = built_wheel["wheel"]
    assert wheel.name == f"bancada-{VERSION}-py3-none-manylinux_2_17_aarch64.manylinux_2_17_x86_64.whl"
    size_mb = wheel.stat().st_size / 1e6
    assert size_mb < WHEEL_MAX_MB, f"the wheel grew to {size_mb:.1f} MB"
    with zipfile.ZipFile(wheel) as z:
        infos = {i.filename: i for i in z.infolist()}
    bundle = "bancada/_bundle/"
    for arch in ("amd64", "arm64"):
        for binary in (
            f"workers/go/dist/bancada-worker-linux-{arch}",
            f"drivers/native/dist/bancada-driver-linux-{arch}",
        ):
            info = infos.get(bundle + binary)
            assert info is not None, f"{binary} is not in the wheel"
            assert (info.external_attr >> 16) & stat.S_IXUSR, f"{binary} lost its executable bit"
    for data in (
        "workers/go/worker.toml",
        "workers/java/worker.toml",
        "workers/java/target/bancada-worker-java.jar",
        "profiles/quick.toml",
        "proto/bancada/v1/bench.proto",
        "docs/statistics.md",
        "build/manual/index.html",  # the manual as HTML (Help > Manual, F1)
        "build/manual/tutorial/first-run.html",
        "build/manual/pt-BR/tutorial/primeira-execucao.html",
    ):
        assert bundle + data in infos, f"{data} is not in the wheel"
    for data in (  # the Python and Node.js workers: sources and lock files; their environments are made where they run
        "workers/python/worker.toml",
        "workers/python/requirements.lock",
        "workers/python/remote-setup.sh",
        "workers/python/bancada_worker/__main__.py",
        "workers/node/worker.toml",
        "workers/node/package.json",
        "workers/node/package-lock.json",
        "workers/node/remote-setup.sh",
        "workers/node/src/main.js",
    ):
        assert bundle + data in infos, f"{data} is not in the wheel"
    assert not [n for n in infos if "/.venv/" in n or "/node_modules/" in n], "a worker's environment was packed"
    shipped = [p.relative_to(ROOT).as_posix() for p in (ROOT / "profiles").rglob("*") if p.is_file()]
    assert shipped and not [p for p in shipped if bundle + p not in infos], "profiles (and their files) missing"
    assert not [n for n in infos if "__pycache__" in n or n.endswith(".pyc") or "original-" in n]
    assert f"bancada-{VERSION}.dist-info/entry_points.txt" in infos


def test_sdist_carries_the_bundle(built_wheel):
    with tarfile.open(built_wheel["sdist"]) as tar:
        members = {m.name: m for m in tar.getmembers()}
    binary = members.get(f"bancada-{VERSION}/app/bancada/_bundle/workers/go/dist/bancada-worker-linux-amd64")
    assert binary is not None and binary.mode & stat.S_IXUSR
    assert f"bancada-{VERSION}/pyproject.toml" in members


@pytest.fixture(scope="module")
def installed(built_wheel, uv, tmp_path_factory) -> dict:
    """``uv tool install`` of the wheel into an empty temporary folder.

    Returns ``{"bancada": Path, "tmp": Path, "env": dict}``.
    """
    tmp = tmp_path_factory.mktemp("installed")
    env = clean_env(tmp, UV_TOOL_DIR=str(tmp / "tools"), UV_TOOL_BIN_DIR=str(tmp / "bin"))
    proc = subprocess.run(
        [uv, "tool", "install", "--python", sys.executable, str(built_wheel["wheel"])],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, f"uv tool install failed:\n{proc.stderr}"
    env.pop("UV_TOOL_DIR"), env.pop("UV_TOOL_BIN_DIR")
    work = tmp / "work"  # an empty current folder: no profiles/, no workers/
    work.mkdir()
    return {"bancada": tmp / "bin" / "bancada", "tmp": tmp, "work": work, "env": env}


def _bancada(installed, *args: str, timeout_s: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(installed["bancada"]), *args],
        cwd=installed["work"],
        env=installed["env"],
        capture_output=True,
        text=True,
        timeout=timeout_s,
    )


def test_installed_version(installed):
    proc = _bancada(installed, "--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"bancada {VERSION}"


def _workers_table(stdout: str) -> dict[str, list[str]]:
    """``{implementation: [language, protocol, runtime, can run, why not]}`` from ``bancada workers``
    (a long "why not" wraps onto lines whose first cell is empty)."""
    rows: dict[str, list[str]] = {}
    last = ""
    for line in stdout.splitlines():
        if not line.startswith("│"):
            continue
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells[0]:
            last, rows[cells[0]] = cells[0], cells[1:]
        elif last:
            rows[last][-1] = f"{rows[last][-1]} {cells[-1]}".strip()
    return rows


def test_installed_workers_come_from_the_bundle(installed):
    proc = _bancada(installed, "workers")
    assert proc.returncode == 0, proc.stderr
    rows = _workers_table(proc.stdout)
    assert rows["go-grpc"][3] == "yes" and rows["go-rest"][3] == "yes", proc.stdout
    assert {"go-grpc", "go-rest", "java-grpc", "java-rest"} <= set(rows)
    for name in ("python", "node"):  # from the installation: prepared in the data folder on their first start
        impls = {i for i in rows if i.startswith(f"{name}-")}
        assert impls >= {f"{name}-grpc", f"{name}-rest"}, proc.stdout
        for impl in impls:
            assert rows[impl][3] == "yes", f"{impl}: {rows[impl][4]}"
            assert rows[impl][4].startswith("first start:"), rows[impl]
            assert str(installed["tmp"] / "data" / "workers" / name) in rows[impl][4].replace(" ", ""), rows[impl]
    tools = installed["tmp"] / "tools"
    home_line = proc.stdout.strip().splitlines()[-1]
    assert home_line.startswith(f"workers from this installation: {tools}") and home_line.endswith("bancada/_bundle")


def test_installed_python_and_node_workers_run(installed):
    """python-rest and node-rest from the installation: their first start makes their environments (pip from
    PyPI, npm ci from the npm registry) in the user's data folder, once; five requests each are measured."""
    out = installed["tmp"] / "out-pynode"
    args = ["run", "quick", "--implementations", "python-rest,node-rest", "--payloads", "StdSize"]
    args += ["--requests", "5", "--repetitions", "1", "--warmup", "2", "--out", str(out)]
    proc = _bancada(installed, *args, timeout_s=900)
    assert proc.returncode == 0, f"{proc.stdout}\n{proc.stderr}"
    said = proc.stdout + proc.stderr  # the run's notices go to standard error
    for name in ("python", "node"):
        assert f"first start: {'pip' if name == 'python' else 'npm ci'} downloads its packages" in said, said
        assert f"the {name} worker's environment is ready (" in said, said
        copies = [p for p in (installed["tmp"] / "data" / "workers" / name).iterdir() if p.is_dir()]
        assert len(copies) == 1 and (copies[0] / ".ready").is_file(), copies
    rows = [r for r in csv.DictReader(open(out / "samples.csv", encoding="utf-8")) if r["phase"] == "measure"]
    for impl in ("python-rest", "node-rest"):
        mine = [r for r in rows if r["implementation"] == impl]
        assert len(mine) == 5 and all(r["ok"] == "true" and float(r["latency_s"]) > 0 for r in mine), rows
    tools = installed["tmp"] / "tools"
    assert not [p for p in tools.rglob("*") if p.name in (".venv", "node_modules", ".ready")], "installation written"
    again = _bancada(installed, *args[:-1], str(out) + "-again", timeout_s=300)  # reused: nothing made
    assert again.returncode == 0, f"{again.stdout}\n{again.stderr}"
    assert "environment is ready" not in again.stderr and "first start" not in again.stderr, again.stderr


@pytest.mark.parametrize("driver", ["native", "python"])
def test_installed_run_of_a_shipped_profile(installed, driver):
    out = installed["tmp"] / f"out-{driver}"
    proc = _bancada(
        installed,
        "run",
        "quick",
        "--implementations",
        "go-rest",
        "--payloads",
        "StdSize",
        "--requests",
        "5",
        "--repetitions",
        "1",
        "--warmup",
        "2",
        "--driver",
        driver,
        "--out",
        str(out),
        "--quiet",
    )
    assert proc.returncode == 0, f"{proc.stdout}\n{proc.stderr}"
    rows = list(csv.DictReader(open(out / "samples.csv", encoding="utf-8")))
    measured = [r for r in rows if r["phase"] == "measure"]
    assert len(measured) == 5 and all(r["ok"] == "true" and r["implementation"] == "go-rest" for r in measured)
    assert all(float(r["latency_s"]) > 0 for r in measured)
    run_file = Path(proc.stdout.split("run file:")[1].split()[0])
    assert run_file.is_relative_to(installed["tmp"] / "data")  # the user's data folder, not the installation
    with sqlite3.connect(run_file) as conn:
        meta = dict(conn.execute("SELECT key, value FROM meta"))
    assert meta["bancada_version"] == VERSION
    assert meta["status"] == "complete"


def test_installed_unknown_profile_is_said_in_bancadas_words(installed):
    proc = _bancada(installed, "run", "no-such-study")
    assert proc.returncode == 2
    assert "no-such-study: no such profile file, and not a shipped profile (shipped:" in proc.stderr
    assert "quick" in proc.stderr and "Traceback" not in proc.stderr


def test_installed_window_opens(installed):
    """The window from the installed package, under xvfb-run (offscreen without it); the screenshot is kept.

    The entry of the PyInstaller bundle (packaging/freeze/bancada_frozen.py) runs with the tool's own
    Python, so it imports the installed bancada, not the clone's."""
    shot = ROOT / "tests" / "artifacts" / "packaging-wheel-window.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    shot.unlink(missing_ok=True)
    python = installed["tmp"] / "tools" / "bancada" / "bin" / "python"
    xvfb = shutil.which("xvfb-run")
    env = dict(installed["env"], BANCADA_SMOKE_SCREENSHOT=str(shot), QT_QPA_PLATFORM="xcb" if xvfb else "offscreen")
    argv = [*((xvfb, "-a") if xvfb else ()), str(python), str(ROOT / "packaging" / "freeze" / "bancada_frozen.py")]
    proc = subprocess.run(argv, cwd=installed["work"], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and "window shown" in proc.stdout, proc.stderr[-3000:]
    assert shot.stat().st_size > 10_000, "the screenshot is (nearly) empty"
    where = subprocess.run(
        [str(python), "-c", "import bancada.ui.app as m; print(m.__file__)"],
        env=installed["env"],
        cwd=installed["work"],
        capture_output=True,
        text=True,
    ).stdout
    assert where.startswith(str(installed["tmp"] / "tools")), where
