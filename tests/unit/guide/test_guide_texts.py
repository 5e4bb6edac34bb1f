"""The guide's words against what its steps show: counted treatments, the table's own column names,
the allocation when the error dominates, why the repetition-level test is the one to trust, why the
main run asks for more requests than the pilot suggested, the log axis, and the main run's estimate."""

from __future__ import annotations

import numpy as np
import pytest

from bancada.core import i18n
from bancada.guide import texts
from bancada.guide.estimate import Pace, duration_text, estimate_sentence, main_run_s, pilot_pace
from bancada.guide.wizard_state import WizardState, design_summary
from bancada.core.i18n import translate
from bancada.stats.results import Analysis, Factorial, Group, Normality, SampleSize, TreatmentSummary
from bancada.stats.summary import Summary

CAPS = {
    f"{lang}-{proto}": {"language": lang, "protocol": proto, "ok": True, "reason": ""}
    for lang in ("go", "java")
    for proto in ("grpc", "rest")
}


@pytest.fixture(params=["en", "pt_BR"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_step_3_counts_every_combination_of_levels(lang):
    line = design_summary(CAPS, list(CAPS), ["StdSize", "LargeSize"])
    want = {
        "en": "→ 8 treatments (4 implementations × 2 payloads)",
        "pt_BR": "→ 8 tratamentos (4 implementações × 2 payloads)",
    }
    assert want[lang] in line, line
    # three of the four language × protocol pairs: 6 treatments, and the line says not every combination is one
    partial = design_summary(CAPS, ["go-grpc", "go-rest", "java-rest"], ["StdSize", "LargeSize"])
    assert ("→ 6 treatments" if lang == "en" else "→ 6 tratamentos") in partial
    assert ("not every combination" if lang == "en" else "nem toda combinação") in partial, partial
    one = design_summary(CAPS, ["go-grpc", "go-rest"], ["StdSize"])
    assert (
        "→ 2 treatments (2 implementations × 1 payload)"
        if lang == "en"
        else "→ 2 tratamentos (2 implementações × 1 payload)"
    ) in one, one


def test_step_9_names_the_column_as_the_table_does(lang):
    hint = texts.hint("factorial")
    column = translate("StatsTable", "Variation explained")
    title = translate("StatsTable", "Factorial allocation of variation")
    assert f"“{column}”" in hint and f"“{title}”" in hint, hint
    assert "(%)" not in hint


def test_the_allocation_step_says_what_a_dominant_error_means(lang):
    text = texts.explanation("factorial")
    words = {
        "en": "When the experimental error is the largest share",
        "pt_BR": "Quando o erro experimental é a maior parte",
    }
    assert words[lang] in text, text
    assert "the largest share is the factor that matters most" not in text


def test_step_8_says_why_the_repetition_level_test_is_the_one_to_trust(lang):
    text = texts.explanation("rank_tests")
    words = {
        "en": ("trust the one per repetition", "not independent"),
        "pt_BR": ("confie no teste por repetição", "não são independentes"),
    }
    for w in words[lang]:
        assert w in text, text


def test_the_main_run_step_says_when_the_axis_turns_logarithmic(lang):
    text = texts.hint("main_run")
    assert ("logarithmic" if lang == "en" else "logarítmico") in text, text


def _treatment(n: int) -> TreatmentSummary:
    summary = Summary(n, 0.2, 0.1, 0.2, 0.1, 0.3, 0.0, 1.0, 0.2, [0.19, 0.21], 0.95)
    return TreatmentSummary.of({}, summary, Normality(None, None, 0, False))


def _result(n_required: int, have: int) -> Analysis:
    """A typed analysis whose only numbers that matter are its sample sizes and its treatments' n."""
    sizes = [
        SampleSize({"language": "java", "protocol": "rest"}, n_required, 0.2, 0.26, 5.0, 0.95, 1.96),
        SampleSize({"language": "go", "protocol": "rest"}, 300, 0.2, 0.04, 5.0, 0.95, 1.96),
    ]
    group = Group({}, {}, [_treatment(have), _treatment(have + 5)], [], [], [], [], [], Factorial(), sizes)
    return Analysis("latency_ms", ["language"], [], None, {}, 0.05, 0.95, {}, [group])


def test_the_conclusions_explain_why_the_main_run_asks_for_more_than_the_pilot(lang):
    note = texts.sample_size_note(2900, 20, _result(16965, 5800))
    if lang == "en":
        assert "2,900" in note and "16,965" in note and "5,800" in note and "java/rest" in note, note
        assert "130 %" in note and "square" in note
    else:
        assert "2.900" in note and "16.965" in note and "5.800" in note and "130 %" in note, note
        assert "quadrado" in note
    assert texts.sample_size_note(2900, 20, _result(2500, 5800)) == ""  # asks for less: nothing to explain
    assert texts.sample_size_note(None, 20, _result(16965, 5800)) == ""


def test_the_pilots_pace_from_its_blocks():
    # two blocks of 10 requests, 1 ms apart, each request 0.5 ms: 9.5 ms of requests per block
    block = np.repeat([0, 1], 10)
    start = np.tile(np.arange(10) * 1_000_000, 2)
    latency = np.full(20, 500_000)
    pace = pilot_pace(block, start, latency, wall_s=2.019, repetitions=2)
    assert pace is not None
    assert pace.per_request_s == pytest.approx(0.001)  # the median step from one request to the next
    assert pace.per_repetition_s == pytest.approx((2.019 - 0.019) / 2)
    assert pilot_pace([], [], [], 1.0, 2) is None
    # the first 4 of each block are a slow warm-up (20 ms each): the time per request is the measured ones',
    # and one slow measured request (50 ms) does not set the pace either
    warm_up = np.arange(4) * 20_000_000
    start_w = np.r_[
        warm_up,
        80_000_000 + np.r_[0, 50, 51, 52, 53, 54] * 1_000_000,  # block 0: one slow measured request
        warm_up,
        80_000_000 + np.arange(6) * 1_000_000,
    ]
    measured = np.tile(np.arange(10) >= 4, 2)
    warm = pilot_pace(block, start_w, latency, wall_s=3.0, repetitions=2, measured=measured)
    assert warm is not None and warm.per_request_s == pytest.approx(0.001)
    assert warm.per_repetition_s == pytest.approx((3.0 - 0.0545 - 0.0055) / 2)  # the warm-up counts as set-up
    # the main run: 4 treatments x 5 repetitions x 1000 requests at 1 ms, 3 s set-up per repetition
    assert main_run_s(Pace(0.001, 3.0), 4, 5, 1000) == pytest.approx(5 * 3.0 + 4 * 5 * 1000 * 0.001)


def test_the_estimate_in_words(lang):
    assert duration_text(40) == ("about 40 s" if lang == "en" else "cerca de 40 s")
    assert duration_text(330) == ("about 6 min" if lang == "en" else "cerca de 6 min")
    assert duration_text(4800) == ("about 1 h 20 min" if lang == "en" else "cerca de 1 h 20 min")
    text = estimate_sentence(Pace(0.001, 3.0), 4, 5, 1000)
    total = "20,000" if lang == "en" else "20.000"
    assert total in text and ("about 35 s" if lang == "en" else "cerca de 35 s") in text, text  # 15 s + 20 s


def test_the_state_estimates_from_the_chosen_requests():
    s = WizardState(implementations=list(CAPS), payloads=["StdSize", "LargeSize"], repetitions=5, warmup=20)
    s.requests_text = "1000"
    assert s.main_run_s() is None and s.estimate() == ""  # no pilot yet
    s.pilot_pace = Pace(0.001, 3.0)
    assert s.treatments() == 8
    assert s.main_run_s() == pytest.approx(5 * 3.0 + 8 * 5 * 1000 * 0.001)
    s.requests_text = "12x"
    assert s.main_run_s() is None
    s.requests_text = "1000"
    s.forget_from("pilot")
    assert s.pilot_pace is None
