"""bancada.experiment.overrides.apply_overrides: command-line overrides of a profile, for one run."""

from __future__ import annotations

import pytest

from bancada.cli.option_flags import flag
from bancada.experiment.profile import ProfileError, load_profile
from bancada.experiment.overrides import apply_overrides
from tests.conftest import ROOT

QUICK = ROOT / "profiles" / "quick.toml"


@pytest.fixture()
def quick():
    return load_profile(QUICK)


def test_no_override_gives_the_same_profile(quick):
    same = apply_overrides(quick, "quick")
    assert same.model_dump() == quick.model_dump()
    assert same is not quick


def test_experiment_fields_are_replaced_and_the_rest_kept(quick):
    p = apply_overrides(
        quick,
        "quick",
        implementations=["go-rest"],
        requests=7,
        repetitions=3,
        warmup=0,
        schedule="sequential",
        driver="python",
        connection="new",
        seed=42,
    )
    e = p.experiment
    assert (e.implementations, e.requests, e.repetitions, e.warmup) == (["go-rest"], 7, 3, 0)
    assert (e.schedule, e.driver, e.connection, e.seed) == ("sequential", "python", "new", 42)
    assert e.name == quick.experiment.name and [w.name for w in p.workloads] == [w.name for w in quick.workloads]


def test_payloads_keep_named_workloads_in_the_given_order_and_a_number_adds_one(quick):
    p = apply_overrides(quick, "quick", payloads=["LargeSize", "StdSize", "500"])
    assert [w.name for w in p.workloads] == ["LargeSize", "StdSize", "N500"]
    added = p.workloads[2]
    assert added.count == 500 and added.operation == quick.workloads[0].operation


def test_an_unknown_payload_is_one_line_naming_it_and_the_known_ones(quick):
    with pytest.raises(ProfileError) as err:
        apply_overrides(quick, "quick", flag, payloads=["Huge"])
    message = str(err.value)
    assert "--payloads 'Huge'" in message and "StdSize, LargeSize" in message and "\n" not in message


def test_ping_and_info_replace_the_workloads_with_one(quick):
    for operation in ("ping", "info"):
        p = apply_overrides(quick, "quick", operation=operation)
        assert [(w.name, w.operation) for w in p.workloads] == [(operation.capitalize(), operation)]


def test_another_operation_applies_to_every_workload(quick):
    p = apply_overrides(quick, "quick", operation="echo")
    assert {w.operation for w in p.workloads} == {"echo"} and len(p.workloads) == 2


def test_the_load_table_is_set_field_by_field(quick):
    p = apply_overrides(quick, "quick", load="closed", concurrency=8, duration_s=2.5, driver="native")
    assert (p.load.model, p.load.concurrency, p.load.duration_s) == ("closed", 8, 2.5)
    q = apply_overrides(p, "again", concurrency=16)
    assert (q.load.model, q.load.concurrency, q.load.duration_s) == ("closed", 16, 2.5)


def test_a_bad_value_is_refused_by_the_profile_validation_naming_the_source(quick):
    with pytest.raises(ProfileError) as err:
        apply_overrides(quick, "quick", repetitions=-3)
    assert "command-line overrides" in str(err.value) and "repetitions" in str(err.value)


def test_the_profile_notices_are_kept_first(quick):
    quick.notices.append("an old schedule name")
    p = apply_overrides(quick, "quick", requests=5)
    assert p.notices[0] == "an old schedule name"


def test_database_operations_give_seed_001s_workloads(quick):
    """--operation list_pets gives the study's three list sizes, create_pet one workload of one record a request."""
    listed = apply_overrides(quick, "quick", operation="list_people")
    assert [(w.name, w.operation, w.limit) for w in listed.workloads] == [
        ("ListPeople10", "list_people", 10),
        ("ListPeople100", "list_people", 100),
        ("ListPeople1000", "list_people", 1000),
    ]
    created = apply_overrides(quick, "quick", operation="create_pet")
    assert [(w.name, w.operation) for w in created.workloads] == [("CreatePet", "create_pet")]


def test_every_operation_the_command_line_offers_makes_a_valid_profile(quick):
    """The CLI's --operation choices are the profile's operations but custom and serial, and each one
    overrides the quick profile into a profile that validates."""
    from typing import get_args

    from bancada.cli.main import _build_parser
    from bancada.wire.operations import OPERATIONS, OVERRIDE_OPERATIONS
    from bancada.experiment.profile import Operation

    assert OPERATIONS == get_args(Operation)
    run = _build_parser("run")._subparsers._group_actions[0].choices["run"]  # type: ignore[union-attr]
    (choice,) = [a.choices for a in run._actions if a.dest == "operation"]
    assert tuple(choice) == OVERRIDE_OPERATIONS
    for op in OVERRIDE_OPERATIONS:
        assert {w.operation for w in apply_overrides(quick, "quick", operation=op).workloads} == {op}


def test_a_warmup_count_sets_the_profiles_criterion_aside_unless_one_is_given(quick):
    from bancada.experiment.steady import SteadyState

    # the quick profile warms Java's JIT in every block, at most 1 s a block
    assert quick.experiment.warmup_until == SteadyState(max_s=1.0)
    assert apply_overrides(quick, "quick", warmup=500).experiment.warmup_until is None
    assert apply_overrides(quick, "quick", warmup=500, warmup_until="once").experiment.warmup_until == SteadyState(
        once=True, max_s=1.0
    )
    assert apply_overrides(quick, "quick", warmup_until="count").experiment.warmup_until is None
    kept = apply_overrides(quick, "quick", requests=5)
    assert kept.experiment.warmup_until == SteadyState(max_s=1.0) and kept.experiment.warmup == 20
    with pytest.raises(ProfileError, match="--warmup-until: the warm-up ends on one of count, once, steady"):
        apply_overrides(quick, "quick", flag, warmup_until="sometimes")
