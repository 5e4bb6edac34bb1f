"""The quick commands import nothing heavy: ``bancada --version`` neither pandas, scipy, pyarrow nor
PySide6, ``bancada workers`` neither pandas, scipy nor pyarrow (each costs seconds on a busy machine).

Each command runs in a fresh interpreter, through :func:`bancada.cli.main.main` as the installed script
calls it; the modules loaded at its end are read from ``sys.modules``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

PROBE = """
import json, sys
from bancada.cli.main import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted({m.split(".")[0] for m in sys.modules})}), file=sys.stderr)
"""


def loaded_by(*args: str, tmp_path) -> set[str]:
    env = dict(os.environ, BANCADA_DATA_DIR=str(tmp_path / "data"), BANCADA_CONFIG_DIR=str(tmp_path / "config"))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120, env=env, cwd=ROOT
    )
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, None), proc.stderr[-2000:]
    return set(report["modules"])


def test_version_imports_no_pandas_scipy_pyarrow_or_qt(tmp_path):
    heavy = loaded_by("--version", tmp_path=tmp_path) & {"pandas", "scipy", "pyarrow", "PySide6"}
    assert not heavy, f"bancada --version imports {sorted(heavy)}"


def test_workers_imports_no_pandas_scipy_or_pyarrow(tmp_path):
    heavy = loaded_by("workers", tmp_path=tmp_path) & {"pandas", "scipy", "pyarrow"}
    assert not heavy, f"bancada workers imports {sorted(heavy)}"


def test_workers_prints_the_external_table_name(tmp_path):
    """``[[external]]`` is TOML, not Rich markup: it is printed as written."""
    env = dict(os.environ, BANCADA_DATA_DIR=str(tmp_path / "data"), BANCADA_CONFIG_DIR=str(tmp_path / "config"))
    proc = subprocess.run(
        [sys.executable, "-m", "bancada.cli", "workers"], capture_output=True, text=True, timeout=120, env=env
    )
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())  # Rich wraps at the terminal's width
    assert "declared per profile ([[external]], see profiles/my-service.toml)" in text, proc.stdout[-1000:]
