"""One story per workload: a short paragraph in plain words, built from the typed results, before the
test-by-test sentences (:mod:`bancada.analysis.conclusions`).

It joins what the tests say one by one:

- the ranking by median, each treatment's time as a ratio of the fastest's;
- which differences both the request-level and the repetition-level rank-sum tests establish, which rest
  on the requests only, and whether the repetition-level test could have decided at all
  (:mod:`bancada.stats.power`: its smallest Holm-adjusted p for r repetitions and the number of pairs);
- each factor in words with the cell medians that show it, saying so when its effect reverses across
  another factor's levels (the pooled Kruskal-Wallis test then averages opposite effects, while the
  factorial's means keep the larger gap as a share of the variation, Jain 1991, ch. 18);
- what to do next when the evidence is short: more repetitions (how many), more requests (for the
  median: the order-statistic interval, :func:`bancada.stats.samplesize.required_n_median`).

Qt-free; texts through :func:`bancada.core.i18n.translate` (context ``Story``), numbers in the language's
conventions.
"""

from __future__ import annotations

from dataclasses import dataclass

from bancada.core.i18n import integer, number, percent, significant, translate
from bancada.stats import power
from bancada.analysis.words.pair_verdict import ms_text, p_phrase, verdict
from bancada.stats.results import Group, TreatmentSummary
from bancada.analysis.words.statistic.base import treatment_label
from bancada.analysis.words.statistic.rank_sum import find
from bancada.analysis.words.statistic.terms import factor_name, pairs_count

#: A factor's share of the variation (its own plus its interactions', %) from which the story calls it
#: large enough to be reconciled with a null pooled rank test.
SHARE_TO_EXPLAIN_PCT = 10.0
#: The most contexts (levels of the other factors) a factor's sentence lists.
MAX_CONTEXTS = 4


def _ratio(x: float) -> str:
    """``4.5×`` (two significant digits, at least one decimal below 10)."""
    return significant(x, 2) + "×"


def ranking_sentence(g: Group, to_ms: float) -> str:
    """``By median, from the fastest: go/grpc 1.99 ms, java/grpc 3.07 ms (1.5×), …; go/rest takes 12× the time
    of go/grpc.``"""
    ranked = sorted(g.treatments, key=lambda t: t.median)
    fastest, slowest = ranked[0], ranked[-1]
    items = [f"{treatment_label(fastest.levels)} {ms_text(fastest.median, to_ms)}"]
    for t in ranked[1:]:
        if fastest.median > 0:
            items.append(
                f"{treatment_label(t.levels)} {ms_text(t.median, to_ms)} ({_ratio(t.median / fastest.median)})"
            )
        else:
            items.append(f"{treatment_label(t.levels)} {ms_text(t.median, to_ms)}")
    text = translate("Story", "By median, from the fastest: {items}.").format(items=", ".join(items))
    if fastest.median > 0 and len(ranked) > 1:
        text += " " + translate("Story", "{slow} takes {ratio} the time of {fast}.").format(
            slow=treatment_label(slowest.levels),
            ratio=_ratio(slowest.median / fastest.median),
            fast=treatment_label(fastest.levels),
        )
    return text


@dataclass(frozen=True)
class Evidence:
    """The pairs by what establishes them: ``both`` tests, the ``requests_only`` (the repetition-level test
    could decide and did not confirm), ``unconfirmable`` (it could not decide), ``neither``; each pair as
    ``"x vs y"`` with the faster first. ``p_min``: the repetition-level test's smallest Holm p (None without
    repetitions), ``r``: the fewest repetitions of a treatment, ``need``: the r that would let it decide."""

    both: list[str]
    requests_only: list[str]
    unconfirmable: list[str]
    neither: list[str]
    p_min: float | None
    r: int
    need: int | None


def evidence(g: Group, alpha: float) -> Evidence:
    """Sort every pair of ``g`` by what establishes its difference (:class:`Evidence`)."""
    both: list[str] = []
    req: list[str] = []
    unconf: list[str] = []
    neither: list[str] = []
    pr = g.pairwise_replication
    r = min((min(row.r_a, row.r_b) for row in pr), default=0)
    p_min = power.smallest_holm_p(r, r, len(pr)) if pr else None
    need = power.repetitions_needed(len(pr), alpha) if pr else None
    for row in g.pairwise:
        v = verdict(row, alpha)
        fast, slow = v.faster, v.slower
        if not v.significant or fast is None or slow is None:
            neither.append(f"{treatment_label(row.a)} – {treatment_label(row.b)}")
            continue
        name = translate("Story", "{x} faster than {y}").format(x=treatment_label(fast), y=treatment_label(slow))
        rep = find(pr, row.a, row.b)
        if rep is None or p_min is None:
            req.append(name)
            continue
        rv = verdict(rep, alpha)
        if rv.significant and rv.faster == fast:
            both.append(name)
        elif p_min > alpha:
            unconf.append(name)
        else:
            req.append(name)
    return Evidence(both, req, unconf, neither, p_min, r, need)


