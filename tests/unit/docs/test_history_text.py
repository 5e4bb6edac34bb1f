"""README.md and docs/ speak of the product in the present tense: no dates, no "this machine", no history.

History goes to CHANGELOG.md. A failure names every file:line and what the text does there.
"""

from __future__ import annotations

import pytest

from tests.conftest import ROOT
from tests.unit.docs.history_text import findings, user_docs

#: Pages being rewritten on other branches at the same time: their dated text is removed when those
#: branches merge. strict xfail: once a page is clean this fails, and its name must leave this set.
PENDING: set[str] = set()


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="edited on another branch"))
        if str(p) in PENDING
        else p
        for p in user_docs(ROOT)
    ],
    ids=str,
)
def test_the_page_dates_nothing_and_tells_no_history(page):
    found = findings(ROOT / page, page)
    assert not found, "text that dates itself or tells a machine's history:\n" + "\n".join(map(str, found))


def test_the_check_finds_dates_and_this_machine_in_prose_only(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\n"
        "Measured on this shared 2-core\nmachine, 2026-11-27.\n\n"
        "```sh\nbancada runs   # 2026-11-27 in a command's output is fine\n```\n\n"
        "The run `20261127-abc` and `2026-11-27` in code are fine; the code before this\n"
        "session's changes (commit 66a1689) is history.\n",
        encoding="utf-8",
    )
    found = {(f.line, f.what) for f in findings(page)}
    assert (3, "'this machine'") in found
    assert (4, "a date") in found
    assert (10, "'before … (commit'") in found
    assert (11, "a commit as a point in history") in found
    assert all(line not in (6, 7, 8) for line, _ in found)
    assert not [w for line, w in found if line == 10 and w == "a date"]  # the date in code is not read
