"""The ORM side of the database methods of seed 001: SQLAlchemy 2.x declarative models of
the existing tables ``pets`` and ``people``, an asyncio engine on psycopg 3, and the four
operations on validated input. Imported only when BANCADA_DATABASE_URL is set
(:class:`bancada_worker.database.Database`), so a worker without a database does not pay
for importing SQLAlchemy.

The tables exist already (Bancada creates and seeds them, app/bancada/store/pet_person_sql.py):
the models only map them, and the worker never creates or alters a table (no ``create_all``).
The libpq URI becomes SQLAlchemy's ``postgresql+psycopg://`` (the same user, password, host,
port, database and query parameters). The pool holds at most ``pool_size`` connections (no
overflow); ``pool_pre_ping`` tests a connection as it leaves the pool (one empty statement,
a round trip), so after the database restarts or drops connections the next request
reconnects instead of failing on a dead connection.

Errors: any failure of the database or the pool raises
:class:`~bancada_worker.errors.Unavailable` with a one-line reason. Answers are the JSON
objects of REST (times as RFC 3339 UTC strings, ``deleted_at`` None for a live row).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from typing import Any

import psycopg
import sqlalchemy.exc
from sqlalchemy import BigInteger, DateTime, Integer, Text, select, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bancada_worker import pet_person
from bancada_worker.errors import Unavailable

CONNECT_TIMEOUT_S = 5  # libpq's connect_timeout when the URI does not set one (libpq's own default: forever)
_BACKGROUND = re.compile(r"\s*\(Background on this error at: [^)]*\)")


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
    """The SQLAlchemy URL (``postgresql+psycopg://``) of a libpq URI already checked by
    :func:`bancada_worker.database.parse_uri` (``postgresql://`` or ``postgres://``)."""
    return make_url(libpq_uri.strip()).set(drivername="postgresql+psycopg")


def one_line(exc: BaseException) -> str:
    """The reason of a database failure on one line: the driver's message (psycopg's,
    from libpq) when there is one, SQLAlchemy's otherwise, without its documentation link."""
    orig = getattr(exc, "orig", None)
    message = str(orig if isinstance(orig, BaseException) else exc)
    return " ".join(_BACKGROUND.sub("", message).split()) or type(exc).__name__


class OrmStore:
    """The engine, its pool and the four operations on validated input.

    Args:
        libpq_uri: BANCADA_DATABASE_URL (checked by :func:`bancada_worker.database.parse_uri`).
        pool_size: the most connections the pool opens (--db-pool-size).
        application_name: what PostgreSQL shows for the connections (pg_stat_activity), unless the URI sets it.
    """

    def __init__(self, libpq_uri: str, pool_size: int, application_name: str = "bancada-worker-python") -> None:
        """Raises Unavailable: SQLAlchemy cannot read the URI."""
        try:
            self.url = sqlalchemy_url(libpq_uri)
        except sqlalchemy.exc.ArgumentError as exc:
            raise Unavailable(f"database unavailable: {one_line(exc)}") from None
        connect_args: dict[str, Any] = {"application_name": application_name, "connect_timeout": CONNECT_TIMEOUT_S}
        for name in list(connect_args):
            if name in self.url.query:  # the URI's own settings win
                del connect_args[name]
        self._engine: AsyncEngine = create_async_engine(
            self.url,
            pool_size=pool_size,
            max_overflow=0,
            pool_pre_ping=True,
            connect_args=connect_args,
        )
        self._sessions = async_sessionmaker(self._engine, expire_on_commit=False)

    async def check(self) -> None:
        """Check one connection of the pool (``SELECT 1``).

        Raises:
            Unavailable: it fails (the reason on one line).
        """
        async with self._session() as session:
            await session.execute(text("SELECT 1"))

    async def close(self) -> None:
        """Close the pool's connections."""
        await self._engine.dispose()

    @asynccontextmanager
    async def _session(self) -> AsyncIterator[AsyncSession]:
        """A session from the pool; database failures become Unavailable."""
        try:
            async with self._sessions() as session:
                yield session
        except (sqlalchemy.exc.SQLAlchemyError, psycopg.Error, OSError) as exc:
            raise Unavailable(f"database unavailable: {one_line(exc)}") from None

    async def list_pets(self, limit: int) -> list[dict[str, Any]]:
        """The first ``limit`` pets not deleted, in id order. Raises Unavailable."""
        query = select(PetRow).where(PetRow.deleted_at.is_(None)).order_by(PetRow.id).limit(limit)
        async with self._session() as session:
            rows = (await session.scalars(query)).all()
        return [pet_answer(row) for row in rows]

    async def list_people(self, limit: int) -> list[dict[str, Any]]:
        """The first ``limit`` people not deleted, in id order. Raises Unavailable."""
        query = select(PersonRow).where(PersonRow.deleted_at.is_(None)).order_by(PersonRow.id).limit(limit)
        async with self._session() as session:
            rows = (await session.scalars(query)).all()
        return [person_answer(row) for row in rows]

    async def create_pet(self, name: str, age: int, type_: str) -> dict[str, Any]:
        """Insert a pet (created_at = updated_at = now, this process's clock); the stored row
        with the id the table's identity gave it (INSERT ... RETURNING). Raises Unavailable."""
        now = datetime.now(timezone.utc)
        row = PetRow(created_at=now, updated_at=now, deleted_at=None, name=name, age=age, type=type_)
        async with self._session() as session:
            session.add(row)
            await session.commit()
        return pet_answer(row)

    async def create_person(self, fields: pet_person.CreatePersonRequest) -> dict[str, Any]:
        """Insert a person; the stored row with its id. Raises Unavailable."""
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
