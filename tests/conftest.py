"""Shared fixtures: the repository root, an isolated data dir, built workers."""

from __future__ import annotations

import faulthandler
import os
import random
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path_factory, monkeypatch):
    """Every test gets its own run store and config dir; nothing touches the user's."""
    base = tmp_path_factory.mktemp("bancada-home")
    monkeypatch.setenv("BANCADA_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("BANCADA_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("BANCADA_HOME", str(ROOT))
    yield


#: ``BANCADA_TEST_TRAIL`` (a folder; scripts/test.sh sets it): the test running now is written to
#: ``current`` and a crash of the interpreter's stacks to ``faults.log``, for the script to show last.
_TRAIL = os.environ.get("BANCADA_TEST_TRAIL")


def pytest_configure(config):
    if _TRAIL:
        config._bancada_faults = open(Path(_TRAIL) / "faults.log", "w")  # noqa: SIM115 - open for the session
        faulthandler.enable(file=config._bancada_faults, all_threads=True)


def pytest_runtest_logstart(nodeid, location):
    if _TRAIL:
        (Path(_TRAIL) / "current").write_text(nodeid + "\n")


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def artifact_missing(impl_id: str) -> str | None:
    """Why ``impl_id`` cannot run here, or None."""
    os.environ.setdefault("BANCADA_HOME", str(ROOT))
    from bancada.experiment import manifest
    from bancada.hosts.local import LocalHost

    impls = manifest.discover(ROOT)
    if impl_id not in impls:
        return f"no manifest for {impl_id}"
    ok, reason = LocalHost(ROOT).can_run(impls[impl_id])
    return None if ok else reason


#: Markers of the slow suites CI leaves out (each also has a reduced, seeded set that CI runs):
#: ``BANCADA_FULL=1`` (or ``packaging/test.sh --full`` for the packages) runs them too.
# profiling_full: its own skipif (BANCADA_PROFILING_FULL=1 too)
FULL_MARKERS = ("locust_full", "lab_full", "faults_full", "slow_full")


#: The marker each folder of tests/ gives its tests, so that a reduced set is selected by path or by
#: marker alike (``-m "unit or ui"``, ``-m "not integration"``): the kinds of test, not the rooms.
FOLDER_MARKERS = {
    "unit": "unit",
    "ui": "ui",
    "integration": "integration",
    "ssh": "ssh",
    "faults": "faults",
    "packaging": "packaging",
    "bench": "bench",
}
TESTS = Path(__file__).resolve().parent


def folder_marker(path: Path) -> str | None:
    """The marker of the folder of tests/ that holds ``path`` (None outside those folders)."""
    try:
        first = Path(path).resolve().relative_to(TESTS).parts[0]
    except (ValueError, IndexError):
        return None
    return FOLDER_MARKERS.get(first)


@pytest.hookimpl(tryfirst=True)  # before -m deselects: the folder's marker counts in the selection
def pytest_collection_modifyitems(config, items):
    for item in items:
        marker = folder_marker(item.path)
        if marker is not None:
            item.add_marker(getattr(pytest.mark, marker))
    if os.environ.get("BANCADA_FULL") == "1":
        return
    skip = pytest.mark.skip(reason="a slow suite: run it with BANCADA_FULL=1 (README, 'Tests')")
    for item in items:
        if any(item.get_closest_marker(m) for m in FULL_MARKERS):
            item.add_marker(skip)
    _sample_cases(items, sample_seed())


#: ``@pytest.mark.ci_sample(k)`` on a parametrized test: CI runs ``k`` of its cases, drawn with the
#: seed :func:`sample_seed` gives (another draw for each commit, so that every case is run over a few
#: commits, and the same draw again for a commit); ``BANCADA_FULL=1`` runs every case. For the long
#: matrices whose cases share their code (a benchmark script's smoke, one check on every server).
def sample_seed() -> int:
    """``BANCADA_TEST_SEED`` if set, else the first 8 hex digits of the checkout's commit, else 0."""
    given = os.environ.get("BANCADA_TEST_SEED")
    if given:
        return int(given)
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10, check=True
        ).stdout.strip()
        return int(head[:8], 16)
    except (OSError, subprocess.SubprocessError, ValueError):
        return 0


def _sample_cases(items, seed: int) -> None:
    groups: dict[tuple[str, str], list] = {}
    for item in items:
        marker = item.get_closest_marker("ci_sample")
        if marker is not None and hasattr(item, "callspec"):
            groups.setdefault((str(item.path), item.originalname), []).append(item)
    for (path, name), cases in sorted(groups.items()):
        keep = min(int(cases[0].get_closest_marker("ci_sample").args[0]), len(cases))
        chosen = set(random.Random(f"{seed}:{Path(path).name}:{name}").sample(range(len(cases)), keep))
        reason = f"not in this run's seeded sample (BANCADA_TEST_SEED={seed}); BANCADA_FULL=1 runs every case"
        for i, item in enumerate(cases):
            if i not in chosen:
                item.add_marker(pytest.mark.skip(reason=reason))


def pytest_report_header(config):
    if os.environ.get("BANCADA_FULL") == "1":
        return "bancada: every case (BANCADA_FULL=1)"
    return (
        f"bancada: the slow suites left out; a seeded sample of the long matrices (BANCADA_TEST_SEED={sample_seed()})"
    )
