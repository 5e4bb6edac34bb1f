"""Which of a worker manifest's ``debian_packages`` this computer or an SSH host lacks (``dpkg-query``).

On a host without dpkg (not Debian or a derivative) nothing can be said: every package is
taken as present and the worker's own start (or its setup on an SSH host) names what is missing.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence


#: dpkg-query's output format: one ``<package> <status>`` line per package it knows.
DPKG_FORMAT = "${Package} ${db:Status-Status}\\n"


def installed_in(dpkg_output: str) -> set[str]:
    """The packages that ``dpkg-query -W -f=DPKG_FORMAT`` lists as installed."""
    return {line.split()[0] for line in dpkg_output.splitlines() if line.endswith(" installed")}


def missing_debian_packages(names: Sequence[str]) -> list[str]:
    """The names among ``names`` that dpkg does not list as installed, in their order."""
    if not names or shutil.which("dpkg-query") is None:
        return []
    out = subprocess.run(
        ["dpkg-query", "-W", f"-f={DPKG_FORMAT}", *names],
        capture_output=True,
        text=True,
        timeout=20,
    ).stdout
    installed = installed_in(out)
    return [name for name in names if name not in installed]


def missing_packages_reason(names: Sequence[str]) -> str:
    """One sentence naming the missing packages and the command installing them; '' when none."""
    missing = missing_debian_packages(names)
    if not missing:
        return ""
    listed = " ".join(missing)
    return f"needs the Debian package(s) {listed} (run: apt-get install {listed}, or scripts/setup.sh)"
