"""What the README says of the code holds: the shipped profiles, the tidy CSV's columns, the Python version."""

from __future__ import annotations

import re
import tomllib

from bancada.store import tidy_csv
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_names_every_shipped_profile():
    shipped = sorted(p.stem for p in (ROOT / "profiles").glob("*.toml"))
    missing = [name for name in shipped if f"`{name}`" not in README]
    assert not missing, f"README.md does not list the shipped profiles {missing}"


def test_the_readme_lists_the_tidy_csvs_columns_in_order():
    m = re.search(r"The tidy CSV has one row per request and these columns: `([^`]+)`", README)
    assert m, "README.md no longer lists the tidy CSV's columns"
    listed = [c.strip() for c in m.group(1).split(",")]
    assert listed == tidy_csv.COLUMNS + tidy_csv.EXTRA_COLUMNS + tidy_csv.SPLIT_COLUMNS


def test_the_readme_asks_for_the_python_that_pyproject_requires():
    required = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    version = required.removeprefix(">=")
    assert f"Python ≥ {version}" in README
    setup = README[README.index("`scripts/setup.sh` (called by both)") : README.index("## Installing")]
    assert "Python ≥ 3.10" not in setup, "setup.sh's .venv holds the app, which needs " + required


def test_the_readme_claims_graphql_only_for_the_workers_that_serve_it():
    graphql = sorted(
        tomllib.loads(p.read_text(encoding="utf-8"))["name"]
        for p in (ROOT / "workers").glob("*/worker.toml")
        if "graphql" in tomllib.loads(p.read_text(encoding="utf-8")).get("protocols", [])
    )
    assert graphql == ["go", "node", "python"]
    first = " ".join(README.split("\n\n")[1].split())
    assert "Go, Python and Node.js over GraphQL" in first
    assert "Java, Python and Node.js over gRPC, REST/JSON, JSON-RPC 2.0 and GraphQL" not in first
