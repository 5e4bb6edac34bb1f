"""The comparison as named tables: numeric ones for ``--csv-dir`` and formatted
ones (text cells, milliseconds) for the terminal, ``--markdown``, ``--format``, the
report and the window's Compare view.

The formatted tables are in the language of :func:`bancada.core.i18n.language`: column
headers and verdicts through :func:`bancada.core.i18n.translate` (context ``CompareTable``),
numbers with its decimal mark (``0,1234 [0,11; 0,13]`` in pt-BR, where the interval's
bounds are separated by ``;`` since ``,`` is the decimal mark). Column names that
:data:`bancada.analysis.words.table_labels.LABELS` knows (``treatment``, ``n``, ``p_holm``,
``cliffs_delta``) stay raw and get their label where they are shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd

from bancada.core.i18n import integer, language, number, p_value, significant, translate

CONTEXT = "CompareTable"


def _ms(v: float | None) -> float | None:
    return None if v is None else v * 1e3


def _num(v: float | None, fmt: str) -> str:
    """``v`` as the language writes it (:mod:`bancada.core.i18n`): ``fmt`` ``.4g`` is 4 significant digits
    (thousands grouped, never an exponent in the usual range), ``+.1f`` one decimal with its sign,
    ``.1f`` one decimal; ``–`` when missing."""
    if v is None or v != v:
        return "–"
    if fmt.endswith("g"):
        return significant(v, int(fmt.strip("+.g")))
    decimals = int(fmt.strip("+.f"))
    text = number(v, decimals)
    return "+" + text if fmt.startswith("+") and v >= 0 else text


def _sep() -> str:
    """Between an interval's bounds: ``, `` in English, ``; `` where the decimal mark is a comma."""
    return "; " if language() == "pt_BR" else ", "


def _median_text(m: float | None, ci: Sequence[float | None]) -> str:
    return f"{_num(_ms(m), '.4g')} [{_num(_ms(ci[0]), '.4g')}{_sep()}{_num(_ms(ci[1]), '.4g')}]"


def _change_text(row: dict[str, Any]) -> str:
    lo, hi = row["change_ci_pct"]
    return f"{_num(row['change_pct'], '+.1f')} % [{_num(lo, '+.1f')}{_sep()}{_num(hi, '+.1f')}]"


def _interval_has_zero(row: dict[str, Any]) -> bool:
    lo, hi = row.get("change_ci_pct") or (None, None)
    return lo is not None and hi is not None and lo <= 0 <= hi


def verdict_word(verdict: str) -> str:
    """``~``, ``slower`` or ``faster`` in the current language."""
    words = {
        "slower": translate("CompareTable", "slower"),
        "faster": translate("CompareTable", "faster"),
    }
    return words.get(verdict, verdict)


def _verdict_text(row: dict[str, Any]) -> str:
    """The verdict as the reader should take it: ``slower`` or ``faster`` only when the change's
    interval excludes 0 too; a significant rank test whose change interval includes 0 is no clear
    difference (the JSON keeps the test's verdict)."""
    if row["verdict"] in ("slower", "faster") and _interval_has_zero(row):
        text = translate("CompareTable", "no clear difference (the change's interval includes 0)")
    else:
        text = verdict_word(row["verdict"])
    if row.get("within_noise_floor"):
        text += " " + translate("CompareTable", "(within noise floor {pct} %)").format(
            pct=_num(row["noise_floor_pct"], ".1f")
        )
    return text


def comparison_title(comp: dict[str, Any]) -> str:
    return f"{comp['other']} vs {comp['baseline']}"


