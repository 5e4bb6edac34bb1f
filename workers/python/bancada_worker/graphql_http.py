"""What GraphQL over HTTP asks of a request before GraphQL runs (graphql.github.io/graphql-over-http,
draft after the legacy watershed of 2025-01-01): the response media type from Accept, the POST
Content-Type, the request parameters and their types, and the operation a GET would run.

No I/O here: :mod:`bancada_worker.graphql_app` answers with what these functions decide.
"""

from __future__ import annotations

import json
from typing import Any

from graphql import DocumentNode, OperationType, get_operation_ast

GRAPHQL_RESPONSE = "application/graphql-response+json"
JSON = "application/json"
_SUPPORTED = (GRAPHQL_RESPONSE, JSON)
_WILDCARD = (JSON, GRAPHQL_RESPONSE)  # in the order a wildcard picks them


def response_media(accept: str | None) -> str | None:
    """The media type to answer in, or None when ``accept`` accepts neither (406).

    The highest weight (``q``) wins, the first listed among equals; ``*/*`` and
    ``application/*`` stand for application/json first; ``q=0`` refuses. No (or an empty)
    Accept is application/json, as a client that predates application/graphql-response+json
    expects (the graphql-http audit's SHOULDs "assume application/json when Accept is missing"
    and "accept */* and use application/json")."""
    if accept is None or not accept.strip():
        return JSON
    best, best_q = None, 0.0
    for part in accept.split(","):
        media, *params = (field.strip() for field in part.split(";"))
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        media = media.lower()
        for candidate in _WILDCARD if media in ("*/*", "application/*") else (media,):
            if candidate in _SUPPORTED and q > best_q:
                best, best_q = candidate, q
    return best


def is_json_body(content_type: str | None) -> bool:
    """True for ``application/json`` with or without parameters (charset); a POST with no
    Content-Type or another one is refused with 415 (the spec: "SHOULD reject ... 4xx")."""
    return content_type is not None and content_type.split(";")[0].strip().lower() == JSON


def request_problem(data: Any) -> str | None:
    """Why ``data`` (a parsed JSON body, or the GET parameters) is not a GraphQL-over-HTTP
    request, or None: query a string; operationName a string; variables and extensions maps
    (null counts as absent)."""
    if not isinstance(data, dict):
        return "a GraphQL request is a JSON object"
    if not isinstance(data.get("query"), str):
        return 'a GraphQL request needs "query", a string'
    if not isinstance(data.get("operationName"), (str, type(None))):
        return '"operationName" must be a string'
    for name in ("variables", "extensions"):
        if not isinstance(data.get(name), (dict, type(None))):
            return f'"{name}" must be an object (a map)'
    return None


def get_parameters(params: dict[str, str]) -> dict[str, Any] | str:
    """The request of a GET's URL parameters (variables and extensions as JSON strings; an
    empty operationName is none), or a string saying why it is not one."""
    data: dict[str, Any] = {"query": params.get("query"), "operationName": params.get("operationName") or None}
    for name in ("variables", "extensions"):
        if name in params:
            try:
                data[name] = json.loads(params[name])
            except ValueError:
                return f'"{name}" must be a JSON object in the URL, got {params[name]!r}'
    return request_problem(data) or data


def is_mutation(document: DocumentNode, operation_name: str | None) -> bool:
    """True when ``document`` with ``operation_name`` selects a mutation (a GET refuses it
    with 405); an operation that cannot be determined is left to GraphQL's own error."""
    operation = get_operation_ast(document, operation_name)
    return operation is not None and operation.operation == OperationType.MUTATION
