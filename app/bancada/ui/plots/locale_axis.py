"""Plot axes whose tick labels follow the window's language (``0,5`` in pt-BR, ``0.5`` in English).

pyqtgraph writes tick labels with Python's ``%g``-style formatting, always with a decimal point;
:class:`LocaleAxis` swaps the decimal mark for the language's (:func:`bancada.core.i18n.language`),
and every plot of the window uses it for its numeric axes.
"""

from __future__ import annotations

import pyqtgraph as pg

from bancada.core import i18n


def localized(label: str) -> str:
    """A tick label with the language's decimal mark (``1.5`` -> ``1,5`` in pt-BR); no grouping."""
    return label.replace(".", ",") if i18n.language() == "pt_BR" else label


class LocaleAxis(pg.AxisItem):
    """A numeric axis whose automatic tick labels use the language's decimal mark, in the unit its
    label names: pyqtgraph's automatic SI prefix is off, since it rescales a unit-less axis whose
    values are all under 1 and writes "latency (ms) (x0.001)" over ticks of 0-800 (microseconds)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.enableAutoSIPrefix(False)

    def tickStrings(self, values, scale, spacing):
        return [localized(s) for s in super().tickStrings(values, scale, spacing)]

    def logTickStrings(self, values, scale, spacing):
        return [localized(s) for s in super().logTickStrings(values, scale, spacing)]
