"""What this computer sends with a bundle worker so that its setup on the host needs no package
index (the manifest's ``vendor``): a lab host often has no route to PyPI or the npm registry.

- ``python-wheels``: the wheels of the worker's ``requirements.lock`` for the host's Python
  (:mod:`bancada.hosts.wheelhouse`), as ``wheels/`` with ``requirements.lock`` pinning each file
  sent by its SHA-256; the setup installs them with ``pip install --no-index --find-links``.
- ``node-modules``: the worker's ``node_modules`` as built here by ``npm ci`` from
  ``package-lock.json`` (its packages are plain JavaScript, the same on any architecture); the
  setup moves it into place, so the host needs Node.js but neither npm nor the registry.

The archive (``.tar.gz``, reproducible: sorted, no times or owners) is uploaded by hash like any
artifact and unpacked into ``vendor/`` of the worker's folder before its setup runs.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import tarfile
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bancada.core.i18n import translate
from bancada.experiment.manifest import WorkerManifest
from bancada.hosts.host_error import HostError

if TYPE_CHECKING:
    from bancada.hosts.wheelhouse import TargetPython


def _target_python(facts: dict[str, Any]) -> TargetPython:
    """The host's Python for :mod:`bancada.hosts.wheelhouse`, from its facts.

    Raises:
        HostError: the facts lack the Python version, the architecture or glibc's version.
    """
    from bancada.hosts.wheelhouse import TargetPython

    version, arch, glibc = facts.get("python_version"), facts.get("arch"), facts.get("glibc")
    if not version or not arch or not glibc:
        raise HostError(
            translate(
                "Hosts",
                "cannot choose the Python worker's wheels for this host: its python3, architecture or glibc "
                "version is unknown (python3: {python}, arch: {arch}, glibc: {glibc})",
            ).format(python=facts.get("python3") or "-", arch=arch or "-", glibc=facts.get("libc") or "-")
        )
    full = str(facts.get("python3") or "").removeprefix("Python ").strip() or f"{version[0]}.{version[1]}"
    return TargetPython(tuple(version), full, str(arch), tuple(glibc))


def _archive(files: list[tuple[str, bytes | Path]], name: str) -> Path:
    """A reproducible .tar.gz of ``(member name, bytes or file)``, in this computer's temp folder."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for member, content in sorted(files, key=lambda f: f[0]):
            info = tarfile.TarInfo(member)
            if isinstance(content, Path) and content.is_symlink():
                info.type, info.linkname = tarfile.SYMTYPE, str(content.readlink())
                tar.addfile(info)
                continue
            data = content.read_bytes() if isinstance(content, Path) else content
            info.size = len(data)
            info.mode = 0o755 if isinstance(content, Path) and content.stat().st_mode & 0o111 else 0o644
            tar.addfile(info, io.BytesIO(data))
    data = gzip.compress(raw.getvalue(), compresslevel=1, mtime=0)
    digest = hashlib.sha256(data).hexdigest()
    folder = Path(tempfile.gettempdir()) / "bancada-bundles"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{digest[:16]}.tar.gz"
    if not path.exists():
        path.write_bytes(data)
    return path


_packed: dict[tuple[Path, int], Path] = {}  # node_modules packed once per build and process


def _node_modules(worker: WorkerManifest) -> Path | None:
    """The worker's node_modules as an archive; None when it is not built here."""
    modules = worker.folder / "node_modules"
    if not (modules / ".package-lock.json").exists():
        return None
    key = (modules.resolve(), (modules / ".package-lock.json").stat().st_mtime_ns)
    if key in _packed and _packed[key].exists():
        return _packed[key]
    skipped = {worker.folder / worker.artifact}  # the launcher: written by the setup on the host, never sent
    files: list[tuple[str, bytes | Path]] = []
    for path in modules.rglob("*"):
        if path in skipped or (path.is_dir() and not path.is_symlink()):
            continue
        files.append((path.relative_to(worker.folder).as_posix(), path))
    _packed[key] = _archive(files, f"{worker.name}-node_modules")
    return _packed[key]


def vendor_archive(worker: WorkerManifest, facts: dict[str, Any]) -> Path | None:
    """The archive to send with ``worker``'s bundle to a host with ``facts``; None when its manifest
    vendors nothing or (``node-modules``) it is not built here, so the setup uses the index.

    Raises:
        HostError: the wheels cannot be had for the host's Python (one line naming the package
            or the missing fact).
    """
    if worker.vendor == "node-modules":
        return _node_modules(worker)
    if worker.vendor != "python-wheels":
        return None
    from bancada.hosts.wheelhouse import host_lock, wheels_for

    wheels = wheels_for(worker.folder / "requirements.lock", _target_python(facts))
    files: list[tuple[str, bytes | Path]] = [(f"wheels/{path.name}", path) for _, path in wheels]
    files.append(("requirements.lock", host_lock(wheels).encode()))
    return _archive(files, f"{worker.name}-wheels")
