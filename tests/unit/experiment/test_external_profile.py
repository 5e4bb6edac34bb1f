"""External implementations and custom workloads in profiles and plans (no network)."""

from __future__ import annotations

import json
import tomllib

import pytest

from bancada.experiment import manifest
from bancada.experiment.custom import rest_request
from bancada.experiment.external import ExternalSpec, parse_address
from bancada.experiment.plan import PlanError, build_plan, unplanned_workloads, with_external, with_seed
from bancada.experiment.profile import ProfileError, load_profile, parse_profile
from bancada.experiment.template import TemplateError, render_template
from bancada.wire.payload import build_request, generate_values

BASE = """
[experiment]
name = "mine"
implementations = ["my-rest", "my-grpc", "go-rest"]

[[external]]
id = "my-rest"
protocol = "rest"
address = "http://127.0.0.1:8080"
language = "python"

[[external]]
id = "my-grpc"
protocol = "grpc"
address = "[::1]:50051"

[[workloads]]
name = "StdSize"

[[workloads]]
name = "Orders"
operation = "custom"
path = "/orders"
headers = { "X-Api-Key" = "k" }
body_file = "order.json"

[[workloads]]
name = "GrpcOnly"
operation = "custom"
grpc_method = "shop.v1.Cart/Add"
request = '{"item": {{int 1 9}}}'
"""


@pytest.fixture
def profile_file(tmp_path):
    (tmp_path / "order.json").write_bytes(b'{"item": 1}\n')
    path = tmp_path / "mine.toml"
    path.write_text(BASE)
    return path


def test_externals_and_custom_workloads_load_round_trip_and_plan(profile_file, root):
    profile = load_profile(profile_file)
    assert [(e.id, e.target) for e in profile.external] == [("my-rest", "127.0.0.1:8080"), ("my-grpc", "[::1]:50051")]
    orders = profile.workloads[1]
    assert orders.body_file == str(profile_file.parent / "order.json")  # relative to the profile, stored absolute
    assert orders.custom_protocols() == ("rest",)
    assert parse_profile(tomllib.loads(profile.to_toml())) == profile  # the stored profile reads back the same

    impls = with_external(profile, manifest.discover(root))
    plan = build_plan(with_seed(profile, 1), impls)
    labels = [t.label for t in plan.treatments]
    # contract workloads go to every implementation; a custom one only to the protocols it defines
    assert labels == [
        "my-rest / StdSize",
        "my-grpc / StdSize",
        "go-rest / StdSize",
        "my-rest / Orders",
        "go-rest / Orders",
        "my-grpc / GrpcOnly",
    ]
    assert plan.treatments[0].implementation.language == "python"
    assert plan.treatments[1].implementation.worker.name == "external"

    request = rest_request(orders, orders.seed)
    assert request["method"] == "POST" and request["path"] == "/orders"  # POST because there is a body
    assert request["headers"] == {"X-Api-Key": "k", "Content-Type": "application/json"}


def test_an_external_id_may_not_shadow_a_worker(profile_file, root):
    profile = load_profile(profile_file)
    data = profile.model_dump(exclude_none=True)
    data["external"][0]["id"] = "go-rest"
    data["experiment"]["implementations"] = ["go-rest"]
    with pytest.raises(PlanError, match="external implementation 'go-rest' has the id of a worker"):
        with_external(parse_profile(data), manifest.discover(root))


def test_a_custom_workload_no_implementation_speaks_is_left_out(profile_file, root):
    profile = load_profile(profile_file)
    impls = with_external(profile, manifest.discover(root))
    data = profile.model_dump(exclude_none=True)
    data["experiment"]["implementations"] = ["my-rest"]
    only_rest = parse_profile(data)
    plan = build_plan(with_seed(only_rest, 1), impls)
    assert [t.label for t in plan.treatments] == ["my-rest / StdSize", "my-rest / Orders"]
    assert unplanned_workloads(only_rest, plan) == [
        "workload GrpcOnly is a custom grpc request and no chosen implementation speaks that protocol: "
        "it is left out of this run"
    ]
    data["workloads"] = [w for w in data["workloads"] if w["name"] == "GrpcOnly"]
    with pytest.raises(PlanError, match=r"no workload fits the implementations \(my-rest\)"):
        build_plan(with_seed(parse_profile(data), 1), impls)


