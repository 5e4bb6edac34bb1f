"""Flame graphs laid out from folded stacks: the rectangles the window and the report draw.

A flame graph (Brendan Gregg, "The Flame Graph", CACM 59(6), 2016) draws each call stack as a
tower of frames, the outermost at the bottom; a frame's width is its share of all samples, and
frames of the same name under the same parent are merged (so x order is alphabetical, not time).

The differential view (Gregg's "differential flame graphs") lays out the second profile (``b``)
and colours each frame by how its share changed from the first (``a``): ``delta`` is
share in b minus share in a (red: grew, blue: shrank).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class _Node:
    name: str
    value: float = 0.0
    other: float = 0.0  # the differential view: the same frame's share in profile a
    children: dict[str, "_Node"] = field(default_factory=dict)


@dataclass(frozen=True)
class Frame:
    """One rectangle: ``x`` and ``width`` in [0, 1] of the whole; ``depth`` 0 is the bottom row.

    ``share`` is the frame's fraction of all samples (its width); ``delta`` (differential views
    only, else 0) is share in b minus share in a; ``samples`` is its sample count.
    """

    name: str
    depth: int
    x: float
    width: float
    share: float
    samples: float
    delta: float = 0.0


def _tree(stacks: dict[str, int], total: float, into: _Node | None = None, other: bool = False) -> _Node:
    root = into or _Node("all")
    for stack, count in stacks.items():
        share = count / total if total else 0.0
        node = root
        if other:
            node.other += share
        else:
            node.value += share
        for name in stack.split(";"):
            node = node.children.setdefault(name, _Node(name))
            if other:
                node.other += share
            else:
                node.value += share
    return root


def _frames(root: _Node, samples_total: float, min_width: float) -> list[Frame]:
    out: list[Frame] = []

    def walk(node: _Node, depth: int, x: float) -> None:
        out.append(
            Frame(node.name, depth, x, node.value, node.value, node.value * samples_total, node.value - node.other)
        )
        child_x = x
        for name in sorted(node.children):
            child = node.children[name]
            if child.value >= min_width:
                walk(child, depth + 1, child_x)
            child_x += child.value

    walk(root, 0, 0.0)
    return out


def layout(stacks: dict[str, int], min_width: float = 0.001) -> list[Frame]:
    """The frames of ``stacks`` (folded: "root;...;leaf" -> samples), the root ``all`` at depth 0.

    Frames narrower than ``min_width`` (a fraction of the whole) are left out with their children.
    Empty ``stacks`` give the root alone, of width 0.
    """
    total = float(sum(stacks.values()))
    return _frames(_tree(stacks, total), total, min_width)


def differential(a: dict[str, int], b: dict[str, int], min_width: float = 0.001) -> list[Frame]:
    """``b``'s frames with ``delta`` = share in b - share in a (a frame absent from a has a share of 0)."""
    total_a, total_b = float(sum(a.values())), float(sum(b.values()))
    root = _tree(b, total_b)
    _tree(a, total_a, into=root, other=True)
    return _frames(root, total_b, min_width)


#: Frames on top of a stack that name a runtime's bookkeeping, not the work: Go's asynchronous
#: preemption lands a sampled goroutine in runtime.asyncPreempt.
NOT_WORK = frozenset({"runtime.asyncPreempt"})


def widest(stacks: dict[str, int], count: int = 3) -> list[tuple[str, float]]:
    """The ``count`` functions with the most samples of their own (on top of a stack: self time),
    widest first, as (name, share of all samples); :data:`NOT_WORK` frames are left out."""
    total = float(sum(stacks.values()))
    if not total:
        return []
    own: dict[str, float] = {}
    for stack, n in stacks.items():
        leaf = stack.rsplit(";", 1)[-1]
        if leaf not in NOT_WORK:
            own[leaf] = own.get(leaf, 0.0) + n / total
    ranked = sorted(((s, name) for name, s in own.items()), key=lambda t: (-t[0], t[1]))
    return [(name, s) for s, name in ranked[:count]]
