"""The six methods of the RPC study (seed 002) as bench.proto defines them, on plain
Python values, shared by every protocol; and their JSON request types (msgspec structs),
shared by REST and JSON-RPC.

Each method takes its decoded request and returns the answer as the REST/JSON-RPC
object (``{"value": 42}``...); what the contract rejects raises
:class:`~bancada_worker.errors.InvalidArgument`. Vectors: proto/bancada/v1/method_vectors.json.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import msgspec
from msgspec import Meta, Struct

from bancada_worker.contract import INT64_MAX, INT64_MIN, UINT32_MAX
from bancada_worker.errors import InvalidArgument

Int64 = Annotated[int, Meta(ge=INT64_MIN, le=INT64_MAX)]
Int32 = Annotated[int, Meta(ge=-(1 << 31), le=(1 << 31) - 1)]
Uint32 = Annotated[int, Meta(ge=0, le=UINT32_MAX)]
CAR_FIELDS = ("brand", "model", "year", "colour", "price", "extras")


def double(value: int) -> int:
    """``value * 2``; a product outside int64 raises InvalidArgument (never wraps)."""
    product = value * 2
    if not INT64_MIN <= product <= INT64_MAX:
        raise InvalidArgument(f"double of {value} is outside int64")
    return product


def sum_values(values: list[int]) -> int:
    """The exact (mathematical) sum; a total outside int64 raises InvalidArgument."""
    total = sum(values)
    if not INT64_MIN <= total <= INT64_MAX:
        raise InvalidArgument(f"the sum {total} is outside int64")
    return total


def power_of_two(text: str) -> str:
    """The smallest power of two >= len(text) in code points, in decimal (n = 0 -> "1")."""
    n = len(text)  # a Python str is a sequence of code points
    return str(1 if n <= 1 else 1 << (n - 1).bit_length())


def recolor(car: dict | None, colour: str) -> dict:
    """The same car (every field of bench.proto's Car) with ``colour``.

    Raises:
        InvalidArgument: no car, or an empty colour.
    """
    if car is None:
        raise InvalidArgument("recolor needs a car")
    if not colour:
        raise InvalidArgument("the new colour is empty")
    return {**car, "colour": colour}


def _check_matrix(name: str, order: int, values: list[float]) -> None:
    if order < 1:
        raise InvalidArgument(f"{name}: order must be at least 1, got {order}")
    if len(values) != order * order:
        raise InvalidArgument(f"{name}: order {order} needs {order * order} values, got {len(values)}")


def matmul(a: tuple[int, list[float]] | None, b: tuple[int, list[float]] | None) -> tuple[int, list[float]]:
    """The product a x b of two square row-major matrices ``(order, values)``, each entry
    summed from 0.0 in k order, each product rounded before the addition (bench.proto).

    Raises:
        InvalidArgument: a or b missing, an order of 0, len(values) != order^2, unequal orders.
    """
    if a is None or b is None:
        raise InvalidArgument(f"{'a' if a is None else 'b'} is missing")
    (n, av), (m, bv) = a, b
    _check_matrix("a", n, av)
    _check_matrix("b", m, bv)
    if n != m:
        raise InvalidArgument(f"a is {n}x{n}, b is {m}x{m}: orders differ")
    columns = [bv[j::n] for j in range(n)]
    product = []
    for i in range(n):
        row = av[i * n : (i + 1) * n]
        for column in columns:
            p = 0.0
            for x, y in zip(row, column):
                p = p + x * y  # Python floats: IEEE double, no fused multiply-add
            product.append(p)
    return n, product


# --- JSON requests (REST bodies, JSON-RPC params): missing fields take proto3 defaults ---------


class VoidRequest(Struct):
    pass


class DoubleRequest(Struct):
    value: Int64 = 0


class SumRequest(Struct):
    values: list[Int64] = []


class PowerOfTwoRequest(Struct):
    text: str = ""


class Car(Struct):
    brand: str = ""
    model: str = ""
    year: Int32 = 0
    colour: str = ""
    price: float = 0.0
    extras: list[str] = []


class RecolorRequest(Struct):
    car: Optional[Car] = None
    colour: str = ""


class Matrix(Struct):
    order: Uint32 = 0
    values: list[float] = []


class MatMulRequest(Struct):
    a: Optional[Matrix] = None
    b: Optional[Matrix] = None


def _car(car: Car | None) -> dict | None:
    return None if car is None else {f: getattr(car, f) for f in CAR_FIELDS}


def _matrix(m: Matrix | None) -> tuple[int, list[float]] | None:
    return None if m is None else (m.order, m.values)


def _matmul_answer(req: MatMulRequest) -> dict:
    order, values = matmul(_matrix(req.a), _matrix(req.b))
    return {"product": {"order": order, "values": values}}


#: operation name (the rpc name) -> (REST path, request struct, answer from the decoded request)
JSON_METHODS: dict[str, tuple[str, type[Struct], Any]] = {
    "Void": ("/v1/void", VoidRequest, lambda req: {}),
    "Double": ("/v1/double", DoubleRequest, lambda req: {"value": double(req.value)}),
    "Sum": ("/v1/sum", SumRequest, lambda req: {"sum": sum_values(req.values)}),
    "PowerOfTwo": ("/v1/power-of-two", PowerOfTwoRequest, lambda req: {"power": power_of_two(req.text)}),
    "Recolor": ("/v1/recolor", RecolorRequest, lambda req: {"car": recolor(_car(req.car), req.colour)}),
    "MatMul": ("/v1/matmul", MatMulRequest, _matmul_answer),
}
_DECODERS = {name: msgspec.json.Decoder(struct) for name, (_, struct, _) in JSON_METHODS.items()}


def answer_json(name: str, body: bytes) -> dict:
    """Decode a REST body of method ``name`` and answer it (an empty body is ``{}``).

    Raises:
        msgspec.DecodeError, msgspec.ValidationError: malformed JSON or wrong types.
        InvalidArgument: what the contract rejects.
    """
    _, struct, run = JSON_METHODS[name]
    return run(_DECODERS[name].decode(body) if body and not body.isspace() else struct())


def answer_params(name: str, params: dict) -> dict:
    """Answer JSON-RPC params (an object already parsed) of method ``name``; errors as answer_json."""
    _, struct, run = JSON_METHODS[name]
    return run(msgspec.convert(params, struct))
