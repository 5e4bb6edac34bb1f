"""Where Bancada finds its home: $BANCADA_HOME, the wheel's bundle, or the clone."""

import importlib.util
import shutil

import pytest

from bancada.core import paths
from tests.conftest import ROOT


def _load_paths_copy(site):
    """core/paths.py copied into ``site/bancada/core/`` and imported from there, as an installed wheel has it."""
    (site / "bancada" / "core").mkdir(parents=True)
    shutil.copy(ROOT / "app" / "bancada" / "core" / "paths.py", site / "bancada" / "core" / "paths.py")
    spec = importlib.util.spec_from_file_location("bancada_paths_copy", site / "bancada" / "core" / "paths.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _make_home(folder):
    (folder / "workers" / "go").mkdir(parents=True)
    (folder / "profiles").mkdir(parents=True)
    return folder


def test_installed_without_bundle_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.delenv("BANCADA_HOME", raising=False)
    module = _load_paths_copy(tmp_path / "site-packages")
    with pytest.raises(module.BancadaHomeError, match="BANCADA_HOME.*packaging/build.sh"):
        module.home()
    assert not module.is_bundled()


def test_installed_bundle_is_the_home(tmp_path, monkeypatch):
    monkeypatch.delenv("BANCADA_HOME", raising=False)
    module = _load_paths_copy(tmp_path / "site-packages")
    bundle = _make_home(tmp_path / "site-packages" / "bancada" / "_bundle")
    assert module.BUNDLE_DIR == bundle.resolve()
    assert module.home() == bundle.resolve()
    assert module.is_bundled()


def test_bundle_wins_over_an_enclosing_clone(tmp_path, monkeypatch):
    """A wheel installed into a venv inside a clone still uses its own bundle."""
    monkeypatch.delenv("BANCADA_HOME", raising=False)
    clone = _make_home(tmp_path)
    module = _load_paths_copy(clone / ".venv" / "site-packages")
    assert module.home() == clone.resolve()  # no bundle: the clone
    _make_home(clone / ".venv" / "site-packages" / "bancada" / "_bundle")
    assert module.home() == module.BUNDLE_DIR


def test_env_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("BANCADA_HOME", str(tmp_path))
    assert paths.home() == tmp_path.resolve()


def test_editable_install_finds_the_clone(monkeypatch):
    monkeypatch.delenv("BANCADA_HOME", raising=False)
    assert not paths.BUNDLE_DIR.exists(), "a source tree has no bundle (packaging/build.sh stages it elsewhere)"
    assert paths.home() == ROOT
    assert not paths.is_bundled()


def test_missing_artifact_in_a_bundle_is_said_so(tmp_path, monkeypatch):
    from bancada.experiment import manifest
    from bancada.hosts.local import LocalHost

    bundle = _make_home(tmp_path / "_bundle")
    shutil.copy(ROOT / "workers" / "go" / "worker.toml", bundle / "workers" / "go" / "worker.toml")
    monkeypatch.setattr(paths, "BUNDLE_DIR", bundle)
    host = LocalHost(bundle)
    try:
        ok, reason = host.can_run(manifest.discover(bundle)["go-rest"])
    finally:
        host.close()
    assert not ok and reason.startswith("not in this installation:") and "make -C workers" not in reason
    artifact = bundle / "workers" / "go" / "dist" / f"bancada-worker-linux-{manifest.machine_arch()}"
    artifact.parent.mkdir()
    artifact.write_bytes(b"")
    artifact.chmod(0o644)  # as an unzip that drops the mode bits would leave it
    host = LocalHost(bundle)
    try:
        ok, reason = host.can_run(manifest.discover(bundle)["go-rest"])
    finally:
        host.close()
    assert not ok and "is not executable" in reason


def test_user_profiles_dir_is_never_inside_an_installation(tmp_path, monkeypatch):
    monkeypatch.delenv("BANCADA_HOME", raising=False)
    saved = paths.user_profiles_dir()  # a clone: the user's folder too, not among the shipped profiles
    assert saved == paths.data_dir() / "profiles" and saved.is_dir()
    assert not saved.is_relative_to(ROOT / "profiles")
    monkeypatch.setenv("BANCADA_HOME", str(ROOT))  # an installation that names its home
    assert not paths.user_profiles_dir().is_relative_to(ROOT)
    monkeypatch.delenv("BANCADA_HOME")
    monkeypatch.setattr(paths, "BUNDLE_DIR", _make_home(tmp_path / "_bundle"))
    saved = paths.user_profiles_dir()
    assert saved == paths.data_dir() / "profiles" and saved.is_dir()
    assert not saved.is_relative_to(tmp_path / "_bundle")


def test_gui_with_an_unknown_profile_name_says_so(capsys):
    from bancada.cli.main import main

    assert main(["gui", "no-such-study"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bancada: no-such-study: no such profile file, and not a shipped profile") and "quick" in err
