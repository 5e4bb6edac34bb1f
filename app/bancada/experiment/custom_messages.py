"""The native driver's messages about custom requests, in the reader's language.

The Go driver writes its errors in English (``treatment 3 (my-grpc / Sum): gRPC method
calc.v1.Calculator/Somar: the server at 127.0.0.1:50051: service calc.v1.Calculator has no
method Somar (methods: Add, Multiply)``). :func:`driver_message` recognises the ones a custom
request can produce (drivers/native/internal/custom, run.Prepare) and says them again through
:func:`bancada.core.i18n.translate`; a message it does not know stays as the driver wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bancada.core.i18n import translate

_Rule = tuple[re.Pattern[str], Callable[[dict[str, str]], str]]


def _rules() -> list[_Rule]:
    """(pattern, its message in the current language from the named groups); ``rest`` is said again too."""
    r: list[tuple[str, Callable[[dict[str, str]], str]]] = [
        (
            r"treatment (?P<id>\d+) \((?P<impl>[^/]+?) / (?P<wl>[^)]+)\): (?P<rest>.+)",
            lambda g: translate("CustomRequest", "treatment {id} ({impl} / {wl}): {rest}").format(**g),
        ),
        (
            r"gRPC method (?P<m>\S+): (?P<rest>.+)",
            lambda g: translate("CustomRequest", "gRPC method {m}: {rest}").format(**g),
        ),
        (
            r"the server at (?P<t>\S+): service (?P<s>\S+) has no method (?P<m>\S+) \(methods: (?P<names>.*)\)",
            lambda g: translate(
                "CustomRequest", "the server at {t}: service {s} has no method {m} (methods: {names})"
            ).format(**g),
        ),
        (
            r"the protoset: service (?P<s>\S+) has no method (?P<m>\S+) \(methods: (?P<names>.*)\)",
            lambda g: translate(
                "CustomRequest", "the protoset: service {s} has no method {m} (methods: {names})"
            ).format(**g),
        ),
        (
            r"the server at (?P<t>\S+) has no service (?P<s>\S+) \(services: (?P<names>.*)\)",
            lambda g: translate("CustomRequest", "the server at {t} has no service {s} (services: {names})").format(
                **g
            ),
        ),
        (
            r"the protoset has no service (?P<s>\S+) \(services: (?P<names>.*)\)",
            lambda g: translate("CustomRequest", "the protoset has no service {s} (services: {names})").format(**g),
        ),
        (
            r"the server at (?P<t>\S+) has no service (?P<s>\S+) \(server reflection: (?P<why>.*)\)",
            lambda g: translate(
                "CustomRequest", "the server at {t} has no service {s} (server reflection: {why})"
            ).format(**g),
        ),
        (
            r"the server at (?P<t>\S+) does not offer server reflection; .*",
            lambda g: translate(
                "CustomRequest",
                "the server at {t} does not offer server reflection; name a .proto or protoset file "
                "in the workload (proto = ... or protoset = ...)",
            ).format(**g),
        ),
        (
            r"the server at (?P<t>\S+) did not answer server reflection within (?P<d>\S+)",
            lambda g: translate(
                "CustomRequest", "the server at {t} did not answer server reflection within {d}"
            ).format(**g),
        ),
        (
            r"server reflection on (?P<t>\S+) failed: (?P<why>.*)",
            lambda g: translate("CustomRequest", "server reflection on {t} failed: {why}").format(**g),
        ),
        (
            r"cannot connect to (?P<t>\S+) for server reflection: (?P<why>.*)",
            lambda g: translate("CustomRequest", "cannot connect to {t} for server reflection: {why}").format(**g),
        ),
        (
            r"is a streaming method; Bancada measures unary calls only",
            lambda g: translate("CustomRequest", "is a streaming method; Bancada measures unary calls only"),
        ),
        (
            r"the JSON request does not fit (?P<type>\S+): (?P<why>.*)",
            lambda g: translate("CustomRequest", "the JSON request does not fit {type}: {why}").format(**g),
        ),
        (
            r"cannot encode the (?P<type>\S+) request: (?P<why>.*)",
            lambda g: translate("CustomRequest", "cannot encode the {type} request: {why}").format(**g),
        ),
        (
            r"the protoset is not a FileDescriptorSet: (?P<why>.*)",
            lambda g: translate("CustomRequest", "the protoset is not a FileDescriptorSet: {why}").format(**g),
        ),
        (
            r"the descriptors do not link: (?P<why>.*)",
            lambda g: translate("CustomRequest", "the descriptors do not link: {why}").format(**g),
        ),
    ]
    return [(re.compile(p, re.DOTALL), f) for p, f in r]


_RULES = _rules()


def driver_message(text: str) -> str:
    """``text`` (one of the native driver's custom-request errors) in the current language.

    A message no rule knows is returned as it is.
    """
    for pattern, say in _RULES:
        m = pattern.fullmatch(text.strip())
        if m:
            groups = dict(m.groupdict())
            if "rest" in groups:
                groups["rest"] = driver_message(groups["rest"])
            return say(groups)
    return text
