"""The report a student hands in: one self-contained HTML file (or its PDF) about one run.

:func:`build_context` gathers, in the language of :func:`bancada.i18n.language`: the study's
question (the profile's description, else its title), the design as run (profile, factors and
their levels, n, r, warm-up, schedule and its seed, load, driver), the host's facts and the
workers' versions, the box plots and the trace (:mod:`bancada.report_plots`, inline SVG), every
statistics table with its reading (:func:`bancada.stats.run_statistics.analyse_run_frame`, the
window's tables), the conclusions in sentences (:mod:`bancada.stats.conclusions`) and, when other
runs are given, the comparison tables of ``bancada compare`` with this run as the baseline.

:func:`render_html` fills ``templates/report.html.j2`` (Jinja2, autoescaped; CSS inline, no
link, script or font to fetch: the file opens without a network). :func:`write_pdf` lays the
same HTML out as PDF pages with WeasyPrint (CSS paged media: A4, page numbers).
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from bancada import __version__
from bancada.i18n import language, number, translate
from bancada.stats.prepare import InputError

TEMPLATES = Path(__file__).parent / "templates"
#: host facts shown, in this order (other keys follow)
HOST_FACTS = ("hostname", "os", "kernel", "arch", "cpu_model", "cpu_count", "memory_bytes", "load_avg")


@dataclass
class ReportRun:
    """One run as the report reads it: ``kind`` is ``run`` (a run file) or ``csv`` (a tidy CSV,
    e.g. published data, without profile or host facts); ``samples`` the tidy rows with
    ``latency_ms``; ``profile`` the profile as run (None for a CSV)."""

    label: str
    source: str
    kind: str
    samples: pd.DataFrame
    meta: dict = field(default_factory=dict)
    workers: dict = field(default_factory=dict)
    profile: dict | None = None


def load_run(spec: str) -> ReportRun:
    """Read a run id, a run file or a tidy sample CSV.

    Raises:
        InputError: one line naming the input and what was expected.
    """
    from bancada.stats.run_statistics import with_latency_ms

    path = Path(spec)
    if path.suffix.lower() == ".csv":
        return _load_csv(path)
    if path.is_dir():
        raise InputError(f"{spec} is a folder: expected a run id, a run file (.sqlite) or a tidy sample CSV")
    import sqlite3

    from bancada.store.runstore import RunStore, RunStoreError
    from bancada.store.tidy_csv import tidy_frame

    try:
        with RunStore.open(spec) as store:
            meta = store.meta()
            workers = store.workers()
            df = tidy_frame(store)
    except RunStoreError as exc:
        raise InputError(f"{exc} (expected a run id from `bancada runs`, a run file or a tidy sample CSV)") from None
    except (sqlite3.Error, pd.errors.DatabaseError) as exc:
        raise InputError(f"{spec}: cannot read it as a Bancada run file ({exc})") from None
    try:
        profile = json.loads(meta.get("profile_json", ""))
    except ValueError:
        profile = None
    return ReportRun(meta.get("run_id", path.stem), spec, "run", with_latency_ms(df), meta, workers, profile)


def _load_csv(path: Path) -> ReportRun:
    from bancada.stats.run_statistics import with_latency_ms

    if not path.is_file():
        raise InputError(f"no such file: {path} (expected a tidy sample CSV, a run file or a run id)")
    try:
        df = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])
    except pd.errors.EmptyDataError:
        raise InputError(f"{path} is empty: expected a tidy sample CSV with a header row") from None
    except (OSError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {path}: {str(exc).splitlines()[0]}") from None
    needed = ["implementation", "payload", "latency_s"]
    missing = [c for c in needed if c not in df.columns]
    if missing:
        raise InputError(
            f"{path}: missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}; expected a tidy sample "
            "CSV (from bancada export, or bancada import soares2024)"
        )
    lat = pd.to_numeric(df["latency_s"], errors="coerce")
    if lat.isna().all():
        raise InputError(f"{path}: column latency_s has no number (expected latencies in seconds)")
    df = df.assign(latency_s=lat)
    for col in ("repetition", "seq"):
        if col in df.columns:
            df[col] = pd.to_numeric(df[col], errors="coerce").fillna(0).astype(int)
    for col in ("phase", "ok"):
        if col not in df.columns:
            df[col] = "measure" if col == "phase" else "true"
    if "repetition" not in df.columns:
        df["repetition"] = 1
    label = path.stem
    if "run_id" in df.columns and df["run_id"].nunique() == 1 and str(df["run_id"].iloc[0]) not in ("", "nan"):
        label = str(df["run_id"].iloc[0])
    return ReportRun(label, str(path), "csv", with_latency_ms(df.dropna(subset=["latency_s"])))


def report_factors(run: ReportRun) -> list[str]:
    """The profile's factors (language, protocol by default), else those the CSV has with two levels."""
    if run.profile:
        return list(run.profile.get("experiment", {}).get("factors") or ["language", "protocol"])
    return [f for f in ("language", "protocol") if f in run.samples.columns] or ["implementation"]


