"""Copy Bancada's run-time files into a package's ``_bundle/`` folder.

    python packaging/stage_bundle.py ROOT PACKAGE_DIR

``PACKAGE_DIR/_bundle/`` then mirrors the repository (``ROOT``) where
:func:`bancada.core.paths.home` looks for it:

- ``workers/<language>/worker.toml`` and each worker's artifact for
  ``linux/amd64`` and ``linux/arm64`` (the manifest's ``artifact`` template:
  the Go static binaries, the Java jar; a manifest with ``native_only = true``, the C++
  static binary, for this computer's architecture only);
- for a worker that runs from its folder (``deploy = "bundle"``: Python,
  Node.js), its manifest and the files of its ``bundle`` paths (sources, lock
  file, ``remote-setup.sh``; no ``.venv``, ``node_modules`` or caches): an
  installed Bancada makes its environment in the user's data folder on its
  first start (:mod:`bancada.hosts.local_bundle`);
- ``drivers/native/dist/bancada-driver-linux-{amd64,arm64}``;
- ``profiles/**`` (with the files profiles refer to), ``proto/**`` and ``docs/*.md`` (read at run time: the
  statistics tooltips come from docs/statistics.md).

Prints one line per copied file (path and size in bytes) and the total.
Exits with status 1, naming every missing artifact and how to build it, when
the workers are not built. Only the standard library is used (Python >= 3.11).
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path

ARCHES = ("amd64", "arm64")  # Go's names; the SSH hosts may be either
# never bundled from a worker's folder: what its setup makes there, and caches (as bancada.hosts.bundle.SKIPPED)
SKIPPED = ("__pycache__", ".venv", "node_modules", ".pytest_cache")


def _this_arch() -> str:
    """This computer's architecture in Go's names (x86_64 -> amd64), as bancada.experiment.manifest.machine_arch."""
    machine = os.uname().machine.lower()
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(machine, machine)


def _bundle_paths(root: Path, entries: list[str]) -> list[Path]:
    """The files of a ``deploy = "bundle"`` manifest's ``bundle`` entries (relative to ``root``).

    A missing entry is returned as itself, so the build names it.
    """
    files: list[Path] = []
    for entry in entries:
        path = root / entry
        if not path.is_dir():
            files.append(Path(entry))
            continue
        for p in sorted(path.rglob("*")):
            rel = p.relative_to(root)
            if p.is_file() and not set(rel.parts) & set(SKIPPED):
                files.append(rel)
    return files


def bundle_files(root: Path) -> tuple[list[Path], list[Path]]:
    """Return ``(present, missing)``: paths relative to ``root`` that the bundle holds."""
    wanted: list[Path] = []
    for manifest in sorted((root / "workers").glob("*/worker.toml")):
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
        if data.get("deploy") == "local":  # runs only from a clone's folder
            continue
        folder = manifest.parent.relative_to(root)
        wanted.append(folder / "worker.toml")
        if data.get("deploy") == "bundle":  # sources and lock file; the environment is made where it runs
            wanted += _bundle_paths(root, data.get("bundle", []))
            continue
        # a worker built for this computer's architecture only (native_only: no cross compiler, the C++ one)
        arches = [_this_arch()] if data.get("native_only") else ARCHES
        artifacts = {data["artifact"].format(os="linux", arch=arch) for arch in arches}
        # normalized: a worker may name another's artifact (java-gson runs the Java worker's jar)
        wanted += [Path(os.path.normpath(folder / a)) for a in sorted(artifacts)]
    wanted += [Path("drivers/native/dist") / f"bancada-driver-linux-{arch}" for arch in ARCHES]
    wanted += sorted(p.relative_to(root) for p in (root / "profiles").rglob("*") if p.is_file())  # with their data
    wanted += sorted(p.relative_to(root) for p in (root / "proto").rglob("*") if p.is_file())
    wanted += sorted(p.relative_to(root) for p in (root / "docs").glob("*.md"))
    wanted = list(dict.fromkeys(wanted))  # proto/ is both a bundle path and bundled for itself
    present = [p for p in wanted if (root / p).is_file()]
    missing = [p for p in wanted if not (root / p).is_file()]
    return present, missing


def stage(root: Path, package_dir: Path) -> int:
    """Fill ``package_dir/_bundle`` from ``root``; return the total size in bytes.

    Raises:
        FileNotFoundError: some artifacts are not built; the message lists them.
    """
    present, missing = bundle_files(root)
    if missing:
        raise FileNotFoundError(
            "not built: "
            + ", ".join(map(str, missing))
            + " (run: make -C workers, or packaging/build.sh --build-workers)"
        )
    bundle = package_dir / "_bundle"
    if bundle.exists():
        shutil.rmtree(bundle)
    total = 0
    for rel in present:
        target = bundle / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, target)  # keeps the executable bit of the binaries
        size = target.stat().st_size
        total += size
        print(f"  {rel}  {size:,} B")
    return total


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        total = stage(Path(argv[0]).resolve(), Path(argv[1]))
    except FileNotFoundError as exc:
        print(f"bancada packaging: {exc}", file=sys.stderr)
        return 1
    print(f"  bundle: {total / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
