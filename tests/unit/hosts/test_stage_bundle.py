"""packaging/stage_bundle.py: which files an installed Bancada carries in ``bancada/_bundle/``.

The Python and Node.js workers (``deploy = "bundle"``) go as their manifest and the files of their
``bundle`` paths, exactly the files :func:`bancada.hosts.bundle.pack` archives for an SSH host (so an
installation prepares them by the same archive and SHA-256), never an environment or a cache.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from bancada.experiment.manifest import load_manifest
from bancada.hosts import bundle
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "packaging"))
import stage_bundle  # noqa: E402

sys.path.pop(0)


def _tree(tmp_path: Path) -> Path:
    """A copy of the repository's manifests, bundle sources, profiles, proto and docs, with the
    built files the clone may have (a .venv, node_modules, __pycache__) planted among them."""
    root = tmp_path / "repo"
    for name in ("workers", "profiles", "proto", "docs"):
        shutil.copytree(
            ROOT / name,
            root / name,
            ignore=shutil.ignore_patterns(".venv", "node_modules", "__pycache__", "target", "dist", ".pytest_cache"),
        )
    for arch in stage_bundle.ARCHES:  # the Go, Java and driver artifacts, as if built
        for rel in (f"workers/go/dist/bancada-worker-linux-{arch}", f"drivers/native/dist/bancada-driver-linux-{arch}"):
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_bytes(b"\x7fELF")
    cpp = f"workers/cpp/dist/bancada-worker-cpp-linux-{stage_bundle._this_arch()}"  # native_only: this arch
    (root / cpp).parent.mkdir(parents=True, exist_ok=True)
    (root / cpp).write_bytes(b"\x7fELF")
    (root / "workers/java/target").mkdir(parents=True, exist_ok=True)
    (root / "workers/java/target/bancada-worker-java.jar").write_bytes(b"PK")
    for junk in (
        "workers/python/.venv/bin/bancada-worker-python",
        "workers/python/bancada_worker/__pycache__/cli.cpython-311.pyc",
        "workers/node/node_modules/.bin/bancada-worker-node",
        "workers/node/src/node_modules/x/index.js",
    ):
        (root / junk).parent.mkdir(parents=True, exist_ok=True)
        (root / junk).write_text("built here, not shipped")
    return root


def test_bundle_workers_ship_their_manifest_and_bundle_files(tmp_path):
    root = _tree(tmp_path)
    present, missing = stage_bundle.bundle_files(root)
    assert missing == []
    names = {p.as_posix() for p in present}
    for name in ("python", "node"):
        worker = load_manifest(root / "workers" / name / "worker.toml")
        assert worker.deploy == "bundle"
        assert f"workers/{name}/worker.toml" in names
        members = {p.as_posix() for p in bundle._members(worker)}  # what pack() archives for an SSH host
        assert members <= names, f"{name}: not staged: {sorted(members - names)}"
        assert f"workers/{name}/remote-setup.sh" in members
    assert {"workers/python/requirements.lock", "workers/node/package-lock.json", "workers/node/src/main.js"} <= names
    assert "workers/python/bancada_worker/__main__.py" in names
    assert not [n for n in names if set(n.split("/")) & set(bundle.SKIPPED)], "an environment or cache was staged"
    assert not [n for n in names if n.startswith(("workers/python/tests/", "workers/node/test/"))], "tests staged"
    assert len(names) == len(present), "a file is listed twice (proto/ is a bundle path and bundled for itself)"
    assert stage_bundle.SKIPPED == bundle.SKIPPED


def test_staged_bundle_packs_to_the_same_archive(tmp_path):
    """The installation's copy of a worker archives to the clone's SHA-256: the same sources, the same folder."""
    root = _tree(tmp_path)
    package = tmp_path / "pkg"
    stage_bundle.stage(root, package)
    for name in ("python", "node"):
        here = load_manifest(root / "workers" / name / "worker.toml")
        there = load_manifest(package / "_bundle" / "workers" / name / "worker.toml")
        assert bundle.pack(there)[1] == bundle.pack(here)[1]
    assert not (package / "_bundle/workers/python/.venv").exists()
    assert not (package / "_bundle/workers/node/node_modules").exists()


def test_a_missing_bundle_path_is_named(tmp_path):
    root = _tree(tmp_path)
    (root / "workers/node/package-lock.json").unlink()
    _present, missing = stage_bundle.bundle_files(root)
    assert missing == [Path("workers/node/package-lock.json")]
    with pytest.raises(FileNotFoundError, match="workers/node/package-lock.json"):
        stage_bundle.stage(root, tmp_path / "pkg")
