"""A message about an option of the analysis that names the option by its parameter's name.

The statistics know their parameters (``alpha``, ``confidence``, ``trim_unbalanced``), not the
command line's flags: :class:`OptionMessage` keeps the parameters apart from the text, so that
``bancada analyze`` prints ``--alpha`` (:mod:`bancada.cli.option_flags`) and the window, which has no
flags, can leave the advice out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def _same(parameter: str) -> str:
    return parameter


@dataclass(frozen=True)
class OptionMessage:
    """``reason`` and ``advice``: ``str.format`` templates whose fields are the names in
    ``parameters`` (rendered by a caller's ``name_of``) and the keys of ``values`` (as they are)."""

    reason: str
    parameters: tuple[str, ...] = ()
    values: Mapping[str, Any] = field(default_factory=dict)
    advice: str = ""

    def text(self, name_of: Callable[[str], str] = _same, advice: bool = True) -> str:
        """The message with each parameter named by ``name_of`` (default: its own name); the advice
        after ``"; "`` unless ``advice`` is false."""
        fields = {**self.values, **{p: name_of(p) for p in self.parameters}}
        reason = self.reason.format(**fields)
        if advice and self.advice:
            return reason + "; " + self.advice.format(**fields)
        return reason


class OptionError(ValueError):
    """An error whose message may name an option (an :class:`OptionMessage`): the CLI names it by its
    flag, the window by its field; a plain text otherwise."""

    def __init__(self, message: str | OptionMessage) -> None:
        self.option = message if isinstance(message, OptionMessage) else None
        super().__init__(message.text() if isinstance(message, OptionMessage) else message)

    def text(self, name_of: Callable[[str], str] = str, advice: bool = True) -> str:
        """The message, an option named by ``name_of`` (e.g. the CLI's flag; default its parameter's
        name), without its advice when ``advice`` is false."""
        if self.option is None:
            return str(self)
        return self.option.text(name_of, advice)
