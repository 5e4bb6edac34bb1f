"""Health check of a started worker through its ``Info`` method."""

from __future__ import annotations

from typing import Any

import grpc
import requests

from bancada.wire import bench_pb2


class HealthCheckError(RuntimeError):
    """The worker did not answer ``Info`` correctly."""


def worker_info(protocol: str, target: str, timeout_s: float = 10.0) -> dict[str, Any]:
    """Call ``Info`` on ``target`` (host:port) and return its fields as a dict.

    Raises:
        HealthCheckError: no answer within ``timeout_s`` or a malformed one.
    """
    try:
        if protocol == "grpc":
            with grpc.insecure_channel(target) as channel:
                call: grpc.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary("/bancada.v1.Bench/Info")
                raw = call(b"", timeout=timeout_s, wait_for_ready=True)
            msg = bench_pb2.InfoResponse.FromString(raw)
            return {
                "implementation": msg.implementation,
                "language": msg.language,
                "runtime": msg.runtime,
                "version": msg.version,
                "protocol": msg.protocol,
                "pid": msg.pid,
            }
        if protocol == "jsonrpc":  # JSON-RPC 2.0 over HTTP: the Info method at POST /v1/jsonrpc
            resp = requests.post(
                f"http://{target}/v1/jsonrpc", json={"jsonrpc": "2.0", "id": 1, "method": "Info"}, timeout=timeout_s
            )
            resp.raise_for_status()
            data = resp.json().get("result")
            if not isinstance(data, dict) or "implementation" not in data:
                raise HealthCheckError(f"{target}: Info answered {resp.text[:200]!r}")
            return data
        if protocol == "graphql":  # GraphQL over HTTP: the info query at POST /v1/graphql
            from bancada.wire.envelopes import GRAPHQL_ACCEPT, graphql_body

            resp = requests.post(
                f"http://{target}/v1/graphql",
                data=graphql_body("Info", None),
                headers={"Content-Type": "application/json", "Accept": GRAPHQL_ACCEPT},
                timeout=timeout_s,
            )
            resp.raise_for_status()
            data = (resp.json().get("data") or {}).get("info")
            if not isinstance(data, dict) or "implementation" not in data:
                raise HealthCheckError(f"{target}: Info answered {resp.text[:200]!r}")
            return data
        resp = requests.get(f"http://{target}/v1/info", timeout=timeout_s)
        resp.raise_for_status()
        data = resp.json()
        if not isinstance(data, dict) or "implementation" not in data:
            raise HealthCheckError(f"{target}: Info answered {resp.text[:200]!r}")
        return data
    except (grpc.RpcError, requests.RequestException, ValueError) as exc:
        raise HealthCheckError(f"{target} ({protocol}) did not answer Info: {exc}") from None
