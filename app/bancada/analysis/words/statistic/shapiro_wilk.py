"""The Normality table: Shapiro-Wilk per treatment (:func:`bancada.stats.normality.shapiro_wilk`)."""

from __future__ import annotations

from bancada.core.i18n import number, plural, translate
from bancada.stats.results import Group, TreatmentSummary
from bancada.analysis.words.statistic.base import QT_TRANSLATE_NOOP, Context, Row, Statistic, treatment_label


def rows(g: Group) -> list[Row]:
    return [
        {
            "treatment": treatment_label(t.levels),
            "W": t.shapiro.W,
            "p": t.shapiro.p,
            "n_used": t.shapiro.n_used,
            "subsampled": t.shapiro.subsampled,
        }
        for t in g.treatments
    ]


def not_normal(ts: list[TreatmentSummary], alpha: float) -> int:
    """How many treatments Shapiro-Wilk finds not normal at ``alpha``."""
    return sum(1 for t in ts if t.shapiro.p is not None and t.shapiro.p < alpha)


def reading(g: Group, ctx: Context) -> str | None:
    ts = g.treatments
    if not ts:
        return None
    nonnormal = not_normal(ts, ctx.alpha)
    said = plural(
        len(ts),
        translate("Readings", "{k} of {n} treatment is not normal (p < {a})"),
        plural(
            nonnormal,
            translate("Readings", "{k} of {n} treatments is not normal (p < {a})"),
            translate("Readings", "{k} of {n} treatments are not normal (p < {a})"),
        ),
    )
    return said.format(k=nonnormal, n=len(ts), a=ctx.a_txt) + (
        translate("Readings", ": the rank tests below fit") if nonnormal else ""
    )


def normality_sentence(ts: list[TreatmentSummary], alpha: float) -> str:
    """How many treatments the Shapiro-Wilk test finds not normal, and why rank tests follow."""
    nonnormal = not_normal(ts, alpha)
    if nonnormal == 0:
        return plural(
            len(ts),
            translate(
                "Conclusions",
                "The treatment does not depart clearly from a normal distribution (Shapiro-Wilk, p ≥ {a}); "
                "the comparisons use rank tests, which hold either way.",
            ),
            translate(
                "Conclusions",
                "None of the {n} treatments departs clearly from a normal distribution (Shapiro-Wilk, p ≥ {a}); "
                "the comparisons use rank tests, which hold either way.",
            ),
        ).format(n=len(ts), a=number(alpha, 2))
    return plural(
        len(ts),
        translate(
            "Conclusions",
            "The latencies of {k} of {n} treatment do not follow a normal distribution "
            "(Shapiro-Wilk, p < {a}), so the comparisons use rank tests.",
        ),
        translate(
            "Conclusions",
            "The latencies of {k} of {n} treatments do not follow a normal distribution "
            "(Shapiro-Wilk, p < {a}), so the comparisons use rank tests.",
        ),
    ).format(k=nonnormal, n=len(ts), a=number(alpha, 2))


def sentences(g: Group, ctx: Context) -> list[str]:
    return [normality_sentence(g.treatments, ctx.alpha)] if g.treatments else []


STATISTIC = Statistic(
    "Normality", QT_TRANSLATE_NOOP("StatsTable", "Normality (Shapiro-Wilk)"), rows, reading, sentences
)
