"""The steady-state warm-up: the criterion (bancada.drivers.steady), the profile's warmup_until
(bancada.experiment.steady), the job it makes and the line the run shows (bancada.run.warmup_notes)."""

from __future__ import annotations

import math

import pytest

from bancada.drivers.job import DriverJob
from bancada.drivers.steady import SteadyBlock, SteadyWatch, cov_pct, drift_pct
from bancada.experiment.profile import Profile, ProfileError, parse_profile
from bancada.experiment.steady import SteadyState, warmup_until_job
from bancada.run.warmup_notes import warmup_end_text

SPEC = {"window": 3, "windows": 3, "cov_pct": 2.0, "max_requests": 100, "max_s": 60.0}


def test_cov_of_the_last_k_values():
    # mean 100, sample standard deviation (n - 1) 10: 10 %; the first value is outside the last 3
    assert cov_pct([500.0, 90.0, 100.0, 110.0], 3) == pytest.approx(10.0)
    assert cov_pct([7.0, 7.0, 7.0], 3) == 0.0
    assert cov_pct([1.0, 2.0], 3) is None
    assert cov_pct([0.0, 0.0, 0.0], 3) == math.inf


def test_a_window_of_slow_requests_closes_on_its_latency_sum_as_in_the_native_driver():
    # as drivers/native/internal/job/steady_test.go: up to 100 requests, or at least 3 adding up to 1 s
    w = SteadyWatch({**SPEC, "window": 100, "window_latency_s": 1.0, "min_window": 3})
    w.add(600_000_000, True)
    w.add(500_000_000, True)
    assert w.medians == []  # 1.1 s in 2 requests: fewer than min_window
    w.add(1_000_000, True)
    assert w.medians == [500_000_000.0]
    for _ in range(99):
        w.add(1_000_000, True)
    assert len(w.medians) == 1  # fast requests: the count closes the window
    w.add(1_000_000, True)
    assert w.medians == [500_000_000.0, 1_000_000.0]


def test_a_watch_is_steady_only_once_the_window_medians_agree_and_stop_moving():
    w = SteadyWatch(SPEC)
    for latency in (300, 1, 900, 200, 200, 5, 100, 100, 100):  # medians 300, 200, 100: falling
        w.add(latency, True)
    assert w.medians == [300.0, 200.0, 100.0]
    assert not w.steady() and w.cov() == pytest.approx(50.0)
    w.add(1, False)  # a failed request fills no window
    for _ in range(9):
        w.add(100, True)
    # 300 200 100 | 100 100 100: the last three agree (CoV 0) but their median fell 50 % from the three before
    assert w.medians == [300.0, 200.0, 100.0, 100.0, 100.0, 100.0]
    assert w.cov() == 0.0 and w.drift() == pytest.approx(50.0) and not w.steady()
    for _ in range(9):
        w.add(100, True)
    assert w.drift() == 0.0 and w.steady()


def test_drift_of_the_median_over_the_last_k_against_the_k_before():
    assert drift_pct([100.0, 100.0, 104.0, 105.0], 2) == pytest.approx(4.5)
    assert drift_pct([100.0, 100.0, 100.0], 2) is None


def test_a_block_ends_when_every_treatment_is_steady_and_its_least_count_is_done():
    block = SteadyBlock(SPEC, [0, 1], min_rounds=24)
    for i in range(18):
        block.watches[0].add(100, True)
        block.watches[1].add(100 if i < 12 else 400, True)  # treatment 1 still moving
    assert block.end(18) == ""
    for _ in range(9):
        block.watches[1].add(400, True)
    assert block.watches[1].steady()
    assert block.end(23) == ""  # steady, but fewer rounds than the block's warmup
    assert block.end(24) == "steady"
    events = block.events(repetition=2, rounds=24, reason="steady")
    assert [e["treatment"] for e in events] == [0, 1]
    assert events[1]["warmup_requests"] == 24 and events[1]["steady"] and events[1]["cov_pct"] == 0.0
    assert events[1]["drift_pct"] == 0.0 and events[1]["window_medians_ns"] == [400, 400, 400]


