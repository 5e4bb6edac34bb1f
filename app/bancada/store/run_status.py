"""A run's status in words, for every place that shows one (the window, run captions, the report).

The statuses are the run file's (:data:`bancada.store.runstore.STATUSES`: ``running``, ``complete``,
``incomplete``, ``cancelled``), ``interrupted`` for a ``running`` run whose writer is gone
(:func:`bancada.store.runstore.effective_status`), and ``stopped`` and ``failed``, which older
versions may have written. A status Bancada does not know is shown as it is.
"""

from __future__ import annotations

from bancada.core.i18n import translate


def status_word(status: str) -> str:
    """``status`` in the current language (``cancelled`` -> ``cancelada`` in pt-BR)."""
    words = {
        "complete": translate("StatusWords", "complete"),
        "incomplete": translate("StatusWords", "incomplete"),
        "cancelled": translate("StatusWords", "cancelled"),
        "running": translate("StatusWords", "running"),
        "interrupted": translate("StatusWords", "interrupted"),
        "stopped": translate("StatusWords", "stopped before the end"),
        "failed": translate("StatusWords", "failed"),
    }
    return words.get(status, status)
