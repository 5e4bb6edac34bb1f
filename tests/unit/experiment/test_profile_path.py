"""A profile by file or by the name of a shipped profile."""

import pytest

from bancada.experiment.profile_path import resolve_profile
from tests.conftest import ROOT


def test_resolve_profile(tmp_path, monkeypatch):
    assert resolve_profile("quick") == ROOT / "profiles" / "quick.toml"
    with pytest.raises(FileNotFoundError, match=r"nope: .*not a shipped profile.*quick"):
        resolve_profile("nope")
    given = tmp_path / "mine.toml"
    given.write_text("")
    assert resolve_profile(given) == given
    assert resolve_profile("elsewhere/missing.toml").as_posix() == "elsewhere/missing.toml"  # the loader reports it
    monkeypatch.chdir(tmp_path)
    (tmp_path / "quick").write_text("")  # an existing file wins over the shipped name
    assert resolve_profile("quick").as_posix() == "quick"
