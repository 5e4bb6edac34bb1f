"""The two errors of the contract that every layer raises: the bottom of the worker's imports
(it imports nothing of the worker), so the request checks, the database and the servers can
all raise them without importing each other. Each protocol's module turns them into its own
error answer (its status or error code)."""


class InvalidArgument(ValueError):
    """A request the contract rejects: gRPC INVALID_ARGUMENT, HTTP 400."""


class Unavailable(Exception):
    """The database methods cannot answer: no database configured, or it failed (one line).
    HTTP 503 on REST, gRPC UNAVAILABLE; each protocol's module gives its own form."""
