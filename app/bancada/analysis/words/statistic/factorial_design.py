"""The factorial design's two tables (Jain 1991, ch. 17–18): its effects and its allocation of variation,
their readings, and the allocation's sentence."""

from __future__ import annotations

from bancada.core.i18n import percent, plural, translate
from bancada.stats.results import Factorial, Group
from bancada.analysis.words.statistic.base import QT_TRANSLATE_NOOP, Context, Row, Statistic, treatment_label
from bancada.analysis.words.statistic.kruskal import conclusion_factor
from bancada.analysis.words.statistic.terms import factor_name


def design_note(f: Factorial) -> str:
    """``full factorial, r = 5, aggregate none, transform none, confidence 90 %`` of a factorial result
    ``f``, in the language in use (``bancada analyze``:
    English)."""
    words = {
        "full factorial": translate("StatsTable", "full factorial"),
        "none": translate("StatsTable", "none"),
        "mean": translate("StatsTable", "mean"),
        "median": translate("StatsTable", "median"),
        "2^k r": translate("StatsTable", "2^k r design (k factors at two levels, r replications)"),
    }
    return translate(
        "StatsTable", "{design}, r = {r}, aggregate {aggregate}, transform {transform}, confidence {confidence}"
    ).format(
        design=words.get(f.design, f.design),
        r=f.r,
        aggregate=words.get(f.aggregate, f.aggregate),
        transform=words.get(f.transform, f.transform),
        confidence=percent(100 * f.confidence, 0) if isinstance(f.confidence, (int, float)) else f.confidence,
    )


def factorial_note(text: str) -> str:
    """One of the factorial analysis' notes (:mod:`bancada.stats.design`, :mod:`bancada.stats.factorial`,
    in English in ``bancada analyze``'s JSON) in the language in use; an unknown note as it is."""
    notes = {
        "aggregate none: each row is a replication": translate(
            "StatsTable",
            "aggregate none: each request is a replication, though the requests of one repetition are not "
            "independent (the effects' intervals are too narrow)",
        ),
        "no replication column: each row is a replication": translate(
            "StatsTable", "no repetition column: each request is a replication"
        ),
    }
    if text.startswith("r = 1: without replications"):
        return translate(
            "StatsTable", "r = 1: without replications there is no error term and no confidence intervals (Jain ch. 17)"
        )
    if text.startswith("unbalanced design trimmed to r = "):
        r = text.removeprefix("unbalanced design trimmed to r = ").split(" ", 1)[0]
        detail = text.partition("short cells were: ")[2]
        return translate("StatsTable", "unbalanced design trimmed to r = {r}; short cells: {detail}").format(
            r=r, detail=detail
        )
    return notes.get(text, text)


def effect_rows(g: Group) -> list[Row]:
    f = g.factorial
    if f.error is not None:
        return []
    return [
        {
            "term": e.term + (f" [{treatment_label(e.levels)}]" if e.levels else ""),
            "q": e.q,
            "ci_lo": e.ci[0] if e.ci else None,
            "ci_hi": e.ci[1] if e.ci else None,
        }
        for e in f.effects
    ]


def effect_reading(g: Group, ctx: Context) -> str | None:
    f = g.factorial
    if f.error is not None:
        return None
    eff = [e for e in f.effects if e.term != "I"]
    sig = [e for e in eff if e.significant]
    said = plural(
        len(eff),
        translate("Readings", "{k} of {n} effect is significant (its {c} interval excludes 0)"),
        plural(
            len(sig),
            translate("Readings", "{k} of {n} effects is significant (its {c} interval excludes 0)"),
            translate("Readings", "{k} of {n} effects are significant (their {c} interval excludes 0)"),
        ),
    )
    return said.format(k=len(sig), n=len(eff), c=percent(ctx.confidence * 100))


def allocation_rows(g: Group) -> list[Row]:
    """Its SS and % of variation, the design and its notes on the last row; or one "(not computed)" row
    with the reason."""
    f = g.factorial
    if f.error is not None:
        return [{"term": "(not computed)", "SS": None, "variation_pct": None, "note": f.error_text()}]
    out: list[Row] = [
        {"term": name, "SS": f.ss[name], "variation_pct": None, "note": ""} for name in ("SSY", "SS0", "SST")
    ]
    for name, pct in f.variation_pct.items():
        ss = f.ss["SSE"] if name == "error" else f.ss[name]
        out.append({"term": name, "SS": ss, "variation_pct": pct, "note": ""})
    notes = f.notes + ([f.note] if f.note else [])
    out[-1]["note"] = "; ".join([design_note(f)] + [factorial_note(n) for n in notes])
    return out


def allocation_reading(g: Group, ctx: Context) -> str | None:
    f = g.factorial
    if f.error is not None:
        return translate("Readings", "not computed: {why}").format(why=f.error_text())
    parts = sorted(((v, k) for k, v in f.variation_pct.items() if k != "error"), reverse=True)
    names = [factor_name(k) for _, k in parts]
    text = ", ".join(
        translate("Readings", "{f} explains {pct}").format(f=n, pct=percent(v)) if i == 0 else f"{n} {percent(v)}"
        for i, ((v, _), n) in enumerate(zip(parts, names))
    )
    err = f.variation_pct.get("error")
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


def allocation_sentence(variation_pct: dict[str, float]) -> str:
    """The factorial allocation of variation, largest share first; says so when the experimental error
    is the largest share (the factors then explain little of the variation)."""
    parts = sorted(variation_pct.items(), key=lambda kv: -kv[1])
    listed = "; ".join(
        translate("Conclusions", "{f}, {v}").format(f=conclusion_factor(name), v=percent(v, 1)) for name, v in parts
    )
    text = translate("Conclusions", "Allocation of variation (2^k r factorial design): {parts}.").format(parts=listed)
    if parts and parts[0][0] == "error":
        text += " " + translate(
            "Conclusions",
            "The experimental error is the largest share ({v}): the requests vary more on their own "
            "than with any factor.",
        ).format(v=percent(parts[0][1], 1))
    return text


def allocation_sentences(g: Group, ctx: Context) -> list[str]:
    f = g.factorial
    return [allocation_sentence(f.variation_pct)] if f.error is None else []


EFFECTS = Statistic(
    "Factorial effects", QT_TRANSLATE_NOOP("StatsTable", "Factorial effects"), effect_rows, effect_reading
)
ALLOCATION = Statistic(
    "Factorial allocation of variation",
    QT_TRANSLATE_NOOP("StatsTable", "Factorial allocation of variation"),
    allocation_rows,
    allocation_reading,
    allocation_sentences,
)
