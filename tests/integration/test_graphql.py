"""GraphQL over HTTP beyond single calls: the media types and their statuses, other methods and paths.

Runs on every implementation whose protocol is ``graphql`` (the calls of every operation and the
malformed cases under ``application/graphql-response+json`` are in the conformance suite)."""

from __future__ import annotations

import pytest
import requests

from bancada.drivers.stream import parse_server_timing
from tests.conftest import ROOT, artifact_missing
from tests.integration.conftest import IMPLEMENTATIONS

GRAPHQL = [i for i in IMPLEMENTATIONS if i.endswith("-graphql")]
MODERN = "application/graphql-response+json"


@pytest.fixture(scope="module", params=GRAPHQL)
def endpoint(request, local_host):
    from bancada.experiment import manifest

    reason = artifact_missing(request.param)
    if reason:
        pytest.fail(f"{request.param} cannot run: {reason} (run make -C workers)")
    handle = local_host.start_worker(manifest.discover(ROOT)[request.param], "graphql", ready_timeout_s=120)
    yield f"http://{handle.target}/v1/graphql"
    handle.stop()


def post(url: str, body: bytes, accept: str) -> requests.Response:
    r = requests.post(url, data=body, headers={"Content-Type": "application/json", "Accept": accept}, timeout=30)
    assert parse_server_timing(r.headers.get("Server-Timing")) >= 0, r.headers
    return r


def test_there_are_graphql_implementations():
    assert {"python-graphql", "node-graphql"} <= set(GRAPHQL)


def test_a_request_error_is_400_for_the_graphql_media_type_and_200_for_json_only_clients(endpoint):
    document_error = b'{"query": "{ nothing }"}'
    r = post(endpoint, document_error, f"{MODERN}, application/json")
    assert r.status_code == 400 and r.headers["Content-Type"].startswith(MODERN)
    assert r.json()["errors"][0]["message"] and "data" not in r.json()
    r = post(endpoint, document_error, "application/json")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("application/json")
    assert r.json()["errors"][0]["message"] and "data" not in r.json()


def test_a_body_that_is_not_a_graphql_request_is_400_for_every_client(endpoint):
    for accept in (MODERN, "application/json"):
        for body in (b'{"query": ', b'{"variables": {}}', b"[1]"):
            r = post(endpoint, body, accept)
            assert r.status_code == 400 and r.json()["errors"][0]["message"], (accept, body)


def test_a_field_error_is_200_with_null_data_for_every_client(endpoint):
    body = b'{"query": "query($v: Int64!) { double(value: $v) }", "variables": {"v": "9223372036854775807"}}'
    for accept in (MODERN, "application/json"):
        r = post(endpoint, body, accept)
        answer = r.json()
        assert r.status_code == 200 and answer["data"] is None, (accept, answer)
        assert answer["errors"][0]["extensions"]["code"] == "INVALID_ARGUMENT"


def test_other_methods_and_paths_are_refused(endpoint):
    r = requests.get(endpoint, timeout=30)
    assert r.status_code == 405
    r = requests.post(endpoint.replace("/v1/graphql", "/v1/select"), data=b"{}", timeout=30)
    assert r.status_code == 404
