"""Messages made below ui/ that the window shows come out in the window's language (pt-BR here)."""

from __future__ import annotations

import dataclasses

import pytest

from bancada.core import i18n
from bancada.drivers import unmeasurable_reason
from bancada.experiment import manifest
from bancada.experiment.profile import load_profile
from bancada.hosts.facts import runtime_ok
from bancada.hosts.local import LocalHost
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import Notice, RunFinished, Runner
from tests.conftest import ROOT, artifact_missing


@pytest.fixture
def pt_br():
    i18n.set_language("pt_BR")
    yield
    i18n.set_language("en")


def test_why_a_host_cannot_run_an_implementation(pt_br, tmp_path):
    assert unmeasurable_reason("soap") == "os drivers falam grpc, rest, jsonrpc, graphql, não soap (ainda)"
    assert unmeasurable_reason("jsonrpc", "python") == ""
    assert unmeasurable_reason("grpc") == ""
    assert runtime_ok("java >= 99", {"java_major": 17}) == (
        False,
        "precisa de Java 99 ou mais recente; o host tem Java 17 (Debian, Ubuntu: apt install openjdk-99-jre-headless)",
    )
    assert runtime_ok("node >= 20", {}) == (
        False,
        "precisa de Node.js 20 ou mais recente; nenhum node encontrado no host (Debian, Ubuntu: apt install nodejs)",
    )
    assert runtime_ok("cobol >= 1", {})[1] == "requisito de runtime desconhecido 'cobol >= 1'"
    # a worker whose artifact is missing: a copy of the Go worker's manifest pointing at nothing
    go = manifest.discover(ROOT)["go-grpc"]
    missing = dataclasses.replace(go, worker=dataclasses.replace(go.worker, artifact=str(tmp_path / "no-such-worker")))
    host = LocalHost()
    try:
        ok, reason = host.can_run(missing)
    finally:
        host.close()
    assert not ok and reason.startswith("não compilado: ") and "não existe (execute: make -C workers)" in reason


def test_in_english_they_stay_as_written():
    assert i18n.language() == "en"
    assert unmeasurable_reason("soap") == "the drivers speak grpc, rest, jsonrpc, graphql, not soap (yet)"
    assert runtime_ok("java >= 99", {"java_major": 17})[1] == (
        "needs Java 99 or newer; the host has Java 17 (Debian, Ubuntu: apt install openjdk-99-jre-headless)"
    )


def test_the_runs_notices(pt_br):
    if artifact_missing("go-grpc"):
        pytest.fail("go-grpc not built: run make -C workers go")
    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "quick.toml"),
        "quick",
        implementations=["go-grpc"],
        payloads=["StdSize"],
        requests=2,
        repetitions=1,
        warmup=1,
    )
    events = list(Runner(profile, driver="python").events())
    notices = [e.text for e in events if isinstance(e, Notice)]
    assert any(t.startswith("iniciando go-grpc em ") for t in notices), notices
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete"
