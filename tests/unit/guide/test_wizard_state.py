"""The guided experiment's state: the order of the steps, what blocks Next and why, and the pilot's sample size."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd
import pytest

from bancada.core import i18n
from bancada.guide.studies import MY_OWN, study_cards
from bancada.guide.wizard_state import (
    MAX_REQUESTS,
    STEPS,
    WizardState,
    advise_sample_size,
    design_summary,
    parse_requests,
)
from bancada.stats import samplesize
from bancada.stats.frame_analysis import analyze_frame
from bancada.stats.results import Analysis
from tests.conftest import ROOT

CAPS = {
    "go-grpc": {"language": "go", "protocol": "grpc", "ok": True, "reason": ""},
    "go-rest": {"language": "go", "protocol": "rest", "ok": True, "reason": ""},
    "java-grpc": {"language": "java", "protocol": "grpc", "ok": False, "reason": "not built"},
}


@pytest.fixture
def lang():
    """Set the language for a test; English again afterwards."""
    yield i18n.set_language
    i18n.set_language("en")


def pilot_result(seed: int = 1) -> Analysis:
    """A real analysis of a small two-treatment pilot (latency in ms, 2 repetitions of 10)."""
    rng = np.random.default_rng(seed)
    rows = []
    for impl, proto, scale in (("go-grpc", "grpc", 0.3), ("go-rest", "rest", 0.2)):
        for rep in (1, 2):
            for x in rng.lognormal(np.log(scale), 0.5, 10):
                rows.append(
                    {
                        "implementation": impl,
                        "protocol": proto,
                        "payload": "StdSize",
                        "repetition": rep,
                        "latency_ms": x,
                    }
                )
    return analyze_frame(
        pd.DataFrame(rows),
        response="latency_ms",
        factors=("protocol",),
        by=("payload",),
        replication_column="repetition",
    )


def walk_to(state: WizardState, step: str) -> None:
    """Fill every step before ``step`` validly and go there."""
    state.choose_study("quick")
    state.next()
    state.choose_host("local", "This computer")
    state.set_capabilities(CAPS)
    state.next()
    state.set_factors(["go-grpc", "go-rest"], ["StdSize"])
    state.next()
    if state.name == step:
        return
    state.pilot_status = "running"
    state.pilot_done("pilot.sqlite", pilot_result(), 2)
    state.next()
    if state.name == step:
        return
    state.set_requests_text("30")
    state.next()
    if state.name == step:
        return
    state.main_status = "running"
    state.main_done("main.sqlite", pilot_result(2))
    while state.name != step:
        if state.name == "conclusions":
            state.conclusions = "# Conclusions\n"
        assert state.next(), (state.name, state.problem())


def test_next_is_blocked_with_the_reason_until_each_step_is_valid():
    s = WizardState()
    assert s.name == "study" and not s.can_back()
    assert not s.next() and s.problem() == "choose a study to go on"
    s.choose_study("quick", error="unknown implementation 'rust-grpc'")
    assert "cannot be opened: unknown implementation" in s.problem() and not s.can_next()
    s.choose_study("quick")
    assert s.next() and s.name == "host"
    s.choose_host("local", "This computer")
    assert s.problem() == "checking what This computer can run…"
    s.set_capabilities({"go-grpc": CAPS["go-grpc"], "java-grpc": CAPS["java-grpc"]})
    assert "fewer than two implementations" in s.problem()
    s.set_capabilities(None, "ssh: connection refused")
    assert s.problem() == "cannot ask This computer what it runs: ssh: connection refused"
    s.set_capabilities(CAPS)
    assert s.next() and s.name == "factors"
    s.set_factors(["go-grpc"], ["StdSize"])
    assert "at least two implementations" in s.problem()
    s.set_factors(["go-grpc", "go-rest"], [])
    assert s.problem() == "choose at least one payload"
    s.set_factors(["go-grpc", "go-rest"], ["StdSize"])
    assert s.next() and s.name == "pilot"
    assert s.problem() == "run the pilot first"
    s.pilot_status = "running"
    assert s.problem() == "the pilot is running…" and not s.can_back()  # no going back mid-run
    s.pilot_status = "failed"
    assert s.problem() == "the run did not complete: run it again" and s.can_back()


def test_the_whole_walk_and_back():
    s = WizardState()
    walk_to(s, "export")
    assert s.step == len(STEPS) - 1 and s.name == "export"
    assert not s.can_next() and not s.can_finish()
    assert s.problem() == "choose a folder to export into"
    s.set_export_dir("/tmp/somewhere")
    assert s.problem() == "press Export to write the folder"
    s.exported = True
    assert s.can_finish() and not s.next()  # the last step finishes, it has no next
    s.set_export_dir("/tmp/elsewhere")
    assert not s.exported  # another folder is not written yet
    for expected in reversed(STEPS[:-1]):
        assert s.back() and s.name == expected
    assert not s.back()


def test_a_file_is_not_an_export_folder(tmp_path):
    f = tmp_path / "plot.png"
    f.write_bytes(b"x")
    s = WizardState()
    walk_to(s, "export")
    s.set_export_dir(str(f))
    assert s.export_problem() == f"{f} is a file, not a folder: choose a folder" and not s.can_finish()


def test_changing_an_early_choice_forgets_what_it_measured():
    s = WizardState()
    walk_to(s, "normality")
    assert s.pilot_status == "done" and s.main_status == "done" and s.result is not None
    s.set_factors(["go-grpc", "go-rest"], ["StdSize", "LargeSize"])
    assert (s.pilot_status, s.advice, s.requests_text, s.main_status, s.result) == ("", None, "", "", None)
    walk_to(s2 := WizardState(), "main_run")
    s2.main_done("main.sqlite", pilot_result())
    s2.set_requests_text("40")
    assert s2.main_status == "" and s2.result is None  # another n is another run
    s2.set_requests_text("40")
    assert s2.requests() == 40


def test_the_sample_size_is_the_medians_with_jains_beside_it():
    """The rank tests compare medians: the main run takes the median's requests; Jain's mean is stated too."""
    result = pilot_result()
    advice = advise_sample_size(result, repetitions=3)
    rows = [s.to_dict() for s in result.groups[0].sample_size]
    top = max(rows, key=lambda r: r["n_required"])
    expected = samplesize.required_n(top["mean"], top["sd"], 5.0, 0.95)
    assert advice.n_mean == expected == math.ceil((100 * 1.959964 * top["sd"] / (5 * top["mean"])) ** 2 - 1e-6)
    assert advice.treatment == "/".join(top["levels"].values())
    top_median = max(rows, key=lambda r: r["n_required_median"] or 0)
    assert advice.n_total == advice.n_median == top_median["n_required_median"]
    assert advice.n_per_repetition == math.ceil(advice.n_total / 3)
    assert advice.pairs == 1 and advice.repetitions_needed == 4  # one pair: 2/C(8, 4) = 0.029 < 0.05
    assert advise_sample_size(dataclasses.replace(result, groups=[]), 2) is None


def test_the_advice_in_a_sentence_in_both_languages(lang):
    advice = advise_sample_size(pilot_result(), repetitions=2)
    lang("en")
    en = advice.sentence()
    assert f"= {advice.n_mean:,} requests" in en and "±5 %" in en and "95 %" in en
    assert f"needs {advice.n_median:,} (the distribution-free interval" in en
    assert f"{advice.n_per_repetition:,} requests per repetition" in en
    assert "Use at least 4 repetitions" in en and "with 2, its smallest possible p is 0.333" in en
    lang("pt_BR")
    pt = advice.sentence()
    assert pt.startswith("Os testes de postos a seguir comparam medianas") and "desvio padrão" in pt
    assert "1,960" in pt and f"{advice.n_mean:,}".replace(",", ".") in pt
    assert "Use pelo menos 4 repetições" in pt


def test_the_pilot_prefills_the_requests_per_repetition():
    s = WizardState()
    walk_to(s, "pilot")
    s.pilot_done("pilot.sqlite", pilot_result(), 2)
    assert s.requests_text == str(min(s.advice.n_per_repetition, MAX_REQUESTS))
    s.pilot_done("pilot.sqlite", None, 2)
    assert s.advice is None


@pytest.mark.parametrize(
    "text, n, why",
    [
        ("200", 200, ""),
        (" 1 000 ", 1000, ""),
        ("", None, "type the number of requests per repetition"),
        ("12x", None, "is not a whole number"),
        ("1,5", None, "is not a whole number"),
        ("-3", None, "is not a whole number"),
        ("1", None, "at least 2"),
        (str(MAX_REQUESTS + 1), None, "at most 100,000"),
    ],
)
def test_requests_per_repetition(text, n, why):
    got, problem = parse_requests(text)
    assert got == n and why in problem and bool(problem) == bool(why)


def test_design_summary_counts_levels_and_treatments(lang):
    line = design_summary(CAPS, ["go-grpc", "go-rest"], ["StdSize", "LargeSize"])
    assert line == (
        "language: 1 level (go); protocol: 2 levels (grpc, rest); payload: 2 levels (StdSize, LargeSize)"
        " → 4 treatments (2 implementations × 2 payloads)"
    )
    lang("pt_BR")
    pt = design_summary(CAPS, ["go-grpc"], [])
    assert pt == (
        "linguagem: 1 nível (go); protocolo: 1 nível (grpc); payload: 0 níveis (–)"
        " → 0 tratamentos (1 implementação × 0 payloads)"
    )


def test_study_cards_have_titles_and_paragraphs_in_the_language(lang, tmp_path):
    cards = study_cards(ROOT / "profiles")
    keys = [c.key for c in cards]
    assert keys[:2] == ["quick", "soares-2024"] and keys[-1] == MY_OWN and cards[-1].path is None
    assert all(c.title and len(c.paragraph) > 60 for c in cards)
    assert cards[0].title == "Quick demo: Go x Java, gRPC x REST"
    lang("pt_BR")
    pt = study_cards(ROOT / "profiles")
    assert pt[0].paragraph.startswith("Servidores em Go e em Java") and pt[-1].title == "Meu próprio experimento"
    assert pt[0].title == "Demonstração rápida: Go x Java, gRPC x REST"
    # every shipped study has its own title and paragraph in Portuguese, none falls back to the profile's English
    shipped = {c.key: c for c in cards}
    assert all(c.title != shipped[c.key].title and c.paragraph != shipped[c.key].paragraph for c in pt[:-1]), [
        c.key for c in pt[:-1] if c.title == shipped[c.key].title or c.paragraph == shipped[c.key].paragraph
    ]
    (tmp_path / "broken.toml").write_text("[experiment\n")
    (tmp_path / "mine.toml").write_text('[experiment]\ndescription = "my REST server"\n')
    own = study_cards(tmp_path)
    assert [(c.key, c.title) for c in own[:2]] == [("broken", "broken"), ("mine", "mine")]
    assert own[1].paragraph == "my REST server" and own[0].paragraph.startswith("Um perfil seu")
    assert [c.key for c in study_cards(None)] == [MY_OWN]
