"""No function of the app or the Python worker is above cyclomatic complexity 15 (radon's count,
McCabe 1976 with radon's additions for boolean operators and comprehensions: radon's documentation,
"Cyclomatic Complexity"). ruff's mccabe check ([tool.ruff.lint.mccabe]) counts fewer branches and
runs on every save; this is the stricter count the layout is held to.
"""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class

from tests.conftest import ROOT

LIMIT = 15
TREES = [ROOT / "app" / "bancada", ROOT / "workers" / "python" / "bancada_worker"]
#: Functions still above the limit, with their complexity today: none may grow, and none may be added.
ALLOWED: dict[str, int] = {}


def _functions(path: Path):
    """Every function and method of ``path`` (a class's own figure is the sum of its methods': left out)."""
    for block in cc_visit(path.read_text(encoding="utf-8")):
        if isinstance(block, Class):
            yield from block.methods
        else:
            yield block


def over_limit() -> dict[str, int]:
    """``{"path:Class.function": complexity}`` of every function above :data:`LIMIT`."""
    found: dict[str, int] = {}
    for tree in TREES:
        for path in sorted(tree.rglob("*.py")):
            if path.name.endswith("_pb2.py") or "__pycache__" in path.parts:
                continue
            for block in _functions(path):
                if block.complexity > LIMIT:
                    name = f"{block.classname}.{block.name}" if getattr(block, "classname", None) else block.name
                    found[f"{path.relative_to(ROOT)}:{name}"] = block.complexity
    return found


def test_no_function_is_above_the_limit():
    found = over_limit()
    new = {k: v for k, v in found.items() if k not in ALLOWED or v > ALLOWED[k]}
    assert new == {}, f"split these by meaning (complexity > {LIMIT}): {new}"


def test_the_count_sees_a_complex_function(tmp_path):
    """The check can fail: sixteen independent branches are complexity 17."""
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(16))
    source = f"def f(x):\n{branches}    return -1\n"
    (block,) = cc_visit(source)
    assert block.complexity == 17 > LIMIT
