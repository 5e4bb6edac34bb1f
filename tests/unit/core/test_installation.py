"""A file missing inside Bancada's installation is named as such, never blamed on the user's path (issue 26).

The frozen bundle lost a file a library opens by path (ADBC's ``_static_version.py``);
``analyze RUN.sqlite`` then said ``no such file: RUN.sqlite`` and ``export --csv
x.csv`` said ``cannot write x.csv``. tests/packaging/test_bundle_clean_shell.py checks
the real bundle; these check the messages in a source tree.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import bancada
from bancada.cli import analyze as analyze_cmd
from bancada.cli import main as cli
from bancada.core import i18n
from bancada.core.installation import explain, missing_file, roots
from bancada.store import tidy_csv
from bancada.store.runstore import RunStore

PACKAGE = Path(bancada.__file__).resolve().parent


def _gone(path: Path) -> FileNotFoundError:
    return FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))


def test_a_file_missing_inside_the_package_is_the_installation_s():
    missing = PACKAGE / "some_library" / "_static_version.py"
    assert PACKAGE in roots()
    assert missing_file(_gone(missing)) == missing
    message = explain(_gone(missing), "no such file: run.sqlite")
    assert "installation is broken" in message and str(missing) in message and "run.sqlite" not in message


def test_the_user_s_own_files_keep_their_message(tmp_path):
    assert explain(_gone(tmp_path / "x.csv"), "cannot write x.csv") == "cannot write x.csv"
    inside = PACKAGE / "named_by_the_user.csv"  # a path the user gave, even inside the installation
    assert explain(_gone(inside), "no such file", inside) == "no such file"
    denied = PermissionError(errno.EACCES, "Permission denied", str(PACKAGE / "x.py"))
    assert explain(denied, "cannot write") == "cannot write"
    assert explain(ValueError("bad"), "bad") == "bad"


def test_the_message_is_in_brazilian_portuguese():
    i18n.set_language("pt_BR")
    try:
        message = explain(_gone(PACKAGE / "gone.py"), "x")
    finally:
        i18n.set_language("en")
    assert "instalação" in message and "reinstale" in message, message


@pytest.fixture
def run_file(tmp_path) -> Path:
    with RunStore.create(folder=tmp_path) as store:
        return store.path


def test_analyze_and_export_name_the_installation(run_file, tmp_path, monkeypatch, capsys):
    library_file = PACKAGE / "_not_there" / "_static_version.py"

    def lost(*_args, **_kwargs):
        raise _gone(library_file)

    monkeypatch.setattr(analyze_cmd, "_read", lost)
    monkeypatch.setattr(tidy_csv, "export_csv", lost)  # cli_run imports it when export runs
    assert cli.main(["analyze", str(run_file)]) == 2
    assert cli.main(["export", str(run_file), "--csv", str(tmp_path / "x.csv")]) == 2
    said = " ".join(capsys.readouterr().err.split())
    assert said.count("installation is broken") == 2, said
    assert "no such file" not in said and "cannot write" not in said, said
