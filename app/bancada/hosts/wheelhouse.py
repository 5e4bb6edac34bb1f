"""The wheels of a hash-pinned ``requirements.lock`` for another computer's Python, fetched here.

A host without a route to PyPI (a lab behind a firewall) still gets the Python worker's
environment: this computer picks, for every locked package whose environment marker holds on
the host, the one wheel among the lock's hashes that the host's Python accepts (its
interpreter, ABI and platform tags, :mod:`packaging.tags`), takes it from its own cache or
downloads it from PyPI's JSON simple API (PEP 691), checks its SHA-256 against the lock, and
the host installs them with ``pip install --no-index --find-links``.

The cache is ``<cache folder>/<sha256>/<file name>`` (:func:`cache_dir`): a wheel is found by its hash, so a
lock shared by two hosts downloads each wheel once.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile

import platformdirs
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.tags import Tag, compatible_tags, cpython_tags
from packaging.utils import canonicalize_name, parse_wheel_filename

from bancada.core import paths
from bancada.core.i18n import translate
from bancada.hosts.host_error import HostError

INDEX_URL = "https://pypi.org/simple"
DOWNLOAD_TIMEOUT_S = 60.0

_REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


@dataclass(frozen=True)
class Locked:
    """One package of a lock file: its name, version, marker ('' for always) and allowed SHA-256s."""

    name: str
    version: str
    marker: str
    hashes: frozenset[str]


@dataclass(frozen=True)
class TargetPython:
    """The host's Python as wheels see it: ``version`` (3, 11), ``full_version`` "3.11.2",
    ``arch`` (``uname -m``: x86_64, aarch64) and ``glibc`` (2, 36)."""

    version: tuple[int, int]
    full_version: str
    arch: str
    glibc: tuple[int, int]

    @property
    def label(self) -> str:
        return f"cp{self.version[0]}{self.version[1]}-manylinux_{self.glibc[0]}_{self.glibc[1]}_{self.arch}"

    def platforms(self) -> list[str]:
        """manylinux platform tags the host accepts, newest first (PEP 600, with PEP 513/571/599 aliases)."""
        major, newest = self.glibc
        legacy = {17: "manylinux2014", 12: "manylinux2010", 5: "manylinux1"}
        out = []
        for minor in range(newest, 4, -1):
            out.append(f"manylinux_{major}_{minor}_{self.arch}")
            if major == 2 and minor in legacy:
                out.append(f"{legacy[minor]}_{self.arch}")
        return out

    def tags(self) -> list[Tag]:
        """Every wheel tag the host's CPython accepts, most specific first."""
        abi = f"cp{self.version[0]}{self.version[1]}"
        platforms = self.platforms()
        return [
            *cpython_tags(self.version, abis=[abi], platforms=platforms),
            *compatible_tags(self.version, interpreter=abi, platforms=platforms),
        ]

    def environment(self) -> dict[str, str]:
        """The PEP 508 marker environment of the host (a Linux CPython)."""
        return {
            "python_version": f"{self.version[0]}.{self.version[1]}",
            "python_full_version": self.full_version,
            "implementation_name": "cpython",
            "platform_python_implementation": "CPython",
            "implementation_version": self.full_version,
            "sys_platform": "linux",
            "platform_system": "Linux",
            "os_name": "posix",
            "platform_machine": self.arch,
            "platform_release": "",
            "platform_version": "",
        }


def parse_lock(text: str) -> list[Locked]:
    """The packages of a ``uv pip compile --generate-hashes`` (or pip-compile) lock file.

    Raises:
        HostError: a requirement line this reader does not understand.
    """
    out: list[Locked] = []
    current: tuple[str, str, str] | None = None
    hashes: set[str] = set()
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("--hash=sha256:"):
            hashes.add(line.split(":", 1)[1].rstrip("\\ ").strip())
            continue
        m = _REQUIREMENT.match(line)
        if not m:
            raise HostError(translate("Hosts", "cannot read the lock file's line {line!r}").format(line=line))
        if current:
            out.append(Locked(*current, frozenset(hashes)))
        current, hashes = (m.group(1), m.group(2), (m.group(3) or "").strip()), set()
    if current:
        out.append(Locked(*current, frozenset(hashes)))
    return out


