"""The database methods of seed 001 (bench.proto, "The database methods"): one implementation
shared by every protocol (bancada_worker.protocols).

:class:`Database` validates each request (:mod:`bancada_worker.pet_person`) and hands it to
the ORM (:mod:`bancada_worker.orm`: SQLAlchemy 2.x on psycopg 3), which is imported only
when the environment variable ``BANCADA_DATABASE_URL`` names a database. That variable is a
libpq URI (``postgresql://user[:password]@host:port/dbname``); the password never appears in
what the worker prints.

Errors: a request the contract rejects raises :class:`~bancada_worker.errors.InvalidArgument`
before anything reaches the database; no database configured, or a failure of the database
or the pool, raises :class:`~bancada_worker.errors.Unavailable` with a one-line reason.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

from bancada_worker.errors import Unavailable

if TYPE_CHECKING:
    from bancada_worker import pet_person
    from bancada_worker.orm import OrmStore


def _rules() -> ModuleType:
    """:mod:`bancada_worker.pet_person`, imported when a database method is first called: it needs
    msgspec, which the Flask worker (Debian's Python, sharing :mod:`bancada_worker.contract`) lacks."""
    from bancada_worker import pet_person

    return pet_person


ENV_VAR = "BANCADA_DATABASE_URL"
DEFAULT_POOL_SIZE = 10
NO_DATABASE = f"no database: the worker was started without {ENV_VAR}"
SCHEMES = ("postgresql", "postgres")
EXPECTED = "postgresql://user[:password]@host:port/dbname"


class DatabaseConfigError(Exception):
    """BANCADA_DATABASE_URL is not a PostgreSQL URI, or its database cannot be reached at start (one line)."""


def parse_uri(libpq_uri: str) -> str:
    """``database <name> on <host> port <port>`` of a libpq URI (never its password); libpq's
    defaults for what it leaves out (host localhost, port 5432, database named as the user).

    Raises:
        DatabaseConfigError: not a ``postgresql://`` or ``postgres://`` URI, or a port that is not a number.
    """
    parts = urlsplit(libpq_uri.strip())
    if parts.scheme not in SCHEMES:
        scheme = f"the scheme {parts.scheme!r}" if parts.scheme else "no scheme"
        raise DatabaseConfigError(f"{ENV_VAR} has {scheme}; expected a libpq URI {EXPECTED}")
    query = parse_qs(parts.query)
    try:
        port = parts.port or int(query.get("port", ["5432"])[0])
    except ValueError:
        raise DatabaseConfigError(f"{ENV_VAR} has a port that is not a number; expected {EXPECTED}") from None
    host = unquote(parts.hostname or "") or query.get("host", ["localhost"])[0]
    user = unquote(parts.username or "") or query.get("user", [""])[0]
    name = unquote(parts.path.lstrip("/")) or query.get("dbname", [user or "?"])[0]
    return f"database {name} on {host} port {port}"


class Database:
    """The four operations, validated, on the ORM's pool. ``Database(None)`` answers every
    one with Unavailable (the worker was started without BANCADA_DATABASE_URL).

    Args:
        libpq_uri: BANCADA_DATABASE_URL, or None.
        pool_size: the most connections the pool opens (--db-pool-size).
        application_name: the connections' name in PostgreSQL (pg_stat_activity).

    Raises:
        DatabaseConfigError: ``libpq_uri`` is not a PostgreSQL URI.
    """

    def __init__(
        self, libpq_uri: str | None, pool_size: int = DEFAULT_POOL_SIZE, application_name: str = "bancada-worker-python"
    ) -> None:
        self.uri = libpq_uri
        self.pool_size = pool_size
        self.application_name = application_name
        self.description = None if libpq_uri is None else parse_uri(libpq_uri)
        self._store: OrmStore | None = None

    async def open(self) -> None:
        """Create the ORM's engine and pool and check one connection; nothing without a URI.

        Raises:
            DatabaseConfigError: the database cannot be reached, naming host, port and database.
        """
        if self.uri is None:
            return
        from bancada_worker.orm import OrmStore

        store = None
        try:
            store = OrmStore(self.uri, self.pool_size, self.application_name)
            await store.check()
        except Unavailable as exc:
            if store is not None:
                await store.close()
            reason = str(exc).removeprefix("database unavailable: ")
            raise DatabaseConfigError(f"cannot connect to the {self.description}: {reason}") from None
        self._store = store

    async def close(self) -> None:
        """Close the pool's connections."""
        if self._store is not None:
            await self._store.close()

    def _orm(self) -> OrmStore:
        if self._store is None:
            raise Unavailable(NO_DATABASE if self.uri is None else "the database pool is not open")
        return self._store

    async def list_pets(self, limit: int) -> list[dict[str, Any]]:
        """The first ``limit`` (1..1000) pets not deleted, in id order (bench.proto's Pet as JSON).

        Raises:
            InvalidArgument: limit outside 1..1000.
            Unavailable: no database, or it failed.
        """
        _rules().check_limit(limit)
        return await self._orm().list_pets(limit)

    async def list_people(self, limit: int) -> list[dict[str, Any]]:
        """The first ``limit`` (1..1000) people not deleted, in id order; errors as :meth:`list_pets`."""
        _rules().check_limit(limit)
        return await self._orm().list_people(limit)

    async def create_pet(self, name: str, age: int, type_: str) -> dict[str, Any]:
        """Insert a pet; the stored row with its id.

        Raises:
            InvalidArgument: name or type empty after trimming, age outside 0..200 (nothing written).
            Unavailable: no database, or it failed.
        """
        _rules().check_pet(name, age, type_)
        return await self._orm().create_pet(name, age, type_)

    async def create_person(self, fields: pet_person.CreatePersonRequest) -> dict[str, Any]:
        """Insert a person; the stored row with its id.

        Raises:
            InvalidArgument: a name empty after trimming, age outside 0..200, email not an
                address (nothing written).
            Unavailable: no database, or it failed.
        """
        _rules().check_person(fields.first_name, fields.last_name, fields.email, fields.age)
        return await self._orm().create_person(fields)
