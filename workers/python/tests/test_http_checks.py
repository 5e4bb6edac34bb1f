"""The request checks of GraphQL over HTTP (graphql_http) and of JSON-RPC param names (param_names)."""

import unittest

import msgspec
from graphql import parse

from bancada_worker import graphql_http, param_names
from bancada_worker.methods import RecolorRequest
from bancada_worker.rest_app import EchoRequest, SelectRequest

MODERN, JSON = graphql_http.GRAPHQL_RESPONSE, graphql_http.JSON


class AcceptTest(unittest.TestCase):
    def test_weights_order_and_refusal(self):
        self.assertEqual(graphql_http.response_media(None), JSON)
        self.assertEqual(graphql_http.response_media(""), JSON)
        self.assertEqual(graphql_http.response_media(f"{JSON}, {MODERN}"), JSON)
        self.assertEqual(graphql_http.response_media(f"{JSON};q=0.9, {MODERN}"), MODERN)
        self.assertEqual(graphql_http.response_media("*/*"), JSON)
        self.assertEqual(graphql_http.response_media("application/*"), JSON)
        self.assertEqual(graphql_http.response_media(f"*/*;q=0.5, {MODERN}"), MODERN)
        self.assertIsNone(graphql_http.response_media("text/html"))
        self.assertIsNone(graphql_http.response_media(f"{MODERN};q=0"))


class RequestTest(unittest.TestCase):
    def test_parameters_of_the_wrong_type(self):
        self.assertIsNone(graphql_http.request_problem({"query": "{ ping }", "extensions": None, "variables": {}}))
        for bad in ({"query": 1}, {"query": "{ ping }", "extensions": [1]}, {"query": "{ ping }", "operationName": 7}):
            self.assertIsNotNone(graphql_http.request_problem(bad), bad)
        self.assertTrue(graphql_http.is_json_body("application/json; charset=utf-8"))
        self.assertFalse(graphql_http.is_json_body(None) or graphql_http.is_json_body("text/plain"))

    def test_get_parameters_and_mutations(self):
        data = graphql_http.get_parameters({"query": "{ ping }", "operationName": "", "variables": '{"v": "1"}'})
        self.assertEqual(data, {"query": "{ ping }", "operationName": None, "variables": {"v": "1"}})
        self.assertIsInstance(graphql_http.get_parameters({"query": "{ ping }", "variables": "{"}), str)
        document = parse("query Q { ping } mutation M { echo(strings: []) { count } }")
        self.assertTrue(graphql_http.is_mutation(document, "M"))
        self.assertFalse(graphql_http.is_mutation(document, "Q") or graphql_http.is_mutation(document, None))


class ParamNamesTest(unittest.TestCase):
    def test_unknown_names_at_any_depth(self):
        self.assertEqual(param_names.unknown_names({"values": [1], "sed": 0}, SelectRequest), ["sed"])
        car = {"car": {"brand": "a", "wheels": 4}, "colour": "b"}
        self.assertEqual(param_names.unknown_names(car, RecolorRequest), ["car.wheels"])
        self.assertEqual(param_names.unknown_names({"records": [{"id": 1, "size": 2}]}, EchoRequest), ["records.size"])
        self.assertEqual(param_names.unknown_names({"values": [1], "k": 1}, SelectRequest), [])
        with self.assertRaisesRegex(msgspec.ValidationError, "Recolor has no param"):
            param_names.check(car, RecolorRequest, "Recolor")


if __name__ == "__main__":
    unittest.main()