def cache_dir() -> Path:
    """Where fetched wheels are kept, by SHA-256: ``~/.cache/bancada/wheels`` (``BANCADA_WHEEL_CACHE``
    overrides it). Every wheel is checked against the lock's hashes, so the cache is shared safely."""
    override = os.environ.get("BANCADA_WHEEL_CACHE")
    if override:
        return Path(override)
    return platformdirs.user_cache_path("bancada") / "wheels"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _files_on_index(name: str) -> list[dict[str, Any]]:
    """The files PyPI lists for ``name`` (PEP 691 JSON: filename, url, hashes).

    Raises:
        HostError: PyPI cannot be reached or answers with an error.
    """
    import requests

    url = f"{INDEX_URL}/{canonicalize_name(name)}/"
    try:
        answer = requests.get(
            url, headers={"Accept": "application/vnd.pypi.simple.v1+json"}, timeout=DOWNLOAD_TIMEOUT_S
        )
        answer.raise_for_status()
        return list(answer.json().get("files", []))
    except (requests.RequestException, ValueError) as exc:
        raise HostError(
            translate("Hosts", "cannot list {name}'s files on PyPI: {exc}").format(name=name, exc=exc)
        ) from None


def _best_file(package: Locked, files: list[dict[str, Any]], target: TargetPython) -> dict[str, Any] | None:
    """The locked wheel of ``files`` that the host accepts, preferring its most specific tag."""
    rank = {tag: i for i, tag in enumerate(target.tags())}
    best: tuple[int, dict[str, Any]] | None = None
    for f in files:
        filename = str(f.get("filename", ""))
        if not filename.endswith(".whl") or f.get("hashes", {}).get("sha256") not in package.hashes:
            continue
        try:
            tags = parse_wheel_filename(filename)[3]
        except ValueError:
            continue
        score = min((rank[t] for t in tags if t in rank), default=None)
        if score is not None and (best is None or score < best[0]):
            best = (score, f)
    return best[1] if best else None