def test_a_block_that_never_settles_ends_at_its_cap():
    block = SteadyBlock({**SPEC, "max_requests": 30}, [0], min_rounds=0)
    for i in range(29):
        block.watches[0].add(100 * (i // 3 % 2 + 1), True)  # window medians 100, 200, 100, 200...
    assert block.end(29) == ""
    assert block.end(30) == "max_requests"
    assert block.events(1, 30, "max_requests")[0]["steady"] is False
    assert SteadyBlock({**SPEC, "max_s": 1e-9}, [0], 0).end(1) == "max_s"


def _profile(**experiment: object) -> Profile:
    return parse_profile(
        {"experiment": {"name": "x", "implementations": ["go-rest"], **experiment}, "workloads": [{"name": "w"}]}
    )


def test_the_profile_takes_steady_a_table_or_count_and_old_profiles_keep_a_count():
    assert _profile().experiment.warmup_until is None  # an old profile: exactly `warmup` requests
    assert _profile(warmup_until="count").experiment.warmup_until is None
    assert _profile(warmup_until="steady").experiment.warmup_until == SteadyState()
    spec = _profile(warmup_until={"window": 50, "cov_pct": 1}).experiment.warmup_until
    assert spec is not None and (spec.window, spec.windows, spec.cov_pct) == (50, None, 1.0)  # None: by the load
    again = parse_profile(__import__("tomllib").loads(_profile(warmup_until="steady").to_toml()))
    assert again.experiment.warmup_until == SteadyState()  # the stored profile reads back the same


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ("forever", 'must be "steady", "count" or a table'),
        (
            {"window": 100, "windows": 5, "max_requests": 999},
            "max_requests (999) must be at least 2 × window × windows (1000)",
        ),
        ({"windows": 1}, "windows"),
        ({"cov": 2}, "cov"),
    ],
)
def test_a_bad_warmup_until_names_the_field(value, named):
    with pytest.raises(ProfileError) as err:
        _profile(warmup_until=value)
    assert "warmup_until" in str(err.value) and named in str(err.value)
    assert "Traceback" not in str(err.value)


def _job(**block: object) -> DriverJob:
    return DriverJob.from_json(
        {
            "treatments": [{"id": 0, "implementation": "x", "protocol": "rest", "target": "h:1", "operation": "ping"}],
            "blocks": [{"repetition": 1, "treatments": [0], "warmup": 5, "requests": 1, **block}],
        }
    )


def test_the_job_carries_warmup_until_only_when_set():
    assert "warmup_until" not in _job().to_json()["blocks"][0]  # a count: the job as before
    fields = warmup_until_job(SteadyState(), [0], set())
    assert _job(**fields).to_json()["blocks"][0]["warmup_until"] == {
        "window": 100,
        "windows": 5,
        "cov_pct": 5.0,
        "max_requests": 20_000,
        "max_s": 30.0,
        "window_latency_s": 0.25,  # window_s for one client
        "min_window": 5,
    }
    assert "window_latency_s" not in warmup_until_job(SteadyState(window_s=0), [0], set())["warmup_until"]
    assert warmup_until_job(None, [0], set()) == {}


def test_once_warms_each_treatment_to_the_criterion_in_its_first_block_only():
    warm: set[int] = set()
    once = SteadyState(once=True)
    assert "warmup_until" in warmup_until_job(once, [0, 1], warm) and warm == {0, 1}
    assert warmup_until_job(once, [1, 0], warm) == {}  # both warm: the block warms up by the count
    assert "warmup_until" in warmup_until_job(once, [1, 2], warm)  # 2 is new: the block gets the criterion
    assert "once" not in warmup_until_job(once, [3], warm)["warmup_until"]  # the runner's, not the drivers'
    every = SteadyState()
    assert "warmup_until" in warmup_until_job(every, [0], {0})  # without once: every block
    assert once.describe().endswith("; in each treatment's first block only, later blocks by the count")
    assert parse_profile(
        __import__("tomllib").loads(_profile(warmup_until={"once": True}).to_toml())
    ).experiment.warmup_until == SteadyState(once=True)


def test_the_line_shown_says_the_count_and_whether_it_was_steady():
    steady = {"treatment": 0, "repetition": 2, "warmup_requests": 1300, "steady": True, "cov_pct": 1.234}
    assert warmup_end_text(steady, "java-rest / StdSize") == (
        "java-rest / StdSize, repetition 2: steady after 1,300 warm-up requests (CoV of the window medians 1.2 %)"
    )
    capped = {"repetition": 1, "warmup_requests": 20000, "steady": False, "reason": "max_requests", "cov_pct": 7.0}
    assert "not steady after 20,000 warm-up requests, ended by the cap of warm-up requests (CoV 7.0 %)" in (
        warmup_end_text(capped, "x")
    )


