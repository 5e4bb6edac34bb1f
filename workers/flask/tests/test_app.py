"""The Flask worker's application through Flask's test client (make -C workers test-flask)."""

import json
import unittest

from bancada_flask.app import create_app
from bancada_worker.contract import Config


class AppTest(unittest.TestCase):
    def setUp(self):
        self.client = create_app(Config(max_message_bytes=1 << 20)).test_client()

    def test_small_json_is_the_seed_object_with_server_timing(self):
        r = self.client.get("/json")
        self.assertEqual((r.status_code, r.get_json()), (200, {"Ola": "Mundo!"}))
        self.assertTrue(r.headers["Server-Timing"].startswith("app;dur="))

    def test_seeded_select_is_exact_at_the_int64_edge(self):
        body = {"values": [-(2**63), 2**63 - 1, 5], "k": 3, "seed": 2**64 - 1}
        r = self.client.post("/v1/select", data=json.dumps(body))
        self.assertEqual(r.status_code, 200)
        self.assertEqual(sorted(r.get_json()["values"]), sorted(body["values"]))

    def test_a_fraction_a_boolean_and_nan_are_400(self):
        for body in (b'{"values": [1.0, 2, 3]}', b'{"values": [true, 2, 3]}', b'{"values": [NaN]}'):
            r = self.client.post("/v1/select", data=body)
            self.assertEqual(r.status_code, 400, body)
            self.assertIn("error", r.get_json())

    def test_a_body_above_the_limit_is_413(self):
        r = self.client.post("/v1/echo", data=b'{"strings":["' + b"x" * (2 << 20) + b'"]}')
        self.assertEqual(r.status_code, 413)

    def test_a_wrong_method_is_405_with_allow(self):
        r = self.client.post("/json")
        self.assertEqual(r.status_code, 405)
        self.assertIn("GET", r.headers["Allow"])


if __name__ == "__main__":
    unittest.main()
