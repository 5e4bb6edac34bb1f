"""Worker manifests: how Bancada discovers implementations.

Each ``workers/<language>/worker.toml`` names one program that serves several
protocols. An *implementation* is the pair (worker, protocol), written
``<name>-<protocol>`` (``go-grpc``, ``java-rest``). Adding a language is adding
a folder with a manifest.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import platform
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bancada.core import paths

REQUIRED_KEYS = ("name", "language", "protocols", "runtime", "build", "artifact", "command")
# How a worker reaches an SSH host: "file" uploads its one self-contained artifact (a static
# binary, a fat jar) by content hash; "bundle" uploads its sources (the manifest's `bundle`,
# paths from the repository root) as one archive by content hash, unpacks it there and runs
# the manifest's `setup` in the worker's folder, which makes the artifact (a virtual
# environment from a lock file, node_modules by npm ci); "local" runs it from its folder on
# this computer only.
DEPLOY_KINDS = ("file", "bundle", "local")
# What a bundle's setup needs on the host besides the runtime (facts of bancada.hosts.facts).
SETUP_REQUIREMENTS = ("venv", "npm")
# What this computer sends with a bundle so that its setup needs no package index on the host
# (bancada.hosts.vendor): the wheels of its requirements.lock, or its node_modules.
VENDOR_KINDS = ("", "python-wheels", "node-modules")


class ManifestError(ValueError):
    """A worker manifest is missing, unreadable or incomplete."""


@dataclass(frozen=True)
class WorkerManifest:
    """One worker program (``workers/<language>/worker.toml``)."""

    name: str
    language: str
    protocols: tuple[str, ...]
    runtime: str
    build: tuple[str, ...]
    artifact: str
    command: tuple[str, ...]
    version: str
    folder: Path
    deploy: str = "file"  # one of DEPLOY_KINDS
    # Debian packages the host needs besides ``runtime`` (an interpreter, a web server): the
    # host check names the missing ones.
    debian_packages: tuple[str, ...] = ()
    #: The contract operations it serves (the manifest's ``operations``); empty: every one of them.
    #: Seed 003's REST workers serve ping, select, echo and info, not the six methods of seed 002.
    operations: tuple[str, ...] = ()
    bundle: tuple[str, ...] = ()  # deploy = "bundle": files and folders sent, from the repository root
    setup: str = ""  # deploy = "bundle": a shell command run in the worker's folder on the host
    setup_requires: tuple[str, ...] = ()  # deploy = "bundle": of SETUP_REQUIREMENTS
    vendor: str = ""  # deploy = "bundle": of VENDOR_KINDS, what is sent so the setup needs no index
    #: The wire formats its REST side serves for operation serial (the manifest's ``[formats]``, seed 004).
    formats: tuple[str, ...] = ()

    @property
    def root(self) -> Path:
        """The repository root the bundle paths start from (``workers/<name>/..``)."""
        return self.folder.parent.parent

    def serves(self, operation: str) -> bool:
        """Whether the worker serves the contract ``operation`` (``custom`` and ``serial`` are not its to say)."""
        return not self.operations or operation in self.operations or operation in ("custom", "serial")

    def artifact_path(self, os_name: str = "linux", arch: str | None = None) -> Path:
        """Return the artifact's local path for a host's OS and architecture.

        ``arch`` uses Go's names (``amd64``, ``arm64``); default: this machine.
        """
        arch = arch or machine_arch()
        return self.folder / self.artifact.format(os=os_name, arch=arch)

    def argv(self, protocol: str, *, artifact: str, bind: str = "127.0.0.1", port: int = 0) -> list[str]:
        """Return the command line starting this worker for ``protocol``.

        Raises:
            ManifestError: if the worker does not serve ``protocol``.
        """
        if protocol not in self.protocols:
            raise ManifestError(
                translate("Manifest", "worker {name!r} does not serve {protocol!r}; it serves {names}").format(
                    name=self.name, protocol=protocol, names=", ".join(self.protocols)
                )
            )
        values = {"artifact": artifact, "protocol": protocol, "bind": bind, "port": str(port)}
        return [part.format(**values) for part in self.command]


@dataclass(frozen=True)
class Implementation:
    """An implementation under test: a worker serving one protocol."""

    id: str  # "go-grpc"
    worker: WorkerManifest
    protocol: str

    @property
    def language(self) -> str:
        return self.worker.language


def machine_arch(machine: str | None = None) -> str:
    """Map ``uname -m`` names to Go's architecture names (x86_64 -> amd64)."""
    m = (machine or platform.machine()).lower()
    return {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64"}.get(m, m)


def _deploy(path: Path, data: dict[str, Any]) -> tuple[str, tuple[str, ...], str]:
    """(deploy, bundle, setup) of a manifest; ManifestError if the kind is unknown or a bundle lacks its parts."""
    deploy = str(data.get("deploy", "file"))
    if deploy not in DEPLOY_KINDS:
        raise ManifestError(
            translate("Manifest", "{path}: deploy = {deploy!r}; allowed: {names}").format(
                path=path, deploy=deploy, names=", ".join(DEPLOY_KINDS)
            )
        )
    bundle, setup = tuple(str(b) for b in data.get("bundle", ())), str(data.get("setup", ""))
    if deploy == "bundle" and (not bundle or not setup):
        raise ManifestError(
            translate(
                "Manifest", "{path}: deploy = 'bundle' needs bundle (a list of paths) and setup (a command)"
            ).format(path=path)
        )
    return deploy, bundle, setup


def _setup_requires(path: Path, data: dict[str, Any]) -> tuple[str, ...]:
    """The manifest's setup_requires; ManifestError naming the first one Bancada does not know."""
    requires = tuple(str(r) for r in data.get("setup_requires", ()))
    unknown = [r for r in requires if r not in SETUP_REQUIREMENTS]
    if unknown:
        raise ManifestError(
            translate("Manifest", "{path}: setup_requires {unknown!r}; allowed: {names}").format(
                path=path, unknown=unknown[0], names=", ".join(SETUP_REQUIREMENTS)
            )
        )
    return requires


def _vendor(path: Path, data: dict[str, Any]) -> str:
    """The manifest's vendor; ManifestError when Bancada does not know it."""
    vendor = str(data.get("vendor", ""))
    if vendor not in VENDOR_KINDS:
        raise ManifestError(
            translate("Manifest", "{path}: vendor = {vendor!r}; allowed: {names}").format(
                path=path, vendor=vendor, names=", ".join(k for k in VENDOR_KINDS if k)
            )
        )
    return vendor


def load_manifest(path: Path) -> WorkerManifest:
    """Read one ``worker.toml``.

    Raises:
        ManifestError: naming the file and the missing or bad key.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ManifestError(
            translate("Manifest", "{path}: cannot read worker manifest: {exc}").format(path=path, exc=exc)
        ) from None
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        raise ManifestError(
            translate("Manifest", "{path}: missing key(s) {names}").format(path=path, names=", ".join(missing))
        )
    deploy, bundle, setup = _deploy(path, data)
    requires = _setup_requires(path, data)
    return WorkerManifest(
        name=str(data["name"]),
        language=str(data["language"]),
        protocols=tuple(data["protocols"]),
        runtime=str(data["runtime"]),
        build=tuple(data["build"]),
        artifact=str(data["artifact"]),
        command=tuple(data["command"]),
        version=str(data.get("version", "")),
        folder=path.parent,
        deploy=deploy,
        bundle=bundle,
        setup=setup,
        setup_requires=requires,
        vendor=_vendor(path, data),
        formats=tuple(data.get("formats", {})),
        debian_packages=tuple(str(p) for p in data.get("debian_packages", ())),
        operations=tuple(str(o) for o in data.get("operations", ())),
    )


def discover(root: Path | None = None) -> dict[str, Implementation]:
    """Return every implementation found under ``<root>/workers/*/worker.toml``.

    Keys are implementation ids (``go-grpc``), in a stable order.
    """
    root = root or paths.home()
    found: dict[str, Implementation] = {}
    for manifest_path in sorted((root / "workers").glob("*/worker.toml")):
        worker = load_manifest(manifest_path)
        for protocol in worker.protocols:
            impl_id = f"{worker.name}-{protocol}"
            found[impl_id] = Implementation(impl_id, worker, protocol)
    return found
