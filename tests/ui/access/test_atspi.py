"""Issue 45, as Orca hears it: over AT-SPI (Debian's at-spi2-core and python3-pyatspi), under
Xvfb with openbox, the window, the guide, the own-service form, Hosts and Compare have no
interactive node without a name, and the end of a run is announced in Portuguese."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui import xdisplay
from tests.ui.access import atspi_session
from tests.conftest import ROOT, artifact_missing

pytestmark = pytest.mark.ui


def missing() -> list[str]:
    """What the test needs and this machine lacks (apt-get install xvfb openbox at-spi2-core python3-pyatspi)."""
    out = list(xdisplay.missing())
    out += [t for t in ("dbus-run-session",) if shutil.which(t) is None]
    out += [p for p in (atspi_session.BUS_LAUNCHER,) if not Path(p).exists()]
    probe = subprocess.run([atspi_session.SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, check=False)
    return out + (["python3-pyatspi"] if probe.returncode else [])


def test_orca_hears_names_and_the_end_of_a_run(tmp_path: Path) -> None:
    lacking = missing() + [i for i in ("go-grpc", "go-rest") if artifact_missing(i)]
    if lacking:
        pytest.fail(f"needs {', '.join(lacking)} (apt-get install xvfb openbox at-spi2-core python3-pyatspi)")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "app"), str(ROOT)])}
    env["BANCADA_CONFIG_DIR"] = str(tmp_path / "config")  # the user's settings and runs are left alone
    env["BANCADA_DATA_DIR"] = str(tmp_path / "data")
    done = subprocess.run(
        ["dbus-run-session", "--", sys.executable, "-m", "tests.ui.access.atspi_session", str(tmp_path)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=400,
        check=False,
    )
    heard = json.loads(done.stdout.strip().splitlines()[-1])
    assert heard.get("found"), (done.stdout, done.stderr[-2000:])
    assert heard["nodes"] > 100, heard["nodes"]
    assert heard["unnamed"] == []
    finished = (tmp_path / "finished").read_text(encoding="utf-8")
    assert finished and finished in heard["announcements"], (finished, heard["announcements"][-5:])
