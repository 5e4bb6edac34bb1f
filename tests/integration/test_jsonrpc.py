"""JSON-RPC 2.0 over HTTP beyond single calls: the specification's cases, batches, notifications, ids, limits.

Runs on every implementation whose protocol is ``jsonrpc`` (the single calls of
every operation are in the conformance suite, test_workers.py). The ``test_spec_*`` cases are the
JSON-RPC 2.0 specification's (https://www.jsonrpc.org/specification, sections 4 to 7), with its
examples of section 7 sent as they are written there, the contract's methods in place of
``subtract`` and ``sum``."""

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


def post_raw(url: str, body: bytes) -> requests.Response:
    r = requests.post(url, data=body, headers={"Content-Type": "application/json"}, timeout=30)
    assert parse_server_timing(r.headers.get("Server-Timing")) >= 0, r.headers
    return r


PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603


def assert_response(answer, rid, code: int | None = None, result=None) -> None:
    """``answer`` is a JSON-RPC 2.0 response object (section 5): ``"jsonrpc": "2.0"``, the request's id,
    exactly one of result and error; an error has an integer code (``code``) and a string message."""
    assert isinstance(answer, dict) and answer.get("jsonrpc") == "2.0", answer
    assert "id" in answer and answer["id"] == rid, (rid, answer)
    assert ("result" in answer) != ("error" in answer), answer  # exactly one of the two
    if code is None:
        assert "result" in answer, answer
        if result is not None:
            assert answer["result"] == result, answer
        return
    error = answer.get("error")
    assert isinstance(error, dict) and error.get("code") == code, (code, answer)
    assert isinstance(error.get("message"), str) and error["message"], answer
    assert set(error) <= {"code", "message", "data"}, answer


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


# -- the specification, section by section ------------------------------------------------------


def test_spec_4_a_call_by_name_answers_its_result_with_the_same_id(endpoint):
    for rid in (1, "1", "abc", -7, 0):
        r = post(endpoint, {"jsonrpc": "2.0", "method": "Double", "params": {"value": 21}, "id": rid})
        assert r.status_code == 200 and r.headers["Content-Type"].startswith("application/json")
        assert_response(r.json(), rid, result={"value": 42})
    r = post(endpoint, {"jsonrpc": "2.0", "method": "Ping", "id": 3})  # params may be omitted
    assert_response(r.json(), 3, result={})


def test_spec_4_1_a_notification_is_not_answered_even_when_it_fails(endpoint):
    for notification in (
        {"jsonrpc": "2.0", "method": "Double", "params": {"value": 21}},
        {"jsonrpc": "2.0", "method": "Nothing"},  # an unknown method: still no answer
        {"jsonrpc": "2.0", "method": "Double", "params": {"value": "x"}},  # invalid params: still no answer
    ):
        r = post(endpoint, notification)
        assert r.status_code == 204 and r.content == b"", (notification, r.status_code, r.text[:200])


@pytest.mark.parametrize(
    ("case", "request_object"),
    [
        ("no_jsonrpc", {"method": "Ping", "id": 1}),
        ("jsonrpc_1_0", {"jsonrpc": "1.0", "method": "Ping", "id": 1}),
        ("jsonrpc_a_number", {"jsonrpc": 2.0, "method": "Ping", "id": 1}),
        ("no_method", {"jsonrpc": "2.0", "id": 1}),
        ("method_a_number", {"jsonrpc": "2.0", "method": 1, "params": "bar"}),  # section 7's example
        ("params_a_number", {"jsonrpc": "2.0", "method": "Ping", "params": 3, "id": 1}),
        ("params_null", {"jsonrpc": "2.0", "method": "Ping", "params": None, "id": 1}),
        ("id_an_object", {"jsonrpc": "2.0", "method": "Ping", "id": {"a": 1}}),
        ("id_a_boolean", {"jsonrpc": "2.0", "method": "Ping", "id": True}),
    ],
)
def test_spec_4_an_invalid_request_object_is_32600(endpoint, case, request_object):
    """Section 4: jsonrpc exactly "2.0", method a string, params structured (object or array), id a
    string, a number or null; otherwise -32600 Invalid Request (section 5.1). The id is the request's
    when it could be read (a string or a number), else null."""
    r = post(endpoint, request_object)
    assert r.status_code == 200, (case, r.status_code, r.text[:200])
    answer = r.json()
    assert isinstance(answer, dict), answer
    assert_response(answer, answer.get("id"), INVALID_REQUEST)
    rid = request_object.get("id")
    readable = isinstance(rid, (str, int)) and not isinstance(rid, bool)
    assert answer["id"] is None or (readable and answer["id"] == rid), (case, answer)


def test_spec_5_1_parse_error_is_32700_with_a_null_id(endpoint):
    for body in (b'{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]', b"NONSENSE", b""):
        r = post_raw(endpoint, body)
        assert r.status_code == 200, (body, r.status_code)
        assert_response(r.json(), None, PARSE_ERROR)


