"""GraphQL over HTTP beyond single calls: the specification's MUSTs and SHOULDs, introspection.

Runs on every implementation whose protocol is ``graphql`` (the calls of every operation and the
malformed cases under ``application/graphql-response+json`` are in the conformance suite,
test_workers.py). The ``test_spec_*`` cases are the GraphQL-over-HTTP specification's
(https://graphql.github.io/graphql-over-http/draft/: "Request", "GET", "POST", "Body", "Status
Codes"), after its legacy watershed of 2025-01-01; the introspection cases check that a worker
serves ``proto/bancada/v1/bench.graphql`` as written (graphql-core rebuilds the schema from the
answer)."""

from __future__ import annotations

import json

import pytest
import requests
from graphql import build_client_schema, build_schema, get_introspection_query, print_type

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
    for method in ("PUT", "DELETE", "PATCH"):
        r = requests.request(method, endpoint, data=b"{}", headers={"Content-Type": "application/json"}, timeout=30)
        assert r.status_code == 405 and {"GET", "POST"} <= set(r.headers["Allow"].replace(" ", "").split(",")), method
        assert r.json()["errors"][0]["message"]
    r = requests.post(endpoint.replace("/v1/graphql", "/v1/select"), data=b"{}", timeout=30)
    assert r.status_code == 404


# -- the specification: the request -------------------------------------------------------------

SCHEMA_FILE = ROOT / "proto" / "bancada" / "v1" / "bench.graphql"
JSON_TYPE = {"Content-Type": "application/json", "Accept": MODERN}


def send(url: str, body: object, headers: dict[str, str] | None = None) -> requests.Response:
    """POST ``body`` as JSON with ``headers`` (Content-Type application/json, Accept the spec's type)."""
    r = requests.post(url, data=json.dumps(body).encode(), headers=headers or JSON_TYPE, timeout=30)
    assert parse_server_timing(r.headers.get("Server-Timing")) >= 0, r.headers
    return r


def assert_request_error(r: requests.Response, case: object) -> None:
    """400 with errors and no data, in the spec's media type."""
    assert r.status_code == 400, (case, r.status_code, r.text[:300])
    assert r.headers["Content-Type"].startswith(MODERN), (case, r.headers)
    answer = r.json()
    assert answer["errors"][0]["message"] and "data" not in answer, (case, answer)


def test_spec_post_without_a_content_type_is_a_4xx(endpoint):
    """POST: "If the client does not supply a Content-Type header with a POST request, the server
    SHOULD reject the request using the appropriate 4xx status code"."""
    r = requests.post(endpoint, data=b'{"query": "{ ping }"}', headers={"Accept": MODERN}, timeout=30)
    assert "Content-Type" not in r.request.headers
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:200])
    assert r.json()["errors"][0]["message"] and "data" not in r.json()
    assert parse_server_timing(r.headers.get("Server-Timing")) >= 0


def test_spec_post_accepts_json_with_and_without_a_charset(endpoint):
    for content_type in ("application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"):
        r = send(endpoint, {"query": "{ ping }"}, {"Content-Type": content_type, "Accept": MODERN})
        assert r.status_code == 200 and r.json() == {"data": {"ping": True}}, (content_type, r.text[:200])
    r = send(endpoint, {"query": "query P($t: String!) { powerOfTwo(text: $t) }", "variables": {"t": "ãããã"}})
    assert r.json() == {"data": {"powerOfTwo": "4"}}  # UTF-8 read: 4 code points (8 bytes)


@pytest.mark.parametrize("name", ["query", "operationName", "variables", "extensions"])
def test_spec_request_parameters_of_the_wrong_type_are_not_a_graphql_request(endpoint, name):
    """Request parameters: query a string (required), operationName a string, variables and
    extensions maps; "An HTTP request that encodes parameters of the same names but of the wrong
    type ... is not a well-formed GraphQL-over-HTTP request" -> 400."""
    wrong = {
        "query": [1, True, {"a": 1}, ["{ ping }"]],
        "operationName": [1, True, {"a": 1}, ["Ping"]],
        "variables": ["x", 1, True, [7]],
        "extensions": ["x", 1, True, [7]],
    }[name]
    for value in wrong:
        body = {"query": "query Ping { ping }", name: value}
        assert_request_error(send(endpoint, body), body)
    assert_request_error(send(endpoint, {"operationName": "Ping"}), "no query")


