"""The window follows the system's colour scheme (Qt 6's ``QStyleHints.colorScheme``): a dark
scheme gets a dark palette whose text and plot colours keep WCAG 2.1's contrasts
(:mod:`bancada.core.colours`: text ≥ 4.5:1, plot elements ≥ 3:1); a light one the style's own.

Where the platform does not say its scheme (``Qt.ColorScheme.Unknown``: the offscreen and plain
X11 platforms without a desktop portal), the platform's palette stays as it is.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

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


def dark_palette() -> QPalette:
    """The palette of a dark colour scheme."""
    pal = QPalette()
    for role, colour in DARK_ROLES.items():
        pal.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(DARK_DISABLED_TEXT))
    return pal


def apply(scheme: Qt.ColorScheme) -> None:
    """Give the application the palette of ``scheme`` (Unknown: the platform's, untouched)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if scheme == Qt.ColorScheme.Dark:
        app.setPalette(dark_palette())
    elif scheme == Qt.ColorScheme.Light:
        app.setPalette(app.style().standardPalette())


def follow() -> None:
    """Apply the system's scheme now and each time it changes."""
    hints = QGuiApplication.styleHints()
    apply(hints.colorScheme())
    hints.colorSchemeChanged.connect(apply)
