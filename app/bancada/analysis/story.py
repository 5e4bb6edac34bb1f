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

from bancada.core.i18n import integer, number, p_value, percent, significant, translate
from bancada.stats import power
from bancada.stats.pair_verdict import ms_text, verdict
from bancada.stats.results import Group, TreatmentSummary
from bancada.stats.statistic.base import treatment_label
from bancada.stats.statistic.rank_sum import find
from bancada.stats.statistic.words import factor_name

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
                    "Resting on the requests only: {pairs}. With r = {r} repetitions and {k} pairs the "
                    "repetition-level test cannot decide (its smallest possible Holm p is {pmin}, above α = {a}), "
                    "so these differences are neither confirmed nor refuted by the repetitions.",
                ).format(
                    pairs="; ".join(ev.unconfirmable),
                    r=ev.r,
                    k=len(g.pairwise_replication),
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


def factor_sentence(g: Group, factor: str, alpha: float, to_ms: float) -> str | None:
    """One factor in words with the cell medians: the same direction at every level of the other factors, or
    opposite directions (a reversal), and how that squares with the pooled rank test and the factorial's
    shares. None for a factor of one level or without other factors."""
    contexts: dict[str, list[TreatmentSummary]] = {}
    for t in g.treatments:
        contexts.setdefault(_context_label(t, factor), []).append(t)
    contexts = {c: ts for c, ts in contexts.items() if len(ts) >= 2 and c}
    if not contexts:
        return None
    best = {c: min(ts, key=lambda t: t.median) for c, ts in contexts.items()}
    shown = list(contexts.items())[:MAX_CONTEXTS]

    def cell(c: str, ts: list[TreatmentSummary]) -> str:
        b = best[c]
        others = ", ".join(
            f"{t.levels[factor]} {ms_text(t.median, to_ms)}" for t in sorted(ts, key=lambda t: t.median) if t is not b
        )
        return translate("Story", "with {ctx}, {lv} is faster ({m} vs {others})").format(
            ctx=c, lv=b.levels[factor], m=ms_text(b.median, to_ms), others=others
        )

    cells = "; ".join(cell(c, ts) for c, ts in shown)
    fname = factor_name(factor)
    winners = {b.levels[factor] for b in best.values()}
    kw = next((k for k in g.kruskal if k.factor == factor and k.p is not None), None)
    shares = g.factorial.variation_pct if g.factorial.error is None else {}
    own = shares.get(factor)
    inter = sum(v for k, v in shares.items() if "*" in k and factor in k.split("*"))
    if len(winners) > 1:
        text = translate("Story", "{f} matters, but in opposite directions: {cells}.").format(
            f=fname.capitalize(), cells=cells
        )
        if kw is not None and kw.p is not None and kw.p >= alpha:
            text += " " + translate(
                "Story",
                "Pooled over the other factors, the ranks cancel and Kruskal-Wallis sees no clear effect "
                "(p = {p}), while the factorial, on means, gives {f} {own} and its interaction {inter} of the "
                "variation: both are right about their own model, and the effect reverses.",
            ).format(
                p=p_value(kw.p),
                f=fname,
                own=percent(own or 0.0, 1),
                inter=percent(inter, 1),
            )
        elif kw is not None and kw.p is not None:
            text += " " + translate(
                "Story",
                "Pooled over the other factors, Kruskal-Wallis finds an effect (p = {p}), an average of opposite "
                "effects; read the cells, not the pooled verdict.",
            ).format(p=p_value(kw.p))
        return text
    text = translate("Story", "{f}: {cells}.").format(f=fname.capitalize(), cells=cells)
    total = (own or 0.0) + inter
    if kw is not None and kw.p is not None and kw.p >= alpha and total >= SHARE_TO_EXPLAIN_PCT:
        text += " " + translate(
            "Story",
            "Kruskal-Wallis pooled over the other factors sees no clear effect (p = {p}), yet the factorial "
            "gives {f} {own} and its interactions {inter} of the variation: the means weigh the slow requests "
            "that the ranks count once each.",
        ).format(p=p_value(kw.p), f=fname, own=percent(own or 0.0, 1), inter=percent(inter, 1))
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
                "treatment (r = {r} allows at best Holm p = {pmin} over {k} pairs); more requests per "
                "repetition do not change that bound.",
            ).format(need=ev.need, r=ev.r, pmin=number(ev.p_min, 3), k=len(g.pairwise_replication))
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
