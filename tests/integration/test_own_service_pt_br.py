"""A wrong port and a wrong gRPC method, said in Portuguese by the Runner (the window's language), against
a REST and a gRPC server written for the test (tests/own_service), not Bancada's workers."""

from __future__ import annotations

import socket

import pytest

from bancada.core import i18n
from bancada.experiment.custom_messages import driver_message
from bancada.experiment.profile import load_profile
from bancada.run.runner import RunError, Runner
from tests.own_service.servers import OwnServer

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def servers():
    rest, grpc = OwnServer("rest"), OwnServer("grpc")
    yield rest, grpc
    rest.stop()
    grpc.stop()


@pytest.fixture
def pt_br():
    i18n.set_language("pt_BR")
    yield
    i18n.set_language("en")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def profile(folder, rest: str, grpc: str, method: str = "Add"):
    path = folder / "lab6.toml"
    path.write_text(f"""
[experiment]
name = "lab6"
implementations = ["lab6-rest", "lab6-grpc"]
repetitions = 1
requests = 5
warmup = 1
driver = "native"

[[external]]
id = "lab6-rest"
protocol = "rest"
address = "{rest}"

[[external]]
id = "lab6-grpc"
protocol = "grpc"
address = "{grpc}"

[[workloads]]
name = "Sum"
operation = "custom"
path = "/v1/sum"
body = '{{"values":[1,2,3]}}'
grpc_method = "calc.v1.Calculator/{method}"
request = '{{"values":[1,2,3]}}'
""")
    return load_profile(path)


def run_error(p) -> str:
    with pytest.raises(RunError) as info:
        list(Runner(p).events())
    return str(info.value)


def test_a_wrong_port_in_portuguese(servers, pt_br, tmp_path):
    rest, grpc = servers
    port = free_port()
    text = run_error(profile(tmp_path, f"127.0.0.1:{port}", grpc.address))
    assert text == f"não é possível alcançar lab6-rest em 127.0.0.1:{port}: conexão recusada"


def test_a_wrong_grpc_method_in_portuguese(servers, pt_br, tmp_path):
    rest, grpc = servers
    text = run_error(profile(tmp_path, rest.address, grpc.address, method="Somar"))
    assert text == (
        f"tratamento 1 (lab6-grpc / Sum): método gRPC calc.v1.Calculator/Somar: o servidor em {grpc.address}: "
        "o serviço calc.v1.Calculator não tem o método Somar (métodos: Add, Multiply)"
    ), text


def test_an_unknown_driver_message_stays_as_written(pt_br):
    assert driver_message("something new went wrong") == "something new went wrong"
    assert driver_message("gRPC method a.B/C: is a streaming method; Bancada measures unary calls only") == (
        "método gRPC a.B/C: é um método de streaming; o Bancada mede só chamadas unárias"
    )
