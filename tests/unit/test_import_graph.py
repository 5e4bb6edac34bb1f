"""The house has no circles: no module of Bancada imports, directly or through others, a module that
imports it back (the layers themselves are import-linter's contracts in pyproject.toml).

Imports under ``if TYPE_CHECKING:`` and inside functions count too: a circle drawn only for the type
checker still ties two modules together for whoever reads or moves them.
"""

from __future__ import annotations

import grimp


def _cycles(package: str) -> list[list[str]]:
    graph = grimp.build_graph(package, include_external_packages=False)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    # Tarjan's strongly connected components: a component of more than one module is a circle
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(start: str) -> None:
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_bancada_has_no_import_circle():
    assert _cycles("bancada") == []


def test_the_cycle_finder_sees_a_circle(tmp_path, monkeypatch):
    """The check can fail: two modules importing each other are reported."""
    pkg = tmp_path / "circle_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from circle_pkg import b\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from circle_pkg import a\n")
    (pkg / "c.py").write_text("import circle_pkg.a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _cycles("circle_pkg") == [["circle_pkg.a", "circle_pkg.b"]]
