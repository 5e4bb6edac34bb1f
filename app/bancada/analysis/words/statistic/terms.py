"""The words the statistics' readings share: a factor's and an effect size's name in the reader's language.

Qt-free; context ``Readings`` of :func:`bancada.core.i18n.translate`.
"""

from __future__ import annotations

from bancada.core.i18n import p_value, plural, translate


def factor_name(factor: str) -> str:
    """A factor's name as the reader's language says it (``protocol`` -> ``protocolo``; ``a*b`` -> ``a × b``)."""
    if "*" in factor:
        return " × ".join(factor_name(f) for f in factor.split("*"))
    words = {
        "language": translate("Readings", "language"),
        "protocol": translate("Readings", "protocol"),
        "operation": translate("Readings", "operation"),
        "implementation": translate("Readings", "implementation"),
        "payload": translate("Readings", "payload"),
        "error": translate("Readings", "experimental error"),
        "link": translate("Readings", "link"),
        "format": translate("Readings", "format"),
    }
    return words.get(factor, factor)


def magnitude_name(word: str) -> str:
    """negligible, small, medium, large in the reader's language."""
    words = {
        "negligible": translate("Readings", "negligible"),
        "small": translate("Readings", "small"),
        "medium": translate("Readings", "medium"),
        "large": translate("Readings", "large"),
    }
    return words.get(word, word)


def p_text(p: float) -> str:
    """``< 0.001`` or three decimals, in the language's number format (:func:`bancada.core.i18n.p_value`)."""
    return p_value(p)


def pairs_count(k: int) -> str:
    """``1 pair`` or ``6 pairs`` in the reader's language."""
    return plural(k, translate("Readings", "1 pair"), translate("Readings", "{k} pairs")).format(k=k)


def comparisons_count(k: int) -> str:
    """``1 comparison`` or ``6 comparisons`` in the reader's language."""
    return plural(k, translate("Readings", "1 comparison"), translate("Readings", "{k} comparisons")).format(k=k)


def pairs_differ(k: int, n: int) -> str:
    """``{k} of {n} pairs differ (Holm p < {a})`` in the form its counts take (``1 of 1 pair differs``,
    ``1 of 3 pairs differs``), its placeholders left for the caller's ``format``."""
    return plural(
        n,
        translate("Readings", "{k} of {n} pair differs (Holm p < {a})"),
        plural(
            k,
            translate("Readings", "{k} of {n} pairs differs (Holm p < {a})"),
            translate("Readings", "{k} of {n} pairs differ (Holm p < {a})"),
        ),
    )
