"""The Select pick and the shared rules, against the contract's test vectors."""

from __future__ import annotations

import itertools
import json
import re
import unittest
from pathlib import Path

from bancada_worker import contract
from bancada_worker.errors import InvalidArgument

VECTORS = Path(__file__).resolve().parents[3] / "proto" / "bancada" / "v1" / "select_vectors.json"


class PickTest(unittest.TestCase):
    vectors = json.loads(VECTORS.read_text())

    def test_splitmix64_matches_the_vectors(self):
        for case in self.vectors["splitmix64"]:
            got = list(itertools.islice(contract.splitmix64(case["seed"]), len(case["first"])))
            self.assertEqual(got, case["first"], case["seed"])

    def test_select_matches_the_vectors(self):
        for case in self.vectors["select"]:
            values = case.get("values") or [(i * 31) % 1001 for i in range(case["n"])]
            picked, positions = contract.select(values, case["k"], case["seed"])
            self.assertEqual((positions, picked), (case["positions"], case["values_out"]), case["seed"])

    def test_defaults_k_to_3_and_draws_a_seed(self):
        picked, positions = contract.select(list(range(100, 200)), 0, None)
        self.assertEqual(len(positions), 3)
        self.assertEqual(len(set(positions)), 3)
        self.assertEqual(picked, [100 + p for p in positions])

    def test_rejects_what_the_contract_rejects(self):
        for values, k, seed in [([], 1, 0), ([1, 2], 3, 0), ([1, 2], 0, 0), ([1], 1, -1), ([1], 1, 1 << 64)]:
            with self.assertRaises(InvalidArgument, msg=(values, k, seed)):
                contract.select(values, k, seed)

    def test_server_timing_is_milliseconds_with_six_decimals(self):
        self.assertEqual(contract.server_timing(1_234_567), "app;dur=1.234567")
        self.assertRegex(contract.server_timing(5), r"^app;dur=0\.000005$")

    def test_info_names_python(self):
        info = contract.info("rest")
        self.assertEqual(
            (info["implementation"], info["language"], info["protocol"]), ("python-rest", "python", "rest")
        )
        self.assertTrue(re.match(r"\w+ 3\.\d+", info["runtime"]), info["runtime"])


if __name__ == "__main__":
    unittest.main()
