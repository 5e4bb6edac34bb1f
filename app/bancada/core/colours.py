"""The styles of the colour factor's levels (the protocol, or the implementation), shared by the
window, its PNG/SVG exports and the report: one colour, one marker and one hatch per level.

The colours are Okabe & Ito's (2008, *Color Universal Design*), chosen per background so that each
stands out from it by a WCAG 2.1 contrast of at least 3:1 (success criterion 1.4.11, non-text
contrast) and every two of them stay apart (CIEDE2000 ΔE ≥ :data:`MIN_DELTA_E00`) under simulated
protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009); tests/unit/core/
test_colours.py checks both. Colour is never the only channel: each level also has a marker (the
traces) and a hatch (the boxes), so a level is told apart in grey print too.

gRPC always takes the first style (blue, circle, no hatch) and REST the second (vermilion or orange,
square, ``/``), whether they are levels of the factor protocol or implementations that are the
only one of their protocol; the other levels take the next free styles in their order, so a
profile's levels keep their styles from run to run. Colours are ``#RRGGBB`` strings; markers are
matplotlib's names (:data:`QT_MARKERS` gives pyqtgraph's), hatches matplotlib's.
"""

from __future__ import annotations

from dataclasses import dataclass

#: On a light background (white): Okabe-Ito blue, vermilion, bluish green, reddish purple, black,
#: and a brown (Okabe-Ito's orange and yellow are too light on white: 2.2:1 and 1.3:1).
LIGHT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#000000", "#6E4B00"]
#: On a dark background: sky blue, orange, bluish green, reddish purple, yellow, white.
DARK_COLOURS = ["#56B4E9", "#E69F00", "#009E73", "#CC79A7", "#F0E442", "#FFFFFF"]
#: The backgrounds the plots draw on: the report's and a light window's, and a dark window's.
LIGHT_BACKGROUND, DARK_BACKGROUND = "#FFFFFF", "#1E1E1E"
#: The text on them (WCAG contrast ≥ 4.5:1, success criterion 1.4.3).
LIGHT_TEXT, DARK_TEXT = "#000000", "#E8E8E8"
#: The second channel: one marker (traces) and one hatch (boxes) per style, in the colours' order.
MARKERS = ["o", "s", "^", "D", "v", "P"]
HATCHES = ["", "//", "\\\\", "xx", "--", "||"]
#: pyqtgraph's names of :data:`MARKERS`.
QT_MARKERS = {"o": "o", "s": "s", "^": "t1", "D": "d", "v": "t", "P": "+"}
#: The smallest CIEDE2000 difference between two colours of a palette, under each simulated deficiency.
MIN_DELTA_E00 = 10.0
#: Levels that always take the same style, whatever the other levels of a run.
FIXED = {"grpc": 0, "rest": 1}


@dataclass(frozen=True)
class LevelStyle:
    """How one level is drawn: ``colour`` ``#RRGGBB``, ``marker`` (matplotlib name), ``hatch`` (matplotlib)."""

    colour: str
    marker: str
    hatch: str


def palette(dark: bool = False) -> list[str]:
    """The level colours for a dark (``True``) or light background, in the order levels take them."""
    return DARK_COLOURS if dark else LIGHT_COLOURS


def background(dark: bool = False) -> str:
    """The plots' background colour ``#RRGGBB`` on a dark or light palette."""
    return DARK_BACKGROUND if dark else LIGHT_BACKGROUND


def text_colour(dark: bool = False) -> str:
    """The plots' text colour ``#RRGGBB`` on a dark or light palette."""
    return DARK_TEXT if dark else LIGHT_TEXT


def style(slot: int, dark: bool = False) -> LevelStyle:
    """The ``slot``-th style (0-based; colours, markers and hatches each cycle on their own)."""
    colours = palette(dark)
    return LevelStyle(colours[slot % len(colours)], MARKERS[slot % len(MARKERS)], HATCHES[slot % len(HATCHES)])


def level_styles(
    levels: list[str], dark: bool = False, protocols: dict[str, str] | None = None
) -> dict[str, LevelStyle]:
    """``{level: style}`` for the colour factor's ``levels`` (in the run's order).

    ``protocols``: each level's protocol when the levels are implementations (the own-service
    form's servers); a level named after gRPC or REST, or whose protocol is one no other level
    has, takes that protocol's fixed style.
    """
    protocols = protocols or {}
    count: dict[str, int] = {}
    for p in protocols.values():
        count[p.lower()] = count.get(p.lower(), 0) + 1
    slots: dict[str, int] = {}
    for lv in levels:
        key = lv.lower()
        proto = protocols.get(lv, "").lower()
        if key in FIXED:
            slots[lv] = FIXED[key]
        elif proto in FIXED and count[proto] == 1 and FIXED[proto] not in slots.values():
            slots[lv] = FIXED[proto]
    taken = set(slots.values()) | set(FIXED.values())
    free = (s for s in range(len(levels) + len(FIXED) + 1) if s not in taken)
    for lv in levels:
        if lv not in slots:
            slots[lv] = next(free)
    return {lv: style(slots[lv], dark) for lv in levels}


def relative_luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of an ``#RRGGBB`` sRGB colour, in [0, 1]."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2.1's contrast ratio (L1 + 0.05) / (L2 + 0.05) of two ``#RRGGBB`` colours, in [1, 21]."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
