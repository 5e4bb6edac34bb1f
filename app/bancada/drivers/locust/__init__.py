"""The locust driver: Locust's distributed runner (one master, N workers over ZeroMQ) sends the load;
Bancada writes the locustfile, starts the processes and keeps every request as a sample.

``python -m bancada.drivers.locust`` reads a driver job on stdin and writes the same frames as the
other drivers (docs/driver-protocol.md) to stdout: one Locust run per job (a block of the plan).
Modules: :mod:`.requests` (a treatment's request as the locustfile sends it, from bancada.wire),
:mod:`.locustfile` (the writer; the code that runs inside Locust is :mod:`.locustfile_body`),
:mod:`.processes` (master and workers), :mod:`.receiver` (the master's JSON lines to frames),
:mod:`.kubernetes` (``bancada export locust --kubernetes``).
"""

#: The oldest Locust whose ``request`` event, ``send_message``/``register_message`` and
#: ``--expect-workers-max-wait`` the locustfile relies on.
MIN_LOCUST_VERSION = (2, 20)
#: The protocols the locustfile sends (FastHttpUser for the three over HTTP, grpcio for gRPC).
LOCUST_PROTOCOLS = ("rest", "jsonrpc", "graphql", "grpc")
