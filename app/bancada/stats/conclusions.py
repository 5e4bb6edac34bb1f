"""Conclusions in sentences: the results of an analysis as a student writes them in a report.

:func:`conclusions` takes the dict of :func:`bancada.stats.report.analyze_frame`
(the response's unit from its name: ``latency_s``, ``latency_ms``...) and returns Markdown
paragraphs in the language set with :func:`bancada.core.i18n.set_language`
(English or Brazilian Portuguese), numbers in that language's conventions
(``0,23 ms`` and ``93,7 %`` in pt-BR). Per group (e.g. payload):

- normality (Shapiro-Wilk) and why rank tests follow;
- the treatments from the fastest to the slowest, each compared with the next
  by the Wilcoxon rank-sum test (Holm-adjusted p, Cliff's delta), and by the
  same test on the repetitions' medians when the run has repetitions
  (docs/statistics.md explains why both); which one is faster comes from the
  test's Cliff's δ, never from the medians (:mod:`bancada.stats.pair_verdict`),
  and the sentence says so when the medians order the pair the other way;
- Kruskal-Wallis per factor;
- the factorial allocation of variation (Jain 1991, ch. 17–18), saying so when
  the experimental error is its largest share;
- the sample size for a mean within the tolerated error (Jain 1991, ch. 13),
  and why it grows past what a pilot suggested.
"""

from __future__ import annotations

from typing import Any

from bancada.core.i18n import integer, number, percent, translate
from bancada.stats.pair_verdict import comparison, ms_text, p_phrase
from bancada.stats.readings import factor_name
from bancada.stats.tables import treatment_label


_TO_MS = {"s": 1e3, "ms": 1.0, "us": 1e-3, "ns": 1e-6}


def _factor(name: str) -> str:
    """A factor (``protocol``) or an interaction (``language*protocol``) as the sentences name it; the
    factor names are the statistics tables' (:func:`bancada.stats.readings.factor_name`, ``link`` and
    ``format`` included)."""
    if "*" in name:
        return translate("Conclusions", "the interaction {a}").format(
            a=" × ".join(factor_name(part) for part in name.split("*"))
        )
    return factor_name(name)


