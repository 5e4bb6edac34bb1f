"""Flame graphs as SVG (one <rect> and <text> per frame, a <title> for the browser's hover text).

Colours: a plain flame graph takes a warm hue per frame name (stable across graphs: the same
function has the same colour); a differential one goes from blue (the frame's share shrank
by 10 points or more) through white to red (it grew by 10 points or more), as in Gregg's
differential flame graphs.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from html import escape

from bancada.analysis.flame import Frame

ROW_PX = 17
FONT_PX = 11
CHAR_PX = 6.4  # an average character of an 11 px sans-serif font


def warm_colour(name: str) -> str:
    """A warm colour (red to yellow) fixed by the name's CRC-32."""
    h = zlib.crc32(name.encode("utf-8"))
    return f"rgb({205 + h % 50},{(h >> 8) % 150 + 60},{(h >> 16) % 55})"


def delta_colour(delta: float, full: float = 0.10) -> str:
    """White for no change, red as the share grew, blue as it shrank (saturated at ``full``)."""
    t = max(-1.0, min(1.0, delta / full))
    fade = int(255 * (1 - abs(t)))
    return f"rgb(255,{fade},{fade})" if t >= 0 else f"rgb({fade},{fade},255)"


def _label(name: str, width_px: float) -> str:
    fits = int((width_px - 4) / CHAR_PX)
    if fits < 3:
        return ""
    return name if len(name) <= fits else name[: fits - 2] + ".."


def flame_svg(frames: Sequence[Frame], title: str, width_px: int = 1000, differential: bool = False) -> str:
    """An SVG document of ``frames`` (from :func:`bancada.analysis.flame.layout` or ``differential``).

    The root is drawn at the bottom; hovering a frame shows its name, share (%) and samples.
    """
    depth = max((f.depth for f in frames), default=0) + 1
    height = depth * ROW_PX + 30
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height}" '
        f'viewBox="0 0 {width_px} {height}" font-family="sans-serif" font-size="{FONT_PX}">',
        f'<text x="{width_px / 2}" y="16" text-anchor="middle" font-size="14">{escape(title)}</text>',
    ]
    for f in frames:
        w = f.width * width_px
        if w < 0.5:
            continue
        x, y = f.x * width_px, height - (f.depth + 1) * ROW_PX
        fill = delta_colour(f.delta) if differential else warm_colour(f.name)
        tip = f"{f.name} — {f.share * 100:.1f} % ({f.samples:.0f})"
        if differential:
            tip += f", {f.delta * 100:+.1f} pp"
        parts.append(
            f'<g><title>{escape(tip)}</title><rect x="{x:.2f}" y="{y}" width="{w:.2f}" height="{ROW_PX - 1}" '
            f'fill="{fill}" rx="2"/><text x="{x + 3:.2f}" y="{y + ROW_PX - 5}">{escape(_label(f.name, w))}</text></g>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
