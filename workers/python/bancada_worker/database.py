"""The database methods of seed 001 through SQLAlchemy's ORM (2.x, asyncio extension) on
psycopg 3: one implementation shared by gRPC, REST, JSON-RPC and GraphQL.

The tables ``pets`` and ``people`` exist already (Bancada creates and seeds them,
app/bancada/store/pet_person_sql.py); the declarative models below only map them, and the
worker never creates or alters a table (no ``create_all``). The database is named by the
environment variable ``BANCADA_DATABASE_URL``, a libpq URI (``postgresql://user[:password]@
host:port/dbname``), turned into SQLAlchemy's ``postgresql+psycopg://`` (the same user,
password, host, port, database and query parameters). The pool holds at most
``--db-pool-size`` connections (no overflow); ``pool_pre_ping`` tests a connection as it
leaves the pool (one empty statement), so after the database restarts the next request
reconnects instead of failing on a dead connection.

Errors: a request the contract rejects raises :class:`~bancada_worker.contract.InvalidArgument`
before anything reaches the database; no database configured, or any failure of the
database or the pool, raises :class:`~bancada_worker.contract.Unavailable` with a one-line
reason. Answers are the JSON objects of REST (times as RFC 3339 UTC strings, ``deleted_at``
None for a live row).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from typing import Any

import psycopg
import sqlalchemy.exc
from sqlalchemy import BigInteger, DateTime, Integer, Text, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bancada_worker import pet_person
from bancada_worker.contract import Unavailable

ENV_VAR = "BANCADA_DATABASE_URL"
DEFAULT_POOL_SIZE = 10
CONNECT_TIMEOUT_S = 5  # libpq's connect_timeout when the URI does not set one (libpq's own default: forever)
NO_DATABASE = f"no database: the worker was started without {ENV_VAR}"
_BACKGROUND = re.compile(r"\s*\(Background on this error at: [^)]*\)")


class DatabaseConfigError(Exception):
    """BANCADA_DATABASE_URL is not a PostgreSQL URI, or its database cannot be reached at start (one line)."""


class Base(DeclarativeBase):
    pass


class PetRow(Base):
    """A row of ``pets`` (id from the table's identity sequence)."""

    __tablename__ = "pets"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    name: Mapped[str] = mapped_column(Text)
    age: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(Text)


class PersonRow(Base):
    """A row of ``people``."""

    __tablename__ = "people"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    first_name: Mapped[str] = mapped_column(Text)
    last_name: Mapped[str] = mapped_column(Text)
    email: Mapped[str] = mapped_column(Text)
    age: Mapped[int] = mapped_column(Integer)
    phone: Mapped[str] = mapped_column(Text)
    gender: Mapped[str] = mapped_column(Text)
    biography: Mapped[str] = mapped_column(Text)


def _time(moment: datetime | None) -> str | None:
    return None if moment is None else pet_person.rfc3339(moment)


def pet_answer(row: PetRow) -> dict[str, Any]:
    """A pet as the contract's JSON object."""
    return {
        "id": row.id,
        "created_at": pet_person.rfc3339(row.created_at),
        "updated_at": pet_person.rfc3339(row.updated_at),
        "deleted_at": _time(row.deleted_at),
        "name": row.name,
        "age": row.age,
        "type": row.type,
    }


def person_answer(row: PersonRow) -> dict[str, Any]:
    """A person as the contract's JSON object."""
    return {
        "id": row.id,
        "created_at": pet_person.rfc3339(row.created_at),
        "updated_at": pet_person.rfc3339(row.updated_at),
        "deleted_at": _time(row.deleted_at),
        "first_name": row.first_name,
        "last_name": row.last_name,
        "email": row.email,
        "age": row.age,
        "phone": row.phone,
        "gender": row.gender,
        "biography": row.biography,
    }


def sqlalchemy_url(libpq_uri: str) -> URL:
    """The SQLAlchemy URL (``postgresql+psycopg://``) of a libpq URI (``postgresql://`` or ``postgres://``).

    Raises:
        DatabaseConfigError: not such a URI.
    """
    try:
        url = make_url(libpq_uri.strip())
    except sqlalchemy.exc.ArgumentError:
        raise DatabaseConfigError(
            f"{ENV_VAR} is not a PostgreSQL URI (expected postgresql://user[:password]@host:port/dbname)"
        ) from None
    if url.drivername not in ("postgresql", "postgres"):
        raise DatabaseConfigError(
            f"{ENV_VAR} has the scheme {url.drivername!r}; expected postgresql://user[:password]@host:port/dbname"
        )
    return url.set(drivername="postgresql+psycopg")


def describe(url: URL) -> str:
    """``database <name> on <host> port <port>`` of ``url``, never its password."""
    host = url.host or url.query.get("host") or "localhost"
    if isinstance(host, tuple):
        host = ",".join(host)
    return f"database {url.database or url.username or '?'} on {host} port {url.port or 5432}"


def one_line(exc: BaseException) -> str:
    """The reason of a database failure on one line: the driver's message (psycopg's,
    from libpq) when there is one, SQLAlchemy's otherwise, without its documentation link."""
    orig = getattr(exc, "orig", None)
    text = str(orig if isinstance(orig, BaseException) else exc)
    return " ".join(_BACKGROUND.sub("", text).split()) or type(exc).__name__


class Database:
    """The pool and the four operations. ``Database(None)`` answers every operation with
    Unavailable (the worker was started without BANCADA_DATABASE_URL).

    Args:
        libpq_uri: BANCADA_DATABASE_URL, or None.
        pool_size: the most connections the pool opens (--db-pool-size).

    Raises:
        DatabaseConfigError: ``libpq_uri`` is not a PostgreSQL URI.
    """

    def __init__(self, libpq_uri: str | None, pool_size: int = DEFAULT_POOL_SIZE) -> None:
        self.url = None if libpq_uri is None else sqlalchemy_url(libpq_uri)
        self.pool_size = pool_size
        self._engine: AsyncEngine | None = None
        self._sessions: async_sessionmaker[AsyncSession] | None = None

    @property
    def configured(self) -> bool:
        return self.url is not None

    async def open(self) -> None:
        """Create the engine and its pool, and check one connection (``SELECT 1``).

        Raises:
            DatabaseConfigError: the database cannot be reached, naming host, port and database.
        """
        if self.url is None:
            return
        connect_args = {} if "connect_timeout" in self.url.query else {"connect_timeout": CONNECT_TIMEOUT_S}
        self._engine = create_async_engine(
            self.url,
            pool_size=self.pool_size,
            max_overflow=0,
            pool_pre_ping=True,
            connect_args=connect_args,
        )
        self._sessions = async_sessionmaker(self._engine, expire_on_commit=False)
        try:
            async with self._engine.connect() as conn:
                await conn.exec_driver_sql("SELECT 1")
        except (sqlalchemy.exc.SQLAlchemyError, psycopg.Error, OSError) as exc:
            await self._engine.dispose()
            raise DatabaseConfigError(f"cannot connect to the {describe(self.url)}: {one_line(exc)}") from None

    async def close(self) -> None:
        """Close the pool's connections."""
        if self._engine is not None:
            await self._engine.dispose()

    @asynccontextmanager
    async def _session(self) -> AsyncIterator[AsyncSession]:
        """A session from the pool; database failures become Unavailable."""
        if self._sessions is None:
            raise Unavailable(NO_DATABASE if self.url is None else "the database pool is not open")
        try:
            async with self._sessions() as session:
                yield session
        except (sqlalchemy.exc.SQLAlchemyError, psycopg.Error, OSError) as exc:
            raise Unavailable(f"database unavailable: {one_line(exc)}") from None

    async def list_pets(self, limit: int) -> list[dict[str, Any]]:
        """The first ``limit`` (1..1000) pets not deleted, in id order.

        Raises:
            InvalidArgument: limit outside 1..1000.
            Unavailable: no database, or it failed.
        """
        pet_person.check_limit(limit)
        query = select(PetRow).where(PetRow.deleted_at.is_(None)).order_by(PetRow.id).limit(limit)
        async with self._session() as session:
            rows = (await session.scalars(query)).all()
        return [pet_answer(row) for row in rows]

    async def list_people(self, limit: int) -> list[dict[str, Any]]:
        """The first ``limit`` (1..1000) people not deleted, in id order; errors as :meth:`list_pets`."""
        pet_person.check_limit(limit)
        query = select(PersonRow).where(PersonRow.deleted_at.is_(None)).order_by(PersonRow.id).limit(limit)
        async with self._session() as session:
            rows = (await session.scalars(query)).all()
        return [person_answer(row) for row in rows]

    async def create_pet(self, name: str, age: int, type_: str) -> dict[str, Any]:
        """Insert a pet (created_at = updated_at = now, from this process's clock); the stored row with its id.

        Raises:
            InvalidArgument: name or type empty, age outside 0..200 (nothing written).
            Unavailable: no database, or it failed.
        """
        pet_person.check_pet(name, age, type_)
        now = datetime.now(timezone.utc)
        row = PetRow(created_at=now, updated_at=now, deleted_at=None, name=name, age=age, type=type_)
        async with self._session() as session:
            session.add(row)
            await session.commit()  # INSERT ... RETURNING id
        return pet_answer(row)

    async def create_person(self, fields: pet_person.CreatePersonRequest) -> dict[str, Any]:
        """Insert a person; the stored row with its id.

        Raises:
            InvalidArgument: a name empty, age outside 0..200, email not an address (nothing written).
            Unavailable: no database, or it failed.
        """
        pet_person.check_person(fields.first_name, fields.last_name, fields.email, fields.age)
        now = datetime.now(timezone.utc)
        row = PersonRow(
            created_at=now,
            updated_at=now,
            deleted_at=None,
            first_name=fields.first_name,
            last_name=fields.last_name,
            email=fields.email,
            age=fields.age,
            phone=fields.phone,
            gender=fields.gender,
            biography=fields.biography,
        )
        async with self._session() as session:
            session.add(row)
            await session.commit()
        return person_answer(row)
