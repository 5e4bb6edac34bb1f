"""What names a run on the command line and in the window: a run id, a run file or a tidy sample CSV.

Every reader of a run (``bancada analyze``, ``compare``, ``report``, the window's run captions) resolves
its input here, so that each says the same about a folder, a missing file or a file that is not a run.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from bancada.store.runstore import RunStore, RunStoreError

#: What a reader expects, in every message about an input it cannot read.
EXPECTED = "expected a run id from `bancada runs`, a run file or a tidy sample CSV"


class RunSourceError(ValueError):
    """An input that names no readable run: one line naming it and what was expected."""


def source_kind(spec: str | Path) -> Literal["csv", "run"]:
    """``"csv"`` for an existing tidy sample CSV (by its suffix), ``"run"`` for anything else (a run
    id or a run file, checked when it is opened with :func:`open_run`).

    Raises:
        RunSourceError: ``spec`` is a folder, or a ``.csv`` path that is not a file.
    """
    path = Path(spec)
    if path.suffix.lower() == ".csv":
        if not path.is_file():
            raise RunSourceError(f"no such file: {spec} ({EXPECTED})")
        return "csv"
    if path.is_dir():
        raise RunSourceError(f"{spec} is a folder: expected a run id, a run file (.sqlite) or a tidy sample CSV")
    return "run"


@contextmanager
def open_run(spec: str | Path) -> Iterator[RunStore]:
    """The run file of a run id or path, open read-only for the ``with`` block.

    Raises:
        RunSourceError: no such run, or a file that is not a Bancada run file (also when the file
            turns out damaged while the block reads it).
    """
    try:
        with RunStore.open(spec) as store:
            yield store
    except RunStoreError as exc:
        raise RunSourceError(f"{exc} ({EXPECTED})") from None
    except sqlite3.Error as exc:
        raise RunSourceError(f"{spec}: cannot read it as a Bancada run file ({exc})") from None
    except OSError as exc:  # pandas' DatabaseError (an OSError) wraps sqlite3's when a frame is read with SQL
        import pandas as pd

        if isinstance(exc, pd.errors.DatabaseError):
            raise RunSourceError(f"{spec}: cannot read it as a Bancada run file ({exc})") from None
        raise
