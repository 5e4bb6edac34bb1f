"""Request payloads, generated and serialized once, before any timing.

Values come from SplitMix64(seed) (``select_pick.SplitMix64``) so a payload is
the same in every driver and every run with the same spec:

- ``int64s``: uniform integers in [min, max] (``min + next() mod (max-min+1)``);
- ``doubles``: ``min + next()/2**64 * (max - min)``;
- ``strings``: ``string_length`` lowercase letters (``'a' + next() mod 26``);
- ``records``: ``{"id": i, "value": <double>, "name": <string>, "tags": [4 int64s]}``;
- the six methods of seed 002 from the same draws (:func:`method_body`).

The spec is the ``payload`` object of a driver job (docs/driver-protocol.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from bancada.wire import bench_pb2
from bancada.wire.select_pick import SplitMix64

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def splitmix64_array(seed: int, count: int) -> np.ndarray:
    """Return the first ``count`` SplitMix64(seed) outputs as uint64 (vectorized).

    Equal to calling ``SplitMix64(seed).next()`` ``count`` times.
    """
    with np.errstate(over="ignore"):
        idx = np.arange(1, count + 1, dtype=np.uint64)
        z = np.uint64(seed & _MASK64) + idx * np.uint64(_GOLDEN)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def generate_values(spec: dict[str, Any]) -> list[Any]:
    """Generate the payload's elements from a spec (see module docstring)."""
    kind = spec.get("kind", "int64s")
    count = int(spec.get("count", 0))
    lo, hi = int(spec.get("min", 0)), int(spec.get("max", 1000))
    seed = int(spec.get("seed", 1))
    if kind == "int64s":
        span = hi - lo + 1
        raw = splitmix64_array(seed, count)
        return [lo + int(v) % span for v in raw]
    rng = SplitMix64(seed)
    if kind == "doubles":
        return [lo + rng.next() / 2**64 * (hi - lo) for _ in range(count)]
    strlen = int(spec.get("string_length", 16))
    if kind == "strings":
        return [_string(rng, strlen) for _ in range(count)]
    if kind == "records":
        span = hi - lo + 1
        return [
            {
                "id": i,
                "value": lo + rng.next() / 2**64 * (hi - lo),
                "name": _string(rng, strlen),
                "tags": [lo + rng.next() % span for _ in range(4)],
            }
            for i in range(count)
        ]
    raise ValueError(f"unknown payload kind {kind!r}; expected int64s, doubles, strings or records")


def _string(rng: SplitMix64, length: int) -> str:
    return "".join(chr(97 + rng.next() % 26) for _ in range(length))


@dataclass(frozen=True)
class Request:
    """A serialized request: the gRPC method and body bytes, or the REST call (the JSON-RPC
    and GraphQL bodies are made from the REST body: :func:`jsonrpc_body`, :func:`graphql_request_body`)."""

    grpc_method: str  # "/bancada.v1.Bench/Select"
    grpc_body: bytes
    http_method: str  # "GET" | "POST"
    http_path: str  # "/v1/select"
    http_body: bytes
    #: REST headers; None: the contract's (Content-Type: application/json with a body)
    http_headers: tuple[tuple[str, str], ...] | None = None
    #: the job's operation ("select", "power_of_two"...); "" for a custom request
    operation: str = ""


#: The six methods of seed 002: job operation -> (rpc name, REST path).
SEED_002_METHODS = {
    "void": ("Void", "/v1/void"),
    "double": ("Double", "/v1/double"),
    "sum": ("Sum", "/v1/sum"),
    "power_of_two": ("PowerOfTwo", "/v1/power-of-two"),
    "recolor": ("Recolor", "/v1/recolor"),
    "matmul": ("MatMul", "/v1/matmul"),
}
#: The car of Recolor's payload (its extras are the payload's strings) and the new colour.
RECOLOR_CAR = {"brand": "Fiat", "model": "Uno", "year": 1994, "colour": "red", "price": 8999.9}
RECOLOR_COLOUR = "blue"