# -- the parts of the report -------------------------------------------------------------
def _texts() -> dict[str, str]:
    """Every fixed text of the template, in the current language."""
    return {
        "report": translate("Report", "Report"),
        "question": translate("Report", "Question"),
        "design": translate("Report", "Design"),
        "profile_as_run": translate("Report", "Profile as run"),
        "host": translate("Report", "Host and workers"),
        "host_facts": translate("Report", "Host facts"),
        "driver_host_facts": translate("Report", "Driver host facts"),
        "workers": translate("Report", "Worker versions"),
        "figures": translate("Report", "Figures"),
        "boxes": translate("Report", "Latency per treatment (box plots)"),
        "boxes_caption": translate(
            "Report",
            "Boxes from the first to the third quartile, a thick line at the median; whiskers reach the most "
            "extreme latency within 1.5 IQR (Tukey); circles are the latencies beyond them. Measured, "
            "successful requests only.",
        ),
        "trace": translate("Report", "Latency in arrival order (trace)"),
        "trace_caption": translate(
            "Report",
            "Each request's latency in the order it arrived, per treatment; warm-up faint. Long runs are "
            "reduced to the smallest and largest latency of consecutive bins, so spikes stay visible.",
        ),
        "statistics": translate("Report", "Statistics"),
        "conclusions": translate("Report", "Conclusions"),
        "comparison": translate("Report", "Comparison with other runs"),
        "no_stats": translate("Report", "No statistics: {why}"),
        "key": translate("Report", "Item"),
        "value": translate("Report", "Value"),
        "implementation": translate("Report", "Implementation"),
        "language": translate("Report", "Language"),
        "protocol": translate("Report", "Protocol"),
        "runtime": translate("Report", "Runtime"),
        "version": translate("Report", "Version"),
        "no_host": translate(
            "Report",
            "This run is a tidy CSV (e.g. published data): it carries no profile, host facts or worker versions.",
        ),
        "generated": translate("Report", "Generated by Bancada {v} on {when} from {src}."),
        "response_note": translate(
            "Report",
            "Response: latency in milliseconds of the measured, successful requests (warm-up and errors left out).",
        ),
    }


def _levels_text(df: pd.DataFrame, column: str) -> str:
    return ", ".join(str(v) for v in dict.fromkeys(df[column].astype(str))) if column in df.columns else "–"


def design_rows(run: ReportRun, factors: list[str]) -> list[tuple[str, str]]:
    """``(item, value)`` rows of the design as run: profile, factors and levels, n, r, schedule, seed..."""
    df, meta = run.samples, run.meta
    exp = (run.profile or {}).get("experiment", {})
    load = (run.profile or {}).get("load", {})
    rows = [(translate("Report", "Run"), run.label)]
    if run.kind == "run":
        rows.append((translate("Report", "Profile"), f"{meta.get('profile_name', '')} — {exp.get('title', '')}"))
    rows.append((translate("Report", "Implementations"), _levels_text(df, "implementation")))
    for f in factors:
        rows.append((translate("Report", "Factor {f}: levels").format(f=f), _levels_text(df, f)))
    rows.append((translate("Report", "Workloads (payload)"), _workloads_text(run)))
    if exp:
        rows += [
            (translate("Report", "Requests per treatment and repetition (n)"), number(exp.get("requests", 0), 0)),
            (translate("Report", "Repetitions (r)"), number(exp.get("repetitions", 0), 0)),
            (translate("Report", "Warm-up requests per block"), number(exp.get("warmup", 0), 0)),
            (translate("Report", "Schedule"), str(meta.get("schedule") or exp.get("schedule", ""))),
            (translate("Report", "Schedule's seed"), str(meta.get("schedule_seed") or exp.get("seed") or "–")),
            (translate("Report", "Connection"), str(exp.get("connection", ""))),
            (translate("Report", "Load"), _load_text(load)),
            (translate("Report", "Driver"), str(meta.get("driver", ""))),
            (translate("Report", "Host / driver host"), f"{meta.get('host_name', '')} / {meta.get('driver_host', '')}"),
            (translate("Report", "Started / ended"), f"{meta.get('created_at', '')} / {meta.get('ended_at', '')}"),
            (translate("Report", "Status"), str(meta.get("status", ""))),
        ]
    else:
        reps = df["repetition"].nunique() if "repetition" in df.columns else 1
        rows.append((translate("Report", "Repetitions (r)"), number(reps, 0)))
    measured = df[(df["phase"].astype(str) == "measure") & (df["ok"].astype(str) == "true")]
    rows.append((translate("Report", "Measured, successful requests"), number(len(measured), 0)))
    return rows


