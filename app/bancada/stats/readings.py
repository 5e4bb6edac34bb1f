"""One plain-language line per statistics table (the "reading" under each table in the window and the report).

Qt-free: the window's statistics process and ``bancada report`` both call :func:`readings`.
Texts go through :func:`bancada.core.i18n.translate` (context ``Readings``), numbers through
:func:`bancada.core.i18n.number` (a decimal comma in pt-BR).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bancada.core.i18n import integer, number, p_value, percent, significant, translate
from bancada.stats.pair_verdict import largest_effect
from bancada.stats.table_labels import TABLE_ORDER
from bancada.stats.tables import treatment_label as _label

if TYPE_CHECKING:
    import pandas as pd

RESPONSE = "latency_ms"


def factor_name(factor: str) -> str:
    """A factor's name as the reader's language says it (``protocol`` -> ``protocolo``; ``a*b`` -> ``a × b``)."""
    if "*" in factor:
        return " × ".join(factor_name(f) for f in factor.split("*"))
    words = {
        "language": translate("Readings", "language"),
        "protocol": translate("Readings", "protocol"),
        "operation": translate("Readings", "operation"),
        "implementation": translate("Readings", "implementation"),
        "payload": translate("Readings", "payload"),
        "error": translate("Readings", "experimental error"),
        "link": translate("Readings", "link"),
        "format": translate("Readings", "format"),
    }
    return words.get(factor, factor)


def magnitude_name(word: str) -> str:
    words = {
        "negligible": translate("Readings", "negligible"),
        "small": translate("Readings", "small"),
        "medium": translate("Readings", "medium"),
        "large": translate("Readings", "large"),
    }
    return words.get(word, word)


def p_text(p: float) -> str:
    """``< 0.001`` or three decimals, in the language's number format (:func:`bancada.core.i18n.p_value`)."""
    return p_value(p)


def readings(result: dict[str, Any], tables: dict[str, pd.DataFrame]) -> dict[str, str]:
    """One plain-language line per table (several groups joined by " · "), in :data:`TABLE_ORDER`.

    In the current language (:mod:`bancada.core.i18n`), numbers as it writes them. ``result``: the
    dict of :meth:`bancada.stats.results.Analysis.to_dict`; one reading per statistic (:data:`READINGS`).
    """
    ctx = _Context(result.get("alpha", 0.05), result.get("confidence", 0.9))
    lines: dict[str, list[str]] = {k: [] for k in TABLE_ORDER}
    many = len(result["groups"]) > 1
    for g in result["groups"]:
        pre = (" ".join(str(v) for v in g["by"].values()) + ": ") if many else ""
        for title, reading in READINGS.items():
            text = reading(g, ctx)
            if text is not None:
                lines[title].append(pre + text)
    return {k: " · ".join(v) for k, v in lines.items() if v}


@dataclass(frozen=True)
class _Context:
    """What every reading shares: the significance level and the effects' confidence."""

    alpha: float
    confidence: float

    @property
    def a_txt(self) -> str:
        return number(self.alpha, 2)


def _holm_differ(rows: list[dict[str, Any]], alpha: float) -> int:
    return sum(1 for r in rows if r["p_holm"] is not None and r["p_holm"] < alpha)


def _summary(g: dict[str, Any], ctx: _Context) -> str | None:
    ts = sorted(g["treatments"], key=lambda t: t["median"])
    if not ts:
        return None
    fast, slow = ts[0], ts[-1]
    ratio = slow["median"] / fast["median"] if fast["median"] else float("nan")
    return translate("Readings", "fastest {fast} (median {m1} ms), slowest {slow} ({m2} ms, {ratio}×)").format(
        fast=_label(fast["levels"]),
        m1=significant(fast["median"]),
        slow=_label(slow["levels"]),
        m2=significant(slow["median"]),
        ratio=number(ratio, 1),
    )


def _normality(g: dict[str, Any], ctx: _Context) -> str | None:
    ts = g["treatments"]
    if not ts:
        return None
    nonnormal = sum(1 for t in ts if t["shapiro"].get("p") is not None and t["shapiro"]["p"] < ctx.alpha)
    return translate("Readings", "{k} of {n} treatments are not normal (p < {a})").format(
        k=nonnormal, n=len(ts), a=ctx.a_txt
    ) + (translate("Readings", ": the rank tests below fit") if nonnormal else "")


def _rank_sum(g: dict[str, Any], ctx: _Context) -> str | None:
    pw = g["pairwise"]
    if not pw:
        return None
    return translate("Readings", "{k} of {n} pairs differ (Holm p < {a}); {largest}").format(
        k=_holm_differ(pw, ctx.alpha), n=len(pw), a=ctx.a_txt, largest=largest_effect(pw, ctx.alpha)
    )


