"""One typed result per statistic of :func:`bancada.stats.report.analyze_frame`.

Each class holds one row of one table: its numbers under the names ``bancada analyze --json``
gives them (docs/analyze.md), in that order. :meth:`Analysis.to_dict` turns the whole result
into that JSON's dict, the only place where a result becomes a dict; an option named in a
message (the factorial design's advice) is named there by the caller's ``name_of`` (the CLI: its flag).
Units: the response's (e.g. seconds); p-values in [0, 1]; ``None``/NaN where a test cannot run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from bancada.stats.options import OptionMessage

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


@dataclass(frozen=True)
class TreatmentSummary:
    """Summary of one treatment (:func:`bancada.stats.summary.summarize`) and its normality."""

    levels: Levels
    n: int
    mean: float
    sd: float
    median: float
    q1: float
    q3: float
    min: float
    max: float
    iqr: float
    median_ci: list[float]
    median_ci_coverage: float
    shapiro: Normality

    def to_dict(self) -> dict[str, Any]:
        return {**_fields(self), "shapiro": self.shapiro.to_dict()}


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
    """Requests for a mean within ``error_pct`` % at ``confidence`` (Jain 1991, ch. 13)."""

    levels: Levels
    n_required: int | None
    mean: float
    sd: float
    error_pct: float
    confidence: float
    z: float
    z_from: str = "normal, two-sided"

    def to_dict(self) -> dict[str, Any]:
        return _fields(self)


@dataclass(frozen=True)
class Factorial:
    """The 2^k r or full factorial allocation of variation and effects (Jain 1991, ch. 17–18).

    ``table``: :func:`bancada.stats.factorial.two_level`'s or ``full_factorial``'s keys with
    ``levels``, ``aggregate``, ``transform``, ``replications`` and ``notes``; ``error`` instead when
    the design cannot be analysed (an option in it named by its parameter).
    """

    table: dict[str, Any] = field(default_factory=dict)
    error: OptionMessage | str | None = None

    def to_dict(self, name_of: NameOf = str, advice: bool = True) -> dict[str, Any]:
        if self.error is None:
            return dict(self.table)
        return {"error": self.error if isinstance(self.error, str) else self.error.text(name_of, advice)}


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
        """The dict ``bancada analyze --json`` writes (before :func:`bancada.stats.report.jsonable`);
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
