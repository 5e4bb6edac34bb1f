"""A real X display with a real window manager: Xvfb at a given size plus openbox (Debian packages).

The window's geometry tests (``test_window_on_real_screens.py``) and ``scripts/screenshots.py`` run
the window here, where a title bar and borders take their pixels as on a lab machine (Qt's
offscreen platform has no frames). :func:`missing` names what is not installed.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

TOOLS = ("Xvfb", "openbox")


def missing() -> list[str]:
    """The programs of :data:`TOOLS` not on the PATH (``apt-get install xvfb openbox``)."""
    return [t for t in TOOLS if shutil.which(t) is None]


def _read_display(fd: int, proc: subprocess.Popen, timeout_s: float) -> str:
    """The display number Xvfb writes to ``-displayfd`` once it accepts connections."""
    end = time.monotonic() + timeout_s
    data = b""
    os.set_blocking(fd, False)
    while not data.endswith(b"\n"):
        if proc.poll() is not None:
            raise RuntimeError(f"Xvfb exited with status {proc.returncode} before it was ready")
        if time.monotonic() > end:
            raise RuntimeError(f"Xvfb was not ready within {timeout_s:.0f} s")
        try:
            chunk = os.read(fd, 16)
        except BlockingIOError:
            time.sleep(0.02)
            continue
        if not chunk:
            raise RuntimeError("Xvfb closed its display pipe before it was ready")
        data += chunk
    return f":{int(data)}"


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def openbox_display(width: int, height: int, timeout_s: float = 20.0) -> Iterator[str]:
    """Start ``Xvfb`` with one ``width``×``height`` screen and ``openbox`` managing it; yield the
    ``DISPLAY`` value; stop both (the processes this started, by their ids) on exit.

    Raises:
        RuntimeError: Xvfb or openbox did not start within ``timeout_s``.
    """
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    wm: subprocess.Popen | None = None
    with tempfile.TemporaryDirectory(prefix="bancada-openbox-") as tmp:
        try:
            display = _read_display(read_fd, xvfb, timeout_s)
            ready = Path(tmp) / "ready"
            # its own HOME: no user configuration or autostart; --startup runs once openbox manages the screen
            env = {**os.environ, "DISPLAY": display, "HOME": tmp, "XDG_CONFIG_HOME": tmp}
            wm = subprocess.Popen(
                ["openbox", "--sm-disable", "--startup", f"touch {ready}"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            end = time.monotonic() + timeout_s
            while not ready.exists():
                if wm.poll() is not None:
                    raise RuntimeError(f"openbox exited with status {wm.returncode} before it was ready")
                if time.monotonic() > end:
                    raise RuntimeError(f"openbox was not ready within {timeout_s:.0f} s")
                time.sleep(0.02)
            yield display
        finally:
            os.close(read_fd)
            if wm is not None:
                _stop(wm)
            _stop(xvfb)
