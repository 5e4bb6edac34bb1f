"""The Kruskal-Wallis test per factor (and of every treatment, ``a*b``)."""

from __future__ import annotations

from bancada.core.i18n import number, translate
from bancada.analysis.words.pair_verdict import p_phrase
from bancada.stats.results import Group
from bancada.analysis.words.statistic.base import QT_TRANSLATE_NOOP, Context, Row, Statistic
from bancada.analysis.words.statistic.terms import factor_name, p_text


def rows(g: Group) -> list[Row]:
    return [{"factor": k.factor, "H": k.H, "df": k.df, "p": k.p} for k in g.kruskal]


def reading(g: Group, ctx: Context) -> str | None:
    kw = []
    for k in g.kruskal:
        if k.p is None:
            continue
        verdict = (
            translate("Readings", "{f} matters (p {p})")
            if k.p < ctx.alpha
            else translate("Readings", "{f} makes no clear difference (p {p})")
        )
        p = p_text(k.p)
        kw.append(verdict.format(f=factor_name(k.factor), p=p if p.startswith("<") else "= " + p))
    return "; ".join(kw) if kw else None


def conclusion_factor(name: str) -> str:
    """A factor (``protocol``) or an interaction (``language*protocol``) as the sentences name it; the
    factor names are the statistics tables' (:func:`bancada.analysis.words.statistic.terms.factor_name`)."""
    if "*" in name:
        return translate("Conclusions", "the interaction {a}").format(
            a=" × ".join(factor_name(part) for part in name.split("*"))
        )
    return factor_name(name)


def sentences(g: Group, ctx: Context) -> list[str]:
    """Whether each factor (not the interactions) affects the response time."""
    out = []
    for k in g.kruskal:
        if k.p is None or k.H is None or "*" in k.factor:
            continue
        template = (
            translate(
                "Conclusions", "The factor {f} affects the response time (Kruskal-Wallis, H = {h}, df = {df}, {p})."
            )
            if k.p < ctx.alpha
            else translate(
                "Conclusions",
                "The factor {f} shows no clear effect on the response time (Kruskal-Wallis, H = {h}, df = {df}, {p}).",
            )
        )
        out.append(template.format(f=conclusion_factor(k.factor), h=number(k.H, 1), df=k.df, p=p_phrase(k.p)))
    return out


STATISTIC = Statistic(
    "Kruskal-Wallis", QT_TRANSLATE_NOOP("StatsTable", "Kruskal-Wallis test"), rows, reading, sentences
)
