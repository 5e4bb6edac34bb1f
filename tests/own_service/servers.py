"""A student's own service, as the tests of "Meu próprio serviço" measure it: not Bancada's workers.

- REST (http.server): ``POST /v1/sum`` with ``{"values": [...]}`` answers ``{"sum": ...}``;
  ``GET /v1/ping`` answers ``{"ok": true}``.
- gRPC (grpcio, with server reflection): ``calc.v1.Calculator/Add`` (Numbers -> Result, the sum)
  and ``calc.v1.Calculator/Multiply`` (Pair -> Result), from calc.proto beside this file.

Run one as a process (``python -m tests.own_service.servers rest|grpc``): it prints
``READY <port>`` once it listens on 127.0.0.1 (an ephemeral port), and serves until killed.
:class:`OwnServer` starts one from a test.
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent import futures
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PROTO = Path(__file__).with_name("calc.proto")
SERVICE = "calc.v1.Calculator"
ROOT = Path(__file__).resolve().parents[2]


class _Rest(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: Bancada reuses one connection
    disable_nagle_algorithm = True  # headers and body are two writes: without it, 40 ms of delayed ACK each

    def _send(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._send(200, {"ok": True}) if self.path == "/v1/ping" else self._send(404, {"error": "no such path"})

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
        if self.path != "/v1/sum":
            self._send(404, {"error": "no such path"})
            return
        try:
            values = json.loads(body)["values"]
            self._send(200, {"sum": sum(values)})
        except (ValueError, KeyError, TypeError):
            self._send(400, {"error": 'expected {"values": [numbers]}'})

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


def serve_rest() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Rest)
    server.daemon_threads = True
    print(f"READY {server.server_address[1]}", flush=True)
    server.serve_forever()


def serve_grpc() -> None:
    import grpc
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    from grpc_reflection.v1alpha import reflection

    from bancada.experiment.custom import compile_proto

    files = descriptor_pb2.FileDescriptorSet.FromString(compile_proto(str(PROTO)))
    pool = descriptor_pool.DescriptorPool()
    for f in files.file:
        pool.Add(f)
    service = pool.FindServiceByName(SERVICE)
    cls = {
        m: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"calc.v1.{m}"))
        for m in ("Numbers", "Pair", "Result")
    }

    def add(req, _ctx):  # type: ignore[no-untyped-def]
        return cls["Result"](value=float(sum(req.values)), note=req.label)

    def multiply(req, _ctx):  # type: ignore[no-untyped-def]
        v = req.x * req.y
        return cls["Result"](value=round(v) if req.rounded else v)

    handlers = {
        "Add": grpc.unary_unary_rpc_method_handler(
            add, request_deserializer=cls["Numbers"].FromString, response_serializer=cls["Result"].SerializeToString
        ),
        "Multiply": grpc.unary_unary_rpc_method_handler(
            multiply, request_deserializer=cls["Pair"].FromString, response_serializer=cls["Result"].SerializeToString
        ),
    }
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service.full_name, handlers),))
    reflection.enable_server_reflection((service.full_name, reflection.SERVICE_NAME), server, pool=pool)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(f"READY {port}", flush=True)
    server.wait_for_termination()


class OwnServer:
    """One of the servers above in its own process (``protocol``: ``rest`` or ``grpc``)."""

    def __init__(self, protocol: str) -> None:
        self.protocol = protocol
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.own_service.servers", protocol],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.startswith("READY "):
            self.proc.kill()
            raise RuntimeError(f"the test's {protocol} server did not start: {line}{self.proc.stderr.read()}")
        self.port = int(line.split()[1])
        self.address = f"127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


if __name__ == "__main__":
    {"rest": serve_rest, "grpc": serve_grpc}[sys.argv[1]]()
