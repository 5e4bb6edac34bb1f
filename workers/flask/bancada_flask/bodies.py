"""Decoding and checking the JSON bodies of Select and Echo (standard library only).

Integers must be JSON integers within int64 (``1.0``, ``1e3``, ``true`` or ``"1"`` are
refused); unknown keys are ignored, as in the Go, Python and Node.js workers.
"""

from __future__ import annotations

import json

from bancada_worker.contract import INT64_MAX, INT64_MIN, MASK64, UINT32_MAX
from bancada_worker.errors import InvalidArgument

ECHO_KINDS = ("int64s", "doubles", "strings", "records")


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def decode(body: bytes, what: str):
    """The JSON value of ``body``. Raises InvalidArgument naming ``what`` when it is not JSON."""
    try:
        return json.loads(body, parse_constant=_refuse_constant)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidArgument(f"malformed {what} request: {exc}") from None


def _is_int64(x) -> bool:
    return type(x) is int and INT64_MIN <= x <= INT64_MAX


def int64s(v, where: str) -> list:
    if not isinstance(v, list):
        raise InvalidArgument(f"{where} must be an array of int64")
    if v and not (all(type(x) is int for x in v) and INT64_MIN <= min(v) and max(v) <= INT64_MAX):
        bad = next(i for i, x in enumerate(v) if not _is_int64(x))
        raise InvalidArgument(f"{where}[{bad}] is not an int64: {v[bad]!r}")
    return v


def doubles(v, where: str) -> list:
    if not isinstance(v, list):
        raise InvalidArgument(f"{where} must be an array of numbers")
    out = []
    for i, x in enumerate(v):
        if type(x) not in (int, float):
            raise InvalidArgument(f"{where}[{i}] is not a number: {x!r}")
        out.append(float(x))
    return out


def strings(v, where: str) -> list:
    if not isinstance(v, list) or not all(type(x) is str for x in v):
        raise InvalidArgument(f"{where} must be an array of strings")
    return v


def records(v, where: str) -> list:
    if not isinstance(v, list):
        raise InvalidArgument(f"{where} must be an array of records")
    out = []
    for i, r in enumerate(v):
        at = f"{where}[{i}]"
        if not isinstance(r, dict):
            raise InvalidArgument(f"{at} is not a record object")
        rid, value, name, tags = r.get("id", 0), r.get("value", 0.0), r.get("name", ""), r.get("tags", [])
        if not _is_int64(rid):
            raise InvalidArgument(f"{at}.id is not an int64")
        if type(value) not in (int, float):
            raise InvalidArgument(f"{at}.value is not a number")
        if type(name) is not str:
            raise InvalidArgument(f"{at}.name is not a string")
        out.append({"id": rid, "value": float(value), "name": name, "tags": int64s(tags, f"{at}.tags")})
    return out


CHECKS = {"int64s": int64s, "doubles": doubles, "strings": strings, "records": records}


def select_request(body: bytes) -> tuple[list, int, int | None]:
    """``(values, k, seed)`` of a Select body. Raises InvalidArgument."""
    req = decode(body, "select")
    if not isinstance(req, dict):
        raise InvalidArgument("a select request is a JSON object")
    k = req.get("k") or 0
    if type(k) is not int or not 0 <= k <= UINT32_MAX:
        raise InvalidArgument(f"k must be an integer in 0..{UINT32_MAX}")
    seed = req.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MASK64):
        raise InvalidArgument("seed must be an integer in 0..2^64-1")
    return int64s(req.get("values") or [], "values"), k, seed


def echo_request(body: bytes) -> tuple[str, list, bool]:
    """``(kind, payload, echo)`` of an Echo body. Raises InvalidArgument."""
    req = decode(body, "echo")
    if not isinstance(req, dict):
        raise InvalidArgument("an echo request is a JSON object")
    present = [kind for kind in ECHO_KINDS if req.get(kind) is not None]
    if len(present) != 1:
        raise InvalidArgument('echo needs exactly one of "int64s", "doubles", "strings", "records" (a JSON array)')
    echo = req.get("echo", False)
    if type(echo) is not bool:
        raise InvalidArgument("echo must be true or false")
    kind = present[0]
    return kind, CHECKS[kind](req[kind], kind), echo
