"""LocalHost and a bundle worker (``deploy = "bundle"``) whose folder has no environment, as in an
installed Bancada: prepared once in the data folder by the SSH hosts' archive and setup script,
started from there, reused after, its failures said in Bancada's words.

The worker here is a small real one (a shell launcher made by its setup, printing its READY line):
the real Python and Node.js workers, with their downloads, run in tests/packaging.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from bancada.experiment.manifest import discover
from bancada.hosts import local_bundle
from bancada.hosts.base import WorkerStartError
from bancada.hosts.bundle import pack
from bancada.hosts.local import LocalHost

MANIFEST = """
name = "toy"
language = "sh"
protocols = ["rest"]
runtime = "{runtime}"
build = ["true"]
artifact = "env/bin/toy"
command = ["{{artifact}}", "--protocol", "{{protocol}}", "--port", "{{port}}"]
version = "0.1.0"
deploy = "bundle"
bundle = ["workers/toy/src", "workers/toy/setup.sh", "proto/toy"]
setup = "sh setup.sh"
setup_requires = {requires}
"""

SETUP = """#!/bin/sh
set -e
echo "making the toy's environment"
[ -f ../../proto/toy/contract.txt ] || {{ echo "no proto next to the worker" >&2; exit 1; }}
{fail}
mkdir -p env/bin
printf '%s\\n' '#!/bin/sh' 'cat "$(dirname "$0")/../../src/hello.txt" >&2' \\
  'echo "READY {{\\"port\\": 4242, \\"pid\\": $$}}"' 'exec sleep 60' > env/bin/toy
chmod 755 env/bin/toy
"""


def _installation(tmp_path: Path, *, runtime: str = "none", requires: str = "[]", fail: str = "") -> Path:
    """A read-only Bancada home holding the toy worker's sources, as an installed wheel's _bundle/."""
    root = tmp_path / "install"
    folder = root / "workers" / "toy"
    (folder / "src").mkdir(parents=True)
    (root / "profiles").mkdir()
    (root / "proto" / "toy").mkdir(parents=True)
    (root / "proto" / "toy" / "contract.txt").write_text("bench\n")
    (folder / "worker.toml").write_text(MANIFEST.format(runtime=runtime, requires=requires))
    (folder / "setup.sh").write_text(SETUP.format(fail=fail))
    (folder / "src" / "hello.txt").write_text("toy worker from its copy\n")
    for path in sorted(root.rglob("*"), reverse=True):
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    return root


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("BANCADA_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def _writable_again(tmp_path):
    yield
    for path in tmp_path.rglob("*"):
        if not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IWUSR)


def test_prepared_once_in_the_data_folder_and_started_there(tmp_path, data_dir):
    root = _installation(tmp_path)
    impl = discover(root)["toy-rest"]
    host = LocalHost(root)
    try:
        ok, note = host.can_run(impl)
        digest = pack(impl.worker)[1]
        assert ok and "first start" in note and str(data_dir / "workers" / "toy") in note
        assert host.setup_notice(impl) == note
        worker = host.start_worker(impl, "run1", ready_timeout_s=20)
        copy = data_dir / "workers" / "toy" / digest
        assert (copy / ".ready").is_file() and "making the toy's environment" in (copy / "setup.log").read_text()
        assert Path(os.readlink(f"/proc/{worker.pid}/cwd")) == copy / "workers" / "toy"
        assert worker.port == 4242 and worker.alive()
        assert "the toy worker's environment is ready (" in host.setup_done_notice(impl)
        assert host.setup_done_notice(impl) == ""  # said once
        assert host.can_run(impl) == (True, "") and host.setup_notice(impl) == ""
        assert not (root / "workers" / "toy" / "env").exists(), "the installation was written into"
        assert sorted(p.name for p in (data_dir / "workers" / "toy").iterdir()) == [digest, f"{digest}.lock"]
    finally:
        host.close()
    again = LocalHost(root)  # a later Bancada: the copy is reused, nothing made
    try:
        stamp = (copy / "setup.log").stat().st_mtime_ns
        again.start_worker(impl, "run2", ready_timeout_s=20)
        assert again.setup_s == {} and (copy / "setup.log").stat().st_mtime_ns == stamp
    finally:
        again.close()


def test_a_built_folder_is_used_as_it_is(tmp_path, data_dir):
    """A clone after make: the artifact is in the worker's own folder; no copy is made."""
    root = _installation(tmp_path)
    folder = root / "workers" / "toy"
    folder.chmod(0o755)
    (folder / "env" / "bin").mkdir(parents=True)
    launcher = folder / "env" / "bin" / "toy"
    launcher.write_text('#!/bin/sh\necho "READY {\\"port\\": 4343, \\"pid\\": $$}"\nexec sleep 60\n')
    launcher.chmod(0o755)
    impl = discover(root)["toy-rest"]
    host = LocalHost(root)
    try:
        assert host.can_run(impl) == (True, "") and host.needs_setup(impl) is None
        worker = host.start_worker(impl, "run1", ready_timeout_s=20)
        assert worker.port == 4343 and Path(os.readlink(f"/proc/{worker.pid}/cwd")) == folder
    finally:
        host.close()
    assert not (data_dir / "workers").exists()


def test_what_is_missing_is_said_with_the_first_start_note(tmp_path, data_dir):
    root = _installation(tmp_path, runtime="python >= 99.0", requires='["venv"]')
    impl = discover(root)["toy-rest"]
    ok, reason = LocalHost(root).can_run(impl)
    assert not ok
    assert reason.startswith("needs Python 99.0 or newer;")
    assert "first start: pip downloads its packages from PyPI" in reason


def test_a_failed_setup_is_said_and_made_again_next_time(tmp_path, data_dir):
    root = _installation(tmp_path, fail='echo "cannot reach the package index" >&2; exit 7')
    impl = discover(root)["toy-rest"]
    host = LocalHost(root)
    with pytest.raises(WorkerStartError) as err:
        host.start_worker(impl, "run1", ready_timeout_s=20)
    text = str(err.value)
    assert text.startswith("worker toy-rest cannot start on this computer: worker toy: its setup (sh setup.sh) failed")
    assert "cannot reach the package index" in text
    copy = local_bundle.prepared_folder(impl.worker)
    assert not copy.ready and host.can_run(impl)[0]  # not marked ready: the next start makes it again


def test_an_installation_missing_a_workers_source_says_which(tmp_path, data_dir):
    root = _installation(tmp_path)
    (root / "workers" / "toy").chmod(0o755)
    (root / "workers" / "toy" / "setup.sh").unlink()
    impl = discover(root)["toy-rest"]
    host = LocalHost(root)
    assert host.can_run(impl) == (False, f"worker toy: bundle path workers/toy/setup.sh is missing under {root}")
    with pytest.raises(WorkerStartError, match="cannot run on this computer: worker toy: bundle path"):
        host.start_worker(impl, "run1", ready_timeout_s=20)
