"""Finds text in the user's docs that dates itself or speaks of a machine's history, not of the product.

The docs (README.md, docs/**/*.md) speak of Bancada in the present tense; dates, "this machine", a figure
"before … (commit …)" and a working session's wording belong to CHANGELOG.md and git log. Fenced code
blocks and inline code spans are not read (a command's output or a file name may hold a date).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: (what the text does, the pattern that finds it), case-insensitive
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a date", re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")),
    ("'this machine'", re.compile(r"\bthis (?:project's )?(?:(?:2-core |development |shared )+)?machine\b", re.I)),
    ("'the development machine'", re.compile(r"\bthe (?:2-core )?development machine\b", re.I)),
    ("a commit as a point in history", re.compile(r"\bcommits? [0-9a-f]{7,40}\b", re.I)),
    ("'before … (commit'", re.compile(r"\bbefore\b[^.]*\(commit", re.I)),
    # a working session, not a desktop one ("where the last session closed" is the window's own)
    ("a working session", re.compile(r"\b(?:this|next|previous|earlier) session\b|\bsession's changes\b", re.I)),
)

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


@dataclass(frozen=True)
class Finding:
    path: Path
    line: int
    what: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}: {self.text.strip()[:120]}"


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of the Markdown ``text`` outside fenced code, inline code spans removed."""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, INLINE_CODE.sub("``", line)


def findings(path: Path, shown_as: Path | None = None) -> list[Finding]:
    """Every dated or history-telling phrase of the Markdown file ``path`` (named ``shown_as`` in the result).

    A phrase broken over two lines is found on the line where it starts.
    """
    lines = list(prose_lines(path.read_text(encoding="utf-8")))
    found = []
    for i, (number, line) in enumerate(lines):
        following = lines[i + 1][1] if i + 1 < len(lines) and lines[i + 1][0] == number + 1 else ""
        joined = f"{line} {following}"
        for what, pattern in PATTERNS:
            if any(m.start() < len(line) for m in pattern.finditer(joined)):
                found.append(Finding(shown_as or path, number, what, line))
    return found


def user_docs(root: Path) -> list[Path]:
    """README.md and every Markdown page under docs/ (the pages a user reads), relative to ``root``."""
    return [Path("README.md"), *sorted(p.relative_to(root) for p in (root / "docs").rglob("*.md"))]