def test_spec_optional_parameters_may_be_null_or_maps(endpoint):
    for extra in (
        {"operationName": None, "variables": None, "extensions": None},
        {"operationName": "Ping", "variables": {}, "extensions": {}},
        {"extensions": {"persistedQuery": {"version": 1}, "tracing": True}},
    ):
        r = send(endpoint, {"query": "query Ping { ping }", **extra})
        assert r.status_code == 200 and r.json() == {"data": {"ping": True}}, (extra, r.text[:300])


def test_spec_operation_name_picks_the_operation(endpoint):
    document = 'query A { ping } query B { powerOfTwo(text: "ab") }'
    assert send(endpoint, {"query": document, "operationName": "B"}).json() == {"data": {"powerOfTwo": "2"}}
    assert_request_error(send(endpoint, {"query": document}), "no operationName for two operations")
    assert_request_error(send(endpoint, {"query": document, "operationName": "C"}), "unknown operationName")


# -- GET ------------------------------------------------------------------------------------------


def get(url: str, params: dict[str, str], accept: str = MODERN) -> requests.Response:
    r = requests.get(url, params=params, headers={"Accept": accept}, timeout=30)
    assert parse_server_timing(r.headers.get("Server-Timing")) >= 0, r.headers
    return r


def test_spec_get_runs_a_query_from_the_url(endpoint):
    """GET: the parameters in the URL's query, variables and extensions as JSON strings."""
    r = get(endpoint, {"query": "{ ping }"})
    assert r.status_code == 200 and r.json() == {"data": {"ping": True}}
    assert r.headers["Content-Type"].startswith(MODERN)
    query = "query D($v: Int64!) { double(value: $v) } query P { ping }"
    r = get(endpoint, {"query": query, "variables": '{"v": "21"}', "operationName": "D", "extensions": "{}"})
    assert r.status_code == 200 and r.json() == {"data": {"double": "42"}}, r.text[:300]
    r = get(endpoint, {"query": query, "variables": '{"v": "21"}', "operationName": "P"})
    assert r.json() == {"data": {"ping": True}}
    r = get(endpoint, {"query": "{ ping }", "operationName": ""})  # empty: as if omitted
    assert r.json() == {"data": {"ping": True}}
    r = get(endpoint, {"query": "{ ping }"}, "application/json")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("application/json")


def test_spec_get_refuses_a_mutation_with_405(endpoint):
    """GET: "If the values of {query} and {operationName} indicate that a mutation operation is to be
    executed, the server MUST respond with error status code 405 (Method Not Allowed)"."""
    echo = 'mutation E { echo(strings: ["a"]) { count } }'
    for params in (
        {"query": echo},
        {"query": f"query P {{ ping }} {echo}", "operationName": "E"},
        {"query": 'mutation { recolor(car: {brand: "a", model: "b", year: 1, colour: "c", price: 1}, colour: "d") '
         "{ colour } }"},
    ):  # fmt: skip
        r = get(endpoint, params)
        assert r.status_code == 405, (params, r.status_code, r.text[:300])
        assert "POST" in r.headers["Allow"] and "data" not in r.json() and r.json()["errors"][0]["message"]
    r = get(endpoint, {"query": f"query P {{ ping }} {echo}", "operationName": "P"})  # the query of the same document
    assert r.status_code == 200 and r.json() == {"data": {"ping": True}}


def test_spec_get_with_bad_parameters_is_400(endpoint):
    for params in ({}, {"query": "{ ping }", "variables": "[7]"}, {"query": "{ ping }", "variables": "{"},
                   {"query": "{ ping }", "extensions": "1"}, {"query": "{ ping"}):  # fmt: skip
        r = get(endpoint, params)
        assert r.status_code == 400 and "data" not in r.json() and r.json()["errors"][0]["message"], params


