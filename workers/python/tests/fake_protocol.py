"""A protocol that is not Bancada's, for tests/test_protocols.py: an ASGI application that
answers every request with its protocol's name, added to the worker through the registry alone."""

from __future__ import annotations

from typing import Any

from bancada_worker.contract import Config

NAME = "plaintext"


def create_app(config: Config) -> Any:
    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        body = f"{NAME} {config.max_message_bytes}".encode()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": body})

    return app
