"""Deploying a worker that runs from its folder (``deploy = "bundle"``: Python, Node.js) to an
SSH host: its sources as one archive, by content hash, and its environment made there.

The archive holds the manifest's ``bundle`` paths (from the repository root, so the worker
finds ``proto/`` where it does here), packed reproducibly (sorted, no times, no owners; no
``__pycache__``, ``.venv`` or ``node_modules``): the same sources give the same SHA-256. It
is uploaded like any artifact (:func:`bancada.hosts.deploy.deploy`), unpacked into
``<workdir>/bundles/<sha256>/``, and the manifest's ``setup`` runs in the worker's folder
there (a virtual environment from ``requirements.lock``; ``npm ci`` from
``package-lock.json``), its output in ``setup.log``. A ``.ready`` file marks a finished
setup: the next run on that host reuses it; a folder without it is made again.

The same archive and script prepare such a worker on this computer when its folder has no
environment (an installed Bancada): :mod:`bancada.hosts.local_bundle`.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import gzip
import hashlib
import io
import posixpath
import tarfile
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from bancada.experiment.manifest import WorkerManifest
from bancada.hosts.host_error import HostError
from bancada.hosts.ssh_exec import q, run_script

if TYPE_CHECKING:
    import paramiko

SKIPPED = ("__pycache__", ".venv", "node_modules", ".pytest_cache")
SETUP_TIMEOUT_S = 900.0  # downloading and installing the locked packages on a slow link

UNPACK = r"""
D=@D@
if [ -f "$D/.ready" ]; then echo REUSED; exit 0; fi
rm -rf "$D" && mkdir -p "$D" || exit 90
tar -xzf @TAR@ -C "$D" || exit 91
cd "$D/@FOLDER@" || exit 92
if [ -n @VENDOR@ ]; then mkdir -p vendor && tar -xzf @VENDOR@ -C vendor || exit 94; fi
if ! ( @SETUP@ ) > "$D/setup.log" 2>&1; then tail -n 15 "$D/setup.log" >&2; exit 93; fi
touch "$D/.ready" && echo MADE
"""


def _members(worker: WorkerManifest) -> list[Path]:
    """Every file of the bundle paths, sorted (relative to the repository root).

    Raises:
        HostError: a bundle path does not exist here.
    """
    root = worker.root
    files: list[Path] = []
    for entry in worker.bundle:
        path = root / entry
        if not path.exists():
            raise HostError(
                translate("Hosts", "worker {name}: bundle path {entry} is missing under {root}").format(
                    name=worker.name, entry=entry, root=root
                )
            )
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        files += [p.relative_to(root) for p in candidates if not set(p.relative_to(root).parts) & set(SKIPPED)]
    return sorted(set(files))


def pack(worker: WorkerManifest) -> tuple[bytes, str]:
    """The worker's bundle as a reproducible .tar.gz and its SHA-256 (hex).

    Raises:
        HostError: a bundle path is missing.
    """
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for rel in _members(worker):
            path = worker.root / rel
            info = tarfile.TarInfo(rel.as_posix())
            info.size = path.stat().st_size
            info.mode = 0o755 if path.stat().st_mode & 0o111 else 0o644
            info.mtime = 0
            with open(path, "rb") as f:
                tar.addfile(info, f)
    data = gzip.compress(raw.getvalue(), mtime=0)
    return data, hashlib.sha256(data).hexdigest()


def setup_script(worker: WorkerManifest, target: str, tar: str, vendor: str = "") -> str:
    """The POSIX shell script unpacking ``tar`` into ``target`` (and ``vendor``, what the setup installs
    without an index, into the worker's ``vendor/``: :mod:`bancada.hosts.vendor`) and running the
    worker's setup there (nothing when ``target/.ready`` exists). It prints ``REUSED`` or ``MADE``;
    exits 90-94 on a failure (:func:`setup_failure` names it). Run over SSH by :func:`deploy_bundle`,
    and on this computer by :func:`bancada.hosts.local_bundle.prepare`."""
    return (
        UNPACK.replace("@D@", q(target))
        .replace("@TAR@", q(tar))
        .replace("@VENDOR@", q(vendor))
        .replace("@FOLDER@", worker.folder.relative_to(worker.root).as_posix())
        .replace("@SETUP@", worker.setup)
    )


def setup_failure(worker: WorkerManifest, code: int, target: str, tar: str, err: str) -> str:
    """What went wrong, from :func:`setup_script`'s exit status and standard error (its last 1,500 characters)."""
    folder_rel = worker.folder.relative_to(worker.root).as_posix()
    what = {
        90: f"cannot create {target}",
        91: f"cannot unpack {tar}",
        92: f"no {folder_rel} in the bundle",
        94: "cannot unpack the packages sent with it",
    }
    detail = what.get(code, f"its setup ({worker.setup}) failed")
    return f"worker {worker.name}: {detail}: {err.strip()[-1500:]}"


def deploy_bundle(
    client: paramiko.SSHClient, worker: WorkerManifest, workdir: str, host: str, vendor: Path | None = None
) -> tuple[str, bool]:
    """Make the worker's folder, with its environment, ready on the host; ``vendor`` (an archive of
    :func:`bancada.hosts.vendor.vendor_archive`) is sent too, for a setup with no package index.

    Returns ``(the worker's folder on the host, made now?)``; its artifact is
    ``<folder>/<manifest artifact>``.

    Raises:
        HostError: a bundle path is missing, the upload failed, or the setup failed
            (with the last lines of its log).
    """
    from bancada.hosts.deploy import deploy  # paramiko: imported only when a host is reached over SSH

    data, digest = pack(worker)
    cache = Path(tempfile.gettempdir()) / "bancada-bundles"
    cache.mkdir(parents=True, exist_ok=True)
    local = cache / f"{worker.name}-{digest[:16]}.tar.gz"
    if not local.exists():
        local.write_bytes(data)
    remote_tar, _ = deploy(client, local, workdir, host)
    remote_vendor = deploy(client, vendor, workdir, host)[0] if vendor is not None else ""
    target = posixpath.join(workdir, "bundles", digest)
    code, out, err = run_script(client, setup_script(worker, target, remote_tar, remote_vendor), SETUP_TIMEOUT_S, host)
    if code != 0:
        raise HostError(
            translate("Hosts", "{host}: {worker}").format(
                host=host, worker=setup_failure(worker, code, target, remote_tar, err)
            )
        )
    return posixpath.join(target, worker.folder.relative_to(worker.root).as_posix()), "MADE" in out
