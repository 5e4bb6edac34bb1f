"""One typed result per statistic of :func:`bancada.stats.frame_analysis.analyze_frame`.

Each class holds one row of one table: its numbers under the names ``bancada analyze --json``
gives them (docs/analyze.md), in that order. :meth:`Analysis.to_dict` turns the whole result
into that JSON's dict, the only place where a result becomes a dict; an option named in a
message (the factorial design's advice) is named there by the caller's ``name_of`` (the CLI: its flag).
Units: the response's (e.g. seconds); p-values in [0, 1]; ``None``/NaN where a test cannot run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any

from bancada.stats.options import OptionMessage
from bancada.stats.summary import Summary

Levels = dict[str, str]
NameOf = Callable[[str], str]


def _fields(obj: Any) -> dict[str, Any]:
    """The dataclass' fields in their order, as they are (no deep copy)."""
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


@dataclass(frozen=True)
class Normality:
    """Shapiro-Wilk of one treatment (:func:`bancada.stats.normality.shapiro_wilk`); ``reason`` when W is None."""

    W: float | None
    p: float | None
    n_used: int
    subsampled: bool
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = _fields(self)
        if self.reason is None:
            del out["reason"]
        return out


@dataclass(frozen=True, kw_only=True)
class TreatmentSummary(Summary):
    """One treatment's :class:`bancada.stats.summary.Summary` (:func:`bancada.stats.summary.summarize`),
    its ``levels`` and its normality."""

    levels: Levels
    shapiro: Normality

    @classmethod
    def of(cls, levels: Levels, summary: Summary, shapiro: Normality) -> TreatmentSummary:
        """The treatment of ``levels`` with its ``summary`` and ``shapiro``."""
        return cls(levels=levels, shapiro=shapiro, **summary.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"levels": self.levels, **super().to_dict(), "shapiro": self.shapiro.to_dict()}


@dataclass(frozen=True)
class RankSumPair:
    """Wilcoxon rank-sum test of two treatments' requests, Holm-adjusted, with Cliff's δ and A12."""

    a: Levels
    b: Levels
    W: float
    p: float
    method: str
    cliffs_delta: float
    a12: float
    magnitude: str
    p_holm: float

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)


@dataclass(frozen=True)
class ReplicationRankSumPair:
    """The same test on the per-replication medians (``r_a``, ``r_b`` replications)."""

    a: Levels
    b: Levels
    r_a: int
    r_b: int
    W: float
    p: float
    method: str
    cliffs_delta: float
    p_holm: float

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)


@dataclass(frozen=True)
class KruskalWallis:
    """Kruskal-Wallis H of one factor (or ``a*b``: every treatment); ``error`` when it cannot run."""

    factor: str
    H: float | None
    df: int
    p: float | None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = _fields(self)
        if self.error is None:
            del out["error"]
        return out


@dataclass(frozen=True)
class DunnPair:
    """Dunn's post-hoc z of two treatments, Holm-adjusted."""

    a: Levels
    b: Levels
    z: float
    p: float
    p_holm: float

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)


@dataclass(frozen=True)
class RankingPlace:
    """One place of the ranking (:func:`bancada.stats.ranking.rank_treatments`)."""

    position: int
    levels: Levels
    median: float

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)


@dataclass(frozen=True)
class SampleSize:
    """Requests for a mean within ``error_pct`` % at ``confidence`` (Jain 1991, ch. 13), and for the median
    within the same ``error_pct`` % (``n_required_median``: the order-statistic interval of Conover 1999, §3.2,
    read off this run's distribution; :func:`bancada.stats.samplesize.required_n_median`)."""

    levels: Levels
    n_required: int | None
    mean: float
    sd: float
    error_pct: float
    confidence: float
    z: float
    z_from: str = "normal, two-sided"
    median: float | None = None
    n_required_median: int | None = None
    median_method: str = "order statistic (binomial), from this run's distribution"

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)


@dataclass(frozen=True)
class Effect:
    """One effect of the factorial design: ``q`` (the response's unit) and its confidence interval ``ci``
    (None without an error term). The 2^k r design (Jain 1991, ch. 17) gives ``significant`` (the
    interval excludes 0); the full factorial (ch. 20) gives the ``levels`` of the term's effect instead."""

    term: str
    q: float
    ci: list[float] | None
    significant: bool | None = None
    levels: Levels | None = None

    @classmethod
    def from_table(cls, row: dict[str, Any]) -> Effect:
        """From a row of :func:`bancada.stats.factorial.two_level`'s or ``full_factorial``'s ``effects``."""
        return cls(row["term"], row["q"], row["ci"], row.get("significant"), row.get("levels"))

    def to_dict(self) -> dict[str, Any]:
        if self.levels is None:
            return {"term": self.term, "q": self.q, "ci": self.ci, "significant": self.significant}
        return {"term": self.term, "levels": self.levels, "q": self.q, "ci": self.ci}


