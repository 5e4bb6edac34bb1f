"""The analysis result as named tables (pandas DataFrames) for the terminal,
Markdown reports and one-CSV-per-table export.  Table titles match the
``## `` headings of docs/statistics.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bancada.core.i18n import percent, translate
from bancada.stats.table_labels import ANALYSIS_TABLES

if TYPE_CHECKING:
    import pandas as pd


def design_note(f: dict[str, Any]) -> str:
    """``full factorial, r = 5, aggregate none, transform none, confidence 90 %`` of a factorial result
    ``f`` (keys design, r, aggregate, transform, confidence), in the language in use (``bancada analyze``:
    English)."""
    words = {
        "full factorial": translate("StatsTable", "full factorial"),
        "none": translate("StatsTable", "none"),
        "mean": translate("StatsTable", "mean"),
        "median": translate("StatsTable", "median"),
        "2^k r": translate("StatsTable", "2^k r design (k factors at two levels, r replications)"),
    }
    return translate(
        "StatsTable", "{design}, r = {r}, aggregate {aggregate}, transform {transform}, confidence {confidence}"
    ).format(
        design=words.get(f["design"], f["design"]),
        r=f["r"],
        aggregate=words.get(f["aggregate"], f["aggregate"]),
        transform=words.get(f["transform"], f["transform"]),
        confidence=percent(100 * f["confidence"], 0) if isinstance(f["confidence"], (int, float)) else f["confidence"],
    )


def factorial_note(text: str) -> str:
    """One of the factorial analysis' notes (:mod:`bancada.stats.design`, :mod:`bancada.stats.factorial`,
    in English in ``bancada analyze``'s JSON) in the language in use; an unknown note as it is."""
    notes = {
        "aggregate none: each row is a replication": translate(
            "StatsTable", "aggregate none: each request is a replication"
        ),
        "no replication column: each row is a replication": translate(
            "StatsTable", "no repetition column: each request is a replication"
        ),
    }
    if text.startswith("r = 1: without replications"):
        return translate(
            "StatsTable", "r = 1: without replications there is no error term and no confidence intervals (Jain ch. 17)"
        )
    if text.startswith("unbalanced design trimmed to r = "):
        r = text.removeprefix("unbalanced design trimmed to r = ").split(" ", 1)[0]
        detail = text.partition("short cells were: ")[2]
        return translate("StatsTable", "unbalanced design trimmed to r = {r}; short cells: {detail}").format(
            r=r, detail=detail
        )
    return notes.get(text, text)


def treatment_label(levels: dict[str, Any]) -> str:
    """``"go/grpc"`` for ``{"language": "go", "protocol": "grpc"}``."""
    return "/".join(str(v) for v in levels.values())


def format_p(p: float | None) -> str:
    """p-value as R prints it: ``< 2.2e-16`` below machine precision, else 4 significant digits."""
    if p is None:
        return "NA"
    return "< 2.2e-16" if p < 2.2e-16 else f"{p:.4g}"


def build_tables(result: dict[str, Any]) -> dict[str, pd.DataFrame]:
    """``{title: DataFrame}``; every table has the ``--by`` columns first."""
    import pandas as pd

    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in ANALYSIS_TABLES}
    for g in result["groups"]:
        by = dict(g["by"])
        _add_treatments(rows, by, g["treatments"])
        for pw in g["pairwise"]:
            rows["Wilcoxon rank-sum"].append(
                {
                    **by,
                    "a": treatment_label(pw["a"]),
                    "b": treatment_label(pw["b"]),
                    "W": pw["W"],
                    "p": pw["p"],
                    "p_holm": pw["p_holm"],
                    "method": pw["method"],
                    "cliffs_delta": pw["cliffs_delta"],
                    "a12": pw["a12"],
                    "magnitude": pw["magnitude"],
                }
            )
        for pw in g.get("pairwise_replication", []):
            rows["Wilcoxon rank-sum, repetition medians"].append(
                {
                    **by,
                    "a": treatment_label(pw["a"]),
                    "b": treatment_label(pw["b"]),
                    "r_a": pw["r_a"],
                    "r_b": pw["r_b"],
                    "W": pw["W"],
                    "p": pw["p"],
                    "p_holm": pw["p_holm"],
                    "method": pw["method"],
                    "cliffs_delta": pw["cliffs_delta"],
                }
            )
        for k in g["kruskal"]:
            rows["Kruskal-Wallis"].append({**by, "factor": k["factor"], "H": k["H"], "df": k["df"], "p": k["p"]})
        for d in g.get("dunn", []):
            rows["Dunn post-hoc"].append(
                {
                    **by,
                    "a": treatment_label(d["a"]),
                    "b": treatment_label(d["b"]),
                    "z": d["z"],
                    "p": d["p"],
                    "p_holm": d["p_holm"],
                }
            )
        for r in g["ranking"]:
            rows["Ranking"].append(
                {**by, "position": r["position"], "treatment": treatment_label(r["levels"]), "median": r["median"]}
            )
        _add_factorial(rows, by, g["factorial"])
        for s in g["sample_size"]:
            rows["Sample size"].append(
                {
                    **by,
                    "treatment": treatment_label(s["levels"]),
                    "n_required": s["n_required"],
                    "mean": s["mean"],
                    "sd": s["sd"],
                    "error_pct": s["error_pct"],
                    "confidence": s["confidence"],
                }
            )
    return {k: pd.DataFrame(v) for k, v in rows.items() if v}