def _rank_sum_replication(g: dict[str, Any], ctx: _Context) -> str | None:
    pr = g.get("pairwise_replication") or []
    if not pr:
        return None
    return translate(
        "Readings",
        "{k} of {n} pairs differ when each repetition counts once (Holm p < {a}, r = {r}). "
        "When this test and the one above disagree, trust this one: the requests of one repetition "
        "share its conditions (the machine's load then, the connections, the server's warm state), "
        "so they are not independent observations, and the test per request counts thousands of "
        "them as if they were; the repetitions are the independent units",
    ).format(k=_holm_differ(pr, ctx.alpha), n=len(pr), a=ctx.a_txt, r=min(r["r_a"] for r in pr))


def _dunn(g: dict[str, Any], ctx: _Context) -> str | None:
    dunn = g.get("dunn") or []
    if not dunn:
        return None
    return translate("Readings", "{k} of {n} pairs differ (Holm p < {a})").format(
        k=_holm_differ(dunn, ctx.alpha), n=len(dunn), a=ctx.a_txt
    )


def _kruskal(g: dict[str, Any], ctx: _Context) -> str | None:
    kw = []
    for k in g["kruskal"]:
        if k.get("p") is None:
            continue
        verdict = (
            translate("Readings", "{f} matters (p {p})")
            if k["p"] < ctx.alpha
            else translate("Readings", "{f} makes no clear difference (p {p})")
        )
        p = p_text(k["p"])
        kw.append(verdict.format(f=factor_name(k["factor"]), p=p if p.startswith("<") else "= " + p))
    return "; ".join(kw) if kw else None


def _ranking(g: dict[str, Any], ctx: _Context) -> str | None:
    if not g["ranking"]:
        return None
    return ", ".join(f"{r['position']}. {_label(r['levels'])}" for r in g["ranking"])


def _allocation(g: dict[str, Any], ctx: _Context) -> str | None:
    f = g["factorial"]
    if "error" in f:
        return translate("Readings", "not computed: {why}").format(why=f["error"])
    parts = sorted(((v, k) for k, v in f["variation_pct"].items() if k != "error"), reverse=True)
    names = [factor_name(k) for _, k in parts]
    text = ", ".join(
        translate("Readings", "{f} explains {pct}").format(f=n, pct=percent(v)) if i == 0 else f"{n} {percent(v)}"
        for i, ((v, _), n) in enumerate(zip(parts, names))
    )
    err = f["variation_pct"].get("error")
    if err is not None and all(err >= v for v, _ in parts):
        tail = translate(
            "Readings",
            "; the largest share, {pct}, is experimental error: the requests vary more on their own "
            "than with any factor",
        ).format(pct=percent(err))
    elif err is not None:
        tail = translate("Readings", "; {pct} is experimental error").format(pct=percent(err))
    else:
        tail = ""
    return translate("Readings", "{parts} of the variation").format(parts=text) + tail


def _effects(g: dict[str, Any], ctx: _Context) -> str | None:
    f = g["factorial"]
    if "error" in f:
        return None
    eff = [e for e in f["effects"] if e["term"] != "I"]
    sig = [e for e in eff if e.get("significant")]
    return translate("Readings", "{k} of {n} effects are significant (their {c} interval excludes 0)").format(
        k=len(sig), n=len(eff), c=percent(ctx.confidence * 100)
    )


def _sample_size(g: dict[str, Any], ctx: _Context) -> str | None:
    ss = g["sample_size"]
    if not ss:
        return None
    top = max(ss, key=lambda s: s["n_required"] or 0)
    have = min(t["n"] for t in g["treatments"])
    return translate(
        "Readings",
        "up to {n} requests per treatment ({t}) for a mean within ±{e} at {c}; this run has {have}",
    ).format(
        n=integer(top["n_required"]) if top["n_required"] is not None else "–",
        t=_label(top["levels"]),
        e=percent(top["error_pct"], 0),
        c=percent(top["confidence"] * 100),
        have=integer(have),
    )


#: The reading of each statistic's table (title as in :data:`TABLE_ORDER`): one group's result
#: (a group of :meth:`bancada.stats.results.Analysis.to_dict`) -> its line, or None.
READINGS: dict[str, Callable[[dict[str, Any], _Context], str | None]] = {
    "Summary": _summary,
    "Normality": _normality,
    "Wilcoxon rank-sum": _rank_sum,
    "Wilcoxon rank-sum, repetition medians": _rank_sum_replication,
    "Dunn post-hoc": _dunn,
    "Kruskal-Wallis": _kruskal,
    "Ranking": _ranking,
    "Factorial allocation of variation": _allocation,
    "Factorial effects": _effects,
    "Sample size": _sample_size,
}
