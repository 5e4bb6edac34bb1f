"""JSON-RPC 2.0 over HTTP beyond single calls: batches, notifications, ids, limits.

Runs on every implementation whose protocol is ``jsonrpc`` (the single calls of
every operation are in the conformance suite, test_workers.py)."""

from __future__ import annotations

import pytest
import requests

from bancada.drivers.stream import parse_server_timing
from tests.conftest import ROOT, artifact_missing
from tests.integration.conftest import IMPLEMENTATIONS

JSONRPC = [i for i in IMPLEMENTATIONS if i.endswith("-jsonrpc")]


@pytest.fixture(scope="module", params=JSONRPC)
def endpoint(request, local_host):
    from bancada.experiment import manifest

    reason = artifact_missing(request.param)
    if reason:
        pytest.fail(f"{request.param} cannot run: {reason} (run make -C workers)")
    handle = local_host.start_worker(manifest.discover(ROOT)[request.param], "jsonrpc", ready_timeout_s=120)
    yield f"http://{handle.target}/v1/jsonrpc"
    handle.stop()


def post(url: str, payload) -> requests.Response:
    r = requests.post(url, json=payload, timeout=30)
    assert parse_server_timing(r.headers.get("Server-Timing")) >= 0, r.headers
    return r


def test_there_is_a_jsonrpc_implementation():
    assert "python-jsonrpc" in JSONRPC


def test_batch_answers_each_call_by_id_and_skips_notifications(endpoint):
    values = list(range(10))
    batch = [
        {"jsonrpc": "2.0", "id": "a", "method": "Select", "params": {"values": values, "k": 3, "seed": 0}},
        {"jsonrpc": "2.0", "method": "Ping"},  # a notification: no answer
        {"jsonrpc": "2.0", "id": 7, "method": "Echo", "params": {"strings": ["x", "y"], "echo": True}},
        {"jsonrpc": "2.0", "id": 8, "method": "Nothing"},
        {"jsonrpc": "2.0", "id": 9, "method": "Select", "params": {"values": []}},
        {"jsonrpc": "2.0", "id": 10, "method": "Info"},
    ]
    r = post(endpoint, batch)
    assert r.status_code == 200
    answers = {a["id"]: a for a in r.json()}
    assert set(answers) == {"a", 7, 8, 9, 10}
    assert answers["a"]["result"] == {"values": [5, 1, 9], "positions": [5, 1, 9]}
    assert answers[7]["result"] == {"count": 2, "strings": ["x", "y"]}
    assert answers[8]["error"]["code"] == -32601
    assert answers[9]["error"]["code"] == -32602 and answers[9]["error"]["message"]
    assert answers[10]["result"]["protocol"] == "jsonrpc" and answers[10]["result"]["implementation"].endswith(
        "-jsonrpc"
    )
    assert all(a["jsonrpc"] == "2.0" for a in answers.values())


def test_notifications_alone_get_no_content(endpoint):
    for payload in (
        {"jsonrpc": "2.0", "method": "Ping"},
        [{"jsonrpc": "2.0", "method": "Ping"}, {"jsonrpc": "2.0", "method": "Info"}],
    ):
        r = post(endpoint, payload)
        assert r.status_code == 204 and r.content == b""


def test_string_and_null_ids_come_back(endpoint):
    for rid in ("req-1", None, 2**53 + 1):
        answer = post(endpoint, {"jsonrpc": "2.0", "id": rid, "method": "Ping"}).json()
        assert answer == {"jsonrpc": "2.0", "result": {}, "id": rid}


def test_parse_error_has_a_null_id(endpoint):
    r = requests.post(endpoint, data=b'{"jsonrpc": "2.0", "id": 1, "method": "Ping"', timeout=30)
    assert r.status_code == 200
    assert r.json()["error"]["code"] == -32700 and r.json()["id"] is None


def test_other_http_methods_and_routes_are_refused_as_json(endpoint):
    r = requests.get(endpoint, timeout=30)
    assert r.status_code == 405 and r.headers["Allow"] == "POST" and r.json()["error"]
    r = requests.post(endpoint.replace("/v1/jsonrpc", "/v1/select"), data=b"{}", timeout=30)
    assert r.status_code == 404 and "/v1/jsonrpc" in r.json()["error"]