# -- Accept ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "media"),
    [
        (MODERN, MODERN),
        ("application/json", "application/json"),
        (f"{MODERN}; charset=utf-8, application/json; charset=utf-8", MODERN),  # the spec's recommended header
        (f"application/json, {MODERN}", "application/json"),  # equal weights: the first listed
        (f"application/json;q=0.9, {MODERN}", MODERN),
        (f"{MODERN};q=0.5, application/json", "application/json"),
        # the graphql-http audit's SHOULDs "assume application/json when Accept is missing" and
        # "accept */* and use application/json"
        (None, "application/json"),
        ("", "application/json"),
        ("*/*", "application/json"),
        ("application/*", "application/json"),
        ("text/html, */*;q=0.1", "application/json"),
        (f"*/*;q=0.5, {MODERN}", MODERN),
    ],
)
def test_spec_accept_picks_the_highest_priority_type(endpoint, accept, media):
    """Body: "the server MUST respect the given Accept header and attempt to encode the response in
    the highest priority media type listed that is supported by the server"; no Accept and a wildcard
    are application/json."""
    headers = {"Content-Type": "application/json"} | ({"Accept": accept} if accept is not None else {})
    r = send(endpoint, {"query": "{ nothing }"}, headers)  # a request error: the status tells the media
    got = r.headers["Content-Type"].split(";")[0].strip()
    assert got == media, (accept, r.headers)
    assert "charset=utf-8" in r.headers["Content-Type"].replace(" ", "").lower(), r.headers
    assert r.status_code == (400 if got == MODERN else 200), (accept, r.status_code)


def test_spec_an_accept_without_a_supported_type_is_406(endpoint):
    """Body: a client that accepts none of the server's types: 406 Not Acceptable (RECOMMENDED)."""
    for accept in ("text/html", "application/xml, text/plain;q=0.5", f"{MODERN};q=0"):
        r = send(endpoint, {"query": "{ ping }"}, {"Content-Type": "application/json", "Accept": accept})
        assert r.status_code == 406, (accept, r.status_code, r.text[:200])


# -- introspection: the schema as written ----------------------------------------------------------


def introspect(url: str) -> dict:
    query = get_introspection_query(descriptions=True, schema_description=True, directive_is_repeatable=True)
    r = send(url, {"query": query, "operationName": "IntrospectionQuery"})
    assert r.status_code == 200 and not r.json().get("errors"), r.text[:500]
    return r.json()["data"]


def _descriptions(schema) -> list[str]:
    """Every description of the schema's own types, fields, arguments and enum values."""
    found = []
    for name, named in schema.type_map.items():
        if name.startswith("__") or name in ("String", "Boolean", "Int", "Float", "ID"):
            continue
        found.append(named.description)
        for field in (getattr(named, "fields", None) or {}).values():
            found.append(field.description)
            found.extend(arg.description for arg in (getattr(field, "args", None) or {}).values())
        found.extend(v.description for v in (getattr(named, "values", None) or {}).values())
    return [d for d in found if d]


def _printed_types(schema) -> dict[str, str]:
    """The schema's own types printed as SDL, by name."""
    return {name: print_type(t) for name, t in schema.type_map.items() if not name.startswith("__")}


def test_introspection_returns_the_schema_file_as_written(endpoint):
    written = build_schema(SCHEMA_FILE.read_text(encoding="utf-8"))
    data = introspect(endpoint)
    served = build_client_schema(data)
    # every type as written (fields in order, arguments, descriptions); the order of the types is free
    assert _printed_types(served) == _printed_types(written)
    assert len(_descriptions(served)) == len(_descriptions(written)) == 20
    own = {t["name"] for t in data["__schema"]["types"] if not t["name"].startswith("__")}
    assert own == {n for n in written.type_map if not n.startswith("__")}  # no unused scalar (ID) added


def test_introspection_answers_the_newer_fields(endpoint):
    """__Schema.description (October 2021 edition) and __Directive.isRepeatable (June 2018 + 2020)."""
    r = send(endpoint, {"query": "{ __schema { description directives { name isRepeatable } } }"})
    assert r.status_code == 200, r.text[:300]
    schema = r.json()["data"]["__schema"]
    assert schema["description"] is None  # bench.graphql gives its schema no description
    directives = {d["name"]: d["isRepeatable"] for d in schema["directives"]}
    assert directives["include"] is False and directives["skip"] is False and directives["deprecated"] is False
