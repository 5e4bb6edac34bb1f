"""The window starts without the statistics stack: neither pandas, scipy, statsmodels nor pyarrow is
imported until a run's tables are computed (together they cost about 2 s of a cold start on a 2-core
machine, which took the window's first paint from 1.1 s to 3.9 s in ``tests/bench/startup.py``).

The window is made and shown in a fresh interpreter on Qt's offscreen platform, as ``bancada gui``
makes it; the modules loaded at that point are read from ``sys.modules``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

PROBE = """
import json, sys
from PySide6.QtWidgets import QApplication
from bancada.ui.app import make_window
app = QApplication([])
window = make_window(sys.argv[1])
window.show()
app.processEvents()
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})), file=sys.stderr)
window.close()
"""


def test_the_window_starts_without_pandas_scipy_statsmodels_or_pyarrow(tmp_path):
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        BANCADA_DATA_DIR=str(tmp_path / "data"),
        BANCADA_CONFIG_DIR=str(tmp_path / "config"),
    )
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, str(ROOT / "profiles" / "quick.toml")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )
    lines = [line for line in proc.stderr.splitlines() if line.startswith("[")]
    assert lines, proc.stderr[-2000:]
    heavy = set(json.loads(lines[-1])) & {"pandas", "scipy", "statsmodels", "pyarrow"}
    assert not heavy, f"the window imports {sorted(heavy)} before any run"
