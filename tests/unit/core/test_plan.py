from bancada.experiment import manifest
from bancada.experiment.plan import PlanError, build_plan
from bancada.experiment.profile import load_profile
from bancada.overrides import apply_overrides

import pytest


def _impls(root):
    return manifest.discover(root)


def test_interleaved_plan_has_one_block_per_repetition(root):
    profile = load_profile(root / "profiles" / "quick.toml")
    plan = build_plan(profile, _impls(root))
    assert len(plan.treatments) == 8  # 4 implementations x 2 workloads
    assert len(plan.blocks) == 2
    assert all(b.treatments == tuple(range(8)) for b in plan.blocks)
    assert plan.request_count() == 2 * 8 * (20 + 20)


def test_sequential_plan_has_one_block_per_treatment_and_repetition(root):
    profile = apply_overrides(load_profile(root / "profiles" / "quick.toml"), "quick", schedule="sequential")
    plan = build_plan(profile, _impls(root))
    assert [b.treatments for b in plan.blocks[:8]] == [(i,) for i in range(8)]
    assert [b.repetition for b in plan.blocks] == [1] * 8 + [2] * 8


def test_unknown_implementation(root):
    profile = apply_overrides(load_profile(root / "profiles" / "quick.toml"), "quick", implementations=["cobol-soap"])
    with pytest.raises(PlanError, match="unknown implementation 'cobol-soap'; known: go-grpc"):
        build_plan(profile, _impls(root))


def test_overrides_payload_and_operation(root):
    base = load_profile(root / "profiles" / "quick.toml")
    p = apply_overrides(base, "quick", payloads=["StdSize", "1000"])
    assert [(w.name, w.count) for w in p.workloads] == [("StdSize", 200), ("N1000", 1000)]
    p = apply_overrides(base, "quick", operation="ping")
    assert [w.operation for w in p.workloads] == ["ping"]
