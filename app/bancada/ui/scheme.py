"""The window follows the system's colour scheme (Qt 6's ``QStyleHints.colorScheme``): a dark
scheme gets a dark palette whose text and plot colours keep WCAG 2.1's contrasts
(:mod:`bancada.core.colours`: text ≥ 4.5:1, plot elements ≥ 3:1); a light one the style's own.

Where the platform does not say its scheme (``Qt.ColorScheme.Unknown``: the offscreen and plain
X11 platforms without a desktop portal), the platform's palette stays as it is.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from bancada.core import colours

#: The dark palette's colours, by role (text ≥ 4.5:1 on the window and the base).
DARK_ROLES = {
    QPalette.ColorRole.Window: "#262626",
    QPalette.ColorRole.WindowText: colours.DARK_TEXT,
    QPalette.ColorRole.Base: colours.DARK_BACKGROUND,
    QPalette.ColorRole.AlternateBase: "#2A2A2A",
    QPalette.ColorRole.Text: colours.DARK_TEXT,
    QPalette.ColorRole.Button: "#333333",
    QPalette.ColorRole.ButtonText: colours.DARK_TEXT,
    QPalette.ColorRole.ToolTipBase: "#333333",
    QPalette.ColorRole.ToolTipText: colours.DARK_TEXT,
    QPalette.ColorRole.PlaceholderText: "#A8A8A8",
    QPalette.ColorRole.Highlight: "#2F6FB3",
    QPalette.ColorRole.HighlightedText: "#FFFFFF",
    QPalette.ColorRole.Link: "#8AB4F8",
    QPalette.ColorRole.BrightText: "#FFFFFF",
    QPalette.ColorRole.Light: "#4A4A4A",
    QPalette.ColorRole.Midlight: "#3C3C3C",
    QPalette.ColorRole.Mid: "#2E2E2E",
    QPalette.ColorRole.Dark: "#151515",
    QPalette.ColorRole.Shadow: "#000000",
}
#: Disabled texts on the dark palette: visibly dimmer, still readable.
DARK_DISABLED_TEXT = "#8A8A8A"
#: The colours that say what a text is, on a light and on a dark window: ``error`` (a problem) and
#: ``ok`` (a check passed) as text, ≥ 4.5:1 on Fusion's light window ``#EFEFEF`` and on
#: :data:`DARK_ROLES`' window and base; ``accent`` (the guide's hint bar) a mark, ≥ 3:1 on both.
TONES = {
    "error": ("#C62828", "#FF8A80"),
    "ok": ("#1B5E20", "#81C784"),
    "accent": ("#1565C0", "#64B5F6"),
}
_TONE = "bancadaTone"  # the widget properties set_tone keeps: the tone's name and the style sheet
_TONE_STYLE = "bancadaToneStyle"


def dark_palette() -> QPalette:
    """The palette of a dark colour scheme."""
    pal = QPalette()
    for role, colour in DARK_ROLES.items():
        pal.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(DARK_DISABLED_TEXT))
    return pal


def is_dark() -> bool:
    """Whether the application's window colour is dark (a dark scheme, or a dark platform palette)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return False
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def tone(name: str) -> str:
    """The ``#RRGGBB`` colour of the tone ``name`` (a key of :data:`TONES`) on the current palette.

    Raises:
        KeyError: ``name`` is not a tone.
    """
    light, dark = TONES[name]
    return dark if is_dark() else light


def set_tone(widget: QWidget, name: str, style: str = "color: {tone};") -> None:
    """Give ``widget`` the style sheet ``style`` with ``{tone}`` replaced by the colour of the tone
    ``name`` ("" clears it), and again with the other scheme's colour whenever the scheme changes.

    Raises:
        KeyError: ``name`` is neither "" nor a key of :data:`TONES`.
    """
    widget.setProperty(_TONE, name)
    widget.setProperty(_TONE_STYLE, style)
    widget.setStyleSheet(style.replace("{tone}", tone(name)) if name else "")


def _retone() -> None:
    for widget in QApplication.allWidgets():
        name = widget.property(_TONE)
        if name:
            widget.setStyleSheet(str(widget.property(_TONE_STYLE)).replace("{tone}", tone(str(name))))


def apply(scheme: Qt.ColorScheme) -> None:
    """Give the application the palette of ``scheme`` (Unknown: the platform's, untouched), and the
    widgets of :func:`set_tone` their colours on it."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if scheme == Qt.ColorScheme.Dark:
        app.setPalette(dark_palette())
    elif scheme == Qt.ColorScheme.Light:
        app.setPalette(app.style().standardPalette())
    _retone()


def follow() -> None:
    """Apply the system's scheme now and each time it changes."""
    hints = QGuiApplication.styleHints()
    apply(hints.colorScheme())
    hints.colorSchemeChanged.connect(apply)