def _add_treatments(
    rows: dict[str, list[dict[str, Any]]], by: dict[str, Any], treatments: list[dict[str, Any]]
) -> None:
    """Appends each treatment's row to the Summary and Normality tables of ``rows``."""
    for t in treatments:
        base = {**by, "treatment": treatment_label(t["levels"])}
        rows["Summary"].append(
            {
                **base,
                **{k: t[k] for k in ("n", "mean", "sd", "median", "q1", "q3", "min", "max", "iqr")},
                "median_ci_lo": t["median_ci"][0],
                "median_ci_hi": t["median_ci"][1],
            }
        )
        sw = t["shapiro"]
        rows["Normality"].append(
            {**base, "W": sw["W"], "p": sw["p"], "n_used": sw["n_used"], "subsampled": sw["subsampled"]}
        )


def _add_factorial(rows: dict[str, list[dict[str, Any]]], by: dict[str, Any], f: dict[str, Any]) -> None:
    """Appends a group's factorial result ``f`` to the effects and allocation-of-variation tables of
    ``rows``: its effects, SS and % of variation, the design and its notes on the last row; or one
    "(not computed)" row with the reason."""
    if "error" in f:
        rows["Factorial allocation of variation"].append(
            {**by, "term": "(not computed)", "SS": None, "variation_pct": None, "note": f["error"]}
        )
        return
    for e in f["effects"]:
        lv = e.get("levels")
        rows["Factorial effects"].append(
            {
                **by,
                "term": e["term"] + (f" [{treatment_label(lv)}]" if lv else ""),
                "q": e["q"],
                "ci_lo": e["ci"][0] if e["ci"] else None,
                "ci_hi": e["ci"][1] if e["ci"] else None,
            }
        )
    for name in ("SSY", "SS0", "SST"):
        rows["Factorial allocation of variation"].append(
            {**by, "term": name, "SS": f["ss"][name], "variation_pct": None, "note": ""}
        )
    for name, pct in f["variation_pct"].items():
        ss = f["ss"]["SSE"] if name == "error" else f["ss"][name]
        rows["Factorial allocation of variation"].append(
            {**by, "term": name, "SS": ss, "variation_pct": pct, "note": ""}
        )
    notes = f.get("notes", []) + ([f["note"]] if f.get("note") else [])
    note = "; ".join([design_note(f)] + [factorial_note(n) for n in notes])
    rows["Factorial allocation of variation"][-1]["note"] = note


def format_cell(col: str, v: Any) -> str:
    """Text of one cell: p-values as R prints them, other floats with 5 significant digits."""
    if v is None or (isinstance(v, float) and v != v):
        return "NA"
    if col in ("p", "p_holm"):
        return format_p(v)
    if isinstance(v, float):
        return f"{v:.5g}"
    return str(v)


def to_markdown(tables: dict[str, pd.DataFrame]) -> str:
    """GitHub-flavoured Markdown, one ``## `` section per table."""
    out = []
    for title, df in tables.items():
        out.append(f"## {title}\n")
        cols = list(df.columns)
        out.append("| " + " | ".join(cols) + " |")
        out.append("|" + "|".join("---" for _ in cols) + "|")
        for _, row in df.iterrows():
            out.append("| " + " | ".join(format_cell(c, row[c]).replace("|", "\\|") for c in cols) + " |")
        out.append("")
    return "\n".join(out)
