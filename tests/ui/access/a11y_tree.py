"""What a screen reader is given: Qt's accessibility tree of a widget, as the AT-SPI bridge exports it.

Qt's AT-SPI bridge (the one Orca reads on Linux) serves each node's role, name and state from
these same ``QAccessibleInterface`` objects, so a walk of them sees what the bridge would send.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QWidget

R = QAccessible.Role
#: Roles a user acts on: each must have a name a screen reader can say.
INTERACTIVE = {
    R.PushButton,
    R.CheckBox,
    R.RadioButton,
    R.ComboBox,
    R.EditableText,
    R.SpinBox,
    R.Slider,
    R.PageTab,
    R.ButtonMenu,
    R.ButtonDropDown,
    R.Link,
    R.Table,
    R.List,
    R.Tree,
    R.Dial,
}
# Scroll bars are left out: Tab does not stop at them and a screen reader says them by role and value.


@dataclass(frozen=True)
class Node:
    """One node of the tree: its role, name, description and where it is (the widget's class and object name)."""

    role: QAccessible.Role
    name: str
    description: str
    where: str


def _where(iface: QAccessibleInterface) -> str:
    obj = iface.object()
    if obj is None:
        return "?"
    parent = obj.parent()
    parent_name = f"{type(parent).__name__}:{parent.objectName()}" if parent is not None else ""
    return f"{type(obj).__name__}:{obj.objectName()} in {parent_name}"


def walk(widget: QWidget) -> list[Node]:
    """Every node shown under ``widget`` (invisible ones left out), depth first."""
    out: list[Node] = []
    seen: set[int] = set()

    def visit(iface: QAccessibleInterface | None, depth: int) -> None:
        if iface is None or not iface.isValid() or depth > 60:
            return
        key = id(iface.object()) if iface.object() is not None else id(iface)
        state = iface.state()
        if state.invisible or state.offscreen:
            return
        if iface.object() is not None and key in seen and iface.childCount() == 0:
            return
        seen.add(key)
        out.append(
            Node(
                iface.role(), iface.text(QAccessible.Text.Name), iface.text(QAccessible.Text.Description), _where(iface)
            )
        )
        for i in range(iface.childCount()):
            visit(iface.child(i), depth + 1)

    visit(QAccessible.queryAccessibleInterface(widget), 0)
    return out


def unnamed_interactive(widget: QWidget) -> list[Node]:
    """The interactive nodes under ``widget`` that a screen reader could only call by their role."""
    return [n for n in walk(widget) if n.role in INTERACTIVE and not n.name.strip()]
