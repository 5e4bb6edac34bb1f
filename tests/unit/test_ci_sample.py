"""The reduced set CI runs (tests/conftest.py): ``ci_sample(k)`` keeps k cases of a parametrized test,
the same k for one seed and another draw for another, every case with ``BANCADA_FULL=1``;
``slow_full`` is left out unless ``BANCADA_FULL=1``. Each run is a real pytest session on a small
test file that uses this suite's hooks."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

CASES = 12
TEST_FILE = f"""
import pytest

@pytest.mark.ci_sample(3)
@pytest.mark.parametrize("case", range({CASES}))
def test_matrix(case):
    print("RAN", case)

@pytest.mark.slow_full
def test_long_variant():
    pass

def test_plain():
    pass
"""
CONFTEST = "from tests.conftest import pytest_collection_modifyitems, pytest_report_header  # noqa: F401\n"


def run(tmp_path, **env: str) -> tuple[set[int], str]:
    (tmp_path / "test_sampled.py").write_text(TEST_FILE)
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nmarkers =\n  ci_sample(k): sampled\n  slow_full: long\n  unit: unit\n"
    )
    full_env = {k: v for k, v in os.environ.items() if k not in ("BANCADA_FULL", "BANCADA_TEST_SEED")}
    full_env.update(env, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-rs", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=full_env,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return {int(n) for n in re.findall(r"RAN (\d+)", done.stdout)}, done.stdout


@pytest.fixture
def folder(tmp_path_factory):
    return lambda: tmp_path_factory.mktemp("sampled")


def test_one_seed_runs_the_same_k_cases_and_another_seed_draws_again(folder):
    first, out = run(folder(), BANCADA_TEST_SEED="7")
    again, _ = run(folder(), BANCADA_TEST_SEED="7")
    assert len(first) == 3 and first == again
    assert "BANCADA_TEST_SEED=7" in out  # the skip reason (and the header) name the seed to repeat the draw
    draws = {frozenset(run(folder(), BANCADA_TEST_SEED=str(seed))[0]) for seed in (1, 2, 3, 4)}
    assert len(draws) > 1 and all(len(d) == 3 for d in draws)
    assert "1 skipped" not in out and "10 skipped" in out  # 9 cases left out and the slow_full variant


def test_full_runs_every_case_and_the_long_variant(folder):
    ran, out = run(folder(), BANCADA_FULL="1", BANCADA_TEST_SEED="7")
    assert ran == set(range(CASES))
    assert f"{CASES + 2} passed" in out and "skipped" not in out
