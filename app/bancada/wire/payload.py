"""Request payloads, generated and serialized once, before any timing.

Values come from SplitMix64(seed) (``select_pick.SplitMix64``) so a payload is
the same in every driver and every run with the same spec:

- ``int64s``: uniform integers in [min, max] (``min + next() mod (max-min+1)``);
- ``doubles``: ``min + next()/2**64 * (max - min)``;
- ``strings``: ``string_length`` lowercase letters (``'a' + next() mod 26``);
- ``records``: ``{"id": i, "value": <double>, "name": <string>, "tags": [4 int64s]}``.

The six methods of the RPC study (seed 002) draw from the same rules
(:func:`method_body`): ``double`` one int64; ``sum`` ``count`` int64s;
``power_of_two`` one string of ``string_length`` letters; ``recolor`` a fixed
car whose ``extras`` are ``count`` strings; ``matmul`` two matrices of order
``order``, the ``order``² doubles of ``a`` drawn before those of ``b``.

The spec is the ``payload`` object of a driver job (docs/driver-protocol.md).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np

from bancada.wire import bench_pb2, db_requests
from bancada.wire.request import Request
from bancada.wire.select_pick import SplitMix64

if TYPE_CHECKING:
    from google.protobuf.message import Message

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


def build_request(operation: str, spec: dict[str, Any] | None) -> Request:
    """Serialize one request for both protocols.

    Raises:
        ValueError: unknown operation or payload kind.
    """
    spec = spec or {}
    if operation in db_requests.DB_METHODS:
        return build_db_request(operation, spec, 0)
    if operation == "ping":
        return Request("/bancada.v1.Bench/Ping", b"", "GET", "/v1/ping", b"")
    if operation == "info":
        return Request("/bancada.v1.Bench/Info", b"", "GET", "/v1/info", b"")
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
        )
    if operation in METHODS:
        body = method_body(operation, spec)
        path, rpc = METHODS[operation]
        return Request(
            f"/bancada.v1.Bench/{rpc}",
            _method_message(rpc, body).SerializeToString(),
            "POST",
            path,
            json.dumps(body, separators=(",", ":")).encode(),
        )
    raise ValueError(f"unknown operation {operation!r}; expected ping, select, echo, info, {', '.join(METHODS)}")


def build_db_request(operation: str, spec: dict[str, Any], seq: int) -> Request:
    """The request ``seq`` of a database method (a create's record depends on ``seq``).

    Raises:
        ValueError: a list without a limit in 1..1000.
    """
    params = db_requests.db_params(operation, spec, seq)
    method, path, body = db_requests.rest_route(operation, params)
    grpc_body = db_requests.db_message(operation, params).SerializeToString()
    rpc = db_requests.DB_METHODS[operation][0]
    return Request(f"/bancada.v1.Bench/{rpc}", grpc_body, method, path, body, None, operation, params)


#: The six methods of the RPC study (seed 002): job operation -> (REST path, rpc name).
METHODS = {
    "void": ("/v1/void", "Void"),
    "double": ("/v1/double", "Double"),
    "sum": ("/v1/sum", "Sum"),
    "power_of_two": ("/v1/power-of-two", "PowerOfTwo"),
    "recolor": ("/v1/recolor", "Recolor"),
    "matmul": ("/v1/matmul", "MatMul"),
}

#: Recolor's car (its ``extras`` are drawn) and the new colour.
RECOLOR_CAR = {"brand": "Fiat", "model": "Uno", "year": 1994, "colour": "red", "price": 8999.9}
RECOLOR_COLOUR = "blue"

#: Defaults of the six methods' payload parameters (docs/driver-protocol.md).
DEFAULT_SUM_COUNT = 8
DEFAULT_RECOLOR_EXTRAS = 2
DEFAULT_MATMUL_ORDER = 4


def method_body(operation: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The REST body (= the parameters an envelope wraps) of one of the six methods, drawn from ``spec``.

    Shapes: void ``{}``; double ``{"value"}``; sum ``{"values": [count]}``; power_of_two
    ``{"text"}``; recolor ``{"car", "colour"}``; matmul ``{"a", "b"}`` of ``order``.
    """
    lo, hi = int(spec.get("min", 0)), int(spec.get("max", 1000))
    seed = int(spec.get("seed", 1))
    strlen = int(spec.get("string_length", 16))
    if operation == "void":
        return {}
    if operation == "double":
        return {"value": generate_values({"kind": "int64s", "count": 1, "min": lo, "max": hi, "seed": seed})[0]}
    if operation == "sum":
        count = int(spec.get("count", DEFAULT_SUM_COUNT))
        return {"values": generate_values({"kind": "int64s", "count": count, "min": lo, "max": hi, "seed": seed})}
    rng = SplitMix64(seed)
    if operation == "power_of_two":
        return {"text": _string(rng, strlen)}
    if operation == "recolor":
        count = int(spec.get("count", DEFAULT_RECOLOR_EXTRAS))
        car = dict(RECOLOR_CAR, extras=[_string(rng, strlen) for _ in range(count)])
        return {"car": car, "colour": RECOLOR_COLOUR}
    if operation == "matmul":
        order = int(spec.get("order", DEFAULT_MATMUL_ORDER))
        a = [lo + rng.next() / 2**64 * (hi - lo) for _ in range(order * order)]
        b = [lo + rng.next() / 2**64 * (hi - lo) for _ in range(order * order)]
        return {"a": {"order": order, "values": a}, "b": {"order": order, "values": b}}
    raise ValueError(f"{operation!r} is not one of the six methods ({', '.join(METHODS)})")


def _method_message(rpc: str, body: dict[str, Any]) -> Message:
    """The protobuf request of method ``rpc`` holding the REST ``body``."""
    message: Message  # bench_pb2 is generated without stubs: its classes are Any to mypy
    if rpc == "Recolor":
        message = bench_pb2.RecolorRequest(car=bench_pb2.Car(**body["car"]), colour=body["colour"])
    elif rpc == "MatMul":
        message = bench_pb2.MatMulRequest(a=bench_pb2.Matrix(**body["a"]), b=bench_pb2.Matrix(**body["b"]))
    else:
        message = getattr(bench_pb2, f"{rpc}Request")(**body)
    return message


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


def payload_bytes(request: Request, protocol: str, operation: str = "") -> int:
    """Bytes of the request body on the wire for ``protocol`` (a name in :mod:`bancada.wire.protocols`).

    A protocol that wraps the REST body in an envelope counts the envelope; a request the protocol
    has no form for (a custom request in an envelope), or an unknown protocol, gives -1. ``operation``
    (the job operation) is implied by ``request`` and kept for callers that pass it.
    """
    from bancada.wire import protocols

    found = protocols.find(protocol)
    return found.body_bytes(request) if found is not None else -1
