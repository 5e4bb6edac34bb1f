"""The one entry of the export room: :func:`export_run` writes the outputs asked for, each where it
applies, through one function per output.

``bancada run --out`` writes :data:`RUN_OUT`, ``bancada export`` the same (its load tables in a folder
of their own), the window's Export all :data:`ALL_OUTPUTS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bancada.export.context import ExportContext, ExportOptions, writing
from bancada.export.data_files import k6_summary_csv, load_tables_csv, samples_csv
from bancada.export.report_files import flame_graphs, report_html
from bancada.export.run_metadata import run_metadata
from bancada.export.statistics_files import conclusions_md, statistics_tables

if TYPE_CHECKING:
    import pandas as pd

Output = Callable[[ExportContext], list[Path]]
"""One kind of file: writes its files into the export's folder where it applies to the run and
returns their paths (``[]`` where it does not); raises :class:`~bancada.export.context.ExportError`."""

OUTPUTS: dict[str, Output] = {
    "samples": samples_csv,
    "k6_summary": k6_summary_csv,
    "load_tables": load_tables_csv,
    "flame_graphs": flame_graphs,
    "metadata": run_metadata,
    "statistics": statistics_tables,
    "conclusions": conclusions_md,
    "report": report_html,
}
"""Every output by name, in the order :func:`export_run` writes them."""

RUN_OUT = ("samples", "load_tables", "k6_summary", "flame_graphs")
"""What ``bancada run --out`` and ``bancada export`` write: the data for a program and the flame graphs."""

ALL_OUTPUTS = tuple(OUTPUTS)
"""The window's Export all: every output."""


class Exported(list[Path]):
    """The paths an export wrote, in order; ``by_output`` the same paths by output name (an output that
    did not apply has ``[]``); ``rows`` the rows of the tables written, by output name (``samples``:
    requests, ``k6_summary``: treatments)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_output: dict[str, list[Path]] = {}
        self.rows: dict[str, int] = {}


def export_run(
    run_path: str | Path,
    folder: str | Path,
    outputs: Sequence[str] = RUN_OUT,
    options: ExportOptions | None = None,
    tidy: pd.DataFrame | None = None,
) -> Exported:
    """Write the ``outputs`` (names of :data:`OUTPUTS`) of the run file ``run_path`` into ``folder``
    (made when missing), each where it applies to the run; the paths written.

    ``tidy``: the run's tidy frame when the caller has read it already (``bancada run`` prints its
    summary from it), so that the run file's samples are read once.

    Raises:
        ValueError: an output name that is not in :data:`OUTPUTS`.
        bancada.export.context.ExportError: a file or the folder cannot be written (an ``OSError`` naming it).
        bancada.store.runstore.RunStoreError: the run file is not readable.
        bancada.report.build.PdfUnavailable: ``options.pdf`` without WeasyPrint (the HTML is written).
    """
    from bancada.store.runstore import RunStore

    unknown = [name for name in outputs if name not in OUTPUTS]
    if unknown:
        raise ValueError(f"unknown export output {', '.join(unknown)}; expected one of {', '.join(OUTPUTS)}")
    with writing(Path(folder)) as out:
        out.mkdir(parents=True, exist_ok=True)
    exported = Exported()
    with RunStore.open(run_path) as store:
        ctx = ExportContext(store.path, out, store, options or ExportOptions(), tidy)
        for name in [n for n in OUTPUTS if n in outputs]:
            exported.by_output[name] = OUTPUTS[name](ctx)
            exported += exported.by_output[name]
    exported.rows = ctx.rows
    return exported