def _workloads_text(run: ReportRun) -> str:
    wls = (run.profile or {}).get("workloads") or []
    if not wls:
        return _levels_text(run.samples, "payload")
    return "; ".join(
        f"{w.get('name')} ({w.get('operation')}, {w.get('kind')} × {number(w.get('count', 0), 0)})" for w in wls
    )


def _load_text(load: dict) -> str:
    model = load.get("model", "sequential")
    if model == "sequential":
        return translate("Report", "sequential (one request at a time)")
    if model == "closed":
        return translate("Report", "closed loop, {c} clients").format(c=load.get("concurrency", 1))
    return translate("Report", "open, {r} requests/s").format(r=number(load.get("rate_per_s") or 0, 1))


def host_rows(facts_json: str | None) -> list[tuple[str, str]]:
    """``(fact, value)`` rows of a host's facts (memory in GiB)."""
    try:
        facts = json.loads(facts_json or "{}")
    except ValueError:
        return [("facts", str(facts_json))]
    keys = [k for k in HOST_FACTS if k in facts] + [k for k in facts if k not in HOST_FACTS]
    out = []
    for k in keys:
        v = facts[k]
        if k == "memory_bytes" and isinstance(v, (int, float)):
            out.append((translate("Report", "memory"), number(v / 2**30, 1) + " GiB"))
        elif k.endswith("_bytes") and isinstance(v, (int, float)):
            out.append((k.removesuffix("_bytes").replace("_", " "), number(v / 2**30, 1) + " GiB"))
        else:
            out.append((k.replace("_", " "), str(v)))
    return out


def html_table(df: pd.DataFrame) -> dict:
    """``{"head": [label], "rows": [[cell]], "numeric": [bool]}`` of a table, cells as the window writes them."""
    from bancada.stats import table_export

    return {
        "head": [table_export.label(str(c)) for c in df.columns],
        "rows": [
            [table_export.format_value(str(c), v) for c, v in zip(df.columns, row)]
            for row in df.itertuples(index=False, name=None)
        ],
        "numeric": table_export._numeric_columns(df),
    }


def conclusions_groups(result: dict) -> list[dict]:
    """``[{"heading": str, "sentences": [str]}]``: the conclusions per group (payload)."""
    from bancada.stats.conclusions import group_conclusions

    alpha = result.get("alpha", 0.05)
    to_ms = {"s": 1e3, "ms": 1.0, "us": 1e-3, "ns": 1e-6}.get(str(result.get("response", "")).rsplit("_", 1)[-1], 1.0)
    groups = result.get("groups", [])
    return [
        {
            "heading": ", ".join(str(v) for v in g["by"].values()) if len(groups) > 1 else "",
            "sentences": group_conclusions(g, alpha, to_ms),
        }
        for g in groups
    ]


def comparison_part(result: dict) -> dict:
    """The comparison's method sentence, noise-floor sentences and tables for the template."""
    from bancada.stats import compare_tables

    method = translate(
        "Report",
        "Baseline: {b}. Medians with their distribution-free 95 % interval; the change's interval by the "
        "percentile bootstrap ({k} resamples); p from the Wilcoxon rank-sum test over {unit}, Holm-adjusted "
        "per table; ~ means not significant at alpha {a}.",
    ).format(
        b=result["baseline"],
        k=number(result["bootstrap"]["resamples"], 0),
        unit=translate("Report", "requests")
        if result["test_unit"] == "sample"
        else translate("Report", "repetition medians"),
        a=number(result["alpha"], 2),
    )
    return {
        "method": method,
        "notes": compare_tables.noise_floor_lines(result),
        "tables": [{"title": name, **html_table(df)} for name, df in compare_tables.display_tables(result).items()],
    }


