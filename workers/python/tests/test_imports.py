"""bancada_worker's modules import one way: no circle in its import graph.

Every import counts, also those inside functions and under ``TYPE_CHECKING`` (a circle through
a late import is still a circle for whoever reads or moves the code)."""

from __future__ import annotations

import ast
import unittest
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "bancada_worker"


def import_graph(folder: Path, package: str = "bancada_worker") -> dict[str, set[str]]:
    """module -> the package's modules it imports (``package`` itself for its ``__init__``)."""
    modules = {p.stem: p for p in folder.glob("*.py")}
    names = {package if stem == "__init__" else f"{package}.{stem}" for stem in modules}
    graph: dict[str, set[str]] = {}
    for stem, path in modules.items():
        here = package if stem == "__init__" else f"{package}.{stem}"
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names if alias.name in names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in names:
                for alias in node.names:  # "from package import module" imports the module
                    sub = f"{node.module}.{alias.name}"
                    edges.add(sub if sub in names else node.module)
        edges.discard(here)
        graph[here] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


class ImportGraphTest(unittest.TestCase):
    def test_the_package_has_no_import_cycle(self):
        graph = import_graph(PACKAGE)
        self.assertIn("bancada_worker.cli", graph)
        self.assertIn("bancada_worker.errors", graph["bancada_worker.database"])
        self.assertEqual(cycles(graph), [])

    def test_a_cycle_is_found(self):
        graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
        self.assertEqual(cycles(graph), [["a", "b", "c"]])

    def test_errors_import_nothing_of_the_worker(self):
        self.assertEqual(import_graph(PACKAGE)["bancada_worker.errors"], set())


if __name__ == "__main__":
    unittest.main()
