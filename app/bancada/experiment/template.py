"""The body template language of custom workloads.

A custom request's ``body`` (REST) or ``request`` (gRPC, JSON) is a
template: text with placeholders in double braces, rendered **once, before
the run**, so every request of a treatment sends the same bytes, as the
contract operations do (payloads are built before the timed
region). Placeholders draw from one SplitMix64(``seed``) stream per template,
in the order they appear, with the formulas of ``bancada.wire.payload``:

``{{int64s COUNT MIN MAX}}``
    a JSON array of COUNT integers, ``MIN + next() mod (MAX-MIN+1)``. With the
    workload's seed, ``{"values":{{int64s 200 0 1000}},"k":3}`` is byte for
    byte the body of the contract's StdSize Select.
``{{doubles COUNT MIN MAX}}``
    a JSON array of COUNT doubles, ``MIN + next()/2^64 * (MAX-MIN)``.
``{{strings COUNT LENGTH}}``
    a JSON array of COUNT strings of LENGTH letters ``'a' + next() mod 26``.
``{{int MIN MAX}}``
    one integer, as one element of ``int64s``.

Spaces inside the braces are free (``{{ int 1 6 }}``). Text outside the
braces is copied as it is; a literal ``{{`` cannot be written in a template
(put such a body in ``body_file``, which is sent as it is).
"""

from __future__ import annotations

from bancada.core.i18n import translate

import json
import re

from bancada.wire.select_pick import SplitMix64

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

#: The functions of the template language and their arguments.
FUNCTIONS = {
    "int64s": ("COUNT", "MIN", "MAX"),
    "doubles": ("COUNT", "MIN", "MAX"),
    "strings": ("COUNT", "LENGTH"),
    "int": ("MIN", "MAX"),
}
MAX_COUNT = 16_777_216
_PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}", re.S)


class TemplateError(ValueError):
    """A template is malformed; the message says where and what is allowed."""


def _usage() -> str:
    return "; ".join(f"{{{{{name} {' '.join(args)}}}}}" for name, args in FUNCTIONS.items())


def _placeholder(m: re.Match[str]) -> tuple[str, list[float]]:
    """The function and numbers of one ``{{...}}`` match; TemplateError naming what is wrong and where."""
    words = m.group(1).split()
    where = f"{{{{{m.group(1)}}}}} (character {m.start() + 1})"
    if not words:
        raise TemplateError(
            translate("Template", "empty placeholder {where}; allowed: {v}").format(where=where, v=_usage())
        )
    name, args = words[0], words[1:]
    if name not in FUNCTIONS:
        raise TemplateError(
            translate("Template", "unknown function {name!r} in {where}; allowed: {v}").format(
                name=name, where=where, v=_usage()
            )
        )
    wanted = FUNCTIONS[name]
    if len(args) != len(wanted):
        raise TemplateError(
            translate("Template", "{name} takes {wanted} numbers ({names}), got {args} in {where}").format(
                name=name, wanted=len(wanted), names=" ".join(wanted), args=len(args), where=where
            )
        )
    numbers = _numbers(name, args, wanted, where)
    _check_ranges(name, numbers, where)
    return name, numbers


def _numbers(name: str, args: list[str], wanted: tuple[str, ...], where: str) -> list[float]:
    """The placeholder's arguments as numbers (floats for doubles' bounds, integers otherwise)."""
    numbers: list[float] = []
    for arg, role in zip(args, wanted):
        try:
            value = float(arg) if name == "doubles" and role != "COUNT" else int(arg)
        except ValueError:
            kind = "a number" if name == "doubles" and role != "COUNT" else "an integer"
            raise TemplateError(
                translate("Template", "{role} of {name} must be {kind}, got {arg!r} in {where}").format(
                    role=role, name=name, kind=kind, arg=arg, where=where
                )
            ) from None
        numbers.append(value)
    return numbers


def _check_ranges(name: str, numbers: list[float], where: str) -> None:
    """TemplateError if a COUNT, a LENGTH or MIN..MAX of the placeholder is out of range."""
    if name in ("int64s", "doubles", "strings") and not 0 <= numbers[0] <= MAX_COUNT:
        raise TemplateError(
            translate("Template", "COUNT of {name} must be in 0..{MAX_COUNT}, got {numbers:g} in {where}").format(
                name=name, MAX_COUNT=MAX_COUNT, numbers=numbers[0], where=where
            )
        )
    if name == "strings" and not 1 <= numbers[1] <= 4096:
        raise TemplateError(
            translate("Template", "LENGTH of strings must be in 1..4096, got {numbers:g} in {where}").format(
                numbers=numbers[1], where=where
            )
        )
    lo, hi = numbers[-2:] if name != "strings" else (0, 0)
    if hi < lo:
        raise TemplateError(
            translate("Template", "MAX ({hi:g}) must be >= MIN ({lo:g}) in {where}").format(hi=hi, lo=lo, where=where)
        )


def _parse(text: str) -> list[str | tuple[str, list[float], int]]:
    """Split ``text`` into literal parts and ``(function, numbers, position)`` placeholders."""
    parts: list[str | tuple[str, list[float], int]] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(text):
        parts.append(text[pos : m.start()])
        name, numbers = _placeholder(m)
        parts.append((name, numbers, m.end()))
        pos = m.end()
    rest = text[pos:]
    if "{{" in rest:
        at = pos + rest.index("{{") + 1
        raise TemplateError(
            translate("Template", "'{open}' at character {at} is not closed by '{close}'; allowed: {v}").format(
                open="{{", close="}}", at=at, v=_usage()
            )
        )
    parts.append(rest)
    return parts


def check_template(text: str) -> None:
    """Raise :class:`TemplateError` if ``text`` is not a valid template."""
    _parse(text)


def render_template(text: str, seed: int = 1) -> str:
    """Render ``text``, drawing every placeholder from one SplitMix64(``seed``) stream.

    Returns the rendered text (JSON arrays written compactly, ``[1,2,3]``).

    Raises:
        TemplateError: the template is malformed (one line: where, what is allowed).
    """
    from bancada.wire.payload import splitmix64_array  # numpy and the protobuf module: not at a profile's load

    parts = _parse(text)
    out: list[str] = []
    rng = SplitMix64(seed)
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        name, numbers, _ = part
        if name in ("int64s", "int"):
            count, lo, hi = (
                (int(numbers[0]), int(numbers[1]), int(numbers[2]))
                if name == "int64s"
                else (1, int(numbers[0]), int(numbers[1]))
            )
            raw = splitmix64_array(rng.state, count)  # the next `count` outputs of the stream
            rng.state = (rng.state + count * _GOLDEN) & _MASK64
            values = [lo + int(v) % (hi - lo + 1) for v in raw]
            out.append(json.dumps(values[0]) if name == "int" else json.dumps(values, separators=(",", ":")))
        elif name == "doubles":
            count, lo_f, hi_f = int(numbers[0]), numbers[1], numbers[2]
            out.append(
                json.dumps([lo_f + rng.next() / 2**64 * (hi_f - lo_f) for _ in range(count)], separators=(",", ":"))
            )
        else:
            count, length = int(numbers[0]), int(numbers[1])
            out.append(
                json.dumps(
                    ["".join(chr(97 + rng.next() % 26) for _ in range(length)) for _ in range(count)],
                    separators=(",", ":"),
                )
            )
    return "".join(out)
