"""The colours of the colour factor's levels (the protocol), shared by the window and the report.

gRPC is always blue and REST always orange; other levels take the Okabe-Ito colours in order
(Okabe & Ito 2008, *Color Universal Design*: told apart under the common colour-vision deficiencies).
Colours are ``#RRGGBB`` strings: the window makes QColors of them, the report writes them into SVG.
"""

from __future__ import annotations

#: The Okabe-Ito colours, in the order levels without a fixed colour take them.
LEVEL_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999"]
#: Levels whose colour never changes with the other levels of a run.
FIXED = {"grpc": "#0072B2", "rest": "#E69F00"}


def level_colour(level: str, index: int) -> str:
    """The ``#RRGGBB`` colour of ``level``, the ``index``-th level of the colour factor (0-based)."""
    return FIXED.get(level, LEVEL_COLOURS[index % len(LEVEL_COLOURS)])