def test_spec_5_1_method_not_found_is_32601(endpoint):
    for method in ("foobar", "ping", "rpc.discover"):  # names are case-sensitive; rpc. is reserved
        r = post(endpoint, {"jsonrpc": "2.0", "method": method, "id": "1"})
        assert_response(r.json(), "1", METHOD_NOT_FOUND)


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("Double", {"nope": 1}),  # an unknown name and the required one missing
        ("Double", {"value": 21, "nope": 1}),  # an unknown name beside a valid call
        ("Double", {"value": "21"}),  # a wrong type
        ("Double", [21]),  # by position: the contract's params go by name
        ("Sum", {"values": [1, 2], "extra": True}),
        ("Select", {"values": [1, 2, 3], "k": 1, "sed": 0}),
        ("Recolor", {"car": {"brand": "a", "wheels": 4}, "colour": "red"}),  # unknown names at any depth
        ("Echo", {"records": [{"id": 1, "size": 2}]}),
        ("Ping", {"x": 1}),
        ("Info", {"x": 1}),
    ],
)
def test_spec_5_1_invalid_params_is_32602_also_for_unknown_names(endpoint, method, params):
    """-32602 Invalid params: wrong names or types (workers/README.md: "wrong names or types,
    positional params, and everything the contract rejects")."""
    r = post(endpoint, {"jsonrpc": "2.0", "method": method, "params": params, "id": 5})
    assert r.status_code == 200
    assert_response(r.json(), 5, INVALID_PARAMS)


def test_spec_5_1_no_client_fault_is_an_internal_error(endpoint):
    """-32603 Internal error is the server's fault: none of the malformed calls above may get it."""
    batch = [
        {"jsonrpc": "2.0", "method": "Double", "params": {"value": 2**63 - 1}, "id": 1},  # overflow
        {"jsonrpc": "2.0", "method": "Sum", "params": {"values": [2**63 - 1, 1]}, "id": 2},  # overflow
        {"jsonrpc": "2.0", "method": "MatMul", "params": {"a": {"order": 2, "values": [1]}, "b": {}}, "id": 3},
        {"jsonrpc": "2.0", "method": "Recolor", "params": {"car": None, "colour": ""}, "id": 4},
        {"jsonrpc": "2.0", "method": "Echo", "params": {"int64s": [1], "doubles": [1.0]}, "id": 5},
    ]
    answers = post(endpoint, batch).json()
    assert sorted(a["id"] for a in answers) == [1, 2, 3, 4, 5]
    for a in answers:
        assert_response(a, a["id"], INVALID_PARAMS)
        assert a["error"]["code"] != INTERNAL_ERROR


def test_spec_6_a_batch_of_invalid_json_is_one_parse_error(endpoint):
    body = b'[{"jsonrpc": "2.0", "method": "Sum", "params": {"values": [1, 2, 4]}, "id": "1"}, ' + (
        b'{"jsonrpc": "2.0", "method"]'
    )
    assert_response(post_raw(endpoint, body).json(), None, PARSE_ERROR)


def test_spec_6_an_empty_batch_is_one_invalid_request(endpoint):
    r = post_raw(endpoint, b"[]")
    assert r.status_code == 200
    assert_response(r.json(), None, INVALID_REQUEST)  # one object, not an array


@pytest.mark.parametrize("batch", [[1], [1, 2, 3], ["x", None, {}]])
def test_spec_6_each_invalid_element_of_a_batch_gets_its_own_answer(endpoint, batch):
    """Section 7: ``[1]`` answers an array of one -32600, ``[1,2,3]`` an array of three."""
    r = post(endpoint, batch)
    assert r.status_code == 200
    answers = r.json()
    assert isinstance(answers, list) and len(answers) == len(batch), answers
    for a in answers:
        assert_response(a, None, INVALID_REQUEST)


def test_spec_6_a_mixed_batch_answers_each_element_on_its_own(endpoint):
    """Section 7's mixed batch: calls, notifications, an invalid object, an unknown method; each call
    with an id gets its own answer (in any order), the notifications none."""
    batch = [
        {"jsonrpc": "2.0", "method": "Sum", "params": {"values": [1, 2, 4]}, "id": "1"},
        {"jsonrpc": "2.0", "method": "Ping"},
        {"jsonrpc": "2.0", "method": "Double", "params": {"value": 21}, "id": "2"},
        {"foo": "boo"},
        {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
        {"jsonrpc": "2.0", "method": "Info", "id": "9"},
        7,
    ]
    r = post(endpoint, batch)
    assert r.status_code == 200
    answers = r.json()
    assert isinstance(answers, list) and len(answers) == 6, answers
    by_id: dict = {}
    for a in answers:
        by_id.setdefault(a.get("id"), []).append(a)
    assert sorted(by_id, key=str) == sorted(["1", "2", "5", "9", None], key=str), answers
    assert_response(by_id["1"][0], "1", result={"sum": 7})
    assert_response(by_id["2"][0], "2", result={"value": 42})
    assert_response(by_id["5"][0], "5", METHOD_NOT_FOUND)
    assert_response(by_id["9"][0], "9")
    assert by_id["9"][0]["result"]["protocol"] == "jsonrpc"
    assert len(by_id[None]) == 2  # {"foo": "boo"} and 7
    for a in by_id[None]:
        assert_response(a, None, INVALID_REQUEST)


def test_spec_6_a_batch_of_notifications_answers_nothing(endpoint):
    batch = [
        {"jsonrpc": "2.0", "method": "Sum", "params": {"values": [1, 2, 4]}},
        {"jsonrpc": "2.0", "method": "Double", "params": {"value": 7}},
        {"jsonrpc": "2.0", "method": "Nothing"},
    ]
    r = post(endpoint, batch)
    assert r.status_code == 204 and r.content == b""
