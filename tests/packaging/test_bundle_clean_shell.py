"""CI's bundle job: the PyInstaller one-folder bundle, used the way a user meets it.

``packaging/build.sh frozen`` builds the bundle's folder (not packed: the
archive and the .deb are ``packaging/test.sh --full``); then every command runs
from a clean shell: ``env -i`` with only ``PATH=/usr/bin:/bin`` and ``HOME`` (an
empty temporary folder), no virtual environment, no clone on any path, the
current folder an empty temporary one. ``--version``, ``workers``, ``run quick
--requests 5``, ``export --csv``, ``analyze``, ``report --html``, a file
missing inside the installation (named as such, not blamed on the user's
path), and ``gui`` under Xvfb for a few seconds (its window mapped, no
traceback). Part of the full packaging suite (``packaging/test.sh --full``, or
``BANCADA_FULL=1``): the build takes 4-7 minutes on 2 shared cores. CI checks the installed
package from a clean shell through the wheel (test_wheel.py).
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.packaging.conftest import VERSION, workers_missing

pytestmark = [
    pytest.mark.timeout(2400),  # the build is part of the first test's setup
    pytest.mark.packaging_full,
    pytest.mark.skipif(
        os.environ.get("BANCADA_PACKAGING_FULL") != "1" and os.environ.get("BANCADA_FULL") != "1",
        reason="the bundle takes minutes to build: run packaging/test.sh --full (or BANCADA_FULL=1)",
    ),
]
QUICK_IMPLEMENTATIONS = ("go-grpc", "go-rest", "java-grpc", "java-rest")  # profiles/quick.toml
# quick: 4 implementations x 2 payloads x 2 repetitions, 5 requests each
QUICK_MEASURED = len(QUICK_IMPLEMENTATIONS) * 2 * 2 * 5


@pytest.fixture(scope="module")
def frozen(tmp_path_factory, uv) -> Path:
    """The bundle's folder (``bancada`` and ``_internal/``), built by ``packaging/build.sh frozen``.

    ``BANCADA_FROZEN_DIR=FOLDER`` tests a folder built before instead (while working on these tests).
    """
    if os.environ.get("BANCADA_FROZEN_DIR"):
        return Path(os.environ["BANCADA_FROZEN_DIR"]).resolve()
    reason = workers_missing()
    if reason:
        pytest.skip(reason)
    build = tmp_path_factory.mktemp("build")
    started = time.monotonic()
    proc = subprocess.run(
        [str(ROOT / "packaging" / "build.sh"), "frozen", "--out", str(tmp_path_factory.mktemp("dist"))],
        cwd=ROOT,
        env=dict(os.environ, BANCADA_BUILD_DIR=str(build)),
        capture_output=True,
        text=True,
        timeout=2400,
    )
    assert proc.returncode == 0, f"packaging/build.sh frozen failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    print(f"bundle built in {time.monotonic() - started:.0f} s", file=sys.stderr)
    folder = build / "pyi" / "dist" / "bancada"
    assert (folder / "bancada").is_file() and (folder / "_internal").is_dir(), sorted(folder.parent.iterdir())
    return folder


class Shell:
    """A user's clean shell: ``env -i`` with only PATH and an empty HOME, in an empty folder."""

    def __init__(self, bancada: Path, tmp: Path) -> None:
        self.bancada = bancada
        self.home = tmp / "home"
        self.cwd = tmp / "work"
        self.home.mkdir()
        self.cwd.mkdir()

    def env(self, **extra: str) -> list[str]:
        return ["env", "-i", "PATH=/usr/bin:/bin", f"HOME={self.home}", *(f"{k}={v}" for k, v in extra.items())]

    def run(self, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            [*self.env(), str(self.bancada), *args], cwd=self.cwd, capture_output=True, text=True, timeout=timeout
        )
        said = proc.stdout + proc.stderr
        assert "Traceback" not in said, f"bancada {' '.join(args)} printed a traceback:\n{said[-4000:]}"
        return proc


def _ok(proc: subprocess.CompletedProcess[str], what: str) -> str:
    assert proc.returncode == 0, f"{what} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout


