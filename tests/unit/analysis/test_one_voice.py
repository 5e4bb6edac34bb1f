"""The conclusions speak with one voice: a crossover interaction is named outside the allocation list, and a
repetition-level test that cannot reach alpha is never read as "not significant".

Hypothesis draws 2 × 2 runs (language × protocol, latency in ms) with the crossover of the quick profile's
LargeSize: over gRPC Go is faster (about 2 vs 3 ms), over REST Go is much slower (about 24 vs 5.4 ms).
Pooled over protocol, Go holds the fastest and the slowest cell and Java the two middle ones, so the
Kruskal-Wallis test of language sees nothing, while the means keep the REST gap and the factorial gives
language a large share. Runs have r = 2…6 repetitions; with Holm over the 6 pairs, the exact two-sided
rank-sum test on r medians a side reaches p = 2/C(2r, r) × 6 at best, above 0.05 for r ≤ 4.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bancada.analysis.conclusions import conclusions
from bancada.core.i18n import set_language
from bancada.stats.frame_analysis import analyze_frame

ALPHA = 0.05
PAIRS = 6  # the pairs of a 2 x 2 design, over which Holm adjusts

#: What each language writes; checked against the analysis, not against the code's templates.
WORDS = {
    "en": {
        "allocation": "Allocation of variation",
        "factor": "language",
        "joined": ("opposite directions", "interaction", "reverses"),
        "repetition": ("repetition",),
        "not_significant": ("not significant", "do not differ"),
        "repetitions_needed": r"r = {r}\b[^.;]*repetitions|{r} repetitions",
    },
    "pt_BR": {
        "allocation": "Alocação de variação",
        "factor": "linguagem",
        "joined": ("sentidos opostos", "interação", "inverte"),
        "repetition": ("repetição", "repetições"),
        "not_significant": ("não é significativ", "não diferem"),
        "repetitions_needed": r"r = {r}\b[^.;]*repetições|{r} repetições",
    },
}


def smallest_holm_p(r: int, comparisons: int = PAIRS) -> float:
    """The smallest p of the exact two-sided rank-sum test of r against r values (no ties), times the Holm
    factor of the first of ``comparisons`` comparisons."""
    return min(1.0, comparisons * 2 / math.comb(2 * r, r))


def repetitions_needed(alpha: float = ALPHA, comparisons: int = PAIRS) -> int:
    return next(r for r in range(2, 100) if smallest_holm_p(r, comparisons) <= alpha)


def crossover_run(seed: int, n: int, r: int, spread: float) -> pd.DataFrame:
    """Latencies in ms of a 2 × 2 run with language's effect reversed between the protocols."""
    rng = np.random.default_rng(seed)
    centre = {("go", "grpc"): 2.0, ("java", "grpc"): 3.1, ("go", "rest"): 24.0, ("java", "rest"): 5.4}
    rows = []
    for rep in range(1, r + 1):
        for (lang, proto), c in centre.items():
            shift = 1 + spread * rng.uniform(-1, 1)  # each repetition's own conditions
            values = c * shift * (1 + 0.05 * rng.random(n))
            rows += [{"language": lang, "protocol": proto, "repetition": rep, "latency_ms": v} for v in values]
    return pd.DataFrame(rows)


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n\n") if p.strip() and not p.lstrip().startswith("#")]


def check(text: str, lang: str, r: int) -> None:
    w = WORDS[lang]
    paras = paragraphs(text)
    # 1. the factor with the null pooled test and the large share is joined in words outside the allocation list
    joined = [
        p for p in paras if not p.startswith(w["allocation"]) and w["factor"] in p and any(j in p for j in w["joined"])
    ]
    assert joined, f"no sentence outside the allocation names {w['factor']} with its reversal:\n{text}"
    # 2. a repetition-level test that cannot reach alpha is not read as "not significant"
    clauses = [c for p in paras for c in re.split(r"[;.]\s", p) if any(k in c for k in w["repetition"])]
    assert clauses, text
    if smallest_holm_p(r) > ALPHA:
        said = [c for c in clauses if any(ns in c for ns in w["not_significant"])]
        assert not said, f"r = {r} cannot reach {ALPHA} (smallest Holm p {smallest_holm_p(r):.3f}): {said}"
        # 3. ... and one sentence says how many repetitions would be needed
        need = repetitions_needed()
        pattern = re.compile(w["repetitions_needed"].format(r=need))
        assert pattern.search(text), f"no sentence says that r = {need} repetitions are needed:\n{text}"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(20, 60),
    r=st.integers(2, 6),
    spread=st.floats(0.0, 0.08),
)
def test_a_crossover_is_joined_in_words_and_the_repetitions_state_their_power(lang, seed, n, r, spread):
    analysis = analyze_frame(crossover_run(seed, n, r, spread), response="latency_ms", by=[], alpha=ALPHA)
    g = analysis.groups[0]
    kw = next(k for k in g.kruskal if k.factor == "language")
    assert kw.p is not None and kw.p > ALPHA  # pooled over protocol, the ranks cancel
    shares = g.factorial.variation_pct
    assert shares["language"] + shares["language*protocol"] > 20  # ... while the means keep the REST gap
    set_language(lang)
    check(conclusions(analysis), lang, r)


def test_the_bound_on_the_repetition_test_is_the_issues():
    """The numbers of the issue: r = 4 cannot reach 0.05 with 6 pairs (2/70 × 6), r = 5 can (2/252 × 6)."""
    assert smallest_holm_p(2) == 1.0
    assert smallest_holm_p(4) == pytest.approx(6 * 2 / 70)
    assert smallest_holm_p(5) == pytest.approx(6 * 2 / 252)
    assert repetitions_needed() == 5
