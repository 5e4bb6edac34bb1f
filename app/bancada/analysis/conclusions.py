"""The conclusions as one story: the unit of replication stated once, then per group (workload) the story
in plain words (:mod:`bancada.analysis.story`) and the test-by-test sentences
(:func:`bancada.analysis.words.sentences.group_conclusions`).

What ``bancada analyze --conclusions``, the window's Export all, the guide's conclusions step and the report
write. Markdown; texts through :func:`bancada.core.i18n.translate` in the language set with
:func:`bancada.core.i18n.set_language`.
"""

from __future__ import annotations

from bancada.analysis.story import story
from bancada.core.i18n import translate
from bancada.analysis.words.sentences import group_conclusions, to_ms_of
from bancada.stats.results import Analysis


def unit_sentence(result: Analysis) -> str:
    """The unit of replication, once: what the factorial and the rank tests count as one replication, and
    what that means for the request-level test (its requests share their repetition's conditions)."""
    done = [g.factorial for g in result.groups if g.factorial.error is None]
    aggregate = done[0].aggregate if done else "none"
    r = min((f.r for f in done), default=0)
    if result.replication is None or not any(g.pairwise_replication for g in result.groups):
        return translate(
            "Story",
            "Unit of replication: each request. The data have no repetitions, so nothing here tells the "
            "requests' shared conditions from the treatments' differences; run two or more repetitions.",
        )
    if aggregate in ("mean", "median"):
        stat = translate("Story", "mean") if aggregate == "mean" else translate("Story", "median")
        return translate(
            "Story",
            "Unit of replication: the repetition (r = {r} per treatment). The factorial design takes each "
            "repetition's {stat} as one replication (Jain 1991, ch. 18) and the repetition-level rank test its "
            "median; the request-level tests count every request, although the requests of one repetition share "
            "its conditions and are not independent, so they find more differences than there are.",
        ).format(r=r, stat=stat)
    return translate(
        "Story",
        "Unit of replication: the request, as asked (aggregate none, r = {r} in the factorial design). The "
        "requests of one repetition share its conditions and are not independent, so the factorial's "
        "intervals and the request-level tests are too confident; the repetition-level rank test counts each "
        "repetition once.",
    ).format(r=r)


def conclusions(result: Analysis) -> str:
    """The whole analysis as Markdown: the unit of replication, then per group (a heading when there are
    several) its story and its sentences."""
    to_ms = to_ms_of(result.response)
    many = len(result.groups) > 1
    lines = ["# " + translate("Conclusions", "Conclusions"), "", unit_sentence(result) + "\n"]
    for g in result.groups:
        if many:
            lines += ["## " + ", ".join(str(v) for v in g.by.values()), ""]
        told = story(g, result.alpha, to_ms)
        if told:
            lines += ["**" + translate("Story", "In short") + ".** " + told + "\n"]
        lines += [s + "\n" for s in group_conclusions(g, result.alpha, to_ms, result.confidence)]
    return "\n".join(lines).rstrip() + "\n"
