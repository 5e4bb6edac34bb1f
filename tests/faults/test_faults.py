"""The reduced, seeded fault set CI runs: each fault once, at a seeded point of a real run.

The full set (several points per fault) is ``python -m tests.faults.matrix``,
which also writes docs/reliability.md.
"""

from __future__ import annotations

import pytest

from tests.conftest import artifact_missing
from tests.faults.harness import BAD_SERVER_FAULTS, FAULTS
from tests.faults.matrix import inject, points_for

pytestmark = pytest.mark.faults


@pytest.mark.parametrize("fault", FAULTS)
def test_fault_loses_no_acknowledged_sample_and_leaves_nothing_behind(fault):
    for impl in ("go-rest", "go-grpc"):
        reason = artifact_missing(impl)
        if reason:
            pytest.skip(reason)
    point = points_for(fault, 1, seed=1)[0]
    outcome = inject(fault, point, seed=1)
    if outcome.problems and outcome.problems[0].startswith("skipped: "):
        pytest.skip(outcome.problems[0].removeprefix("skipped: "))
    assert outcome.lost == 0
    assert not outcome.orphans and not outcome.open_ports
    assert outcome.ok, outcome.problems


@pytest.mark.parametrize("fault", BAD_SERVER_FAULTS)
def test_a_misbehaving_server_gives_one_failed_sample_per_misbehaviour(fault):
    outcome = inject(fault, 0.0, seed=1)
    assert outcome.stored == 100 and outcome.status == "complete"
    assert outcome.ok, outcome.problems