def numeric_tables(result: dict[str, Any]) -> dict[str, pd.DataFrame]:
    """``{title: DataFrame}`` with every number (seconds as in the JSON) for CSV export."""
    out: dict[str, pd.DataFrame] = {}
    for comp in result["comparisons"]:
        title = comparison_title(comp)
        out[f"Change {title}"] = pd.DataFrame(_change_rows(comp))
        only = [{"treatment": k, "only_in": comp["baseline"]} for k in comp["only_in_baseline"]] + [
            {"treatment": k, "only_in": comp["other"]} for k in comp["only_in_other"]
        ]
        if only:
            out[f"Only in one run {title}"] = pd.DataFrame(only)
        nf = comp["noise_floor"]
        if nf["computed"]:
            out[f"Noise floor {title}"] = pd.DataFrame(
                [{"treatment": k, "noise_floor_pct": v} for k, v in nf["per_treatment"].items()]
            )
        if comp["network_share"]["computed"]:
            out[f"Server time and transit {title}"] = pd.DataFrame(comp["network_share"]["rows"])
    if result.get("kruskal"):
        out["Kruskal-Wallis across runs"] = pd.DataFrame(_kruskal_rows(result["kruskal"]))
    return out


def _change_rows(comp: dict[str, Any]) -> list[dict[str, Any]]:
    """One comparison's rows flattened for CSV (each interval as ``*_ci_lo``/``*_ci_hi``), then its geomean row."""
    rows = []
    for r in comp["rows"]:
        flat = {k: v for k, v in r.items() if not isinstance(v, list)}
        for k in ("median_baseline_ci_s", "median_other_ci_s", "change_ci_pct"):
            flat[k.replace("_ci", "_ci_lo")] = r[k][0]
            flat[k.replace("_ci", "_ci_hi")] = r[k][1]
        rows.append(flat)
    g = comp["geomean"]
    if g:
        rows.append(
            {
                "treatment": "geomean",
                "median_baseline_s": g["baseline_s"],
                "median_other_s": g["other_s"],
                "ratio": g["ratio"],
                "change_pct": g["change_pct"],
                "change_ci_lo_pct": g["change_ci_pct"][0],
                "change_ci_hi_pct": g["change_ci_pct"][1],
            }
        )
    return rows


