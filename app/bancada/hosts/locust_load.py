"""Locust workers on an SSH load host: Locust deployed into a venv there (from PyPI, pinned by the hashes
of workers/locust/requirements.lock, as the Python worker's remote-setup.sh does), then N Locust workers
started per block, connecting back to the master on this computer.

Bad input in Bancada's words: a host without Python 3.10 or its venv/pip modules, pip failing there.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from bancada.core.i18n import translate
from bancada.hosts.host_error import HostError
from bancada.hosts.ssh_exec import active_transport, q, run_script

if TYPE_CHECKING:
    import paramiko

_PREPARE = r"""set -e
mkdir -p "$D" && cd "$D"
command -v python3 >/dev/null 2>&1 || { echo "bancada:no-python"; exit 3; }
python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || { echo "bancada:old-python $(python3 --version 2>&1)"; exit 4; }
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || { echo "bancada:no-pip"; exit 5; }
cat > requirements.lock
if [ "$(cat .lock-sha256 2>/dev/null)" != "$SHA" ] || [ ! -x .venv/bin/python ]; then
  rm -rf .venv .lock-sha256
  python3 -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check --require-hashes --no-deps \
    -r requirements.lock >pip.log 2>&1 || { echo "bancada:pip-failed"; tail -5 pip.log; exit 6; }
  echo "$SHA" > .lock-sha256
fi
.venv/bin/python -m locust --version
"""

_START = r"""cd "$D" && cat > locustfile.py
i=0
while [ "$i" -lt "$N" ]; do
  BANCADA_LOAD_HOST="$HOSTNAME_" nohup .venv/bin/python -m locust -f locustfile.py --worker \
    --master-host "$MH" --master-port "$MP" >"worker$i.log" 2>&1 </dev/null &
  echo "$!"
  i=$((i + 1))
done
"""


class LocustLoadHost:
    """One SSH load host: ``name`` (for messages), its connected ``client`` and remote ``workdir``."""

    def __init__(self, name: str, client: paramiko.SSHClient, workdir: str) -> None:
        self.name = name
        self.client = client
        self.folder = f"{workdir.rstrip('/')}/locust"
        self.pids: list[int] = []
        self.version = ""

    def this_computer_address(self) -> str:
        """This computer's address as the load host reaches it (the SSH connection's local end)."""
        sock = active_transport(self.client, self.name).sock
        return str(sock.getsockname()[0])  # type: ignore[union-attr]  # paramiko types sock as a socket or a channel

    def prepare(self, lock: Path, timeout_s: float = 900.0) -> str:
        """Make the venv from ``lock`` (once per lock: its SHA-256 is kept beside it); what
        ``locust --version`` printed there (the caller checks it).

        Raises:
            HostError: no Python 3.10+, no venv/pip module, or pip failed (one line each).
        """
        data = lock.read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        script = f"D={q(self.folder)} SHA={sha}\n{_PREPARE}"
        code, out, err = run_script(self.client, script, timeout_s, self.name, stdin=data)
        if code == 3:
            raise HostError(
                translate("Locust", "load host {name} has no python3: Locust needs Python 3.10 or newer there").format(
                    name=self.name
                )
            )
        if code == 4:
            raise HostError(
                translate("Locust", "load host {name} has {found}: Locust needs Python 3.10 or newer").format(
                    name=self.name, found=out.split(" ", 1)[-1].strip()
                )
            )
        if code == 5:
            raise HostError(
                translate(
                    "Locust",
                    "load host {name} cannot make a Python environment: it lacks pip/venv "
                    "(Debian, Ubuntu: apt install python3-venv)",
                ).format(name=self.name)
            )
        if code != 0:
            raise HostError(
                translate("Locust", "Locust could not be installed on load host {name}: {detail}").format(
                    name=self.name, detail=(out + err).strip()[-400:]
                )
            )
        self.version = out.strip()
        return self.version

    def start_workers(self, count: int, locustfile: str, master_host: str, master_port: int) -> list[int]:
        """Write ``locustfile`` there and start ``count`` Locust workers for ``master_host:master_port``; their pids.

        Raises:
            HostError: the workers did not start.
        """
        script = f"D={q(self.folder)} N={count} MH={q(master_host)} MP={master_port} HOSTNAME_={q(self.name)}\n{_START}"
        code, out, err = run_script(self.client, script, 30.0, self.name, stdin=locustfile.encode())
        pids = [int(p) for p in out.split() if p.isdigit()]
        if code != 0 or len(pids) != count:
            raise HostError(
                translate("Locust", "Locust workers did not start on load host {name}: {detail}").format(
                    name=self.name, detail=err.strip()[-300:]
                )
            )
        self.pids += pids
        return pids

    def stop_workers(self) -> None:
        """End the workers started here (SIGTERM, then SIGKILL); those already gone are skipped."""
        if not self.pids:
            return
        pids = " ".join(map(str, self.pids))
        script = f"kill {pids} 2>/dev/null; sleep 1; kill -9 {pids} 2>/dev/null; true"
        try:
            run_script(self.client, script, 15.0, self.name)
        finally:
            self.pids.clear()
