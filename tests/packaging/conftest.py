"""Fixtures of the packaging tests: the real packages, built by packaging/build.sh, installed for real.

Every test here is marked ``packaging`` (by its folder: tests/conftest.py); the slow ones (the
PyInstaller bundle, the .deb) are also marked ``packaging_full``. CI runs the reduced set:

    .venv/bin/python -m pytest -m "packaging and not packaging_full" tests/packaging

and the whole packaging suite is ``packaging/test.sh`` (see packaging/README.md).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def uv_path() -> str | None:
    found = shutil.which("uv")
    if found:
        return found
    local = ROOT / ".tools" / "bin" / "uv"
    return str(local) if local.exists() else None


def workers_missing() -> str | None:
    """Why the packages cannot be built here (artifacts not built), or None."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import stage_bundle
    finally:
        sys.path.pop(0)
    _present, missing = stage_bundle.bundle_files(ROOT)
    if missing:
        return "the workers are not built (" + ", ".join(map(str, missing)) + "): run make -C workers"
    return None


def clean_env(tmp: Path, **extra: str) -> dict[str, str]:
    """An environment with no trace of the clone or its venv: data and config in ``tmp``."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("BANCADA_HOME", "PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME") and not k.startswith("UV_")
    }
    env.update(
        BANCADA_DATA_DIR=str(tmp / "data"),
        BANCADA_CONFIG_DIR=str(tmp / "config"),
        COLUMNS="200",
        PATH=os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if not p.startswith(str(ROOT))),
    )
    env.update(extra)
    return env


@pytest.fixture(scope="session")
def uv() -> str:
    found = uv_path()
    if not found:
        pytest.skip("uv is not installed (scripts/setup.sh puts it in .tools/bin)")
    return found


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory, uv) -> dict[str, Path]:
    """``{"wheel": Path, "sdist": Path}`` built by ``packaging/build.sh wheel`` into a temporary folder."""
    reason = workers_missing()
    if reason:
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("dist")
    env = dict(os.environ, BANCADA_BUILD_DIR=str(tmp_path_factory.mktemp("build")))
    proc = subprocess.run(
        [str(ROOT / "packaging" / "build.sh"), "wheel", "--out", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, f"packaging/build.sh failed:\n{proc.stdout}\n{proc.stderr}"
    wheels = sorted(out.glob(f"bancada-{VERSION}-*.whl"))
    assert len(wheels) == 1, f"expected one wheel in {out}: {sorted(p.name for p in out.iterdir())}"
    sdist = out / f"bancada-{VERSION}.tar.gz"
    assert sdist.is_file()
    return {"wheel": wheels[0], "sdist": sdist}