def build_context(run: ReportRun, stats=None, comparison: dict | None = None, plots: bool = True) -> dict:
    """Everything the template shows, in the current language.

    ``stats``: a :class:`bancada.stats.run_statistics.StatsResult` already computed (the window
    passes its own); None computes it. ``comparison``: the result of
    :func:`bancada.compare_cmd.compare` with this run first, or None.
    """
    from bancada import report_plots
    from bancada.stats.run_statistics import analyse_run_frame
    from bancada.stats.table_export import title as table_title

    factors = report_factors(run)
    if stats is None:
        stats = analyse_run_frame(run.samples, factors)
    exp = (run.profile or {}).get("experiment", {})
    heading = exp.get("title") or run.label
    question = (
        exp.get("description")
        or exp.get("title")
        or translate("Report", "Which implementation answers fastest, and does the difference hold?")
    )
    context = {
        "lang": "pt-BR" if language() == "pt_BR" else "en",
        "T": _texts(),
        "heading": heading,
        "question": question,
        "run": run,
        "design": design_rows(run, factors),
        "profile_toml": run.meta.get("profile_toml", ""),
        "host_facts": host_rows(run.meta.get("host_facts")) if run.kind == "run" else [],
        "driver_host_facts": host_rows(run.meta.get("driver_host_facts"))
        if run.kind == "run" and run.meta.get("driver_host") not in (None, "", run.meta.get("host_name"))
        else [],
        "workers": [dict(info, implementation=impl) for impl, info in sorted(run.workers.items())],
        "box_svg": report_plots.box_plots_svg(run.samples) if plots else "",
        "trace_svg": report_plots.trace_svg(run.samples) if plots else "",
        "stats_message": stats.message,
        "tables": [
            {"title": table_title(name), "reading": stats.readings.get(name, ""), **html_table(df)}
            for name, df in stats.tables.items()
            if not df.empty
        ],
        "conclusions": conclusions_groups(stats.result) if stats.result else [],
        "comparison": comparison_part(comparison) if comparison else None,
        "generated": translate("Report", "Generated by Bancada {v} on {when} from {src}.").format(
            v=__version__, when=_dt.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"), src=run.source
        ),
    }
    return context


def render_html(context: dict) -> str:
    """The report as one HTML document (Jinja2 template ``templates/report.html.j2``, autoescaped)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
    from markupsafe import Markup

    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html", "j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    ctx = dict(context, box_svg=Markup(context["box_svg"]), trace_svg=Markup(context["trace_svg"]))
    return env.get_template("report.html.j2").render(**ctx)


def write_pdf(html: str, path: str | Path) -> Path:
    """Lay the report's HTML out as PDF pages (WeasyPrint; A4, page numbers from the CSS) into ``path``.

    Raises:
        OSError: the file cannot be written (WeasyPrint's own errors pass as they are).
    """
    from weasyprint import HTML

    HTML(string=html, base_url=str(TEMPLATES)).write_pdf(str(path))
    return Path(path)


def write_report(
    spec: str,
    html_path: str | Path | None = None,
    pdf_path: str | Path | None = None,
    compare_specs: list[str] | None = None,
    stats=None,
    compare_options: dict | None = None,
) -> list[Path]:
    """Build the report of ``spec`` (run id, run file or tidy CSV) and write the HTML and/or PDF.

    ``compare_specs``: other runs, compared with ``spec`` as the baseline (``compare_options``:
    keyword arguments of :func:`bancada.compare_cmd.compare`). Returns the paths written.

    Raises:
        InputError: a run cannot be read, or no treatment is in both runs.
        OSError: an output cannot be written.
    """
    run = load_run(spec)
    comparison = None
    if compare_specs:
        from bancada.compare_cmd import compare

        comparison = compare([spec, *compare_specs], **(compare_options or {}))
    html = render_html(build_context(run, stats=stats, comparison=comparison))
    written = []
    if html_path:
        Path(html_path).write_text(html, encoding="utf-8")
        written.append(Path(html_path))
    if pdf_path:
        written.append(write_pdf(html, pdf_path))
    return written
