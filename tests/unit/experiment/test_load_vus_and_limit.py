"""The ``[load]`` vus fields and a list workload's ``limit`` in a profile; the database requests the
Python side builds (the native driver's Go tests check the same vectors)."""

from __future__ import annotations

import json

import pytest

from bancada.drivers import OPERATIONS_BY_DRIVER, unsupported_by_driver
from bancada.drivers.job import DriverJob
from bancada.experiment.load_vus import check_vus, vus_job_fields
from bancada.experiment.profile import ProfileError, parse_profile
from bancada.wire import db_requests
from bancada.wire.payload import build_request, payload_bytes

BASE = {"experiment": {"name": "x", "implementations": ["go-rest"]}, "workloads": [{"name": "P", "operation": "ping"}]}


def _profile(load=None, workload=None):
    data = dict(BASE)
    if load is not None:
        data["load"] = load
    if workload is not None:
        data["workloads"] = [workload]
    return parse_profile(data, "x.toml")


@pytest.mark.parametrize(
    ("load", "message"),
    [
        ({"model": "vus", "duration_s": 1}, "needs vus, the number of virtual users"),
        ({"model": "vus", "vus": 0, "duration_s": 1}, "needs vus, the number of virtual users"),
        ({"model": "vus", "vus": 2}, "needs duration_s"),
        ({"model": "vus", "vus": 2, "duration_s": 5, "pacing_s": 1, "think_time_s": 0}, "not both"),
        ({"model": "vus", "vus": 2, "duration_s": 5, "pacing_s": 0}, "pacing_s must be above 0 s"),
        ({"model": "vus", "vus": 2, "duration_s": 5, "think_time_s": -1}, "think_time_s must be 0 s or more"),
        ({"model": "vus", "vus": 2, "duration_s": 5, "ramp_up_s": 6}, "must not exceed duration_s"),
        ({"model": "vus", "vus": 2, "duration_s": 5, "rate_per_s": 3}, "rate_per_s is for the open model"),
        ({"model": "closed", "pacing_s": 1}, "pacing_s is a field of the vus load model"),
    ],
)
def test_bad_vus_fields_are_one_clear_line(load, message):
    with pytest.raises(ProfileError, match=message) as err:
        _profile(load=load)
    assert str(err.value).startswith("x.toml: load") and "\n" not in str(err.value)


def test_the_seeds_vus_load_travels_to_the_driver_job():
    p = _profile(load={"model": "vus", "vus": 10, "duration_s": 60, "pacing_s": 1.0, "ramp_up_s": 10})
    plan = check_vus(p.load)
    assert plan is not None and plan.graceful_stop_s == 30.0 and plan.start_offset_s(5) == 5.0
    assert plan.planned_iterations() == sum(60 - v for v in range(10))
    assert vus_job_fields(plan)["pacing_s"] == 1.0
    job = DriverJob.from_json(
        {
            "treatments": [{"id": 0, "protocol": "rest", "target": "h:1", "operation": "ping"}],
            "blocks": [{"repetition": 0, "treatments": [0], "requests": 0}],
            "load": p.load.model_dump(exclude_none=True),
        }
    )
    assert job.load.vus == 10 and job.load.pacing_s == 1.0 and job.load.get("model") == "vus"
    assert json.loads(json.dumps(job.to_json()))["load"]["ramp_up_s"] == 10.0


@pytest.mark.parametrize(
    ("workload", "message"),
    [
        ({"name": "L", "operation": "list_pets"}, "list_pets needs limit"),
        ({"name": "L", "operation": "list_people", "limit": 1001}, "limit 1001 is out of range"),
        ({"name": "L", "operation": "list_people", "limit": 0}, "limit 0 is out of range"),
        ({"name": "L", "operation": "create_pet", "limit": 10}, "limit is for list_pets and list_people"),
    ],
)
def test_bad_limits_are_one_clear_line(workload, message):
    with pytest.raises(ProfileError, match=message):
        _profile(workload=workload)


def test_both_drivers_send_the_database_methods():
    for driver in ("native", "python"):
        for op in ("list_pets", "list_people", "create_pet", "create_person"):
            assert op in OPERATIONS_BY_DRIVER[driver]
            assert unsupported_by_driver(driver, "graphql", op) == ""
    assert (
        _profile(workload={"name": "L", "operation": "list_pets", "limit": 100}).workloads[0].payload_spec()["limit"]
        == 100
    )


def test_records_are_the_go_drivers():
    # drivers/native/internal/payload/dbops_test.go checks the same values
    assert db_requests.new_pet(1, 0) == {"name": "Luna 0", "age": 7, "type": "dog"}
    assert db_requests.new_pet(42, 17) == {"name": "Thor 17", "age": 8, "type": "fish"}
    person = db_requests.new_person(1, 0)
    assert (person["first_name"], person["email"], person["age"], person["phone"], person["gender"]) == (
        "Bruno",
        "bruno.souza.0@example.com",
        45,
        "555-4606",
        "male",
    )
    assert person["biography"].startswith("Load latency latency test load query service. Server bench")


def test_payload_bytes_of_the_database_methods():
    r = build_request("list_pets", {"limit": 10})
    assert (r.http_method, r.http_path, r.http_body) == ("GET", "/v1/pets?limit=10", b"")
    assert payload_bytes(r, "jsonrpc", "list_pets") == len(
        b'{"jsonrpc":"2.0","id":1,"method":"ListPets","params":{"limit":10}}'
    )
    assert payload_bytes(build_request("create_person", {"seed": 1}), "graphql", "create_person") > 1000
    with pytest.raises(ValueError, match="needs a limit"):
        build_request("list_people", {})
