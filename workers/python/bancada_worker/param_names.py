"""The JSON-RPC params' names checked against the contract's request structs.

The REST worker ignores unknown JSON keys (as the Go and Node.js REST workers do), but a
JSON-RPC call with a param name its method does not define is invalid params (-32602,
workers/README.md), at every depth: ``Double {"nope": 1}``, ``Recolor`` with a car key
the contract's Car has not. The names come from the msgspec structs the params are
converted to (``msgspec.inspect``), so the check and the conversion never disagree.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec
from msgspec import inspect


@cache
def _type_info(struct: type) -> inspect.Type:
    return inspect.type_info(struct)


def unknown_names(params: Any, struct: type) -> list[str]:
    """The keys of ``params`` (parsed JSON) that ``struct`` does not define, nested ones as
    dotted paths (``car.wheels``); [] when every name is known. Values of the wrong type are
    left to msgspec.convert, which names them."""
    return _unknown(params, _type_info(struct), "")


def _unknown(value: Any, info: inspect.Type, path: str) -> list[str]:
    if isinstance(info, inspect.StructType) and isinstance(value, dict):
        return _unknown_fields(value, info, path)
    if isinstance(info, (inspect.ListType, inspect.SetType, inspect.VarTupleType)) and isinstance(value, list):
        return [name for item in value for name in _unknown(item, info.item_type, path)]
    if isinstance(info, inspect.UnionType):  # Optional[...]: the member that matches the value's shape
        member = _matching_member(value, info)
        if member is not None:
            return _unknown(value, member, path)
    return []


def _unknown_fields(value: dict[Any, Any], info: inspect.StructType, path: str) -> list[str]:
    """The keys of ``value`` the struct lacks, then the unknown names inside each known field."""
    fields = {f.encode_name: f.type for f in info.fields}
    found = [path + str(k) for k in value if k not in fields]
    for key, item in value.items():
        if key in fields:
            found += _unknown(item, fields[key], f"{path}{key}.")
    return found


def _matching_member(value: Any, info: inspect.UnionType) -> inspect.Type | None:
    """The first member of the union, not None, that is a struct exactly when ``value`` is a dict."""
    for member in info.types:
        if isinstance(member, inspect.StructType) == isinstance(value, dict) and not isinstance(
            member, inspect.NoneType
        ):
            return member
    return None


def check(params: dict[str, Any], struct: type, method: str) -> None:
    """Raise msgspec.ValidationError naming the unknown params of ``method``, if any."""
    unknown = unknown_names(params, struct)
    if unknown:
        raise msgspec.ValidationError(f"{method} has no param(s) {', '.join(unknown)}")
