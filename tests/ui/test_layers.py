"""No Qt below ui/: PySide6 and pyqtgraph are imported only under app/bancada/ui/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.ui

PACKAGE = ROOT / "app" / "bancada"
FORBIDDEN = ("PySide6", "pyqtgraph", "shiboken6", "PyQt5", "PyQt6", "bancada.ui")


def qt_imports(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        found += [
            f"{path.relative_to(root)}:{node.lineno}: {n}"
            for n in names
            if n.split(".")[0] in FORBIDDEN or n.startswith("bancada.ui")
        ]
    return found


def test_no_qt_outside_ui():
    bad = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "ui" or rel.parts[-2:] == ("cli", "gui.py"):  # cli/gui.py opens the GUI, lazily
            continue
        bad += qt_imports(path)
    assert not bad, "Qt imported below ui/:\n" + "\n".join(bad)


def test_the_check_sees_an_import(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("import os\nfrom PySide6.QtCore import QTimer\ndef f():\n    import pyqtgraph as pg\n")
    assert qt_imports(f, tmp_path) == ["x.py:2: PySide6.QtCore", "x.py:4: pyqtgraph"]
