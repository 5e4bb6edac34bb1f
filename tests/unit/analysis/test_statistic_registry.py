"""A statistic is one module in :mod:`bancada.analysis.words.statistic` and one line of its registry: the tables,
the readings, the conclusions and the window's table order follow from that list alone."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bancada.core.i18n import set_language
from bancada.analysis.words import table_labels
from bancada.analysis.words.sentences import conclusions
from bancada.analysis.words.readings import readings
from bancada.stats.frame_analysis import analyze_frame
from bancada.stats.results import Group
from bancada.analysis.words.statistic import registry
from bancada.analysis.words.statistic.base import Context, Row, Statistic, treatment_label
from bancada.analysis.words.tables import build_tables


def _analysis():
    rng = np.random.default_rng(11)
    rows = [
        {"protocol": proto, "payload": payload, "repetition": rep, "latency_ms": base + rng.exponential(0.1)}
        for payload in ("small", "large")
        for proto, base in (("grpc", 1.0), ("rest", 1.5))
        for rep in (1, 2, 3)
        for _ in range(12)
    ]
    return analyze_frame(
        pd.DataFrame(rows),
        response="latency_ms",
        factors=("protocol",),
        by=("payload",),
        replication_column="repetition",
    )


def _spread_rows(g: Group) -> list[Row]:
    return [{"treatment": treatment_label(t.levels), "range": t.max - t.min} for t in g.treatments]


def _spread_reading(g: Group, ctx: Context) -> str | None:
    widest = max(g.treatments, key=lambda t: t.max - t.min)
    return f"widest range: {treatment_label(widest.levels)}"


def _spread_sentences(g: Group, ctx: Context) -> list[str]:
    return [f"The range of {len(g.treatments)} treatments was measured."]


#: A made-up statistic: each treatment's range (max - min), as a test of the registry.
SPREAD = Statistic("Range", "Range", _spread_rows, _spread_reading, _spread_sentences)


@pytest.fixture
def with_spread(monkeypatch):
    monkeypatch.setattr(registry, "STATISTICS", [*registry.STATISTICS, SPREAD])
    for module in (
        "bancada.analysis.words.tables",
        "bancada.analysis.words.readings",
        "bancada.analysis.words.sentences",
    ):
        monkeypatch.setattr(f"{module}.STATISTICS", registry.STATISTICS)
    set_language("en")


def test_a_statistic_added_to_the_registry_alone_has_its_table_reading_and_sentence(with_spread):
    analysis = _analysis()
    tables = build_tables(analysis)
    assert list(tables)[-1] == "Range"  # after every other statistic, as listed
    spread = tables["Range"]
    assert list(spread.columns) == ["payload", "treatment", "range"]  # the by columns first
    assert len(spread) == 4 and (spread["range"] > 0).all()
    lines = readings(analysis, tables)
    assert list(lines)[-1] == "Range" and lines["Range"].startswith("small: widest range: ")
    assert conclusions(analysis).count("The range of 2 treatments was measured.") == 2  # one per group


def test_the_table_order_and_titles_come_from_the_registry():
    names = [s.name for s in registry.STATISTICS]
    assert table_labels.ANALYSIS_TABLES == names
    assert table_labels.TABLE_ORDER[: len(names)] == names
    assert all(table_labels.TITLES[s.name] == s.title for s in registry.STATISTICS)
    assert list(build_tables(_analysis())) == [n for n in names if n != "Dunn post-hoc"]  # Dunn: > 2 treatments
