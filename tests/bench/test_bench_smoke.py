"""Every benchmark script runs at its smoke size, so an API change that breaks one fails CI.

The scripts print figures and ratios against peer tools; here only their
``--smoke`` mode runs (seconds each): it checks that the tables are filled and
well-formed, not that the performance targets are met (CI's machine is shared).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py") if not p.name.startswith(("test_", "_")))

pytestmark = pytest.mark.bench_smoke


def test_every_bench_script_has_a_smoke_mode():
    missing = [s for s in SCRIPTS if "--smoke" not in (BENCH / s).read_text()]
    assert not missing, f"bench scripts without --smoke: {missing}"


@pytest.mark.parametrize("script", SCRIPTS)
def test_bench_script_smoke(script, tmp_path):
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
