"""The six methods of seed 002 against the contract's vectors (proto/bancada/v1/method_vectors.json),
through the JSON layer (REST bodies, JSON-RPC params), the gRPC servicer and the GraphQL schema."""

from __future__ import annotations

import asyncio
import json
import unittest
from pathlib import Path

import msgspec
from google.protobuf import json_format
from graphql import graphql

from bancada_worker import bench_pb2 as pb
from bancada_worker import methods
from bancada_worker.contract import Config
from bancada_worker.errors import InvalidArgument
from bancada_worker.graphql_app import load_schema
from bancada_worker.grpc_server import Bench

VECTORS_PATH = Path(__file__).resolve().parents[3] / "proto" / "bancada" / "v1" / "method_vectors.json"
VECTORS = json.loads(VECTORS_PATH.read_text())["vectors"]
GRPC = {
    "Void": ("void", pb.VoidRequest),
    "Double": ("double", pb.DoubleRequest),
    "Sum": ("sum", pb.SumRequest),
    "PowerOfTwo": ("power_of_two", pb.PowerOfTwoRequest),
    "Recolor": ("recolor", pb.RecolorRequest),
    "MatMul": ("mat_mul", pb.MatMulRequest),
}
GRAPHQL = {  # the documents of bench.graphql's header, and how to read the answer
    "Void": ("query { void }", lambda d: {}),
    "Double": ("query($value: Int64!) { double(value: $value) }", lambda d: {"value": int(d["double"])}),
    "Sum": ("query($values: [Int64!]!) { sum(values: $values) }", lambda d: {"sum": int(d["sum"])}),
    "PowerOfTwo": ("query($text: String!) { powerOfTwo(text: $text) }", lambda d: {"power": d["powerOfTwo"]}),
    "Recolor": (
        "mutation($car: CarInput!, $colour: String!) "
        "{ recolor(car: $car, colour: $colour) { brand model year colour price extras } }",
        lambda d: {"car": d["recolor"]},
    ),
    "MatMul": (
        "query($a: MatrixInput!, $b: MatrixInput!) { matMul(a: $a, b: $b) { order values } }",
        lambda d: {"product": d["matMul"]},
    ),
}


def graphql_variables(method: str, request: dict) -> dict:
    """The REST request as GraphQL variables: int64 as decimal strings."""
    if method == "Double":
        return {"value": str(request["value"])}
    if method == "Sum":
        return {"values": [str(v) for v in request["values"]]}
    return request


class JsonMethodsTest(unittest.TestCase):
    def test_every_vector(self):
        for v in VECTORS:
            with self.subTest(v["method"], name=v["name"]):
                body = json.dumps(v["request"]).encode()
                if "response" in v:
                    self.assertEqual(methods.answer_json(v["method"], body), v["response"])
                    self.assertEqual(methods.answer_params(v["method"], v["request"]), v["response"])
                else:
                    with self.assertRaises(InvalidArgument):
                        methods.answer_json(v["method"], body)

    def test_wrong_types_are_refused(self):
        for method, body in [
            ("Double", b'{"value": 1.5}'),
            ("Double", b'{"value": "1"}'),
            ("Double", b'{"value": 9223372036854775808}'),
            ("Sum", b'{"values": [true]}'),
            ("PowerOfTwo", b'{"text": 3}'),
            ("Recolor", b'{"car": {"year": "x"}, "colour": "red"}'),
            ("MatMul", b'{"a": {"order": -1, "values": []}}'),
            ("Sum", b'{"values": [1,'),
        ]:
            with self.subTest(body=body), self.assertRaises((msgspec.DecodeError, msgspec.ValidationError)):
                methods.answer_json(method, body)

    def test_void_takes_an_empty_body(self):
        self.assertEqual(methods.answer_json("Void", b""), {})


class GrpcMethodsTest(unittest.TestCase):
    def test_every_vector(self):
        bench = Bench(Config())
        for v in VECTORS:
            name, request_type = GRPC[v["method"]]
            with self.subTest(v["method"], name=v["name"]):
                req = json_format.Parse(json.dumps(v["request"]), request_type())
                if "response" in v:
                    resp = asyncio.run(getattr(bench, name)(req))
                    want = json_format.Parse(json.dumps(v["response"]), type(resp)())
                    self.assertEqual(resp, want)
                else:
                    with self.assertRaises(InvalidArgument):
                        asyncio.run(getattr(bench, name)(req))


class GraphqlMethodsTest(unittest.TestCase):
    schema = load_schema(Config())

    def run_document(self, document: str, variables: dict):
        return asyncio.run(graphql(self.schema, document, variable_values=variables))

    def test_every_vector(self):
        for v in VECTORS:
            document, read = GRAPHQL[v["method"]]
            with self.subTest(v["method"], name=v["name"]):
                if v["method"] == "MatMul" and ("a" not in v["request"] or "b" not in v["request"]):
                    continue  # a missing non-null variable: a request error, checked below
                result = self.run_document(document, graphql_variables(v["method"], v["request"]))
                if "response" in v:
                    self.assertIsNone(result.errors)
                    self.assertEqual(read(result.data), v["response"])
                else:
                    self.assertIsNotNone(result.errors)
                    if result.data is not None or result.errors[0].path:  # a field error
                        self.assertIsInstance(result.errors[0].original_error, InvalidArgument)

    def test_int64_is_a_decimal_string(self):
        ok = self.run_document("query($v: Int64!) { double(value: $v) }", {"v": "-4611686018427387904"})
        self.assertEqual(ok.data, {"double": "-9223372036854775808"})
        for bad in [21, "1.5", " 1", "9223372036854775808", "0x10", True]:
            with self.subTest(bad=bad):
                result = self.run_document("query($v: Int64!) { double(value: $v) }", {"v": bad})
                self.assertIsNone(result.data)
                self.assertFalse(result.errors[0].path)  # a coercion (request) error


if __name__ == "__main__":
    unittest.main()
