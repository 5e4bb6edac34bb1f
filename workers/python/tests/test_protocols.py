"""The protocol registry (bancada_worker.protocols): every protocol the worker serves is one
entry, and a protocol added to the registry alone is served with the common command line."""

from __future__ import annotations

import subprocess
import sys
import unittest
import urllib.request

from bancada_worker import protocols
from bancada_worker.hosts import GRPCIO, UVICORN
from tests.test_cli import FOLDER, start, stop

# Registers the test's protocol, then runs the worker's own command line.
LAUNCH = """
import sys
from bancada_worker import cli, protocols
from bancada_worker.hosts import UVICORN
protocols.register(protocols.Protocol("plaintext", "tests.fake_protocol", UVICORN))
sys.exit(cli.main(sys.argv[1:]))
"""


class RegistryTest(unittest.TestCase):
    def test_the_four_protocols_in_their_order_each_with_its_factory(self):
        self.assertEqual(protocols.names(), ["grpc", "rest", "jsonrpc", "graphql"])
        for name in protocols.names():
            protocol = protocols.get(name)
            factory = "create_server" if protocol.host is GRPCIO else "create_app"
            self.assertTrue(callable(getattr(protocol.load(), factory)), name)

    def test_a_name_registered_twice_is_refused(self):
        with self.assertRaisesRegex(ValueError, "'rest' is registered twice"):
            protocols.register(protocols.Protocol("rest", "tests.fake_protocol", UVICORN))

    def test_a_protocol_added_through_the_registry_alone_is_served(self):
        proc, ready = start("--protocol", "plaintext", "--max-message-mib", "2", launch=("-c", LAUNCH))
        try:
            self.assertEqual((ready["implementation"], ready["protocol"]), ("python-plaintext", "plaintext"))
            with urllib.request.urlopen(f"http://127.0.0.1:{ready['port']}/", timeout=30) as resp:
                self.assertEqual(resp.read(), b"plaintext 2097152")
        finally:
            self.assertEqual(stop(proc), 0)

    def test_an_unregistered_name_is_refused_naming_the_registered_ones(self):
        proc = subprocess.run(
            [sys.executable, "-m", "bancada_worker", "--protocol", "plaintext"],
            cwd=FOLDER,
            capture_output=True,
            text=True,
            timeout=30,
        )
        self.assertEqual(proc.returncode, 2)
        self.assertIn("'grpc', 'rest', 'jsonrpc', 'graphql'", proc.stderr)


if __name__ == "__main__":
    unittest.main()
