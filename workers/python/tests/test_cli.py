"""The worker as a process: READY line, errors on stderr, exit codes, both protocols."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import unittest
import urllib.error
import urllib.request
from pathlib import Path

import grpc

from bancada_worker import bench_pb2 as pb

FOLDER = Path(__file__).resolve().parents[1]


def start(*args: str, launch: tuple[str, ...] = ("-m", "bancada_worker")) -> tuple[subprocess.Popen, dict]:
    """Start the worker (``python <launch> <args>``); return it and its READY line's fields."""
    proc = subprocess.Popen(
        [sys.executable, *launch, *args],
        cwd=FOLDER,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()
    if not line.startswith("READY "):
        proc.kill()
        raise AssertionError(f"no READY line: {line!r} {proc.stderr.read()}")
    return proc, json.loads(line[len("READY ") :])


def stop(proc: subprocess.Popen) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(15)
    finally:
        proc.stdout.close()
        proc.stderr.close()


class CommandLineTest(unittest.TestCase):
    def test_bad_flags_exit_2(self):
        for args in (
            ["--protocol", "soap"],
            [],
            ["--protocol", "rest", "--port", "70000"],
            ["--protocol", "jsonrpc", "--max-message-mib", "0"],
        ):
            proc = subprocess.run(
                [sys.executable, "-m", "bancada_worker", *args], cwd=FOLDER, capture_output=True, text=True, timeout=30
            )
            self.assertEqual(proc.returncode, 2, args)
            self.assertEqual(proc.stdout, "")

    def test_version(self):
        proc = subprocess.run(
            [sys.executable, "-m", "bancada_worker", "--version"],
            cwd=FOLDER,
            capture_output=True,
            text=True,
            timeout=30,
        )
        self.assertRegex(proc.stdout, r"^bancada-worker-python \d+\.\d+\.\d+ \(\w+ 3\.")

    def test_port_in_use_exits_1_naming_the_port(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            s.listen()
            port = s.getsockname()[1]
            for protocol in ("grpc", "rest", "jsonrpc", "graphql"):
                proc = subprocess.run(
                    [sys.executable, "-m", "bancada_worker", "--protocol", protocol, "--port", str(port)],
                    cwd=FOLDER,
                    capture_output=True,
                    text=True,
                    timeout=30,
                )
                self.assertEqual(proc.returncode, 1, protocol)
                self.assertIn(f"port {port} already in use", proc.stderr)
                self.assertNotIn("READY", proc.stdout)


class RestTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.proc, cls.ready = start("--protocol", "rest", "--delay-us", "20000", "--max-message-mib", "1")
        cls.base = f"http://127.0.0.1:{cls.ready['port']}"

    @classmethod
    def tearDownClass(cls):
        assert stop(cls.proc) == 0

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, dict, float]:
        req = urllib.request.Request(self.base + path, data=body, method=method)
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                status, headers, data = resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as exc:
            status, headers, data = exc.code, exc.headers, exc.read()
        self.assertEqual(headers["Content-Type"], "application/json")
        timing = headers["Server-Timing"]
        self.assertRegex(timing, r"^app;dur=\d+\.\d{6}$")
        return status, json.loads(data), float(timing.split("=")[1])

    def test_ready_line(self):
        self.assertEqual(self.ready["implementation"], "python-rest")
        self.assertEqual(self.ready["pid"], self.proc.pid)

    def test_delay_is_inside_the_server_time(self):
        status, body, ms = self.request("GET", "/v1/ping")
        self.assertEqual((status, body), (200, {}))
        self.assertGreaterEqual(ms, 20.0)

    def test_typed_decoding(self):
        status, body, _ = self.request(
            "POST", "/v1/select", b'{"values":[-9223372036854775808,2,3],"k":3,"seed":1,"x":0}'
        )
        self.assertEqual(status, 200)
        self.assertEqual(sorted(body["values"]), [-9223372036854775808, 2, 3])
        for bad in (
            b'{"values":[1.0,2,3]}',
            b'{"values":[true,2,3]}',
            b'{"values":[9223372036854775808,2,3]}',
            b'{"values":[1,2,3],"k":-1}',
            b'{"values":[1,2,3],"seed":18446744073709551616}',
            b"[]",
            b'{"values"',
        ):
            status, body, _ = self.request("POST", "/v1/select", bad)
            self.assertEqual(status, 400, bad)
            self.assertTrue(body["error"])

    def test_routes_methods_and_limit_answer_json_errors(self):
        self.assertEqual(self.request("GET", "/v1/nothing")[0], 404)
        self.assertEqual(self.request("GET", "/v1/select")[0], 405)
        self.assertEqual(self.request("POST", "/v1/echo", b'{"int64s":[' + b"1," * (1 << 20) + b"1]}")[0], 413)


class JsonRpcTest(unittest.TestCase):
    def test_calls_errors_and_a_batch(self):
        proc, ready = start("--protocol", "jsonrpc")
        try:
            self.assertEqual(ready["implementation"], "python-jsonrpc")
            url = f"http://127.0.0.1:{ready['port']}/v1/jsonrpc"

            def post(payload) -> tuple[int, object, str]:
                req = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST")
                with urllib.request.urlopen(req, timeout=30) as resp:
                    body = resp.read()
                    return resp.status, json.loads(body) if body else None, resp.headers["Server-Timing"]

            status, answer, timing = post(
                {"jsonrpc": "2.0", "id": 1, "method": "Select", "params": {"values": list(range(10)), "seed": 0}}
            )
            self.assertEqual((status, answer["result"]), (200, {"values": [5, 1, 9], "positions": [5, 1, 9]}))
            self.assertRegex(timing, r"^app;dur=\d+\.\d{6}$")
            _, answer, _ = post(
                [
                    {"jsonrpc": "2.0", "id": 1, "method": "Select", "params": {"values": [True]}},
                    {"jsonrpc": "2.0", "id": 2, "method": "Echo", "params": {"int64s": [1], "doubles": []}},
                    {"jsonrpc": "2.0", "id": 3, "method": "Info"},
                    {"jsonrpc": "2.0", "method": "Ping"},
                ]
            )
            codes = {a["id"]: a.get("error", {}).get("code") for a in answer}
            self.assertEqual(codes, {1: -32602, 2: -32602, 3: None})
            self.assertEqual(post({"jsonrpc": "2.0", "method": "Ping"})[:2], (204, None))
        finally:
            self.assertEqual(stop(proc), 0)


class GraphqlTest(unittest.TestCase):
    def test_statuses_follow_graphql_over_http(self):
        proc, ready = start("--protocol", "graphql")
        try:
            self.assertEqual(ready["implementation"], "python-graphql")
            url = f"http://127.0.0.1:{ready['port']}/v1/graphql"

            def post(
                body: bytes,
                accept: str = "application/graphql-response+json, application/json",
                content_type: str = "application/json",
            ):
                headers = {"Accept": accept, "Content-Type": content_type}
                req = urllib.request.Request(url, data=body, method="POST", headers=headers)
                try:
                    with urllib.request.urlopen(req, timeout=30) as resp:
                        return resp.status, json.loads(resp.read()), resp.headers["Server-Timing"]
                except urllib.error.HTTPError as exc:
                    return exc.code, json.loads(exc.read()), exc.headers["Server-Timing"]

            double = b'{"query": "query($v: Int64!) { double(value: $v) }", "variables": {"v": "%s"}}'
            status, answer, timing = post(double % b"21")
            self.assertEqual((status, answer), (200, {"data": {"double": "42"}}))
            self.assertRegex(timing, r"^app;dur=\d+\.\d{6}$")
            status, answer, _ = post(double % b"9223372036854775807")  # overflow: a field error
            self.assertEqual((status, answer["data"]), (200, None))
            self.assertEqual(answer["errors"][0]["extensions"], {"code": "INVALID_ARGUMENT"})
            status, answer, _ = post(double % b"1.5")  # a coercion error: a request error, no data
            self.assertEqual(status, 400)
            self.assertNotIn("data", answer)
            self.assertEqual(post(double % b"1.5", accept="application/json")[0], 200)  # the legacy media type
            self.assertEqual(post(b'{"query": "{ nothing }"}')[0], 400)
            self.assertEqual(post(b'{"query": ')[0], 400)
            self.assertEqual(post(b'{"variables": {}}')[0], 400)
            self.assertEqual(post(b'{"query": "{ ping }", "extensions": []}')[0], 400)
            # urllib's default for a body: the spec wants application/json
            self.assertEqual(post(double % b"21", content_type="application/x-www-form-urlencoded")[0], 415)
            self.assertEqual(post(b'{"query": "{ ping }"}', accept="text/html")[0], 406)
        finally:
            self.assertEqual(stop(proc), 0)


class GrpcTest(unittest.TestCase):
    def test_select_errors_and_trailers(self):
        proc, ready = start("--protocol", "grpc")
        try:
            with grpc.insecure_channel(f"127.0.0.1:{ready['port']}") as channel:
                call = channel.unary_unary("/bancada.v1.Bench/Select")
                raw, rpc = call.with_call(pb.SelectRequest(values=range(10), seed=0).SerializeToString(), timeout=30)
                self.assertEqual(list(pb.SelectResponse.FromString(raw).positions), [5, 1, 9])
                self.assertRegex(dict(rpc.trailing_metadata())["server-timing"], r"^app;dur=\d+\.\d{6}$")
                with self.assertRaises(grpc.RpcError) as caught:
                    call(b"\xff\xff\xff", timeout=30)
                self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
                self.assertIn("server-timing", dict(caught.exception.trailing_metadata()))
        finally:
            self.assertEqual(stop(proc), 0)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    unittest.main()
