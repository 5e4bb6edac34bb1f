"""Every benchmark script runs at its smoke size, so an API change that breaks one fails.

The scripts print figures and ratios against peer tools; here only their
``--smoke`` mode runs (seconds each): it checks that the tables are filled and
well-formed, not that the performance targets are met (CI's machine is shared).
CI runs the soak's smoke and a seeded sample of the others (:data:`CI_SAMPLE` of them, another
draw each commit: ``ci_sample`` in tests/conftest.py); ``BANCADA_FULL=1`` runs every one.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py") if not p.name.startswith(("test_", "_")))
#: Always in CI: the soak's smoke (issue 43 asks for its CI variant).
ALWAYS = ["soak.py"]
#: How many of the other scripts' smokes CI runs.
CI_SAMPLE = 5

pytestmark = pytest.mark.bench_smoke


def test_every_bench_script_has_a_smoke_mode():
    missing = [s for s in SCRIPTS if "--smoke" not in (BENCH / s).read_text()]
    assert not missing, f"bench scripts without --smoke: {missing}"


@pytest.mark.parametrize("script", ALWAYS)
def test_bench_script_smoke_in_every_run(script, tmp_path):
    smoke(script, tmp_path)


@pytest.mark.ci_sample(CI_SAMPLE)
@pytest.mark.parametrize("script", [s for s in SCRIPTS if s not in ALWAYS])
def test_bench_script_smoke(script, tmp_path):
    smoke(script, tmp_path)


def smoke(script: str, tmp_path) -> None:
    """Run ``script --smoke``: exit 0, "smoke: ok" printed, no traceback."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
        BANCADA_DATA_DIR=str(tmp_path / "data"),
        BANCADA_CONFIG_DIR=str(tmp_path / "config"),
    )
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=tmp_path,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    assert "smoke: ok" in proc.stdout, out[-3000:]
    assert "Traceback" not in out, out[-3000:]
