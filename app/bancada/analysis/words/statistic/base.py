"""What one statistic of the analysis is: its table's name and title, its rows, its reading and its
sentences, side by side (:class:`Statistic`), and what its texts share (:class:`Context`).

Qt-free. A statistic reads one group of the typed analysis (:class:`bancada.stats.results.Group`);
its texts go through :func:`bancada.core.i18n.translate`, its title through :func:`QT_TRANSLATE_NOOP`
(translated where it is shown, context ``StatsTable``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bancada.core.i18n import number
from bancada.stats.results import Group

Row = dict[str, Any]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name pyside6-lupdate looks for
    """Mark ``text`` for the catalogue (lupdate finds the call by name); translated where it is shown."""
    return text


def treatment_label(levels: dict[str, Any]) -> str:
    """``"go/grpc"`` for ``{"language": "go", "protocol": "grpc"}``."""
    return "/".join(str(v) for v in levels.values())


@dataclass(frozen=True)
class Context:
    """What every reading and sentence shares: the significance level ``alpha``, the effects'
    ``confidence`` and ``to_ms``, milliseconds per unit of the response (1e3 for ``latency_s``)."""

    alpha: float
    confidence: float
    to_ms: float = 1.0

    @property
    def a_txt(self) -> str:
        """``alpha`` as the language writes it (two decimals)."""
        return number(self.alpha, 2)


def _no_sentences(group: Group, ctx: Context) -> list[str]:
    return []


@dataclass(frozen=True)
class Statistic:
    """One statistic's table and texts.

    ``name``: the table's key (its ``## `` heading in docs/statistics.md, the CSV's file name);
    ``title``: the title the window and the report show (translated in context ``StatsTable``);
    ``rows``: one group's table rows (without the ``by`` columns, which come first);
    ``reading``: one group's line under the table, or None; ``sentences``: one group's sentences in
    the conclusions (:mod:`bancada.analysis.words.sentences`), in the order of
    :data:`bancada.analysis.words.statistic.registry.STATISTICS`.
    """

    name: str
    title: str
    rows: Callable[[Group], list[Row]]
    reading: Callable[[Group, Context], str | None]
    sentences: Callable[[Group, Context], list[str]] = _no_sentences


def holm_differ(rows: list[Any], alpha: float) -> int:
    """How many pairs of ``rows`` (each with ``p_holm``) differ at ``alpha``."""
    return sum(1 for r in rows if r.p_holm is not None and r.p_holm < alpha)