def evidence_sentence(g: Group, alpha: float) -> str:
    """Which differences both tests establish and which rest on the requests only, and why."""
    ev = evidence(g, alpha)
    parts = []
    if ev.p_min is None:
        if ev.requests_only:
            parts.append(
                translate(
                    "Story",
                    "Without repetitions only the request-level test speaks, and it counts every request as "
                    "independent: {pairs}.",
                ).format(pairs="; ".join(ev.requests_only))
            )
    else:
        if ev.both:
            parts.append(
                translate(
                    "Story", "Established by both the request-level and the repetition-level test: {pairs}."
                ).format(pairs="; ".join(ev.both))
            )
        if ev.unconfirmable:
            parts.append(
                translate(
                    "Story",
                    "Resting on the requests only: {pairs}. With r = {r} repetitions and {kp} the "
                    "repetition-level test cannot decide (its smallest possible Holm p is {pmin}, above α = {a}), "
                    "so these differences are neither confirmed nor refuted by the repetitions.",
                ).format(
                    pairs="; ".join(ev.unconfirmable),
                    r=ev.r,
                    kp=pairs_count(len(g.pairwise_replication)),
                    pmin=number(ev.p_min, 3),
                    a=number(alpha, 2),
                )
            )
        if ev.requests_only:
            parts.append(
                translate(
                    "Story",
                    "Resting on the requests only: {pairs}; the repetition-level test, which could have "
                    "found them, does not, so they may be the conditions of single repetitions rather than "
                    "differences between the treatments.",
                ).format(pairs="; ".join(ev.requests_only))
            )
    if ev.neither:
        parts.append(
            translate("Story", "Not told apart by the request-level test: {pairs}.").format(pairs="; ".join(ev.neither))
        )
    return " ".join(parts)


def _context_label(t: TreatmentSummary, factor: str) -> str:
    return "/".join(str(v) for f, v in t.levels.items() if f != factor)


def _contexts(g: Group, factor: str) -> dict[str, list[TreatmentSummary]]:
    """The treatments by the levels of the other factors (``go/rest`` without ``factor``), two or more each."""
    contexts: dict[str, list[TreatmentSummary]] = {}
    for t in g.treatments:
        contexts.setdefault(_context_label(t, factor), []).append(t)
    return {c: ts for c, ts in contexts.items() if len(ts) >= 2 and c}


def _cell_text(factor: str, context: str, ts: list[TreatmentSummary], to_ms: float) -> str:
    """``with grpc, go is faster (1.99 ms vs java 3.07 ms)``."""
    ranked = sorted(ts, key=lambda t: t.median)
    best = ranked[0]
    others = ", ".join(f"{t.levels[factor]} {ms_text(t.median, to_ms)}" for t in ranked[1:])
    return translate("Story", "with {ctx}, {lv} is faster ({m} vs {others})").format(
        ctx=context, lv=best.levels[factor], m=ms_text(best.median, to_ms), others=others
    )


def _shares(g: Group, factor: str) -> tuple[float, float]:
    """The factor's own share of the variation and its interactions' (%), 0 when not computed."""
    shares = g.factorial.variation_pct if g.factorial.error is None else {}
    inter = sum(v for k, v in shares.items() if "*" in k and factor in k.split("*"))
    return shares.get(factor, 0.0), inter


def _reversal_text(fname: str, cells: str, kw_p: float | None, own: float, inter: float, alpha: float) -> str:
    """A factor whose effect reverses, and how that squares with the pooled rank test."""
    text = translate("Story", "{f} matters, but in opposite directions: {cells}.").format(
        f=fname.capitalize(), cells=cells
    )
    if kw_p is not None and kw_p >= alpha:
        text += " " + translate(
            "Story",
            "Pooled over the other factors, the ranks cancel and Kruskal-Wallis sees no clear effect "
            "({p}), while the factorial, on means, gives {f} {own} and its interaction {inter} of the "
            "variation: both are right about their own model, and the effect reverses.",
        ).format(p=p_phrase(kw_p), f=fname, own=percent(own, 1), inter=percent(inter, 1))
    elif kw_p is not None:
        text += " " + translate(
            "Story",
            "Pooled over the other factors, Kruskal-Wallis finds an effect ({p}), an average of opposite "
            "effects; read the cells, not the pooled verdict.",
        ).format(p=p_phrase(kw_p))
    return text


