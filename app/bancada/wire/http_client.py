"""The Python driver's client of every HTTP-based protocol (REST and the envelopes over it).

A protocol over HTTP gives :class:`HttpClient` its envelope (the contract's request -> its own
method, path and body), the headers it adds, how many ``"id":`` members its envelope writes in an
answer and how it finds an error inside a 2xx answer (:mod:`bancada.wire.protocols`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import requests

from bancada.wire.client import max_rows, rows_error
from bancada.wire.request import Request
from bancada.wire.server_timing import parse_server_timing


def _identity(request: Request) -> Request:
    return request


def _no_error(content: bytes) -> str:
    return ""


class HttpClient:
    """One treatment's client over HTTP/1.1 keep-alive (requests), the body built once, before timing.

    Args:
        target: ``host:port``.
        request: the contract's request (:func:`bancada.wire.payload.build_request`).
        timeout_s: a request's timeout (s).
        reuse: one connection for every call (keep-alive), else a new one per call.
        envelope: the protocol's request from the contract's (REST: itself).
        answer_error: the error a 2xx answer carries ("" for none), a native driver's kind first.
        headers: headers the protocol adds (e.g. ``Accept``).
        envelope_ids: the ``"id":`` members the envelope writes in an answer (not rows).

    Raises:
        ValueError: the envelope has no form for ``request`` (e.g. a custom request).
    """

    def __init__(
        self,
        target: str,
        request: Request,
        timeout_s: float,
        reuse: bool = True,
        *,
        envelope: Callable[[Request], Request] = _identity,
        answer_error: Callable[[bytes], str] = _no_error,
        headers: dict[str, str] | None = None,
        envelope_ids: int = 0,
    ) -> None:
        self._envelope = envelope
        self.answer_error = answer_error
        sent = envelope(request)
        self.url = f"http://{target}{sent.http_path}"
        self.method = sent.http_method
        self.body = sent.http_body or None
        if sent.http_headers is not None:  # a custom request: its own headers, as given
            self.headers = dict(sent.http_headers)
            if self.body is None and self.method in ("POST", "PUT", "PATCH"):
                self.body = b""  # Content-Length: 0
        else:
            self.headers = {"Content-Type": "application/json"} if self.body else {}
        self.headers.update(headers or {})
        self.timeout_s = timeout_s
        self.reuse = reuse
        self.session = requests.Session() if reuse else None
        if not reuse:
            self.headers = {**self.headers, "Connection": "close"}
        self.max_rows = max_rows(request)
        self.envelope_ids = envelope_ids
        self._answer = b""  # the last list answer, for rows_error

    def set_request(self, request: Request) -> None:
        """Send ``request``'s body from the next call on (same route; a create's next record)."""
        self.body = self._envelope(request).http_body or None

    def call(self) -> tuple[bool, int, str]:
        session = self.session or requests.Session()
        try:
            resp = session.request(self.method, self.url, data=self.body, headers=self.headers, timeout=self.timeout_s)
            content = resp.content  # the whole response is part of the latency
            srv = parse_server_timing(resp.headers.get("Server-Timing"))
            if not 200 <= resp.status_code < 300:
                return False, srv, f"http_{resp.status_code}: {resp.text[:200]}"
            error = self.answer_error(content)
            if not error and self.max_rows:
                self._answer = content
            return (False, srv, error) if error else (True, srv, "")
        except requests.Timeout as exc:
            return False, -1, f"timeout: {exc}"
        except requests.ConnectionError as exc:
            text = str(exc)
            low = text.lower()
            if "refused" in low:
                return False, -1, f"refused: {text[:200]}"
            if "reset" in low or "aborted" in low:
                return False, -1, f"reset: {text[:200]}"
            return False, -1, f"other: {text[:200]}"
        except requests.RequestException as exc:
            return False, -1, f"other: {exc}"[:220]
        finally:
            if self.session is None:
                session.close()

    def rows_error(self) -> str:
        """ "" when the last answer has at most ``max_rows`` rows, else the failure. Every row has one
        "id" member (a string cannot hold those bytes); an envelope's own are ``envelope_ids``."""
        rows = self._answer.count(b'"id":') - self.envelope_ids
        return rows_error(rows, self.max_rows) if rows > self.max_rows else ""

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


def http_info(
    protocol: str,
    target: str,
    path: str,
    timeout_s: float,
    *,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    pick: Callable[[Any], Any] = lambda answer: answer,
) -> dict[str, Any]:
    """The worker's ``Info`` fields over HTTP (``protocol`` names it in errors): ``GET path`` (``POST``
    with ``body``), the JSON answer passed through ``pick`` (an envelope's member holding the fields).

    Raises:
        HealthCheckError: no answer within ``timeout_s``, a non-2xx status or a malformed answer.
    """
    from bancada.wire.protocols import HealthCheckError

    try:
        if body is None:
            resp = requests.get(f"http://{target}{path}", headers=headers, timeout=timeout_s)
        else:
            resp = requests.post(f"http://{target}{path}", data=body, headers=headers, timeout=timeout_s)
        resp.raise_for_status()
        data = pick(resp.json())
    except (requests.RequestException, ValueError, AttributeError) as exc:
        raise HealthCheckError(f"{target} ({protocol}) did not answer Info: {exc}") from None
    if not isinstance(data, dict) or "implementation" not in data:
        raise HealthCheckError(f"{target}: Info answered {resp.text[:200]!r}")
    return data
