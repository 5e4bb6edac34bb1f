"""What every output of an export reads: the open run file, the folder, the options; and the error
an output raises when a file cannot be written."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from bancada.analysis.run_statistics import StatsResult
    from bancada.stats.results import Analysis
    from bancada.store.runstore import RunStore


class ExportError(OSError):
    """A file of an export could not be written: ``path`` names it, ``cause`` is the error the system
    gave (an :class:`OSError`; its errno and strerror are this error's)."""

    def __init__(self, path: Path, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause), str(path))
        self.path = path
        self.cause = cause


@dataclass(frozen=True)
class ExportOptions:
    """How the outputs are written.

    Attributes:
        samples_csv: the tidy sample CSV's file name in the folder.
        k6_always: write ``k6_summary.csv`` for any run with measured samples (``bancada run
            --k6-summary``), not only for a run of k6's virtual users.
        load_folder: the folder of ``load_siege.csv`` and ``load_ab.csv`` (None: the export's folder).
        tables: the statistics tables by title (the window's), for ``statistics/`` and ``statistics.md``.
        readings: each table's reading in words, by title.
        result: the typed statistics of the run, for ``conclusions.md``.
        stats: the window's statistics, reused by the report (None: the report computes its own).
        pdf: the report as ``report.pdf`` too (WeasyPrint).
    """

    samples_csv: str = "samples.csv"
    k6_always: bool = False
    load_folder: Path | None = None
    tables: dict[str, pd.DataFrame] | None = None
    readings: dict[str, str] | None = None
    result: Analysis | None = None
    stats: StatsResult | None = None
    pdf: bool = False


@dataclass
class ExportContext:
    """One export under way: the run file (open), its metadata, the folder (made), the options;
    ``rows``: the rows of each table written, by output name (``samples``: requests, ``k6_summary``: treatments).

    ``tidy``: the run's tidy frame (:func:`bancada.store.tidy_csv.tidy_frame`), when the caller has read
    it already; read once, on first use, otherwise.
    """

    run_path: Path
    folder: Path
    store: RunStore
    options: ExportOptions = field(default_factory=ExportOptions)
    tidy: pd.DataFrame | None = None
    meta: dict[str, str] = field(init=False)
    rows: dict[str, int] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.meta = self.store.meta()

    def tidy_frame(self) -> pd.DataFrame:
        """The run's tidy frame, read from the run file the first time only."""
        if self.tidy is None:
            from bancada.store.tidy_csv import tidy_frame

            self.tidy = tidy_frame(self.store)
        return self.tidy


@contextmanager
def writing(path: Path) -> Iterator[Path]:
    """Write ``path`` in the ``with`` block; an :class:`OSError` there becomes :class:`ExportError` naming it.

    Raises:
        ExportError: the file (or its folder) cannot be written.
    """
    try:
        yield path
    except ExportError:
        raise
    except OSError as exc:
        raise ExportError(path, exc) from exc