@dataclass(frozen=True)
class Factorial:
    """The 2^k r or full factorial allocation of variation and effects (Jain 1991, ch. 17–18, 20).

    ``ss``: the sums of squares (``SSY``, ``SS0``, ``SST``, one per term, ``SSE`` when there is an error
    term); ``variation_pct``: each term's share of SST in % (``error`` included); ``s_q`` only in the 2^k r
    design; ``note``: the factorial module's note (r = 1), ``notes``: the design's
    (:mod:`bancada.stats.design`); ``levels``: factor -> ``{"-1": .., "+1": ..}`` or its levels.
    ``error`` instead of the rest when the design cannot be analysed (an option in it named by its parameter
    until :meth:`Analysis.named`).
    """

    design: str = ""
    k: int = 0
    r: int = 0
    confidence: float = 0.0
    effects: list[Effect] = field(default_factory=list)
    ss: dict[str, float | None] = field(default_factory=dict)
    variation_pct: dict[str, float] = field(default_factory=dict)
    df_error: int | None = None
    s_e: float | None = None
    s_q: float | None = None
    t: float | None = None
    note: str | None = None
    levels: dict[str, Any] = field(default_factory=dict)
    aggregate: str = "none"
    transform: str = "none"
    replications: list[int] | None = None
    notes: list[str] = field(default_factory=list)
    error: OptionMessage | str | None = None

    @classmethod
    def from_table(cls, table: dict[str, Any]) -> Factorial:
        """From :func:`bancada.stats.factorial.two_level`'s or ``full_factorial``'s dict with the keys
        ``levels``, ``aggregate``, ``transform``, ``replications`` and ``notes`` added."""
        keys = {f.name for f in fields(cls)} - {"effects", "error"}
        return cls(
            effects=[Effect.from_table(e) for e in table["effects"]], **{k: v for k, v in table.items() if k in keys}
        )

    def error_text(self, name_of: NameOf = str, advice: bool = True) -> str | None:
        """Why the design was not analysed, its options named by ``name_of`` (None: it was)."""
        if self.error is None or isinstance(self.error, str):
            return self.error
        return self.error.text(name_of, advice)

    def to_dict(self, name_of: NameOf = str, advice: bool = True) -> dict[str, Any]:
        if self.error is not None:
            return {"error": self.error_text(name_of, advice)}
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["effects"] = [e.to_dict() for e in self.effects]
        del out["error"]
        if self.design != "2^k r":
            del out["s_q"]
        if self.note is None:
            del out["note"]
        return out


@dataclass(frozen=True)
class Group:
    """Every table of one group of the ``by`` columns (``by``: column -> level)."""

    by: dict[str, str]
    preparation: dict[str, Any]
    treatments: list[TreatmentSummary]
    pairwise: list[RankSumPair]
    pairwise_replication: list[ReplicationRankSumPair]
    kruskal: list[KruskalWallis]
    dunn: list[DunnPair]
    ranking: list[RankingPlace]
    factorial: Factorial
    sample_size: list[SampleSize]

    def to_dict(self, name_of: NameOf = str, advice: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "preparation": self.preparation}
        for name in ("treatments", "pairwise", "pairwise_replication", "kruskal", "dunn", "ranking"):
            out[name] = [row.to_dict() for row in getattr(self, name)]
        out["factorial"] = self.factorial.to_dict(name_of, advice)
        out["sample_size"] = [row.to_dict() for row in self.sample_size]
        return out


@dataclass(frozen=True)
class Analysis:
    """The whole analysis: its inputs' names, options, data preparation and one :class:`Group` per group."""

    response: str
    factors: list[str]
    by: list[str]
    replication: str | None
    levels: dict[str, list[str]]
    alpha: float
    confidence: float
    preparation: dict[str, Any]
    groups: list[Group]
    median_ci_method: str = "order statistic (binomial), confidence 1 - alpha"

    def to_dict(self, name_of: NameOf = str, advice: bool = True) -> dict[str, Any]:
        """The dict ``bancada analyze --json`` writes (before :func:`bancada.stats.frame_analysis.jsonable`);
        ``name_of`` names an option in a message (default: its parameter's name); ``advice``: false
        leaves out the advice that names an option (the window has no options to give)."""
        return {
            "response": self.response,
            "factors": self.factors,
            "by": self.by,
            "replication": self.replication,
            "levels": self.levels,
            "alpha": self.alpha,
            "confidence": self.confidence,
            "median_ci_method": self.median_ci_method,
            "preparation": self.preparation,
            "groups": [g.to_dict(name_of, advice) for g in self.groups],
        }

    def named(self, name_of: NameOf = str, advice: bool = True) -> Analysis:
        """The same analysis with each group's factorial ``error`` as its text, options named by
        ``name_of`` (the CLI: its flags) and without the advice when ``advice`` is false (the window):
        what the readers (tables, readings, conclusions) show."""
        groups = [
            replace(g, factorial=replace(g.factorial, error=g.factorial.error_text(name_of, advice)))
            for g in self.groups
        ]
        return replace(self, groups=groups)


def map_values(obj: Any, fn: Callable[[Any], Any]) -> Any:
    """``obj`` with ``fn`` applied to every value that is not a result (a dataclass) or a list of them;
    results are rebuilt (frozen, so copied), e.g. :func:`bancada.stats.frame_analysis.jsonable` on every number."""
    if is_dataclass(obj) and not isinstance(obj, (type, OptionMessage)):
        return replace(obj, **{f.name: map_values(getattr(obj, f.name), fn) for f in fields(obj)})
    if isinstance(obj, list) and any(is_dataclass(v) for v in obj):
        return [map_values(v, fn) for v in obj]
    return fn(obj)
