from bancada.experiment import manifest
from bancada.experiment.plan import PlanError, build_plan
from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides

import pytest


def _impls(root):
    return manifest.discover(root)


def test_alternating_plan_has_one_block_per_repetition(root):
    profile = apply_overrides(load_profile(root / "profiles" / "quick.toml"), "quick", schedule="alternating")
    plan = build_plan(profile, _impls(root))
    assert len(plan.treatments) == 8  # 4 implementations x 2 workloads
    assert len(plan.blocks) == 2
    assert all(b.treatments == tuple(range(8)) for b in plan.blocks)
    assert all(b.order == "round_robin" for b in plan.blocks)
    assert plan.request_count() == 2 * 8 * (20 + 20)


def _block_orders(plan):
    reps = sorted({b.repetition for b in plan.blocks})
    return [[b.treatments[0] for b in plan.blocks if b.repetition == r] for r in reps]


def test_randomized_is_the_default_and_runs_each_treatment_once_per_repetition_as_a_block(root):
    profile = load_profile(root / "profiles" / "quick.toml")
    assert profile.experiment.schedule == "randomized"
    profile = apply_overrides(profile, "quick", repetitions=6, seed=42)
    plan = build_plan(profile, _impls(root))
    assert all(len(b.treatments) == 1 for b in plan.blocks)
    assert [b.index for b in plan.blocks] == list(range(48))
    orders = _block_orders(plan)
    assert len(orders) == 6
    assert all(sorted(order) == list(range(8)) for order in orders)  # each treatment once per repetition
    assert len({tuple(o) for o in orders}) > 1  # the order differs between repetitions
    assert [b.repetition for b in plan.blocks] == [r for r in range(1, 7) for _ in range(8)]
    assert all(b.warmup == 20 and b.requests == 20 for b in plan.blocks)  # each block has its own warm-up
    # the seed reproduces the order; another seed gives another order
    again = build_plan(apply_overrides(profile, "quick", seed=42), _impls(root))
    assert _block_orders(again) == orders
    other = build_plan(apply_overrides(profile, "quick", seed=43), _impls(root))
    assert _block_orders(other) != orders


def test_randomized_order_is_splitmix_fisher_yates_of_seed_plus_repetition(root):
    from bancada.wire.select_pick import SplitMix64, shuffle_in_place

    profile = apply_overrides(load_profile(root / "profiles" / "quick.toml"), "quick", seed=7)
    orders = _block_orders(build_plan(profile, _impls(root)))
    assert orders[0] == shuffle_in_place(list(range(8)), SplitMix64(7 + 1))
    assert orders[1] == shuffle_in_place(list(range(8)), SplitMix64(7 + 2))


def test_a_plan_without_a_seed_is_refused_and_with_seed_draws_one(root):
    from bancada.experiment.plan import with_seed

    profile = load_profile(root / "profiles" / "quick.toml")
    assert profile.experiment.seed is None
    with pytest.raises(PlanError, match="needs a seed"):
        build_plan(profile, _impls(root))
    seeded = with_seed(profile)
    assert seeded.experiment.seed is not None
    assert with_seed(seeded).experiment.seed == seeded.experiment.seed  # a given seed is kept
    assert with_seed(profile, 5).experiment.seed == 5
    assert "seed = " in seeded.to_toml()  # so the stored profile reproduces the order


def test_interleaved_still_opens_as_alternating_with_a_notice(root, tmp_path):
    text = (root / "profiles" / "quick.toml").read_text().replace('schedule = "randomized"', 'schedule = "interleaved"')
    (tmp_path / "old.toml").write_text(text)
    profile = load_profile(tmp_path / "old.toml")
    assert profile.experiment.schedule == "alternating"
    assert len(profile.notices) == 1 and 'now called "alternating"' in profile.notices[0]
    # the notice survives command-line overrides
    assert apply_overrides(profile, "old.toml", requests=5).notices == profile.notices


def test_a_second_instance_is_its_own_implementation(root):
    profile = apply_overrides(
        load_profile(root / "profiles" / "quick.toml"),
        "quick",
        implementations=["go-rest", "go-rest:b"],
        payloads=["StdSize"],
        seed=1,
    )
    plan = build_plan(profile, _impls(root))
    assert [t.implementation.id for t in plan.treatments] == ["go-rest", "go-rest:b"]
    a, b = (t.implementation for t in plan.treatments)
    assert (a.worker, a.protocol, a.language) == (b.worker, b.protocol, b.language)


def test_sequential_plan_has_one_block_per_treatment_and_repetition(root):
    profile = apply_overrides(load_profile(root / "profiles" / "quick.toml"), "quick", schedule="sequential", seed=3)
    plan = build_plan(profile, _impls(root))
    assert [b.treatments for b in plan.blocks[:8]] == [(i,) for i in range(8)]
    assert [b.repetition for b in plan.blocks] == [1] * 8 + [2] * 8


def test_unknown_implementation(root):
    profile = apply_overrides(load_profile(root / "profiles" / "quick.toml"), "quick", implementations=["cobol-soap"])
    with pytest.raises(PlanError, match="unknown implementation 'cobol-soap'; known: .*go-grpc"):
        build_plan(profile, _impls(root))


def test_overrides_payload_and_operation(root):
    base = load_profile(root / "profiles" / "quick.toml")
    p = apply_overrides(base, "quick", payloads=["StdSize", "1000"])
    assert [(w.name, w.count) for w in p.workloads] == [("StdSize", 200), ("N1000", 1000)]
    p = apply_overrides(base, "quick", operation="ping")
    assert [w.operation for w in p.workloads] == ["ping"]


def test_overrides_load_and_seed(root):
    from bancada.experiment.profile import ProfileError

    base = load_profile(root / "profiles" / "quick.toml")
    p = apply_overrides(base, "quick", load="closed", concurrency=500, duration_s=2.5, seed=9)
    assert (p.load.model, p.load.concurrency, p.load.duration_s, p.experiment.seed) == ("closed", 500, 2.5, 9)
    p = apply_overrides(base, "quick", load="open", rate_per_s=200.0)
    assert (p.load.model, p.load.rate_per_s) == ("open", 200.0)
    with pytest.raises(ProfileError, match="the open model needs rate_per_s"):
        apply_overrides(base, "quick", load="open")
    with pytest.raises(ProfileError, match=r"load.concurrency = 0"):
        apply_overrides(base, "quick", load="closed", concurrency=0)


def test_placement_cpu_lists_are_checked(root):
    from bancada.experiment.profile import ProfileError, parse_cpu_list, parse_profile

    assert parse_cpu_list("0,2-3") == [0, 2, 3]
    data = load_profile(root / "profiles" / "quick.toml").model_dump(exclude_none=True)
    data["placement"] = {"worker_cpus": "1-x"}
    with pytest.raises(ProfileError, match=r"placement.worker_cpus = '1-x': '1-x' is not a CPU list"):
        parse_profile(data, "p.toml")
    data["placement"] = {"driver_nice": -21}
    with pytest.raises(ProfileError, match=r"placement.driver_nice = -21"):
        parse_profile(data, "p.toml")