def _kruskal_rows(kruskal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Kruskal-Wallis rows for CSV, the runs and their counts as space-separated text."""
    return [
        {
            **{k: v for k, v in r.items() if k not in ("runs", "n")},
            "runs": " ".join(r["runs"]),
            "n": " ".join(map(str, r["n"])),
        }
        for r in kruskal
    ]


def display_tables(result: dict[str, Any]) -> dict[str, pd.DataFrame]:
    """``{title: DataFrame of text}``: medians in ms with their intervals, the change
    with its interval, Holm-adjusted p, Cliff's delta and the verdict."""
    out: dict[str, pd.DataFrame] = {}
    by_reps = result.get("test_unit") == "repetition"
    p_key = "p_repetitions_holm" if by_reps else "p_holm"
    p_title = translate("CompareTable", "p_holm (repetitions)") if by_reps else "p_holm"
    median_head = translate("CompareTable", "{run} median ms [95% CI]")
    change_head = translate("CompareTable", "change [95% CI]")
    verdict_head = translate("CompareTable", "verdict")
    for comp in result["comparisons"]:
        title = comparison_title(comp)
        b, o = comp["baseline"], comp["other"]
        mb, mo = median_head.format(run=b), median_head.format(run=o)
        rows = [
            {
                "treatment": r["treatment"],
                "n": f"{integer(r['n_baseline'])} / {integer(r['n_other'])}",
                mb: _median_text(r["median_baseline_s"], r["median_baseline_ci_s"]),
                mo: _median_text(r["median_other_s"], r["median_other_ci_s"]),
                change_head: _change_text(r),
                p_title: p_value(r[p_key]),
                "cliffs_delta": _num(r["cliffs_delta"], "+.2f"),
                verdict_head: _verdict_text(r),
            }
            for r in comp["rows"]
        ]
        g = comp["geomean"]
        if g:
            rows.append(
                {
                    "treatment": translate("CompareTable", "geomean"),
                    "n": "",
                    mb: _num(_ms(g["baseline_s"]), ".4g"),
                    mo: _num(_ms(g["other_s"]), ".4g"),
                    change_head: _change_text({"change_pct": g["change_pct"], "change_ci_pct": g["change_ci_pct"]}),
                    p_title: "",
                    "cliffs_delta": "",
                    verdict_head: "",
                }
            )
        out[table_title("Change {title}", title)] = pd.DataFrame(rows)
        only_head = translate("CompareTable", "only in")
        only = [{"treatment": k, only_head: b} for k in comp["only_in_baseline"]] + [
            {"treatment": k, only_head: o} for k in comp["only_in_other"]
        ]
        if only:
            out[table_title("Only in one run {title}", title)] = pd.DataFrame(only)
        if comp["network_share"]["computed"]:
            out[table_title("Server time and transit {title}", title)] = pd.DataFrame(
                [_split_text(r) for r in comp["network_share"]["rows"]]
            )
    if result.get("kruskal"):
        out[table_title("Kruskal-Wallis across runs", "")] = pd.DataFrame(
            [
                {
                    "treatment": r["treatment"],
                    translate("CompareTable", "runs"): len(r["runs"]),
                    "H": _num(r["H"], ".4g"),
                    "df": r["df"],
                    "p": p_value(r["p"]),
                    "p_holm": p_value(r["p_holm"]),
                }
                for r in result["kruskal"]
            ]
        )
    return out


def table_title(template: str, title: str) -> str:
    """A comparison table's title in the current language (``Change B vs A``, ``Mudança B vs A``)."""
    titles = {
        "Change {title}": translate("CompareTable", "Change {title}"),
        "Only in one run {title}": translate("CompareTable", "Only in one run {title}"),
        "Server time and transit {title}": translate("CompareTable", "Server time and transit {title}"),
        "Kruskal-Wallis across runs": translate("CompareTable", "Kruskal-Wallis across runs"),
    }
    return titles.get(template, template).format(title=title)


def _split_text(r: dict[str, Any]) -> dict[str, Any]:
    server = translate("CompareTable", "server change ms")
    transit = translate("CompareTable", "transit+client change ms")
    row = {
        "treatment": r["treatment"],
        translate("CompareTable", "latency change ms"): _num(r["latency_change_ms"], "+.4g"),
    }
    if r["server_time"]:
        row.update(
            {
                server: _num(r["server_change_ms"], "+.4g"),
                transit: _num(r["transit_client_change_ms"], "+.4g"),
                translate("CompareTable", "server ms (baseline → other)"): (
                    f"{_num(r['server_baseline_ms'], '.4g')} → {_num(r['server_other_ms'], '.4g')}"
                ),
                translate("CompareTable", "transit+client ms (baseline → other)"): (
                    f"{_num(r['transit_client_baseline_ms'], '.4g')} → {_num(r['transit_client_other_ms'], '.4g')}"
                ),
            }
        )
    else:
        row.update({server: translate("CompareTable", "no server time"), transit: ""})
    return row


def noise_floor_lines(result: dict[str, Any]) -> list[str]:
    """One sentence per comparison about the noise floor (computed or why not)."""
    lines = []
    for comp in result["comparisons"]:
        nf = comp["noise_floor"]
        head = translate("CompareTable", "noise floor, {title}: ").format(title=comparison_title(comp))
        if not nf["computed"]:
            lines.append(head + translate("CompareTable", "not computed ({why})").format(why=nf["reason"]))
            continue
        inside = [r["treatment"] for r in comp["rows"] if r["within_noise_floor"]]
        lines.append(
            head
            + translate(
                "CompareTable",
                "with nothing changed this machine moved a treatment's median by up to {max} % between "
                "repetitions (median over treatments {median} %); within it: {inside}",
            ).format(
                max=_num(nf["max_floor_pct"], ".1f"),
                median=_num(nf["median_floor_pct"], ".1f"),
                inside=", ".join(inside) or translate("CompareTable", "none"),
            )
        )
    return lines
