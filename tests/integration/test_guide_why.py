"""The guide's optional step "Why?" on a real profiled run, and when it is among the steps."""

from __future__ import annotations

import pytest

from bancada.core import i18n
from bancada.guide.why import why_reading
from bancada.guide.wizard_state import STEPS, WizardState
from bancada.store.runstore import RunStore
from tests.integration.test_cpu_profiles import profiled_run


def test_why_is_a_step_only_when_the_main_run_was_profiled():
    s = WizardState()
    assert s.steps() == STEPS and "why" not in STEPS
    s.profiled = True
    steps = s.steps()
    assert steps[steps.index("rank_tests") + 1] == "why" and len(steps) == len(STEPS) + 1
    s.forget_from("main_run")
    assert s.steps() == STEPS


@pytest.mark.integration
def test_why_names_the_slowest_and_fastest_of_the_larger_payload(tmp_path):
    store, _ = profiled_run(tmp_path, ["go-rest", "go-grpc"], requests=30)
    path = store.path
    store.close()
    reading = why_reading(path)
    assert reading.slow == "go-rest · LargeSize" and reading.fast == "go-grpc · LargeSize", reading
    # it names each flame graph's widest own frames, as the stored profiles give them (which functions
    # top a profile of 30 requests varies from run to run: encoding/json's, memmove, strconv's ...)
    from bancada.analysis.flame import widest
    from bancada.analysis.flame_run import treatment_profiles

    with RunStore.open(path) as reopened:
        profiles = {p.label: p for p in treatment_profiles(reopened) if p.samples}
    for label in (reading.slow, reading.fast):
        names = [name for name, _share in widest(profiles[label].stacks)]
        assert names and all(name in reading.text for name in names), (label, names, reading.text)
    i18n.set_language("pt_BR")
    try:
        pt = why_reading(path).text
    finally:
        i18n.set_language("en")
    assert "o mais lento" in pt and " ms)" in pt, pt


@pytest.mark.integration
def test_why_without_profiles_says_how_to_get_them(tmp_path):
    store, _ = profiled_run(tmp_path, ["go-rest"], requests=4, cpu=False)
    reading = why_reading(store.path)
    assert reading.slow == "" and "Profile the servers' CPU" in reading.text
