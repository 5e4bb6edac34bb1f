"""Conclusions in sentences: the results of an analysis as a student writes them in a report.

:func:`conclusions` takes the dict of :func:`bancada.stats.report.analyze_frame`
(the response's unit from its name: ``latency_s``, ``latency_ms``...) and returns Markdown
paragraphs in the language set with :func:`bancada.i18n.set_language`
(English or Brazilian Portuguese), numbers in that language's conventions
(``0,23 ms`` and ``93,7 %`` in pt-BR). Per group (e.g. payload):

- normality (Shapiro-Wilk) and why rank tests follow;
- the treatments from the fastest to the slowest, each compared with the next
  by the Wilcoxon rank-sum test (Holm-adjusted p, Cliff's delta), and by the
  same test on the repetitions' medians when the run has repetitions
  (docs/statistics.md explains why both);
- Kruskal-Wallis per factor;
- the factorial allocation of variation (Jain 1991, ch. 17–18);
- the sample size for a mean within the tolerated error (Jain 1991, ch. 13).
"""

from __future__ import annotations

from typing import Any

from bancada.i18n import integer, number, percent, significant, translate
from bancada.stats.tables import treatment_label


_TO_MS = {"s": 1e3, "ms": 1.0, "us": 1e-3, "ns": 1e-6}


def _ms(value: float, to_ms: float) -> str:
    return significant(value * to_ms, 3) + " ms"


def _p(p: float | None, alpha: float) -> str:
    if p is None:
        return "p = ?"
    if p < 0.001:
        return "p < " + number(0.001, 3)
    return "p = " + number(p, 3)


def _magnitude(name: str) -> str:
    names = {
        "negligible": translate("Conclusions", "negligible"),
        "small": translate("Conclusions", "small"),
        "medium": translate("Conclusions", "medium"),
        "large": translate("Conclusions", "large"),
    }
    return names.get(name, name)


def _factor(name: str) -> str:
    names = {
        "language": translate("Conclusions", "language"),
        "protocol": translate("Conclusions", "protocol"),
        "payload": translate("Conclusions", "payload"),
        "operation": translate("Conclusions", "operation"),
        "implementation": translate("Conclusions", "implementation"),
        "error": translate("Conclusions", "experimental error"),
    }
    if "*" in name:
        return translate("Conclusions", "the interaction {a}").format(
            a=" × ".join(names.get(part, part) for part in name.split("*"))
        )
    return names.get(name, name)


def _pair_sentence(
    a: dict[str, Any],
    b: dict[str, Any],
    test: dict[str, Any] | None,
    rep_test: dict[str, Any] | None,
    alpha: float,
    to_ms: float,
) -> str:
    fast, slow = treatment_label(a["levels"]), treatment_label(b["levels"])
    text = translate("Conclusions", "The median response time of {a} ({ma}) was lower than that of {b} ({mb})").format(
        a=fast, ma=_ms(a["median"], to_ms), b=slow, mb=_ms(b["median"], to_ms)
    )
    if test is None:
        return text + "."
    holm = test.get("p_holm")
    significant_ = holm is not None and holm < alpha
    verdict = (
        translate("Conclusions", "the difference is significant")
        if significant_
        else translate("Conclusions", "the difference is not significant")
    )
    delta = test.get("cliffs_delta")
    detail = translate("Conclusions", "Wilcoxon, W = {w}, Holm {p}, Cliff's δ = {d}, {size}").format(
        w=number(test["W"], 0 if float(test["W"]).is_integer() else 1),
        p=_p(holm, alpha),
        d=number(abs(delta or 0.0), 2),
        size=_magnitude(test.get("magnitude", "")),
    )
    sentence = f"{text}; {verdict} ({detail})"
    if rep_test is not None:
        rep_sig = rep_test.get("p_holm") is not None and rep_test["p_holm"] < alpha
        sentence += "; " + (
            translate("Conclusions", "with each repetition counted once it also is ({p}, r = {r})")
            if rep_sig
            else translate("Conclusions", "with each repetition counted once it is not ({p}, r = {r})")
        ).format(p=_p(rep_test.get("p_holm"), alpha), r=rep_test["r_a"])
    return sentence + "."


def _find(rows: list[dict[str, Any]], a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    for row in rows:
        if (row["a"], row["b"]) in ((a, b), (b, a)):
            return row
    return None


def group_conclusions(group: dict[str, Any], alpha: float, to_ms: float = 1e3) -> list[str]:
    """The sentences of one group of the analysis (one payload, say); ``to_ms``: milliseconds per unit
    of the response (1e3 for ``latency_s``)."""
    out: list[str] = []
    ts = group["treatments"]
    if not ts:
        return out
    nonnormal = sum(1 for t in ts if t["shapiro"].get("p") is not None and t["shapiro"]["p"] < alpha)
    out.append(
        translate(
            "Conclusions",
            "The latencies of {k} of {n} treatments do not follow a normal distribution "
            "(Shapiro-Wilk, p < {a}), so the comparisons use rank tests.",
        ).format(k=nonnormal, n=len(ts), a=number(alpha, 2))
    )
    ranked = sorted(ts, key=lambda t: t["median"])
    for a, b in zip(ranked, ranked[1:]):
        out.append(
            _pair_sentence(
                a,
                b,
                _find(group.get("pairwise", []), a["levels"], b["levels"]),
                _find(group.get("pairwise_replication", []), a["levels"], b["levels"]),
                alpha,
                to_ms,
            )
        )
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
        out.append(template.format(f=_factor(k["factor"]), h=number(k["H"], 1), df=k["df"], p=_p(k["p"], alpha)))
    f = group.get("factorial", {})
    if "variation_pct" in f:
        parts = sorted(f["variation_pct"].items(), key=lambda kv: -kv[1])
        listed = "; ".join(
            translate("Conclusions", "{f}, {v}").format(f=_factor(name), v=percent(v, 1)) for name, v in parts
        )
        out.append(
            translate("Conclusions", "Allocation of variation (2^k r factorial design): {parts}.").format(parts=listed)
        )
    ss = group.get("sample_size", [])
    if ss:
        top = max(ss, key=lambda s: s["n_required"] or 0)
        have = min(t["n"] for t in ts)
        out.append(
            translate(
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
        )
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
