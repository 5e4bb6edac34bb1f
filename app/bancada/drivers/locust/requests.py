"""A treatment's request as the locustfile sends it, built by Bancada's own payload and envelope
code (:mod:`bancada.wire`), so Locust sends the bytes the native and Python drivers send.

No Locust here: this runs in the app's environment and hands the locustfile plain JSON.
"""

from __future__ import annotations

import base64
from typing import Any

from bancada.core.i18n import translate
from bancada.drivers.job import JobError, JobTreatment
from bancada.drivers.locust import LOCUST_PROTOCOLS
from bancada.wire import protocols
from bancada.wire.operations import CREATE_OPERATIONS
from bancada.wire.payload import build_request, custom_rest_request
from bancada.wire.request import Request


def unsupported_reason(protocol: str, operation: str) -> str:
    """Why the locust driver cannot send ``operation`` over ``protocol`` ("" when it can)."""
    if protocol not in LOCUST_PROTOCOLS:
        return translate("Locust", "the locust driver speaks {protocols}, not {protocol}").format(
            protocols=", ".join(LOCUST_PROTOCOLS), protocol=protocol
        )
    if operation == "serial":
        return translate("Locust", "the locust driver does not send seed 004's serialization formats (serial)")
    if operation in CREATE_OPERATIONS:
        return translate(
            "Locust", "the locust driver does not send {operation} (a new record per request); use the native driver"
        ).format(operation=operation)
    if operation == "custom" and protocol != "rest":
        return translate(
            "Locust", "the locust driver sends custom REST requests only, not custom {protocol} methods"
        ).format(protocol=protocol)
    return ""


def treatment_request(t: JobTreatment) -> dict[str, Any]:
    """The locustfile's form of treatment ``t``: ``{id, protocol, target, method, url, headers, body}``.

    ``method``: the HTTP method, or the gRPC method path (``/bancada.v1.Bench/Select``); ``url``: the
    absolute URL (HTTP protocols); ``body``: the request bytes, base64.

    Raises:
        JobError: the driver cannot send the treatment (the message says why).
    """
    why = unsupported_reason(t.protocol, t.operation)
    if why:
        raise JobError(translate("Locust", "treatment {id}: {why}").format(id=t.id, why=why))
    request = custom_rest_request(t.request or {}) if t.operation == "custom" else build_request(t.operation, t.payload)
    protocol = protocols.get(t.protocol)
    if not protocol.http:
        return _entry(t, request.grpc_method, "", {}, request.grpc_body)
    request = protocol.envelope(request)
    headers = dict(request.http_headers) if request.http_headers is not None else {}
    if request.http_headers is None and request.http_body:
        headers["Content-Type"] = "application/json"
    headers.update(protocol.headers)
    return _entry(t, request.http_method, f"http://{t.target}{request.http_path}", headers, request.http_body)


def _entry(t: JobTreatment, method: str, url: str, headers: dict[str, str], body: bytes) -> dict[str, Any]:
    return {
        "id": t.id,
        "protocol": t.protocol,
        "target": t.target,
        "method": method,
        "url": url,
        "headers": headers,
        "body": base64.b64encode(body).decode("ascii"),
    }


__all__ = ["Request", "treatment_request", "unsupported_reason"]