@pytest.mark.parametrize(
    "where,key,value,expect",
    [
        (
            "external",
            "address",
            "127.0.0.1",
            "external[0].address = '127.0.0.1': not an address with a port; "
            "allowed: host:port, [v6]:port or http://host:port",
        ),
        ("external", "address", "https://h:1", "scheme 'https' is not supported (no TLS)"),
        ("external", "address", "http://h:1/api", "an address holds no path; put the path in the workload"),
        ("external", "address", "[::g]:1", "'::g' in brackets is not an IPv6 address"),
        ("external", "address", "h:70000", "port 70000 is not in 1..65535"),
        ("external", "protocol", "soap", "external[0].protocol = 'soap': Input should be 'rest' or 'grpc'"),
        ("external", "id", "my server", "external[0].id = 'my server': letters, digits and . _ : - only"),
        (
            "workloads",
            "body",
            '{"n": {{rand 1 2}}}',
            "workloads[1].body = '{\"n\": {{rand 1 2}}}': template error: "
            "unknown function 'rand' in {{rand 1 2}} (character 7); allowed:",
        ),
        ("workloads", "body_file", "gone.json", "workloads[1].body_file = 'gone.json': no such file: "),
        (
            "workloads",
            "method",
            "HEAD",
            "workloads[1].method = 'HEAD': allowed: GET, POST, PUT, PATCH, DELETE, OPTIONS",
        ),
        ("workloads", "path", "orders", "workloads[1].path = 'orders': a path starts with /"),
        ("workloads", "headers", {"Content-Length": "3"}, "header 'Content-Length' is written by the driver"),
        ("workloads", "headers", {"X": "a\r\nEvil: 1"}, "a value holds no line breaks"),
        (
            "workloads",
            "grpc_method",
            "Add",
            "workloads[1].grpc_method = 'Add': a full method name is package.Service/Method",
        ),
        ("workloads", "request", "{}", "workloads[1]: request belongs to a gRPC request: give its grpc_method too"),
        ("workloads", "body", "x", "workloads[1]: give body or body_file, not both"),
    ],
)
def test_bad_external_or_custom_field_is_one_line(profile_file, where, key, value, expect):
    data = tomllib.loads(profile_file.read_text())
    data[where][1 if where == "workloads" else 0][key] = value
    with pytest.raises(ProfileError) as info:
        parse_profile(data, "mine.toml", base_dir=profile_file.parent)
    message = str(info.value)
    assert message.startswith("mine.toml: ") and expect in message and "\n" not in message, message


def test_custom_fields_need_operation_custom_and_json_requests(profile_file):
    data = tomllib.loads(profile_file.read_text())
    data["workloads"][0]["path"] = "/x"
    with pytest.raises(
        ProfileError,
        match=r"workloads\[0\] = \{'name': 'StdSize', 'path': '/x'\}: path is only for operation = 'custom'",
    ):
        parse_profile(data, "mine.toml", base_dir=profile_file.parent)
    data = tomllib.loads(profile_file.read_text())
    data["workloads"][2]["request"] = '{"item": {{int 1 9}}'
    with pytest.raises(ProfileError, match=r"workloads\[2\]: request is not valid JSON once rendered: Expecting"):
        parse_profile(data, "mine.toml", base_dir=profile_file.parent)
    data["workloads"][2]["operation"] = "custom"
    del data["workloads"][2]["grpc_method"], data["workloads"][2]["request"]
    with pytest.raises(ProfileError, match="a custom workload needs path"):
        parse_profile(data, "mine.toml", base_dir=profile_file.parent)
    data = tomllib.loads(profile_file.read_text())
    data["external"].append(dict(data["external"][0]))
    with pytest.raises(ProfileError, match="external id 'my-rest' is declared twice"):
        parse_profile(data, "mine.toml", base_dir=profile_file.parent)


def test_addresses():
    assert parse_address("localhost:80") == ("localhost", 80)
    assert parse_address("[fe80::1]:9000") == ("fe80::1", 9000)
    assert parse_address("http://10.0.0.5") == ("10.0.0.5", 80)
    assert parse_address("http://[::1]:8080/") == ("::1", 8080)
    assert ExternalSpec(id="a", protocol="grpc", address="[::1]:5").target == "[::1]:5"


def test_template_reproduces_the_contract_select_body_and_draws_one_stream():
    body = render_template('{"values":{{int64s 200 0 1000}},"k":3}', seed=1)
    assert body.encode() == build_request("select", {"count": 200, "min": 0, "max": 1000, "seed": 1, "k": 3}).http_body
    # placeholders continue one stream: two arrays of 3 are the first 6 values of the stream
    two = json.loads("[" + render_template("{{int64s 3 0 1000}},{{ int64s 3 0 1000 }}", seed=5) + "]")
    assert two[0] + two[1] == generate_values({"kind": "int64s", "count": 6, "min": 0, "max": 1000, "seed": 5})
    assert json.loads(render_template("{{strings 2 4}}", seed=3)) == generate_values(
        {"kind": "strings", "count": 2, "string_length": 4, "seed": 3}
    )
    assert render_template("no placeholders {x}") == "no placeholders {x}"
    for bad, expect in [
        ("{{int64s 3}}", "int64s takes 3 numbers (COUNT MIN MAX), got 1"),
        ("{{int 5 1}}", "MAX (1) must be >= MIN (5)"),
        ("{{doubles 2 0 x}}", "MAX of doubles must be a number, got 'x'"),
        ('{"a": {{int 1 2}', "'{{' at character 7 is not closed by '}}'"),
    ]:
        with pytest.raises(TemplateError, match=expect.replace("(", r"\(").replace(")", r"\)")):
            render_template(bad)


def test_a_proto_that_does_not_compile_is_one_line(tmp_path, root):
    from bancada.experiment.custom import CustomRequestError, compile_proto

    good = compile_proto(str(root / "proto" / "bancada" / "v1" / "bench.proto"))
    assert b"bancada.v1" in good and b"SelectRequest" in good  # a FileDescriptorSet with the contract
    bad = tmp_path / "shop.proto"
    bad.write_text('syntax = "proto3";\npackage shop;\nmessage Cart { int32 items = 1 }\n')
    with pytest.raises(CustomRequestError) as info:
        compile_proto(str(bad))
    message = str(info.value)
    assert message == f'{bad} does not compile: line 3:32: Expected ";".', message


def test_operation_override_keeps_custom_requests(profile_file):
    from bancada.experiment.overrides import apply_overrides

    profile = apply_overrides(load_profile(profile_file), "mine.toml", operation="echo")
    assert [w.operation for w in profile.workloads] == ["echo", "custom", "custom"]
