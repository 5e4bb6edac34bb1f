"""A protocol added through the registry alone (tests/unit/wire/fake_protocol.py, registered in the test):
the checks of a profile's plan accept it, the Python driver measures against it, the health check and
the request size use it, and reports write its name; no other app file knows it. The panel and the
guide list it too (tests/ui/window/test_protocol_labels.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bancada.core.i18n import proper_name
from bancada.drivers import protocols_by_driver, unmeasurable_reason, unsupported_by_driver
from bancada.drivers.health import HealthCheckError, worker_info
from bancada.drivers.python import run_job
from bancada.drivers.stream import Sample, read_frames
from bancada.experiment.manifest import Implementation, load_manifest
from bancada.experiment.plan import build_plan
from bancada.experiment.profile import parse_profile
from bancada.run.driver_choice import choose_driver
from bancada.run.events import RunError
from bancada.wire import protocols
from bancada.wire.payload import build_request, payload_bytes
from tests.unit.wire import fake_protocol
from tests.unit.wire.fake_protocol import NAME


TOO_LARGE = {"min": 2**62 + 1, "max": 2**63 - 1}


@pytest.fixture
def target():
    with fake_protocol.served() as address:
        yield address


def test_the_shipped_protocols_are_registered_in_their_order():
    assert protocols.names()[:4] == ("grpc", "rest", "jsonrpc", "graphql")
    assert protocols_by_driver() == {"native": protocols.names(), "python": protocols.names()}
    assert [protocols.label(n) for n in protocols.names()] == ["gRPC", "REST/JSON", "JSON-RPC", "GraphQL"]
    assert NAME not in protocols.names() and unmeasurable_reason(NAME) != ""
    with pytest.raises(ValueError, match="registered twice"):
        protocols.register(protocols.get("rest"))


def test_the_plan_of_a_profile_over_the_new_protocol_is_accepted(target, tmp_path: Path):
    (tmp_path / "worker.toml").write_text(
        'name = "fake"\nlanguage = "python"\nprotocols = ["plainhttp"]\nruntime = "python3"\nbuild = []\n'
        'artifact = "fake.py"\ncommand = ["python3", "{artifact}"]\nversion = "1"\n'
    )
    worker = load_manifest(tmp_path / "worker.toml")
    impls = {"fake-plainhttp": Implementation("fake-plainhttp", worker, NAME)}
    profile = parse_profile(
        {
            "experiment": {
                "name": "fake",
                "implementations": ["fake-plainhttp"],
                "repetitions": 1,
                "requests": 5,
                "warmup": 1,
                "schedule": "alternating",
                "factors": ["protocol"],
            },
            "workloads": [{"name": "d", "operation": "double"}],
        }
    )
    plan = build_plan(profile, impls)
    assert [t.implementation.protocol for t in plan.treatments] == [NAME]
    assert unmeasurable_reason(NAME) == "" and unmeasurable_reason(NAME, "python") == ""
    assert choose_driver("python", ["python"], "local", "sequential", plan) == "python"
    with pytest.raises(RunError, match="the native driver speaks grpc, rest, jsonrpc, graphql, not plainhttp"):
        choose_driver("native", ["native", "python"], "local", "sequential", plan)
    assert "does not send the operation matmul" in unsupported_by_driver("python", NAME, "matmul")
    assert unsupported_by_driver("python", NAME, "double") == ""


def test_the_python_driver_measures_the_new_protocol(target):
    job = {
        "connection": "reuse",
        "timeout_s": 5,
        "treatments": [
            {"id": 0, "protocol": NAME, "target": target, "operation": "double", "payload": {"seed": 3}},
            {"id": 1, "protocol": NAME, "target": target, "operation": "ping"},
            # a value past 2**62: the server's own error inside a 200 answer, with the protocol's kind
            {"id": 2, "protocol": NAME, "target": target, "operation": "double", "payload": TOO_LARGE},
        ],
        "load": {"model": "sequential"},
        "blocks": [{"repetition": 0, "treatments": [0, 1, 2], "warmup": 2, "requests": 10}],
    }
    out = io.BytesIO()
    assert run_job(job, out) == 0
    out.seek(0)
    samples = [s for s in read_frames(out) if isinstance(s, Sample)]
    assert len(samples) == 3 * 12
    good = [s for s in samples if s.treatment in (0, 1)]
    assert all(s.ok and s.error == "" for s in good)
    assert {s.server_ns for s in good} == {round(fake_protocol.SERVER_TIMING_MS * 1e6)}
    assert all(s.latency_ns > 0 for s in samples)
    bad = [s for s in samples if s.treatment == 2]
    assert all(not s.ok and s.error == "plain_failed: double is outside int64" for s in bad)


def test_health_check_request_size_and_written_name(target):
    assert worker_info(NAME, target)["implementation"] == "fake-plainhttp"
    with pytest.raises(HealthCheckError, match=r"\(plainhttp\) did not answer Info"):
        worker_info(NAME, "127.0.0.1:1", timeout_s=1)
    request = build_request("double", {"seed": 3})
    assert payload_bytes(request, NAME, "double") == len(fake_protocol.envelope(request).http_body)
    assert proper_name(NAME) == "PlainHTTP"
    assert protocols.label(NAME) == "Plain HTTP/JSON"
