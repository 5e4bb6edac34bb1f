"""The command line's flag of each parameter of the statistics (``alpha`` -> ``--alpha``).

The statistics name an option by its parameter (:class:`bancada.stats.options.OptionMessage`);
``bancada analyze`` and ``bancada compare`` print its flag.
"""

from __future__ import annotations

#: parameter name -> flag, where the flag is not the name with ``-`` for ``_``.
FLAGS: dict[str, str] = {}


def flag(parameter: str) -> str:
    """``error_pct`` -> ``--error-pct``."""
    return FLAGS.get(parameter, "--" + parameter.replace("_", "-"))


def message(exc: Exception) -> str:
    """The first line of ``exc``'s message, an option named by its flag (when ``exc`` names one)."""
    text_of = getattr(exc, "text", None)
    text = text_of(flag) if callable(text_of) else str(exc)
    return text.splitlines()[0] if text else type(exc).__name__
