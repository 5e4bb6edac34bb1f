"""The sample size for a mean within the tolerated error (Jain 1991, ch. 13) and for a median within the same
error (the order-statistic interval, Conover 1999, §3.2): its table, its reading and its sentence."""

from __future__ import annotations

from bancada.core.i18n import integer, number, percent, translate
from bancada.analysis.words.pair_verdict import ms_text
from bancada.stats.results import Group, SampleSize
from bancada.analysis.words.statistic.base import QT_TRANSLATE_NOOP, Context, Row, Statistic, treatment_label


def rows(g: Group) -> list[Row]:
    return [
        {
            "treatment": treatment_label(s.levels),
            "n_required": s.n_required,
            "n_required_median": s.n_required_median,
            "mean": s.mean,
            "sd": s.sd,
            "error_pct": s.error_pct,
            "confidence": s.confidence,
        }
        for s in g.sample_size
    ]


def reading(g: Group, ctx: Context) -> str | None:
    ss = g.sample_size
    if not ss:
        return None
    top = max(ss, key=lambda s: s.n_required or 0)
    top_m = max(ss, key=lambda s: s.n_required_median or 0)
    have = min(t.n for t in g.treatments)
    return translate(
        "Readings",
        "up to {n} requests per treatment ({t}) for a mean within ±{e} at {c} (Jain), {nm} ({tm}) for a "
        "median (order statistics); this run has {have}",
    ).format(
        n=integer(top.n_required) if top.n_required is not None else "–",
        t=treatment_label(top.levels),
        e=percent(top.error_pct, 0),
        c=percent(top.confidence * 100),
        nm=integer(top_m.n_required_median) if top_m.n_required_median is not None else "–",
        tm=treatment_label(top_m.levels),
        have=integer(have),
    )


def sample_size_sentence(ss: list[SampleSize], have: int, to_ms: float) -> str:
    """The most requests per treatment Jain's formula asks for (§13.9), against what the run has, and why
    the number grows with the spread: n = (100 z s / (e x̄))², the square of the coefficient of variation."""
    top = max(ss, key=lambda s: s.n_required or 0)
    text = translate(
        "Conclusions",
        "To estimate each mean within ±{e} at {c} confidence, up to {n} requests "
        "per treatment are needed ({t}); this run has {have}.",
    ).format(
        e=percent(top.error_pct, 0),
        c=percent(100 * top.confidence, 0),
        n=integer(top.n_required) if top.n_required is not None else "–",
        t=treatment_label(top.levels),
        have=integer(have),
    )
    if top.mean and top.sd is not None and top.n_required and top.n_required > have:
        text += " " + translate(
            "Conclusions",
            "The number follows from this run's mean ({m}) and standard deviation ({s}) of {t}: "
            "n = (100 × {z} × s / ({e0} × mean))² grows with the square of their ratio ({cv}). "
            "A short pilot's few requests rarely meet the slow tail that widens the standard deviation, "
            "which is why a longer run often asks for more than its pilot suggested; the medians and rank "
            "tests above do not depend on this number.",
        ).format(
            m=ms_text(top.mean, to_ms),
            s=ms_text(top.sd, to_ms),
            t=treatment_label(top.levels),
            z=number(top.z, 3),
            e0=number(top.error_pct, 0),
            cv=number(top.sd / top.mean, 2),
        )
    return text + median_size_text(ss, have)


def median_size_text(ss: list[SampleSize], have: int) -> str:
    """`` For each median within ±5 % (…order statistics…), up to 1,234 requests …``: the requests the
    distribution-free interval of the median needs (:func:`bancada.stats.samplesize.required_n_median`),
    labelled, and why it is the number that matches the rank tests; empty when no treatment has one."""
    known = [s for s in ss if s.n_required_median is not None]
    if not known:
        return ""
    top = max(known, key=lambda s: s.n_required_median or 0)
    return " " + translate(
        "Conclusions",
        "For each median within ±{e} at {c} confidence (the distribution-free interval from the order "
        "statistics, Conover 1999, §3.2, read off this run's distribution), up to {n} requests per treatment "
        "are needed ({t}); the rank tests compare medians, so this is the number that matches them.",
    ).format(
        e=percent(top.error_pct, 0),
        c=percent(100 * top.confidence, 0),
        n=integer(top.n_required_median or 0),
        t=treatment_label(top.levels),
    )


def sentences(g: Group, ctx: Context) -> list[str]:
    if not g.sample_size:
        return []
    return [sample_size_sentence(g.sample_size, min(t.n for t in g.treatments), ctx.to_ms)]


STATISTIC = Statistic("Sample size", QT_TRANSLATE_NOOP("StatsTable", "Sample size"), rows, reading, sentences)