def method_body(operation: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The REST body (= JSON-RPC params) of one of the six methods of seed 002 from a payload spec:

    - ``void``: ``{}``;
    - ``double``: ``{"value": v}``, v the first int64 of the spec (``min + next() mod (max-min+1)``);
    - ``sum``: ``{"values": [count int64s]}`` (the study sends 8: ``count = 8``);
    - ``power_of_two``: ``{"text": <one string of string_length letters>}``;
    - ``recolor``: :data:`RECOLOR_CAR` with ``extras`` = ``count`` strings, and ``"colour": "blue"``;
    - ``matmul``: ``a`` then ``b``, each ``order``^2 doubles in row-major order, from one stream
      (``2 * order^2`` doubles drawn as ``doubles``).

    Raises:
        ValueError: an unknown operation.
    """
    draw = {**spec, "kind": "int64s"}
    if operation == "void":
        return {}
    if operation == "double":
        return {"value": generate_values({**draw, "count": 1})[0]}
    if operation == "sum":
        return {"values": generate_values(draw)}
    if operation == "power_of_two":
        return {"text": _string(SplitMix64(int(spec.get("seed", 1))), int(spec.get("string_length", 16)))}
    if operation == "recolor":
        extras = generate_values({**spec, "kind": "strings"})
        return {"car": {**RECOLOR_CAR, "extras": extras}, "colour": RECOLOR_COLOUR}
    if operation == "matmul":
        order = int(spec.get("order", 8))
        values = generate_values({**spec, "kind": "doubles", "count": 2 * order * order})
        square = order * order
        return {"a": {"order": order, "values": values[:square]}, "b": {"order": order, "values": values[square:]}}
    raise ValueError(f"unknown method {operation!r}; expected {', '.join(SEED_002_METHODS)}")


def _method_request(operation: str, spec: dict[str, Any]) -> Request:
    from google.protobuf import json_format

    rpc, path = SEED_002_METHODS[operation]
    body = method_body(operation, spec)
    msg = json_format.ParseDict(body, getattr(bench_pb2, f"{rpc}Request")())
    text = json.dumps(body, separators=(",", ":")).encode()
    return Request(f"/bancada.v1.Bench/{rpc}", msg.SerializeToString(), "POST", path, text, operation=operation)


def jsonrpc_body(request: Request, request_id: int = 1) -> bytes:
    """The JSON-RPC 2.0 call of ``request``: its rpc name as the method, its REST body as params by name."""
    method = request.grpc_method.rsplit("/", 1)[-1]
    head = b'{"jsonrpc":"2.0","id":%d,"method":"%s"' % (request_id, method.encode())
    return head + (b',"params":' + request.http_body if request.http_body else b"") + b"}"


def graphql_request_body(request: Request) -> bytes:
    """The GraphQL-over-HTTP body of ``request`` (bancada.wire.graphql_mapping's document and variables).

    Raises:
        ValueError: a request without a contract operation (custom).
    """
    from bancada.wire.graphql_mapping import graphql_body

    if not request.operation:
        raise ValueError("a custom request has no GraphQL document")
    body = json.loads(request.http_body) if request.http_body else None
    return json.dumps(graphql_body(request.operation, body), separators=(",", ":")).encode()


def build_request(operation: str, spec: dict[str, Any] | None) -> Request:
    """Serialize one request for both protocols.

    Raises:
        ValueError: unknown operation or payload kind.
    """
    spec = spec or {}
    if operation == "ping":
        return Request("/bancada.v1.Bench/Ping", b"", "GET", "/v1/ping", b"", operation="ping")
    if operation == "info":
        return Request("/bancada.v1.Bench/Info", b"", "GET", "/v1/info", b"", operation="info")
    if operation in SEED_002_METHODS:
        return _method_request(operation, spec)
    values = generate_values(spec)
    if operation == "select":
        k = int(spec.get("k", 3))
        msg = bench_pb2.SelectRequest(values=values, k=k)
        body: dict[str, Any] = {"values": values, "k": k}
        if spec.get("select_seed") is not None:
            msg.seed = int(spec["select_seed"])
            body["seed"] = int(spec["select_seed"])
        return Request(
            "/bancada.v1.Bench/Select",
            msg.SerializeToString(),
            "POST",
            "/v1/select",
            json.dumps(body, separators=(",", ":")).encode(),
            operation="select",
        )
    if operation == "echo":
        kind = spec.get("kind", "int64s")
        echo = bool(spec.get("echo", False))
        msg = bench_pb2.EchoRequest(echo=echo)
        if kind == "records":
            msg.records.values.extend(bench_pb2.Record(**r) for r in values)
        else:
            getattr(msg, kind).values.extend(values)
        return Request(
            "/bancada.v1.Bench/Echo",
            msg.SerializeToString(),
            "POST",
            "/v1/echo",
            json.dumps({kind: values, "echo": echo}, separators=(",", ":")).encode(),
            operation="echo",
        )
    expected = ", ".join(["ping", "select", "echo", "info", *SEED_002_METHODS])
    raise ValueError(f"unknown operation {operation!r}; expected {expected}")


def custom_rest_request(request: dict[str, Any]) -> Request:
    """The :class:`Request` of a custom REST treatment from the job's ``request`` object
    (``method``, ``path``, ``headers``, ``body_base64``; docs/driver-protocol.md).

    Raises:
        ValueError: the object lacks method or path, or its body is not base64.
    """
    import base64
    import binascii

    try:
        body = base64.b64decode(request.get("body_base64", ""), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("request.body_base64 is not base64") from None
    method, path = request.get("method"), request.get("path")
    if not method or not path:
        raise ValueError("a custom REST request needs method and path")
    headers = tuple(sorted((str(k), str(v)) for k, v in (request.get("headers") or {}).items()))
    return Request("", b"", str(method), str(path), body, headers)


def payload_bytes(request: Request, protocol: str) -> int:
    """Bytes of the request body on the wire for ``protocol`` (grpc | rest | jsonrpc | graphql)."""
    if protocol == "jsonrpc":
        return len(jsonrpc_body(request))
    if protocol == "graphql":
        return len(graphql_request_body(request))
    return len(request.grpc_body if protocol == "grpc" else request.http_body)
