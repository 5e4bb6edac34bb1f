"""A run's status is said by one table (store/run_status.py) wherever it is shown: the window's
state line, the run captions of Recent runs and Compare, and the report's design table.

Before that table, the captions and the report each had their own words and neither knew
``cancelled``, the status of every run the user stops: a pt-BR caption or report said "cancelled".
"""

from __future__ import annotations

import pytest

from bancada.core import i18n
from bancada.report import words
from bancada.session.run_caption import caption_of, status_text
from bancada.store.run_status import status_word
from bancada.store.runstore import STATUSES

#: what a run file can say, plus what effective_status says of a run whose writer is gone
SHOWN = (*STATUSES, "interrupted")


@pytest.fixture(autouse=True)
def _portuguese():
    i18n.set_language("pt_BR")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("status", SHOWN)
def test_every_status_a_run_can_have_is_said_in_portuguese(status: str) -> None:
    word = status_word(status)
    assert word and word != status, f"{status!r} is shown untranslated in pt-BR"
    assert words.status(status) == word  # the report's design table
    assert status_text(status) == ("" if status == "complete" else word)  # the captions


def test_a_cancelled_run_caption_says_cancelada() -> None:
    meta = {"status": "cancelled", "created_at": "2026-11-26T20:25:00+00:00"}
    assert caption_of(meta, "20261126-202500-abcd").endswith("cancelada")


def test_an_unknown_status_is_shown_as_it_is() -> None:
    assert status_word("paused-by-a-future-version") == "paused-by-a-future-version"
