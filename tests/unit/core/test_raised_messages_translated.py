"""Every message the run, the hosts, the experiment and the custom requests raise reaches a pt-BR window
in Portuguese: a static check of those modules' source.

Two rules, checked on the syntax tree of each module:

1. a ``raise SomeError(...)`` whose message is written in place (a string literal or an f-string, possibly
   inside a concatenation) is a defect: the text must go through ``bancada.core.i18n.translate``;
2. every ``translate("Context", "text")`` call there must have a finished pt-BR entry in the catalogue
   (``bancada_pt_BR.ts``), so a new message without its translation fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bancada.core import i18n
from tests.conftest import ROOT

APP = ROOT / "app" / "bancada"
#: The run, the hosts, the experiment (profiles, external servers, custom requests, templates).
MODULES = sorted(
    list((APP / "run").glob("*.py")) + list((APP / "experiment").glob("*.py")) + list((APP / "hosts").glob("*.py"))
)


def _is_text(node: ast.AST) -> bool:
    """A message written in place: a str literal, an f-string, or a + / % of one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(node.value.strip())
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    return False


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def untranslated_raises(path: Path) -> list[str]:
    """``file:line: text`` of each raise whose first argument is text written in place."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            arg = node.exc.args[0]
            if _is_text(arg):
                out.append(f"{shown(path)}:{node.lineno}: {ast.unparse(arg)[:90]}")
    return out


def translate_calls(path: Path) -> list[tuple[int, str, str]]:
    """``(line, context, text)`` of each ``translate("Context", "text")`` call with literal arguments."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "translate"
            and len(node.args) == 2
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)
        ):
            out.append((node.lineno, node.args[0].value, node.args[1].value))  # type: ignore[union-attr]
    return out


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(APP)))
def test_raised_messages_go_through_translate(path):
    assert not untranslated_raises(path), "\n".join(untranslated_raises(path))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(APP)))
def test_every_translated_message_has_a_pt_br_entry(path):
    catalogue = i18n.catalogue("pt_BR")
    missing = [
        f"{path.relative_to(ROOT)}:{line}: ({ctx}) {text}"
        for line, ctx, text in translate_calls(path)
        if (ctx, text) not in catalogue
    ]
    assert not missing, "no pt-BR entry (run scripts/update_translations.sh, translate):\n" + "\n".join(missing)


def test_the_check_finds_a_raise_written_in_place(tmp_path):
    """The rule catches what it is meant to catch (a check that cannot fail is no check)."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def f(x):\n"
        "    raise ValueError(f'cannot reach {x}')\n"
        "def g(x):\n"
        "    raise ValueError(translate('Ctx', 'cannot reach {x}').format(x=x))\n"
        "def h(e):\n"
        "    raise ValueError(str(e)) from None\n"
    )
    found = untranslated_raises(bad)
    assert len(found) == 1 and found[0].endswith(":2: f'cannot reach {x}'"), found
    assert translate_calls(bad) == [(4, "Ctx", "cannot reach {x}")]
