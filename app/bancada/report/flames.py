"""The report's CPU profiles: one flame graph per profiled treatment, with its widest frames in words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bancada.analysis.flame import layout, widest
from bancada.analysis.flame_run import treatment_profiles
from bancada.core.i18n import translate
from bancada.report.flame_svg import flame_svg
from bancada.report.inputs import ReportRun


def widest_words(stacks: dict[str, int]) -> str:
    """ "The functions with the most own samples: name (share %), ... in the current language; "" without samples."""
    top = widest(stacks)
    if not top:
        return ""
    items = ", ".join(f"{name} ({share * 100:.0f} %)" for name, share in top)
    return translate("Report", "Most samples of their own (the tops of the flames): {items}.").format(items=items)


def flames_part(run: ReportRun) -> list[dict[str, Any]]:
    """Each profiled treatment's title, SVG and widest frames; [] for a CSV or a run without profiles."""
    if run.kind != "run" or run.meta.get("cpu_profiled") != "1":
        return []
    from bancada.store.run_source import open_run

    with open_run(run.source) as store:
        profiles = treatment_profiles(store)
    return [
        {
            "title": p.label,
            "svg": flame_svg(
                layout(p.stacks),
                translate("Report", "{label}: {n} samples ({tool})").format(label=p.label, n=p.samples, tool=p.tool),
            ),
            "widest": widest_words(p.stacks),
        }
        for p in profiles
    ]


def write_flame_svgs(run_path: str | Path, folder: str | Path) -> list[Path]:
    """Write ``flame-<treatment>-<implementation>-<workload>.svg`` per profiled treatment; the paths.

    Raises:
        OSError: the folder cannot be written.
    """
    from bancada.store.runstore import RunStore

    with RunStore.open(run_path) as store:
        profiles = treatment_profiles(store)
    written = []
    for p in profiles:
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{p.implementation}-{p.workload}")
        path = Path(folder) / f"flame-{p.treatment}-{safe}.svg"
        title = translate("Report", "{label}: {n} samples ({tool})").format(label=p.label, n=p.samples, tool=p.tool)
        path.write_text(flame_svg(layout(p.stacks), title), encoding="utf-8")
        written.append(path)
    return written
