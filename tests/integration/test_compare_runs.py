"""`bancada compare` on runs made here by the real Go worker and the native driver.

Runs (module scope, a few seconds each): two of the same small profile (an A/A pair), one with
every Go worker slowed by its own ``--delay-us`` flag, and one with a single implementation.
The slowed workers are the real binary started from a copy of workers/go/worker.toml whose
command line adds ``--delay-us``; nothing is simulated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bancada.cli import compare as compare_cmd
from bancada.experiment.profile import load_profile
from bancada.hosts.local import LocalHost
from bancada.cli.importers import soares2024
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunFinished, Runner, RunStarted
from tests.conftest import ROOT, SHARED, artifact_missing

pytestmark = pytest.mark.integration

QUICK = ROOT / "profiles" / "quick.toml"
DELAY_US = 2000
# Four Go treatments: go-grpc and go-rest, each also as a second worker process (":b").
IMPLEMENTATIONS = ["go-grpc", "go-rest", "go-grpc:b", "go-rest:b"]
# the shared folder beside the checkout, or beside the folder of worktrees (/work/wt/NAME -> /work/shared)
PUBLISHED = next(
    (
        p / "data" / "soares2024" / "experimento6.csv"
        for p in (SHARED, ROOT.parents[1] / "shared")
        if (p / "data" / "soares2024" / "experimento6.csv").exists()
    ),
    SHARED / "data" / "soares2024" / "experimento6.csv",
)


def _profile(implementations=IMPLEMENTATIONS):
    return apply_overrides(
        load_profile(QUICK),
        "quick",
        implementations=implementations,
        payloads=["StdSize"],
        requests=40,
        repetitions=6,
        warmup=10,
    )


def _root_with_delay(base: Path, delay_us: int) -> Path:
    """A Bancada root whose Go worker manifest adds ``--delay-us``; the binaries are the built ones."""
    root = base / f"delay-{delay_us}"
    (root / "workers" / "go").mkdir(parents=True)
    text = (ROOT / "workers" / "go" / "worker.toml").read_text()
    slowed = text.replace('"{port}"]', f'"{{port}}", "--delay-us", "{delay_us}"]')
    assert slowed != text, "workers/go/worker.toml's command no longer ends with the port"
    (root / "workers" / "go" / "worker.toml").write_text(slowed)
    (root / "workers" / "go" / "dist").symlink_to(ROOT / "workers" / "go" / "dist")
    (root / "drivers" / "native").mkdir(parents=True)
    (root / "drivers" / "native" / "dist").symlink_to(ROOT / "drivers" / "native" / "dist")
    return root


def _run(profile, folder: Path, host=None) -> str:
    events = list(Runner(profile, host, driver="native", store_folder=folder).events())
    started = next(e for e in events if isinstance(e, RunStarted))
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1]
    return str(started.path)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    for impl in ("go-grpc", "go-rest"):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl} cannot run: {reason} (run make -C workers)")
    if not (ROOT / "drivers" / "native" / "dist").exists():
        pytest.fail("the native driver is not built (run make -C workers driver)")
    data = tmp_path_factory.mktemp("compare-data")
    folder = data / "runs"
    slow_host = LocalHost(_root_with_delay(data, DELAY_US))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BANCADA_DATA_DIR", str(data))
        mp.setenv("BANCADA_HOME", str(ROOT))
        out = {"a1": _run(_profile(), folder)}
        out["a2"] = _run(_profile(), folder)
        try:
            out["slow"] = _run(_profile(), folder, slow_host)
        finally:
            slow_host.close()
        out["go_rest_only"] = _run(_profile(["go-rest"]), folder)
    out["data"] = str(data)
    return out


def _rows(comp):
    return {r["treatment"]: r for r in comp["rows"]}


def test_two_runs_of_the_same_profile_mostly_agree(runs):
    res = compare_cmd.compare([runs["a1"], runs["a2"]], resamples=2000)
    comp = res["comparisons"][0]
    assert len(comp["rows"]) == 4 and not comp["only_in_baseline"] and not comp["only_in_other"]
    # same profile (its seed aside) on the same host: the noise floor is computed, the split is not
    assert comp["noise_floor"]["computed"], comp["noise_floor"]
    assert comp["noise_floor"]["reason"] == "same profile, same host"
    assert not comp["network_share"]["computed"]
    # The rank-sum over requests finds many of these A/A differences "significant" (docs/statistics.md
    # measured 60-70 % within one run; between runs the machine's load changes too, load average 6-7 on
    # 2 cores while this was written): the noise floor is what flags them.
    detail = [
        (r["treatment"], r["verdict"], r["change_pct"], r["noise_floor_pct"], r["p_repetitions_holm"])
        for r in comp["rows"]
    ]
    unconfirmed = [r for r in comp["rows"] if r["verdict"] == "~" or r["within_noise_floor"]]
    assert len(unconfirmed) >= 2, detail  # one of four may move past its floor on a loaded machine
    # With the repetition as the unit (6 medians a side; smallest p 2/924, Holm over 4 rows 0.0087) at least
    # half are ~: two runs minutes apart differ by the machine's drift too (seen: 2 of 4 on a quiet machine,
    # 8-24 % apart), which is what the noise floor above is for.
    by_reps = compare_cmd.compare([runs["a1"], runs["a2"]], resamples=200, unit="repetition")
    assert sum(r["verdict"] == "~" for r in by_reps["comparisons"][0]["rows"]) >= 2, detail


def test_a_slowed_worker_is_a_significant_slowdown_of_about_the_delay(runs):
    res = compare_cmd.compare([runs["a1"], runs["slow"]], resamples=2000)
    comp = res["comparisons"][0]
    delay_ms = DELAY_US / 1000
    for r in comp["rows"]:
        change_ms = (r["median_other_s"] - r["median_baseline_s"]) * 1e3
        assert r["verdict"] == "slower" and r["p_holm"] < 1e-6 and r["cliffs_delta"] > 0.8, r  # "large" from 0.474
        # a sleep never ends early, but on a loaded machine it wakes late (CI: 1.02 ms late at 2 ms):
        # below twice the delay still tells one delay from a delay applied twice
        assert 0.95 * delay_ms <= change_ms < 2 * delay_ms, (r["treatment"], change_ms)
        assert r["within_noise_floor"] is False, r  # far above what repetitions alone produce
        assert r["change_ci_pct"][0] > 100  # the whole interval says "more than twice as slow"
    assert comp["geomean"]["change_pct"] > 100
    by_reps = compare_cmd.compare([runs["a1"], runs["slow"]], resamples=200, unit="repetition")
    assert all(
        r["verdict"] == "slower" and r["p_repetitions"] == pytest.approx(2 / 924)
        for r in by_reps["comparisons"][0]["rows"]
    )


def test_the_server_reports_the_added_delay_and_transit_stays(runs):
    res = compare_cmd.compare([runs["a1"], runs["slow"]], resamples=200, network_share="on")
    split = res["comparisons"][0]["network_share"]
    assert split["computed"] and len(split["rows"]) == 4
    delay_ms = DELAY_US / 1000
    for r in split["rows"]:
        assert r["server_time"], r
        assert 0.95 * delay_ms <= r["server_change_ms"] <= delay_ms + 1.0, r
        assert abs(r["transit_client_change_ms"]) < 0.5 * delay_ms, r
        assert r["latency_change_ms"] == pytest.approx(
            r["server_change_ms"] + r["transit_client_change_ms"], abs=0.25 * delay_ms
        )


def test_three_runs_give_kruskal_wallis_per_treatment(runs):
    res = compare_cmd.compare([runs["a1"], runs["a2"], runs["slow"]], resamples=200)
    assert [c["other"] for c in res["comparisons"]] == [Path(runs["a2"]).stem, Path(runs["slow"]).stem]
    assert len(res["kruskal"]) == 4
    for k in res["kruskal"]:
        assert k["df"] == 2 and k["n"] == [240, 240, 240] and k["p_holm"] < 1e-10, k


def test_a_treatment_missing_from_one_run_is_reported(runs, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("BANCADA_DATA_DIR", runs["data"])
    ids = [Path(runs["a1"]).stem, Path(runs["go_rest_only"]).stem]  # run ids, looked up in the runs folder
    out = tmp_path / "c.json"
    assert compare_cmd.main([*ids, "--json", str(out), "--resamples", "200"]) == 0
    comp = json.loads(out.read_text())["comparisons"][0]
    assert [r["treatment"] for r in comp["rows"]] == ["go-rest/StdSize"]
    assert sorted(comp["only_in_baseline"]) == ["go-grpc/StdSize", "go-grpc:b/StdSize", "go-rest:b/StdSize"]
    assert comp["only_in_other"] == []
    assert not comp["noise_floor"]["computed"] and "different profiles" in comp["noise_floor"]["reason"]
    printed = capsys.readouterr().out
    assert "Only in one run" in printed and "go-grpc:b/StdSize" in printed


def test_the_published_seed_000_samples_as_one_side(runs, tmp_path):
    if not PUBLISHED.exists():
        pytest.skip(f"{PUBLISHED} is not on this machine")
    import pandas as pd

    published = tmp_path / "soares_tidy.csv"
    soares2024(pd.read_csv(PUBLISHED)).to_csv(published, index=False)
    out = tmp_path / "c.json"
    assert compare_cmd.main([str(published), runs["a1"], "--json", str(out), "--resamples", "500", "--quiet"]) == 0
    res = json.loads(out.read_text())
    assert res["runs"][0]["kind"] == "csv" and res["runs"][0]["label"] == "soares2024-experimento6"
    comp = res["comparisons"][0]
    rows = _rows(comp)
    assert sorted(rows) == ["go-grpc/StdSize", "go-rest/StdSize"]
    assert set(comp["only_in_baseline"]) == {
        "java-grpc/StdSize",
        "java-rest/StdSize",
        "go-grpc/LargeSize",
        "go-rest/LargeSize",
        "java-grpc/LargeSize",
        "java-rest/LargeSize",
    }
    assert set(comp["only_in_other"]) == {"go-grpc:b/StdSize", "go-rest:b/StdSize"}
    # every published sample of the treatment is used (the study published measured requests only)
    raw = pd.read_csv(PUBLISHED)
    assert rows["go-rest/StdSize"]["n_baseline"] == int(
        ((raw.app_name == "gohttp") & (raw.request_size == "small")).sum()
    )
    # this computer answers StdSize far faster than the study's machines did (docs/compare.md)
    assert rows["go-rest/StdSize"]["verdict"] == "faster" and rows["go-rest/StdSize"]["change_pct"] < -50
    assert not comp["noise_floor"]["computed"] and not comp["network_share"]["computed"]