def factor_sentence(g: Group, factor: str, alpha: float, to_ms: float) -> str | None:
    """One factor in words with the cell medians: the same direction at every level of the other factors, or
    opposite directions (a reversal), and how that squares with the pooled rank test and the factorial's
    shares. None for a factor of one level or without other factors."""
    contexts = _contexts(g, factor)
    if not contexts:
        return None
    cells = "; ".join(_cell_text(factor, c, ts, to_ms) for c, ts in list(contexts.items())[:MAX_CONTEXTS])
    fname = factor_name(factor)
    winners = {min(ts, key=lambda t: t.median).levels[factor] for ts in contexts.values()}
    kw = next((k for k in g.kruskal if k.factor == factor and k.p is not None), None)
    kw_p = kw.p if kw is not None else None
    own, inter = _shares(g, factor)
    if len(winners) > 1:
        return _reversal_text(fname, cells, kw_p, own, inter, alpha)
    text = translate("Story", "{f}: {cells}.").format(f=fname.capitalize(), cells=cells)
    if kw_p is not None and kw_p >= alpha and own + inter >= SHARE_TO_EXPLAIN_PCT:
        text += " " + translate(
            "Story",
            "Kruskal-Wallis pooled over the other factors sees no clear effect ({p}), yet the factorial "
            "gives {f} {own} and its interactions {inter} of the variation: the means weigh the slow requests "
            "that the ranks count once each.",
        ).format(p=p_phrase(kw_p), f=fname, own=percent(own, 1), inter=percent(inter, 1))
    return text


def shares_note(g: Group, alpha: float) -> str | None:
    """When a large rank effect sits beside a small share of the variation: why both hold."""
    f = g.factorial
    if f.error is not None or not g.pairwise:
        return None
    err = f.variation_pct.get("error")
    big = max(g.pairwise, key=lambda row: abs(row.cliffs_delta or 0))
    if err is None or err < 50 or big.magnitude != "large":
        return None
    return translate(
        "Story",
        "A large Cliff's δ ({d}) beside an experimental error of {err}: δ counts how often one treatment's "
        "requests are slower than the other's, the shares weigh squared distances from the mean, and a few slow "
        "requests make the error large without changing who tends to be faster.",
    ).format(d=number(big.cliffs_delta, 2), err=percent(err, 1))


def next_steps(g: Group, alpha: float) -> str | None:
    """More repetitions when the repetition-level test cannot decide; more requests when the median is not
    yet known within the tolerated error."""
    ev = evidence(g, alpha)
    parts = []
    if ev.p_min is not None and ev.p_min > alpha and ev.need is not None:
        parts.append(
            translate(
                "Story",
                "To decide with the test that counts each repetition once, run r = {need} repetitions per "
                "treatment (r = {r} allows at best Holm p = {pmin} over {kp}); more requests per "
                "repetition do not change that bound.",
            ).format(need=ev.need, r=ev.r, pmin=number(ev.p_min, 3), kp=pairs_count(len(g.pairwise_replication)))
        )
    have = min((t.n for t in g.treatments), default=0)
    known = [s for s in g.sample_size if s.n_required_median is not None]
    if known:
        top = max(known, key=lambda s: s.n_required_median or 0)
        if (top.n_required_median or 0) > have:
            parts.append(
                translate(
                    "Story",
                    "For each median within ±{e}, up to {n} requests per treatment are needed ({t}, "
                    "order-statistic interval); this run has {have}.",
                ).format(
                    e=percent(top.error_pct, 0),
                    n=integer(top.n_required_median or 0),
                    t=treatment_label(top.levels),
                    have=integer(have),
                )
            )
    return " ".join(parts) if parts else None


def story(g: Group, alpha: float, to_ms: float) -> str:
    """The paragraph of one group (workload): ranking, evidence, factors, next steps. Empty without
    treatments."""
    if not g.treatments:
        return ""
    parts = [ranking_sentence(g, to_ms), evidence_sentence(g, alpha)]
    factors = list(g.treatments[0].levels)
    if len(factors) > 1:
        parts += [s for f in factors if (s := factor_sentence(g, f, alpha, to_ms))]
    parts += [s for s in (shares_note(g, alpha), next_steps(g, alpha)) if s]
    return " ".join(p for p in parts if p)


__all__ = ["Evidence", "evidence", "story", "ranking_sentence", "evidence_sentence", "factor_sentence", "next_steps"]
