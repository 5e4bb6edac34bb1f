"""An emulated link (Toxiproxy between driver and workers), on real workers: the added round trip
shows in the latency and not in the server's own time; the run records the link."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bancada.experiment.profile import load_profile, parse_profile
from bancada.hosts import link as link_mod
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunFinished, Runner, RunStarted
from bancada.store.runstore import RunStore
from tests.conftest import ROOT, artifact_missing

QUICK = ROOT / "profiles" / "quick.toml"


@pytest.fixture(autouse=True)
def _needs():
    if link_mod.find_toxiproxy() is None:
        pytest.fail("the link emulator is not built (scripts/setup.sh builds .tools/bin/toxiproxy-server)")
    for impl in ("go-rest", "go-grpc"):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl}: {reason}")


def _run(link: dict | None, driver: str = "native"):
    data = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=20,
        repetitions=1,
        warmup=3,
        implementations=["go-rest", "go-grpc"],
        payloads=["StdSize"],
    ).model_dump(exclude_none=True)
    if link is not None:
        data["link"] = link
    events = list(Runner(parse_profile(data), driver=driver).events())
    finished = events[-1]
    assert isinstance(finished, RunFinished) and finished.status == "complete", finished.message
    path = next(e for e in events if isinstance(e, RunStarted)).path
    with RunStore.open(path) as store:
        rows = store.conn.execute("SELECT treatment, latency_ns, server_ns FROM sample WHERE phase = 1").fetchall()
        meta = store.meta()
    lat = np.array([r[1] for r in rows]) / 1e6
    server = np.array([r[2] for r in rows]) / 1e6
    return lat, server, meta, events


def test_an_emulated_far_link_adds_its_round_trip_outside_the_server():
    base, base_server, meta, _ = _run(None)
    assert "link" not in meta
    far, far_server, meta, events = _run({"name": "far", "rtt_ms": 20})
    assert np.median(base) < 5
    assert 20 <= np.median(far) <= np.median(base) + 20 + 10, (np.median(base), np.median(far))
    assert far.min() >= 20  # every request paid the round trip
    assert np.median(far_server) < 5 and abs(np.median(far_server) - np.median(base_server)) < 2  # not the server's
    facts = json.loads(meta["link"])
    assert facts["name"] == "far" and facts["rtt_ms"] == 20 and set(facts["proxies"]) == {"go-rest", "go-grpc"}
    assert any("link far: +20 ms round trip" in getattr(e, "text", "") for e in events)


def test_the_python_driver_goes_through_the_link_too():
    lat, _, _, _ = _run({"name": "near", "rtt_ms": 6}, driver="python")
    assert lat.min() >= 6


def test_a_missing_emulator_is_one_line(monkeypatch):
    monkeypatch.setattr(link_mod, "find_toxiproxy", lambda: None)
    data = apply_overrides(
        load_profile(QUICK),
        "quick",
        requests=2,
        repetitions=1,
        warmup=0,
        implementations=["go-rest"],
        payloads=["StdSize"],
    ).model_dump(exclude_none=True)
    data["link"] = {"rtt_ms": 10}
    events = list(Runner(parse_profile(data), driver="native").events())
    finished = events[-1]
    assert finished.status == "incomplete"
    assert "the link emulator (toxiproxy-server) is not installed: run scripts/setup.sh" in finished.message
