"""The size of one answer per REST treatment, for the siege and ab tables' byte fields.

Bancada's samples do not carry the bytes of each response; siege's "Data transferred" and ab's
"Transfer rate" need them. Before the measured blocks of a load run, the runner sends each REST
treatment's request once (:func:`response_bytes`) and stores the size of the answer: the status
line and headers as received, and the body. Every response of that treatment is then taken to
be that size (exact for a fixed answer such as seed 003's ``GET /json``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import requests

from bancada.wire.payload import build_request

if TYPE_CHECKING:
    from bancada.experiment.plan import Treatment
    from bancada.experiment.profile import Workload

PROBE_TIMEOUT_S = 10.0


def answer_bytes(response: requests.Response) -> list[int]:
    """``[head, body]`` bytes of an HTTP/1.1 answer as sent: the status line, headers and blank
    line; the body."""
    head = f"HTTP/1.1 {response.status_code} {response.reason}\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in response.raw.headers.items()) + "\r\n"
    return [len(head.encode("latin-1", "replace")), len(response.content)]


def _request_of(workload: Workload) -> tuple[str, str, bytes] | None:
    """``(method, path, body)`` of a workload's REST request; None when it cannot be sent here
    (a custom request with a body template or file: the driver renders those)."""
    if workload.operation == "custom":
        if not workload.path or workload.body or getattr(workload, "body_file", None):
            return None
        return (workload.method or "GET").upper(), workload.path, b""
    req = build_request(workload.operation, workload.payload_spec())
    return req.http_method, req.http_path, req.http_body


def response_bytes(treatments: Iterable[Treatment], targets: dict[str, str]) -> dict[str, list[int]]:
    """``{treatment id (as text): [head bytes, body bytes] of one answer}`` for the REST
    treatments that answer.

    ``treatments`` are the plan's; ``targets`` maps implementation ids to ``host:port``.
    A treatment whose request fails or cannot be sent here is left out (its byte fields stay
    empty); nothing is raised.
    """
    sizes: dict[str, list[int]] = {}
    with requests.Session() as session:
        for t in treatments:
            target = targets.get(t.implementation.id)
            if target is None or t.implementation.protocol != "rest":
                continue
            try:
                call = _request_of(t.workload)
            except ValueError:
                continue
            if call is None:
                continue
            method, path, body = call
            headers = {"Content-Type": "application/json"} if body else {}
            try:
                r = session.request(
                    method, f"http://{target}{path}", data=body or None, headers=headers, timeout=PROBE_TIMEOUT_S
                )
            except requests.RequestException:
                continue
            sizes[str(t.id)] = answer_bytes(r)
    return sizes
