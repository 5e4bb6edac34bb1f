"""The run's progress in time (bancada.run.pace): even, the time left only falling, never 100 % early."""

from __future__ import annotations

from bancada.run.pace import MAX_FRACTION, BlockPace


def test_a_slow_block_between_fast_ones_does_not_make_the_time_left_rise():
    """Two repetitions of a fast and a slow block (1 s, 9 s; 5 s expected before any ended): the time
    left only falls and the share done only grows; once the first repetition has paced both blocks and
    the estimate has come under the time left shown, both follow the clock."""
    pace = BlockPace([(1,), (2,), (1,), (2,)], prior_s=5.0)
    durations = [1.0, 9.0, 1.0, 9.0]
    now, shown = 0.0, []
    for took in durations:
        pace.start(now)
        for step in range(10):
            t = now + took * step / 10
            shown.append((t, *pace.estimate(t, t)))
        now += took
        pace.end(now)
    etas = [eta for _t, _f, eta in shown if eta is not None]
    assert all(b <= a for a, b in zip(etas, etas[1:], strict=False)), etas
    fractions = [f for _t, f, _e in shown]
    assert all(b >= a for a, b in zip(fractions, fractions[1:], strict=False))
    # the last block is paced by the first repetition: share done = time gone / 20 s within 1 %
    for t, f, eta in shown[34:]:  # from 14.6 s (before: the 6 s shown while the slow block overran)
        assert abs(f - t / 20.0) < 0.01, (t, f)
        assert abs(eta - (20.0 - t)) < 0.01, (t, eta)


def test_never_100_percent_before_the_end_even_when_blocks_overrun():
    """Blocks taking 10× their prior: the share stays below 100 % until every block has ended, and
    at most MAX_FRACTION then (the run's end, not the pace, fills the bar)."""
    pace = BlockPace([(1,), (2,), (3,)], prior_s=0.5)
    now = 0.0
    for _ in range(3):
        pace.start(now)
        for step in range(50):
            f, _eta = pace.estimate(now + step / 10, now + step / 10)
            assert f <= MAX_FRACTION < 1.0
        now += 5.0
        pace.end(now)
    assert pace.estimate(now, now) == (MAX_FRACTION, 0.0)


def test_nothing_known_until_a_block_has_run_without_a_prior():
    pace = BlockPace([(1,), (2,)])
    assert pace.estimate(0.0, 0.0) == (0.0, None)
    pace.start(0.0)
    f, eta = pace.estimate(2.0, 2.0)
    assert eta == 2.0 and f == 0.5  # the running block as long as it has been, the next one as long


def test_a_real_run_of_the_quick_profile_never_shows_100_percent_before_its_end():
    """The quick profile's runner (real go-rest worker and driver, 2 workloads × 2 repetitions, a
    steady-state warm-up capped at 0.3 s): every progress before RunFinished is below 100 % of the
    time, the measured and warm-up counts apart add up to the requests sent, the measured ones to the
    plan's 80 at the end."""
    from pathlib import Path

    from bancada.experiment.overrides import apply_overrides
    from bancada.experiment.profile import load_profile
    from bancada.run.events import Progress, RunFinished
    from bancada.run.runner import Runner

    quick = Path(__file__).resolve().parents[3] / "profiles" / "quick.toml"
    profile = apply_overrides(load_profile(quick), str(quick), implementations=["go-rest"], repetitions=2, requests=20)
    profile.experiment.warmup_until = {"max_s": 0.3}
    progress: list[Progress] = []
    finished = None
    for event in Runner(profile).events():
        if isinstance(event, Progress):
            progress.append(event)
        elif isinstance(event, RunFinished):
            finished = event
    assert finished is not None and finished.status == "complete", finished
    assert progress and all(p.fraction is not None and p.fraction < 1.0 for p in progress)
    assert all(p.measured + p.warmup == p.done for p in progress)
    assert progress[-1].measured == progress[-1].measured_total == 80
    assert progress[-1].warmup > 0
    fractions = [p.fraction for p in progress]
    assert fractions == sorted(fractions)
