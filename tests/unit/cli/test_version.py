"""The version is written once, in pyproject.toml, and read from the package metadata."""

import importlib.metadata
import tomllib

import pytest

import bancada
from bancada.cli.main import main
from tests.conftest import ROOT


def test_version_is_the_package_metadata_and_pyproject():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert bancada.__version__ == importlib.metadata.version("bancada") == declared, (
        "bancada.__version__ differs from pyproject.toml: re-install the package (uv sync)"
    )


def test_no_version_literal_in_the_package():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    for path in (ROOT / "app" / "bancada").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert f'__version__ = "{declared}"' not in text, f"{path} writes the version a second time"


def test_cli_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"bancada {bancada.__version__}"
