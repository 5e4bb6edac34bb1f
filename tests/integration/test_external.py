"""Your own service as a target: external implementations measured with custom requests.

The "own service" is the real Go worker binary, started by the test itself
(not by Bancada) on loopback; Bancada must measure it without starting or
stopping it, through ``bancada run`` and through the Runner.
"""

from __future__ import annotations

import csv
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bancada.experiment.profile import load_profile
from bancada.run.runner import RunError, RunFinished, Runner, RunStarted
from bancada.store.runstore import RunStore
from tests.conftest import ROOT

WORKER = ROOT / "workers" / "go" / "dist" / "bancada-worker-linux-amd64"
BENCH_PROTO = ROOT / "proto" / "bancada" / "v1" / "bench.proto"
SELECT_JSON = '{"values":{{int64s 200 0 1000}},"k":3}'

pytestmark = pytest.mark.integration


class OwnService:
    """A Go worker process started here, as a student starts their own server."""

    def __init__(self, protocol: str) -> None:
        if not WORKER.exists():
            pytest.fail(f"{WORKER} is missing (run make -C workers go)")
        self.proc = subprocess.Popen(
            [str(WORKER), "--protocol", protocol, "--bind", "127.0.0.1", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.proc.stdout.readline()
        assert line.startswith("READY "), line
        self.port = json.loads(line[len("READY ") :])["port"]
        self.address = f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture(scope="module")
def services():
    rest, grpc = OwnService("rest"), OwnService("grpc")
    yield rest, grpc
    rest.stop()
    grpc.stop()


def free_port() -> int:
    """A loopback port nobody listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_profile(
    folder: Path,
    rest_address: str,
    grpc_address: str,
    extra: str = "",
    requests: int = 30,
    implementations: str = '"my-rest", "my-grpc"',
) -> Path:
    (folder / "select-200.json").write_text(json.dumps({"values": list(range(200)), "k": 3}))
    path = folder / "mine.toml"
    path.write_text(f"""
[experiment]
name = "own-service"
implementations = [{implementations}]
repetitions = 2
requests = {requests}
warmup = 3

[[external]]
id = "my-rest"
protocol = "rest"
address = "http://{rest_address}"
language = "go"
description = "the Go worker, started by the test"

[[external]]
id = "my-grpc"
protocol = "grpc"
address = "{grpc_address}"
language = "go"

[[workloads]]
name = "RestBodyFile"
operation = "custom"
method = "POST"
path = "/v1/select"
headers = {{ "X-Student" = "ana" }}
body_file = "select-200.json"

[[workloads]]
name = "GrpcReflection"
operation = "custom"
grpc_method = "bancada.v1.Bench/Select"
request = '{SELECT_JSON}'

[[workloads]]
name = "GrpcProto"
operation = "custom"
grpc_method = "bancada.v1.Bench/Select"
request = '{SELECT_JSON}'
proto = "{BENCH_PROTO}"
{extra}
""")
    return path


def bancada(*args: str, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bancada.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "COLUMNS": "200"},
    )


def test_bancada_run_measures_an_external_service_with_custom_requests(services, tmp_path):
    rest, grpc = services
    protoset = tmp_path / "bench.protoset"  # the protoset path: made as a user would, with grpcio-tools
    subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            f"-I{BENCH_PROTO.parent.parent.parent}",
            "--include_imports",
            f"--descriptor_set_out={protoset}",
            "bancada/v1/bench.proto",
        ],
        check=True,
    )
    extra = """
[[workloads]]
name = "GrpcProtoset"
operation = "custom"
grpc_method = "/bancada.v1.Bench/Select"
request_file = "request.json"
protoset = "bench.protoset"

[[workloads]]
name = "Missing"
operation = "custom"
path = "/v1/nothing-here"
"""
    (tmp_path / "request.json").write_text('{"values": [5, 6, 7, 8], "k": 2}')
    profile = write_profile(tmp_path, rest.address, grpc.address, extra)
    proc = bancada("run", str(profile), "--driver", "native", "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    assert f"my-rest at {rest.address}: external, not started by Bancada" in proc.stderr
    assert f"my-grpc at {grpc.address}: external, not started by Bancada" in proc.stderr
    assert rest.proc.poll() is None and grpc.proc.poll() is None  # Bancada did not stop them

    rows = list(csv.DictReader(open(tmp_path / "out" / "samples.csv")))
    by = {}
    for r in rows:
        by.setdefault((r["implementation"], r["payload"]), []).append(r)
    assert set(by) == {
        ("my-rest", "RestBodyFile"),
        ("my-grpc", "GrpcReflection"),
        ("my-grpc", "GrpcProto"),
        ("my-grpc", "GrpcProtoset"),
        ("my-rest", "Missing"),
    }
    for key, group in by.items():
        assert len(group) == 2 * (30 + 3), key
        assert {r["operation"] for r in group} == {"custom"}
        if key[1] == "Missing":  # a non-2xx answer is a failed sample with its error, not a latency
            assert all(r["ok"] == "false" and r["error"].startswith("http_404:") for r in group)
            continue
        assert all(r["ok"] == "true" for r in group), (key, group[0]["error"])
        # the worker decoded the whole request (it answers 400 / INVALID_ARGUMENT otherwise) and timed it
        assert all(float(r["server_s"]) > 0 for r in group), key
    assert {r["payload_bytes"] for r in by[("my-rest", "RestBodyFile")]} == {
        str(len((tmp_path / "select-200.json").read_bytes()))
    }
    assert {r["payload_bytes"] for r in by[("my-grpc", "GrpcProtoset")]} == {"8"}  # 4 packed small ints + k

    run_file = proc.stdout.split("run file:")[1].split()[0]
    with RunStore.open(run_file) as store:
        workers = store.workers()
        meta = store.meta()
    assert workers["my-rest"]["external"] is True and workers["my-rest"]["note"] == "external, not started by Bancada"
    assert "info" not in workers["my-rest"]  # only custom workloads: the contract's Info is not asked
    externals = json.loads(meta["external_implementations"])
    assert [(e["id"], e["target"]) for e in externals] == [("my-rest", rest.address), ("my-grpc", grpc.address)]


def test_runner_asks_info_of_an_external_contract_service_and_python_driver_runs_custom_rest(services, tmp_path):
    rest, grpc = services
    profile_path = write_profile(
        tmp_path,
        rest.address,
        grpc.address,
        requests=10,
        implementations='"my-rest"',
        extra='[[workloads]]\nname = "StdSize"\ncount = 200\n',
    )
    profile = load_profile(profile_path)
    events = list(Runner(profile, driver="python").events())
    started = next(e for e in events if isinstance(e, RunStarted))
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1].message
    with RunStore.open(started.path) as store:
        info = store.workers()["my-rest"]
        counts = dict(
            store.conn.execute(
                "SELECT t.workload, SUM(s.ok) FROM sample s JOIN treatment t ON t.id = s.treatment GROUP BY t.workload"
            )
        )
    # a contract workload goes to it, so Bancada asked Info and kept the answer
    assert info["info"]["implementation"] == "go-rest" and info["info"]["pid"] == rest.proc.pid
    assert counts == {"RestBodyFile": 2 * 13, "StdSize": 2 * 13}  # every request ok, through the Python driver

    grpc_profile = load_profile(write_profile(tmp_path, rest.address, grpc.address, implementations='"my-grpc"'))
    with pytest.raises(
        RunError,
        match="the Python driver runs custom REST requests but not custom gRPC methods "
        r"\(my-grpc / GrpcReflection\): use --driver native",
    ):
        list(Runner(grpc_profile, driver="python").events())


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    text = proc.stderr.strip()
    assert "\n" not in text and "Traceback" not in text, text
    return text


def test_unreachable_address_is_one_line(services, tmp_path):
    rest, grpc = services
    port = free_port()
    profile = write_profile(tmp_path, f"127.0.0.1:{port}", grpc.address)
    text = one_line_error(bancada("run", str(profile)))
    assert text == f"bancada: cannot reach my-rest at 127.0.0.1:{port}: connection refused"
    assert not list((Path(os.environ["BANCADA_DATA_DIR"])).glob("**/*.sqlite"))  # no run file was created


def test_grpc_method_that_does_not_exist_is_one_line(services, tmp_path):
    rest, grpc = services
    profile = write_profile(tmp_path, rest.address, grpc.address, implementations='"my-grpc"')
    profile.write_text(
        profile.read_text().replace('"bancada.v1.Bench/Select"\nrequest', '"bancada.v1.Bench/Choose"\nrequest', 1)
    )
    text = one_line_error(bancada("run", str(profile)))
    assert text == (
        f"bancada: treatment 0 (my-grpc / GrpcReflection): gRPC method bancada.v1.Bench/Choose: the server "
        f"at {grpc.address}: service bancada.v1.Bench has no method Choose (methods: CreatePerson, "
        f"CreatePet, Double, Echo, Info, ListPeople, ListPets, MatMul, Ping, PowerOfTwo, Recolor, Select, Sum, Void)"
    )


@pytest.mark.parametrize(
    "old,new,expect",
    [
        (
            SELECT_JSON,
            '{"values":{{int64s 200 0}},"k":3}',
            'workloads[1].request = \'{"values":{{int64s 200 0}},"k":3}\': template error: int64s takes 3 numbers '
            "(COUNT MIN MAX), got 2 in {{int64s 200 0}} (character 11)",
        ),
        (
            SELECT_JSON,
            '{"values":{{int64s 2 0 9}},"k":3',
            "workloads[1]: request is not valid JSON once rendered: Expecting ',' delimiter: line 1 column 22",
        ),
        (SELECT_JSON, '{"valuez":{{int64s 2 0 9}}}', "the JSON request does not fit bancada.v1.SelectRequest: "),
    ],
)
def test_malformed_template_or_json_request_is_one_line(services, tmp_path, old, new, expect):
    rest, grpc = services
    profile = write_profile(tmp_path, rest.address, grpc.address, implementations='"my-grpc"')
    profile.write_text(profile.read_text().replace(old, new, 1))
    text = one_line_error(bancada("run", str(profile)))
    assert expect in text, text


def test_the_shipped_example_profile_runs_against_the_services(services, tmp_path):
    rest, grpc = services
    text = (ROOT / "profiles" / "my-service.toml").read_text()
    assert 'address = "http://127.0.0.1:8080"' in text and 'address = "127.0.0.1:50051"' in text
    text = text.replace("127.0.0.1:8080", rest.address).replace("127.0.0.1:50051", grpc.address)
    text = text.replace("requests = 200", "requests = 20").replace("warmup = 50", "warmup = 2")
    text = text.replace('body_file = "my-service/', f'body_file = "{ROOT / "profiles" / "my-service"}/')
    (tmp_path / "my-service.toml").write_text(text)
    proc = bancada("run", str(tmp_path / "my-service.toml"), "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    rows = list(csv.DictReader(open(tmp_path / "out" / "samples.csv")))
    pairs = {(r["implementation"], r["payload"]) for r in rows}
    assert pairs == {("my-server-rest", "Select200"), ("my-server-grpc", "Select200"), ("my-server-rest", "Health")}
    assert len(rows) == 3 * 3 * 22 and all(r["ok"] == "true" for r in rows)


def test_custom_grpc_method_on_a_worker_bancada_starts(tmp_path):
    """Custom workloads also go to workers Bancada starts: their requests are prepared once the worker is up."""
    profile = write_profile(tmp_path, "127.0.0.1:1", "127.0.0.1:1", requests=10, implementations='"go-grpc"')
    events = list(Runner(load_profile(profile), driver="native").events())
    started = next(e for e in events if isinstance(e, RunStarted))
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1].message
    with RunStore.open(started.path) as store:
        rows = store.conn.execute(
            "SELECT t.workload, t.payload_bytes, COUNT(*), SUM(s.ok) FROM sample s "
            "JOIN treatment t ON t.id = s.treatment GROUP BY t.id ORDER BY t.id"
        ).fetchall()
    # the REST-only workload is left out; both gRPC ones ran, every request ok, sizes from the driver
    assert [r[0] for r in rows] == ["GrpcReflection", "GrpcProto"]
    assert all(r[1] > 200 and r[2] == r[3] == 2 * 13 for r in rows), rows
    assert any(
        "workload RestBodyFile is a custom rest request and no chosen implementation speaks that "
        "protocol" in getattr(e, "text", "")
        for e in events
    )
