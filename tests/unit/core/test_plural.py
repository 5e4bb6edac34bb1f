"""Count sentences outside Qt take the form their counts need ("1 de 1 par difere", not "1 de 1 pares
diferem"): bancada.core.i18n.plural with both forms in the catalogue."""

from __future__ import annotations

import pytest

from bancada.analysis.words.statistic.terms import comparisons_count, pairs_count, pairs_differ
from bancada.core import i18n


@pytest.fixture
def pt_br():
    i18n.set_language("pt_BR")
    yield
    i18n.set_language("en")


def said(k: int, n: int) -> str:
    return pairs_differ(k, n).format(k=k, n=n, a="0,05")


def test_the_pairs_sentence_agrees_with_its_counts_in_portuguese(pt_br):
    assert said(1, 1) == "1 de 1 par difere (p de Holm < 0,05)"
    assert said(1, 6) == "1 de 6 pares difere (p de Holm < 0,05)"
    assert said(2, 6) == "2 de 6 pares diferem (p de Holm < 0,05)"
    assert said(0, 6) == "0 de 6 pares diferem (p de Holm < 0,05)"
    assert (pairs_count(1), pairs_count(3), comparisons_count(1)) == ("1 par", "3 pares", "1 comparação")


def test_the_pairs_sentence_agrees_with_its_counts_in_english():
    assert said(1, 1) == "1 of 1 pair differs (Holm p < 0,05)"
    assert said(1, 6) == "1 of 6 pairs differs (Holm p < 0,05)"
    assert said(3, 6) == "3 of 6 pairs differ (Holm p < 0,05)"


def test_plural_picks_the_singular_for_one_only():
    assert [i18n.plural(n, "one", "many") for n in (0, 1, 2, 1234)] == ["many", "one", "many", "many"]
