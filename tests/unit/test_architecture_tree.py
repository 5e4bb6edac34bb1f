"""docs/architecture.md's tree ("The tree") names every package of app/bancada and no other.

The tree is the code block that starts with ``app/bancada/``: a line whose first word ends with
``/`` is a package, indented two spaces deeper than the package it is inside; the other lines
continue a description.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

DOC = ROOT / "docs" / "architecture.md"
PACKAGE = ROOT / "app" / "bancada"


def drawn_packages(text: str) -> set[str]:
    """The packages the tree draws, as paths below app/bancada (``"ui/window"``).

    Raises:
        ValueError: the document has no tree, or a package line is indented by an odd count or
            deeper than one level below the package before it.
    """
    match = re.search(r"^```\napp/bancada/\n(.*?)^```", text, re.M | re.S)
    if match is None:
        raise ValueError("docs/architecture.md: no code block starting with 'app/bancada/'")
    found: set[str] = set()
    stack: list[str] = []
    for line in match.group(1).splitlines():
        word = line.split(maxsplit=1)[0] if line.strip() else ""
        if not word.endswith("/"):
            continue  # a description's next line
        indent = len(line) - len(line.lstrip(" "))
        level = indent // 2 - 1
        if indent % 2 or level < 0 or level > len(stack):
            raise ValueError(f"docs/architecture.md: package line indented by {indent} spaces: {line!r}")
        stack = [*stack[:level], word.rstrip("/")]
        found.add("/".join(stack))
    return found


def code_packages() -> set[str]:
    """Every package below app/bancada (a folder with an ``__init__.py``), as a path."""
    return {
        init.parent.relative_to(PACKAGE).as_posix()
        for init in PACKAGE.rglob("__init__.py")
        if init.parent != PACKAGE and "__pycache__" not in init.parts
    }


def test_the_drawn_tree_is_the_code():
    drawn, code = drawn_packages(DOC.read_text(encoding="utf-8")), code_packages()
    missing, extra = sorted(code - drawn), sorted(drawn - code)
    assert not missing and not extra, (
        f"docs/architecture.md's tree: packages not drawn {missing}; drawn but not in app/bancada {extra}"
    )


def test_the_reader_sees_nesting_and_skips_descriptions():
    text = "```\napp/bancada/\n  ui/   the window\n        and more/\n    plots/ x\n  core/ y\n```\n"
    assert drawn_packages(text) == {"ui", "ui/plots", "core"}


def test_the_reader_refuses_a_skipped_level():
    with pytest.raises(ValueError, match="indented by 6"):
        drawn_packages("```\napp/bancada/\n  ui/ x\n      plots/ y\n```\n")
