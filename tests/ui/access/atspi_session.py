"""A desktop session with the accessibility bus, for ``test_atspi.py``: run under ``dbus-run-session``.

    dbus-run-session -- python -m tests.ui.access.atspi_session FOLDER

Starts Xvfb with openbox (``tests/ui/xdisplay.py``) and the AT-SPI bus, then the window
(``atspi_app.py``, with Qt's AT-SPI bridge on) and the reader (``atspi_reader.py``, Debian's
python3); prints the reader's JSON line and stops what it started, by process id.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.ui import xdisplay

ROOT = Path(__file__).resolve().parents[3]
BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
SYSTEM_PYTHON = "/usr/bin/python3"


def main(folder: Path) -> int:
    with xdisplay.openbox_display(1366, 768) as display:
        env = {**os.environ, "DISPLAY": display}
        bus = subprocess.Popen([BUS_LAUNCHER, "--launch-immediately"], env=env, stderr=subprocess.DEVNULL)
        app_env = {**env, "QT_QPA_PLATFORM": "xcb", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1"}
        app_env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "app"), str(ROOT), app_env.get("PYTHONPATH", "")])
        app = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.access.atspi_app", str(folder)],
            env=app_env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=open(folder / "app.log", "w"),  # noqa: SIM115 - closed with the process
        )
        try:
            reader = subprocess.run(
                [SYSTEM_PYTHON, str(Path(__file__).with_name("atspi_reader.py")), str(folder)],
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            print(reader.stdout.strip().splitlines()[-1] if reader.stdout.strip() else "{}")
            sys.stderr.write(reader.stderr)
        finally:
            for proc in (app, bus):
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