def _download(url: str, sha256: str, dest: Path) -> None:
    """Download ``url`` to ``dest`` if its SHA-256 is ``sha256``.

    Raises:
        HostError: the download fails or the file's hash differs.
    """
    import requests

    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, part = tempfile.mkstemp(dir=dest.parent, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out, requests.get(url, stream=True, timeout=DOWNLOAD_TIMEOUT_S) as answer:
            answer.raise_for_status()
            for chunk in answer.iter_content(1 << 20):
                out.write(chunk)
        got = _sha256(Path(part))
        if got != sha256:
            raise HostError(
                translate("Hosts", "{url} arrived with sha256 {got}, not the locked {sha256}").format(
                    url=url, got=got, sha256=sha256
                )
            )
        os.replace(part, dest)
    except requests.RequestException as exc:
        raise HostError(translate("Hosts", "cannot download {url}: {exc}").format(url=url, exc=exc)) from None
    finally:
        if os.path.exists(part):
            os.unlink(part)


def _cached(package: Locked, target: TargetPython) -> Path | None:
    """A wheel of ``package`` already in the cache that the host accepts."""
    accepted = set(target.tags())
    for sha in package.hashes:
        for path in (cache_dir() / sha).glob("*.whl"):
            try:
                if parse_wheel_filename(path.name)[3] & accepted:
                    return path
            except ValueError:
                continue
    return None


def _uv() -> str | None:
    """uv on the PATH, or the one the set-up puts in the Bancada tree (``.tools/bin/uv``)."""
    found = shutil.which("uv")
    if found:
        return found
    local = paths.home() / ".tools" / "bin" / "uv"
    return str(local) if local.exists() else None


def _built_wheel(package: Locked, files: list[dict[str, Any]], target: TargetPython) -> Path | None:
    """A wheel built here (``uv build``) from the package's locked source distribution, when the
    wheel the host accepts (pure Python: ``py3-none-any``); cached by the sdist's SHA-256.

    Raises:
        HostError: the sdist cannot be downloaded, uv is missing, or the build fails.
    """
    sdist = next(
        (
            f
            for f in files
            if f.get("hashes", {}).get("sha256") in package.hashes and not str(f.get("filename", "")).endswith(".whl")
        ),
        None,
    )
    if sdist is None:
        return None
    sha = str(sdist["hashes"]["sha256"])
    out = cache_dir() / sha / "built"
    accepted = set(target.tags())
    for wheel in out.glob("*.whl"):
        if parse_wheel_filename(wheel.name)[3] & accepted:
            return wheel
    source = cache_dir() / sha / str(sdist["filename"])
    if not source.exists():
        _download(str(sdist["url"]), sha, source)
    uv = _uv()
    if uv is None:
        raise HostError(
            translate(
                "Hosts",
                "{name}=={version} is published only as source: building its wheel here needs uv (pip install uv)",
            ).format(name=package.name, version=package.version)
        )
    done = subprocess.run(
        [uv, "build", "--wheel", "--out-dir", str(out), str(source)], capture_output=True, text=True, timeout=300
    )
    wheels = [w for w in out.glob("*.whl") if parse_wheel_filename(w.name)[3] & accepted]
    if done.returncode != 0 or not wheels:
        raise HostError(
            translate("Hosts", "cannot build a wheel of {name}=={version} for the host: {err}").format(
                name=package.name, version=package.version, err=(done.stderr.strip().splitlines() or ["-"])[-1]
            )
        )
    return wheels[0]


def wheels_for(lock: Path, target: TargetPython) -> list[tuple[Locked, Path]]:
    """The wheel files (in the cache) that install ``lock`` on ``target``'s Python, one a package.

    Packages whose marker does not hold on the target are left out. A package published only
    as a source distribution (its locked hash) is built here into a wheel (:func:`_built_wheel`):
    the host then installs from :func:`host_lock`, which names the hashes of the files it is sent.

    Raises:
        HostError: one line naming the package that has no wheel for the target, or why the
            download failed (e.g. this computer has no route to PyPI and the wheel is not cached).
    """
    env = target.environment()
    out = []
    for package in parse_lock(lock.read_text(encoding="utf-8")):
        if package.marker and not Marker(package.marker).evaluate(env):
            continue
        path = _cached(package, target) or _built_in_cache(package, target)
        if path is None:
            files = _files_on_index(package.name)
            chosen = _best_file(package, files, target)
            if chosen is not None:
                sha = str(chosen["hashes"]["sha256"])
                path = cache_dir() / sha / str(chosen["filename"])
                _download(str(chosen["url"]), sha, path)
            else:
                path = _built_wheel(package, files, target)
        if path is None:
            raise HostError(
                translate("Hosts", "{name}=={version} has no wheel for Python {python} on {platform}").format(
                    name=package.name,
                    version=package.version,
                    python=f"{target.version[0]}.{target.version[1]}",
                    platform=f"linux {target.arch} (glibc {target.glibc[0]}.{target.glibc[1]})",
                )
            )
        out.append((package, path))
    return out


def _built_in_cache(package: Locked, target: TargetPython) -> Path | None:
    """A wheel built earlier from one of the package's locked source distributions."""
    accepted = set(target.tags())
    for sha in package.hashes:
        for wheel in (cache_dir() / sha / "built").glob("*.whl"):
            if parse_wheel_filename(wheel.name)[3] & accepted:
                return wheel
    return None


def host_lock(wheels: list[tuple[Locked, Path]]) -> str:
    """The lock the host installs with: each package pinned to the hash of the one file it is sent."""
    lines = ["# Written by Bancada: the wheels sent to this host, each pinned by its SHA-256."]
    for package, path in wheels:
        lines.append(f"{package.name}=={package.version} --hash=sha256:{_sha256(path)}")
    return "\n".join(lines) + "\n"
