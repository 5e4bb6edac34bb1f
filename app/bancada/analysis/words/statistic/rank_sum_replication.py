"""The Wilcoxon rank-sum test on the repetitions' medians: each repetition counts once."""

from __future__ import annotations

from bancada.core.i18n import number, plural, translate
from bancada.stats import power
from bancada.stats.results import Group
from bancada.analysis.words.statistic.terms import pairs_count
from bancada.analysis.words.statistic.base import (
    QT_TRANSLATE_NOOP,
    Context,
    Row,
    Statistic,
    holm_differ,
    treatment_label,
)


def rows(g: Group) -> list[Row]:
    return [
        {
            "a": treatment_label(pw.a),
            "b": treatment_label(pw.b),
            "r_a": pw.r_a,
            "r_b": pw.r_b,
            "W": pw.W,
            "p": pw.p,
            "p_holm": pw.p_holm,
            "method": pw.method,
            "cliffs_delta": pw.cliffs_delta,
        }
        for pw in g.pairwise_replication
    ]


def reading(g: Group, ctx: Context) -> str | None:
    """How many pairs differ, and which test to trust: this one when it could have reached alpha
    (:mod:`bancada.stats.power`); otherwise that it cannot decide and how many repetitions would let it."""
    pr = g.pairwise_replication
    if not pr:
        return None
    r = min(min(row.r_a, row.r_b) for row in pr)
    p_min = power.smallest_holm_p(r, r, len(pr))
    if p_min > ctx.alpha:
        need = power.repetitions_needed(len(pr), ctx.alpha)
        return translate(
            "Readings",
            "With r = {r} repetitions and {np} this test cannot reach p < {a}: its smallest possible "
            'Holm p is {pmin}, so its "no difference" is not evidence of anything. The test above counts '
            "every request as independent, which the requests of one repetition are not (they share its "
            "conditions), so its differences are not confirmed either; r = {need} repetitions per treatment "
            "would let this test decide",
        ).format(
            r=r, np=pairs_count(len(pr)), a=ctx.a_txt, pmin=number(p_min, 3), need=need if need is not None else "?"
        )
    k, n = holm_differ(pr, ctx.alpha), len(pr)
    counted = plural(
        n,
        translate("Readings", "{k} of {n} pair differs when each repetition counts once (Holm p < {a}, r = {r})."),
        plural(
            k,
            translate("Readings", "{k} of {n} pairs differs when each repetition counts once (Holm p < {a}, r = {r})."),
            translate("Readings", "{k} of {n} pairs differ when each repetition counts once (Holm p < {a}, r = {r})."),
        ),
    )
    trust = translate(
        "Readings",
        "When this test and the one above disagree, trust this one: the requests of one repetition "
        "share its conditions (the machine's load then, the connections, the server's warm state), "
        "so they are not independent observations, and the test per request counts thousands of "
        "them as if they were; the repetitions are the independent units",
    )
    return counted.format(k=k, n=n, a=ctx.a_txt, r=r) + " " + trust


STATISTIC = Statistic(
    "Wilcoxon rank-sum, repetition medians",
    QT_TRANSLATE_NOOP("StatsTable", "Wilcoxon rank-sum test, repetition medians"),
    rows,
    reading,
)