def _find(rows: list[dict[str, Any]], a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    for row in rows:
        if (row["a"], row["b"]) in ((a, b), (b, a)):
            return row
    return None


def normality_sentence(ts: list[dict[str, Any]], alpha: float) -> str:
    """How many treatments the Shapiro-Wilk test finds not normal, and why rank tests follow."""
    nonnormal = sum(1 for t in ts if t["shapiro"].get("p") is not None and t["shapiro"]["p"] < alpha)
    if nonnormal == 0:
        return translate(
            "Conclusions",
            "None of the {n} treatments departs clearly from a normal distribution (Shapiro-Wilk, p ≥ {a}); "
            "the comparisons use rank tests, which hold either way.",
        ).format(n=len(ts), a=number(alpha, 2))
    return translate(
        "Conclusions",
        "The latencies of {k} of {n} treatments do not follow a normal distribution "
        "(Shapiro-Wilk, p < {a}), so the comparisons use rank tests.",
    ).format(k=nonnormal, n=len(ts), a=number(alpha, 2))


def allocation_sentence(variation_pct: dict[str, float]) -> str:
    """The factorial allocation of variation, largest share first; says so when the experimental error
    is the largest share (the factors then explain little of the variation)."""
    parts = sorted(variation_pct.items(), key=lambda kv: -kv[1])
    listed = "; ".join(
        translate("Conclusions", "{f}, {v}").format(f=_factor(name), v=percent(v, 1)) for name, v in parts
    )
    text = translate("Conclusions", "Allocation of variation (2^k r factorial design): {parts}.").format(parts=listed)
    if parts and parts[0][0] == "error":
        text += " " + translate(
            "Conclusions",
            "The experimental error is the largest share ({v}): the requests vary more on their own "
            "than with any factor.",
        ).format(v=percent(parts[0][1], 1))
    return text


def sample_size_sentence(ss: list[dict[str, Any]], have: int, to_ms: float) -> str:
    """The most requests per treatment Jain's formula asks for (§13.9), against what the run has, and why
    the number grows with the spread: n = (100 z s / (e x̄))², the square of the coefficient of variation."""
    top = max(ss, key=lambda s: s["n_required"] or 0)
    text = translate(
        "Conclusions",
        "To estimate each mean within ±{e} at {c} confidence, up to {n} requests "
        "per treatment are needed ({t}); this run has {have}.",
    ).format(
        e=percent(top["error_pct"], 0),
        c=percent(100 * top["confidence"], 0),
        n=integer(top["n_required"]) if top["n_required"] is not None else "–",
        t=treatment_label(top["levels"]),
        have=integer(have),
    )
    if top.get("mean") and top.get("sd") is not None and top["n_required"] and top["n_required"] > have:
        text += " " + translate(
            "Conclusions",
            "The number follows from this run's mean ({m}) and standard deviation ({s}) of {t}: "
            "n = (100 × {z} × s / ({e0} × mean))² grows with the square of their ratio ({cv}). "
            "A short pilot's few requests rarely meet the slow tail that widens the standard deviation, "
            "which is why a longer run often asks for more than its pilot suggested; the medians and rank "
            "tests above do not depend on this number.",
        ).format(
            m=ms_text(top["mean"], to_ms),
            s=ms_text(top["sd"], to_ms),
            t=treatment_label(top["levels"]),
            z=number(top.get("z", 0.0), 3),
            e0=number(top["error_pct"], 0),
            cv=number(top["sd"] / top["mean"], 2),
        )
    return text


def group_conclusions(group: dict[str, Any], alpha: float, to_ms: float = 1e3) -> list[str]:
    """The sentences of one group of the analysis (one payload, say); ``to_ms``: milliseconds per unit
    of the response (1e3 for ``latency_s``). Each pair's direction comes from its test
    (:mod:`bancada.stats.pair_verdict`)."""
    out: list[str] = []
    ts = group["treatments"]
    if not ts:
        return out
    out.append(normality_sentence(ts, alpha))
    ranked = sorted(ts, key=lambda t: t["median"])
    median = {treatment_label(t["levels"]): t["median"] for t in ts}
    for a, b in zip(ranked, ranked[1:]):
        row = _find(group.get("pairwise", []), a["levels"], b["levels"])
        rep_row = _find(group.get("pairwise_replication", []), a["levels"], b["levels"])
        if row is None:
            out.append(
                translate(
                    "Conclusions", "The median response time of {a} ({ma}) was lower than that of {b} ({mb})."
                ).format(
                    a=treatment_label(a["levels"]),
                    ma=ms_text(a["median"], to_ms),
                    b=treatment_label(b["levels"]),
                    mb=ms_text(b["median"], to_ms),
                )
            )
            continue
        out.append(comparison(row, rep_row, median, alpha, to_ms, order=(a["levels"], b["levels"])))
    for k in group.get("kruskal", []):
        if k.get("p") is None or "*" in k["factor"]:
            continue
        template = (
            translate(
                "Conclusions", "The factor {f} affects the response time (Kruskal-Wallis, H = {h}, df = {df}, {p})."
            )
            if k["p"] < alpha
            else translate(
                "Conclusions",
                "The factor {f} shows no clear effect on the response time (Kruskal-Wallis, H = {h}, df = {df}, {p}).",
            )
        )
        out.append(template.format(f=_factor(k["factor"]), h=number(k["H"], 1), df=k["df"], p=p_phrase(k["p"])))
    f = group.get("factorial", {})
    if "variation_pct" in f:
        out.append(allocation_sentence(f["variation_pct"]))
    ss = group.get("sample_size", [])
    if ss:
        out.append(sample_size_sentence(ss, min(t["n"] for t in ts), to_ms))
    return out


def conclusions(result: dict[str, Any]) -> str:
    """The whole analysis as Markdown: a heading per group when there are several, then its sentences."""
    alpha = result.get("alpha", 0.05)
    to_ms = _TO_MS.get(str(result.get("response", "latency_s")).rsplit("_", 1)[-1], 1.0)
    groups = result.get("groups", [])
    many = len(groups) > 1
    lines = ["# " + translate("Conclusions", "Conclusions"), ""]
    for g in groups:
        if many:
            lines += ["## " + ", ".join(str(v) for v in g["by"].values()), ""]
        lines += [s + "\n" for s in group_conclusions(g, alpha, to_ms)]
    return "\n".join(lines).rstrip() + "\n"
