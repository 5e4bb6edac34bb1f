"""A worker that runs from its folder (``deploy = "bundle"``: Python, Node.js) on this computer,
when its folder has no environment: always so in an installed Bancada, whose ``_bundle/`` holds
the worker's sources and lock file but is read-only.

The worker is prepared once, by the mechanism an SSH host uses (:mod:`bancada.hosts.bundle`):
its bundle packed reproducibly, unpacked into
``<data folder>/workers/<name>/<sha256 of the archive>/`` (``~/.local/share/bancada/...``, see
:func:`bancada.core.paths.data_dir`), and the manifest's ``setup`` run in the worker's folder there
(``remote-setup.sh``: a virtual environment from ``requirements.lock`` with ``pip
--require-hashes``, or ``npm ci`` from ``package-lock.json``; the packages come from PyPI or the
npm registry), its output in ``setup.log`` and ``.ready`` left when it worked. Other sources give
another SHA-256, so an upgraded Bancada prepares its own copy; the old ones stay until removed.
A lock file serialises two Bancada processes preparing the same copy.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import fcntl
import subprocess
from dataclasses import dataclass
from pathlib import Path

from bancada.core import paths
from bancada.experiment.manifest import WorkerManifest
from bancada.hosts.bundle import SETUP_TIMEOUT_S, pack, setup_failure, setup_script
from bancada.hosts.host_error import HostError


@dataclass(frozen=True)
class PreparedFolder:
    """Where a bundle worker's copy lives on this computer.

    ``target`` is ``<data folder>/workers/<name>/<sha256>``; ``folder`` the worker's folder inside it
    (``target/workers/<name>``), whose artifact the manifest names.
    """

    target: Path
    folder: Path

    @property
    def ready(self) -> bool:
        """Whether its setup finished (``.ready`` exists)."""
        return (self.target / ".ready").is_file()


def prepared_folder(worker: WorkerManifest) -> PreparedFolder:
    """The copy of ``worker`` for its current sources (made or not).

    Raises:
        HostError: a bundle path is missing from the worker's sources.
    """
    _, digest = pack(worker)
    target = paths.data_dir() / "workers" / worker.name / digest
    return PreparedFolder(target, target / worker.folder.relative_to(worker.root))


def prepare(worker: WorkerManifest) -> tuple[PreparedFolder, bool]:
    """Make ``worker``'s copy with its environment, once; return ``(the copy, made now?)``.

    Takes from seconds (ready) to minutes (downloading the packages; at most
    :data:`bancada.hosts.bundle.SETUP_TIMEOUT_S`).

    Raises:
        HostError: a bundle path is missing, the data folder cannot be written, the setup failed
            (with the last lines of its ``setup.log``) or took longer than the limit.
    """
    data, digest = pack(worker)
    base = paths.data_dir() / "workers" / worker.name
    where = PreparedFolder(base / digest, base / digest / worker.folder.relative_to(worker.root))
    if where.ready:
        return where, False
    try:
        base.mkdir(parents=True, exist_ok=True)
        with open(base / f"{digest}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another Bancada may be making it: wait, then reuse it
            tar = base / f"{digest}.tar.gz"
            tar.write_bytes(data)
            try:
                proc = subprocess.run(
                    ["sh", "-c", setup_script(worker, str(where.target), str(tar))],
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    text=True,
                    timeout=SETUP_TIMEOUT_S,
                )
            finally:
                tar.unlink(missing_ok=True)
    except OSError as exc:
        raise HostError(
            translate("Hosts", "worker {name}: cannot prepare it in {base}: {v}").format(
                name=worker.name, base=base, v=exc.strerror or exc
            )
        ) from None
    except subprocess.TimeoutExpired:
        raise HostError(
            translate(
                "Hosts", "worker {name}: its setup ({setup}) took longer than {SETUP_TIMEOUT_S:g} s; see {v}"
            ).format(
                name=worker.name, setup=worker.setup, SETUP_TIMEOUT_S=SETUP_TIMEOUT_S, v=where.target / "setup.log"
            )
        ) from None
    if proc.returncode != 0:
        raise HostError(setup_failure(worker, proc.returncode, str(where.target), str(tar), proc.stderr))
    return where, "MADE" in proc.stdout
