"""Bancada's Python worker: the Bench contract (proto/bancada/v1/bench.proto)
served over gRPC (grpcio's asyncio server), REST/JSON (Starlette on uvicorn) or
JSON-RPC 2.0 over HTTP (jsonrpcserver) or GraphQL (Ariadne), both on Starlette and uvicorn, the protocol
chosen at start. Run it with ``python -m bancada_worker --protocol grpc|rest|jsonrpc|graphql``.
"""

NAME = "python"  # the manifest's name; an implementation id is NAME + "-" + protocol
LANGUAGE = "python"
VERSION = "0.1.0"  # the worker's own version, reported by Info and --version