def test_the_report_gives_the_count_alone_for_an_old_profile_and_the_criterion_and_counts_for_steady():
    from bancada.report.warmup import warmup_rows

    assert warmup_rows({"warmup": 100}, []) == [("Warm-up requests per block", "100")]
    events = [
        {"label": "java-rest / StdSize", "warmup_requests": 2400, "steady": True},
        {"label": "java-rest / StdSize", "warmup_requests": 700, "steady": True},
        {"label": "java-rest / StdSize", "warmup_requests": 1026, "steady": False},
        {"label": "go-rest / StdSize", "warmup_requests": 500, "steady": True},
    ]
    rows = dict(warmup_rows({"warmup": 20, "warmup_until": SteadyState().model_dump()}, events))
    assert rows["Warm-up requests per block (at least)"] == "20"
    assert rows["Warm-up"].startswith(
        "until steady: CoV of the medians of the last 5 windows of 100 requests (fewer when their latencies add "
        "up to 0.25 s) ≤ 5 %"
    )
    # a run stored before window_s: its windows closed by the count alone, and the report says so
    old = {k: v for k, v in SteadyState().model_dump().items() if k != "window_s"}
    old_rows = dict(warmup_rows({"warmup": 20, "warmup_until": old}, events))
    old_line = "until steady: CoV of the medians of the last 5 windows of 100 requests ≤ 5 %"
    assert old_rows["Warm-up"].startswith(old_line)
    assert rows["Warm-up requests it took (per block)"] == (
        "go-rest / StdSize: median 500 (500–500), 1 of 1 blocks steady; "
        "java-rest / StdSize: median 1,026 (700–2,400), 2 of 3 blocks steady"
    )


def test_under_concurrent_load_the_default_window_grows_with_the_clients_unless_set():
    from bancada.experiment.steady import for_clients

    one = for_clients(SteadyState(), 1)
    assert (one.window, one.max_requests) == (100, 20_000)
    wide = for_clients(SteadyState(), 100)
    # 100 per client; 10 windows compared (5 let a JIT still at work pass); the cap 4 x the least
    # warm-up (800,000) but at most half the driver's 1,000,000 raw records of a block
    assert (wide.window, wide.windows, wide.max_requests) == (10_000, 10, 500_000)
    # c = 1,000: 100 a client would make the least warm-up 2,000,000 requests; the window shrinks to fit
    crowd = for_clients(SteadyState(), 1000)
    assert (crowd.window, crowd.max_requests) == (12_500, 500_000)
    assert for_clients(SteadyState(), 1000, max_records=4_000_000).window == 50_000
    assert for_clients(SteadyState(max_requests=900_000), 100).max_requests == 900_000  # the profile's own
    assert (one.windows, for_clients(SteadyState(windows=7), 100).windows) == (5, 7)  # sequential; the profile's
    assert for_clients(SteadyState(window=50), 100).window == 50  # the profile's own window is kept
    job = warmup_until_job(SteadyState(), [0], set(), 100)["warmup_until"]
    # the latency rule scales with the clients (about window_s of wall time), at least 2 requests a client
    assert (job["window"], job["window_latency_s"], job["min_window"]) == (10_000, 25.0, 200)
    # what the run stores and re-reads keeps the defaults open (a re-run at c = 100 still widens them)
    stored = parse_profile(__import__("tomllib").loads(_profile(warmup_until="steady").to_toml()))
    assert stored.experiment.warmup_until is not None
    assert for_clients(stored.experiment.warmup_until, 100).window == 10_000


def test_a_warm_up_too_short_for_the_criterion_says_so_instead_of_a_dash():
    """A block whose warm-up ended at a cap before the criterion's windows were full has no CoV: the
    line says why, in words, not "(CoV –)"."""
    from bancada.core import i18n

    short = {"repetition": 1, "warmup_requests": 40, "steady": False, "reason": "max_s", "cov_pct": None}
    line = warmup_end_text(short, "go-rest / StdSize")
    assert line == (
        "go-rest / StdSize, repetition 1: not steady after 40 warm-up requests, ended by the cap of warm-up "
        "seconds: too few requests to judge steadiness"
    )
    i18n.set_language("pt_BR")
    try:
        line = warmup_end_text(short, "go-rest / StdSize")
    finally:
        i18n.set_language("en")
    assert line == (
        "go-rest / StdSize, repetição 1: não estável após 40 requisições de aquecimento, encerrado pelo limite de "
        "segundos de aquecimento: poucas requisições para julgar a estabilidade"
    )
