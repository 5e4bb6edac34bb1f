"""The "my own service" form's core (no Qt): placeholders from a message, the profile it writes and reads."""

from __future__ import annotations

import json

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool

from bancada.experiment.custom import compile_proto
from bancada.experiment.custom_form import RequestEntry, ServerEntry, ServiceForm, form_from_profile, parse_headers
from bancada.experiment.custom_reflection import methods_from_file, missing_method, placeholder
from bancada.experiment.profile import ProfileError, load_profile
from tests.conftest import ROOT

CALC = ROOT / "tests" / "own_service" / "calc.proto"


def test_every_field_gets_a_placeholder_enums_maps_and_recursion_too(tmp_path):
    proto = tmp_path / "shop.proto"
    proto.write_text("""
syntax = "proto3";
package shop;
import "google/protobuf/timestamp.proto";
enum Color { COLOR_UNSET = 0; RED = 1; }
message Node { string name = 1; Node child = 2; }
message Order {
  int32 id = 1; bool paid = 2; bytes blob = 3; Color color = 4;
  map<string, int64> counts = 5; repeated double prices = 6;
  google.protobuf.Timestamp at = 7; Node tree = 8;
}
service Shop { rpc Buy(Order) returns (Order); }
""")
    files = descriptor_pb2.FileDescriptorSet.FromString(compile_proto(str(proto)))
    pool = descriptor_pool.DescriptorPool()
    for f in files.file:
        pool.Add(f)
    got = placeholder(pool.FindMessageTypeByName("shop.Order"))
    assert got["id"] == 1 and got["paid"] is True and got["blob"] == "AA==" and got["color"] == "COLOR_UNSET"
    assert got["counts"] == {"text": 1} and got["prices"] == [1.5] and got["at"] == "2024-01-01T00:00:00Z"
    depth, node = 0, got["tree"]
    while "child" in node:
        node, depth = node["child"], depth + 1
    assert depth < 6  # a recursive message stops
    (method,) = methods_from_file(str(proto))
    assert method.full_name == "shop.Shop/Buy" and json.loads(method.request_json)["id"] == 1


def test_a_method_the_server_lacks_is_named_with_the_ones_it_has():
    methods = methods_from_file(str(CALC))
    assert missing_method("h:1", "calc.v1.Calculator/Add", methods) == ""
    assert missing_method("h:1", "calc.v1.Calculator/Somar", methods) == (
        "the server at h:1: service calc.v1.Calculator has no method Somar (methods: Add, Multiply)"
    )
    assert missing_method("h:1", "calc.v2.Calc/Add", methods) == (
        "the server at h:1 has no service calc.v2.Calc (services: calc.v1.Calculator)"
    )


def test_the_form_writes_a_profile_that_opens_in_it_again(tmp_path):
    form = ServiceForm(
        "Lab 6: my calculator",
        [
            ServerEntry("lab6-rest", "rest", "http://127.0.0.1:8080"),
            ServerEntry("lab6-grpc", "grpc", "127.0.0.1:50051"),
        ],
        [RequestEntry("Sum", "POST", "/v1/sum", {"X-Key": "1"}, '{"values":[1]}', "calc.v1.Calculator/Add", "{}")],
    )
    path = tmp_path / "lab6.toml"
    profile = form.write(path)
    assert profile.experiment.name == "lab-6-my-calculator"
    assert load_profile(path).experiment.implementations == ["lab6-rest", "lab6-grpc"]
    back = form_from_profile(load_profile(path))
    assert back.servers == form.servers and back.requests == form.requests


def test_a_hand_written_profile_opens_in_the_form_and_keeps_what_it_does_not_edit(tmp_path):
    form = form_from_profile(load_profile(ROOT / "profiles" / "my-service.toml"))
    assert [s.id for s in form.servers] == ["my-server-rest", "my-server-grpc"]
    assert [r.name for r in form.requests] == ["Select200", "Health"]
    assert form.requests[0].body.startswith('{"values":[')  # its body_file, read in
    form.base["experiment"]["implementations"].append("go-rest")  # a worker of Bancada's beside them
    data = form.profile_data()
    assert data["experiment"]["implementations"] == ["my-server-rest", "my-server-grpc", "go-rest"]
    assert data["experiment"]["requests"] == 200


def test_bad_input_is_one_line():
    with pytest.raises(ValueError, match="header line 'X-Key 1': write Name: value"):
        parse_headers("X-Key 1")
    with pytest.raises(ProfileError, match="declare at least one request"):
        ServiceForm("t", [ServerEntry("a", "rest", "127.0.0.1:1")], []).to_profile()
    bad = ServiceForm("t", [ServerEntry("a", "rest", "127.0.0.1:99999")], [RequestEntry("R", path="/x")])
    with pytest.raises(ProfileError, match=r"external\[0\].address.*port 99999 is not in 1..65535"):
        bad.to_profile()