def test_the_bundle_runs_analyzes_and_reports_from_a_clean_shell(frozen, tmp_path):
    shell = Shell(frozen / "bancada", tmp_path)
    assert _ok(shell.run("--version"), "--version").strip() == f"bancada {VERSION}"

    workers = _ok(shell.run("workers"), "workers")
    for impl in QUICK_IMPLEMENTATIONS:
        assert re.search(rf"{impl}\b.*\byes\b", workers), f"{impl} is not runnable:\n{workers}"

    _ok(shell.run("run", "quick", "--requests", "5"), "run quick --requests 5")
    runs = sorted((shell.home / ".local" / "share" / "bancada" / "runs").glob("*.sqlite"))
    assert len(runs) == 1, runs
    run_file = runs[0]
    (samples,) = (shell.cwd / "bancada-results").glob("*/samples.csv")
    measured = [r for r in csv.DictReader(samples.open()) if r["phase"] == "measure"]
    assert len(measured) == QUICK_MEASURED and all(r["ok"] == "true" for r in measured)

    exported = shell.cwd / "exported.csv"
    _ok(shell.run("export", run_file.stem, "--csv", str(exported)), "export --csv")
    rows = [r for r in csv.DictReader(exported.open()) if r["phase"] == "measure"]
    assert len(rows) == QUICK_MEASURED

    analysis = _ok(shell.run("analyze", str(run_file), "--json", "analysis.json"), "analyze")
    assert "language" in analysis and "protocol" in analysis, analysis[-2000:]
    assert '"language"' in (shell.cwd / "analysis.json").read_text()

    _ok(shell.run("report", str(run_file), "--html", "report.html"), "report --html")
    html = (shell.cwd / "report.html").read_text(encoding="utf-8")
    assert "<svg" in html and "go-grpc" in html


def test_a_file_missing_from_the_bundle_is_named_as_the_installation_s(frozen, tmp_path):
    """Not `no such file: RUN.sqlite` nor `cannot write x.csv`: the user's files are not the cause."""
    shell = Shell(frozen / "bancada", tmp_path)
    _ok(shell.run("run", "quick", "--requests", "5", "--implementations", "go-rest"), "run quick")
    (run_file,) = (shell.home / ".local" / "share" / "bancada" / "runs").glob("*.sqlite")
    library_file = frozen / "_internal" / "adbc_driver_sqlite" / "_static_version.py"
    assert library_file.is_file(), "the bundle lacks the ADBC driver's version file its package opens by path"
    aside = library_file.with_name("moved-aside")
    library_file.rename(aside)
    try:
        analyzed = shell.run("analyze", str(run_file))
        exported = shell.run("export", str(run_file), "--csv", str(shell.cwd / "x.csv"))
    finally:
        aside.rename(library_file)
    for proc, blamed in ((analyzed, "no such file"), (exported, "cannot write")):
        said = " ".join((proc.stdout + proc.stderr).split())  # rich wraps long lines
        assert proc.returncode != 0 and "installation is broken" in said, said
        assert "_static_version.py" in said and blamed not in said, said


def _xwininfo(display: str, *args: str) -> str:
    return subprocess.run(["xwininfo", "-display", display, *args], capture_output=True, text=True, timeout=30).stdout


def _window_mapped(display: str, title: str) -> bool:
    """Whether a top-level window whose name holds ``title`` is mapped (viewable) on ``display``."""
    ids = [line.split()[0] for line in _xwininfo(display, "-root", "-tree").splitlines() if f"{title}" in line]
    return any("Map State: IsViewable" in _xwininfo(display, "-id", wid) for wid in ids if wid.startswith("0x"))


@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xwininfo")), reason="needs Xvfb and xwininfo")
def test_the_bundle_opens_its_window_under_xvfb(frozen, tmp_path):
    shell = Shell(frozen / "bancada", tmp_path)
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as f:
            display = ":" + f.readline().strip()
        log = tmp_path / "gui.log"
        started = time.monotonic()
        with log.open("w") as out:
            gui = subprocess.Popen(
                [*shell.env(DISPLAY=display), str(shell.bancada), "gui"],
                cwd=shell.cwd,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            deadline = started + 180
            while not _window_mapped(display, "Bancada") and time.monotonic() < deadline and gui.poll() is None:
                time.sleep(0.5)
            shown_s = time.monotonic() - started
            assert gui.poll() is None, f"bancada gui exited {gui.returncode}:\n{log.read_text()[-4000:]}"
            assert _window_mapped(display, "Bancada"), f"no Bancada window after 180 s:\n{log.read_text()[-4000:]}"
            time.sleep(3)  # a few seconds of the window running: the profile loads, the timers fire
            assert gui.poll() is None, f"bancada gui exited {gui.returncode}:\n{log.read_text()[-4000:]}"
            print(f"bundle: window mapped {shown_s:.1f} s after launch", file=sys.stderr)
        finally:
            if gui.poll() is None:
                gui.send_signal(signal.SIGTERM)
                try:
                    gui.wait(30)
                except subprocess.TimeoutExpired:
                    gui.kill()
                    gui.wait()
        said = log.read_text()
        assert "Traceback" not in said, said[-4000:]
    finally:
        xvfb.terminate()
        xvfb.wait(30)
