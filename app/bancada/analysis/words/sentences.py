"""Conclusions in sentences: the results of an analysis as a student writes them in a report.

:func:`conclusions` takes the typed analysis of :func:`bancada.stats.frame_analysis.analyze_frame`
(the response's unit from its name: ``latency_s``, ``latency_ms``...) and returns Markdown
paragraphs in the language set with :func:`bancada.core.i18n.set_language`
(English or Brazilian Portuguese), numbers in that language's conventions
(``0,23 ms`` and ``93,7 %`` in pt-BR). Per group (e.g. payload):

- normality (Shapiro-Wilk) and why rank tests follow;
- the treatments from the fastest to the slowest, each compared with the next
  by the Wilcoxon rank-sum test (Holm-adjusted p, Cliff's delta), and by the
  same test on the repetitions' medians when the run has repetitions
  (docs/statistics.md explains why both); which one is faster comes from the
  test's Cliff's δ, never from the medians (:mod:`bancada.analysis.words.pair_verdict`),
  and the sentence says so when the medians order the pair the other way;
- Kruskal-Wallis per factor;
- the factorial allocation of variation (Jain 1991, ch. 17–18), saying so when
  the experimental error is its largest share;
- the sample size for a mean within the tolerated error (Jain 1991, ch. 13),
  and why it grows past what a pilot suggested.
"""

from __future__ import annotations

from bancada.core.i18n import translate
from bancada.stats.results import Analysis, Group
from bancada.analysis.words.statistic.base import Context
from bancada.analysis.words.statistic.factorial_design import allocation_sentence
from bancada.analysis.words.statistic.shapiro_wilk import normality_sentence
from bancada.analysis.words.statistic.registry import STATISTICS
from bancada.analysis.words.statistic.sample_size import sample_size_sentence

__all__ = ["allocation_sentence", "conclusions", "group_conclusions", "normality_sentence", "sample_size_sentence"]

_TO_MS = {"s": 1e3, "ms": 1.0, "us": 1e-3, "ns": 1e-6}


def to_ms_of(response: str) -> float:
    """Milliseconds per unit of the response, from its name's suffix (``latency_s`` -> 1e3; unknown: 1)."""
    return _TO_MS.get(str(response).rsplit("_", 1)[-1], 1.0)


def group_conclusions(group: Group, alpha: float, to_ms: float = 1e3, confidence: float = 0.9) -> list[str]:
    """The sentences of one group of the analysis (one payload, say), each statistic's in the order of
    :data:`bancada.analysis.words.statistic.registry.STATISTICS`; ``to_ms``: milliseconds per unit of the response
    (1e3 for ``latency_s``). None without treatments. Each pair's direction comes from its test
    (:mod:`bancada.analysis.words.pair_verdict`)."""
    if not group.treatments:
        return []
    ctx = Context(alpha, confidence, to_ms)
    return [sentence for stat in STATISTICS for sentence in stat.sentences(group, ctx)]


def conclusions(result: Analysis) -> str:
    """The whole analysis as Markdown: a heading per group when there are several, then its sentences."""
    to_ms = to_ms_of(result.response)
    many = len(result.groups) > 1
    lines = ["# " + translate("Conclusions", "Conclusions"), ""]
    for g in result.groups:
        if many:
            lines += ["## " + ", ".join(str(v) for v in g.by.values()), ""]
        lines += [s + "\n" for s in group_conclusions(g, result.alpha, to_ms, result.confidence)]
    return "\n".join(lines).rstrip() + "\n"
