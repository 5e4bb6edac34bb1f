"""The experiment's database: a profile's ``[database]`` table (seed 001, issue 16).

Schema (docs/database.md, "The profile's [database] table")::

    [database]
    server = "private"       # "private": Bancada starts PostgreSQL on `host`; "external": `url`
    host = "local"           # "local" or a saved SSH host's name; default: the workers' host
    seed = 1                 # the fake records' seed
    pets = 1000
    people = 1000
    pool_size = 10           # each database worker's --db-pool-size
    reset = "repetition"     # the seeded state before every repetition, or "never"
    url = "postgresql://bench@db.example:5432/bench"   # external only, without a password
    password_env = "BANCADA_DB_PASSWORD"               # or password_file = "path" (external only)

The password is read when the run starts (:meth:`DatabaseConfig.password`) and goes only into
the workers' environment; the profile keeps the variable's name or the file's path, never the
password. Errors are one line in Bancada's words (:class:`DatabaseConfigError`, translated).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Literal
from urllib.parse import quote, urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bancada.wire.operations import CREATE_OPERATIONS, LIST_OPERATIONS
from bancada.core.i18n import translate

#: The workload operations that read or write the database (seed 001's methods).
DATABASE_OPERATIONS: tuple[str, ...] = (*LIST_OPERATIONS, *CREATE_OPERATIONS)
#: The environment variable a worker reads the database's libpq URI from (workers/README.md).
DATABASE_URL_ENV = "BANCADA_DATABASE_URL"
#: The worker option giving its connection-pool size (workers/README.md).
POOL_SIZE_FLAG = "--db-pool-size"


class DatabaseConfigError(ValueError):
    """The ``[database]`` table cannot be used (one translated line: what is wrong, what was expected)."""


class DatabaseConfig(BaseModel):
    """A profile's ``[database]`` table, validated (see the module's docstring for the fields).

    ``host`` None means the workers' host. ``seed``, ``pets`` and ``people`` give the seeded
    records (:func:`bancada.experiment.pet_person.seed_records`); ``pool_size`` is each worker's
    connection-pool size (connections).
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    #: private: Bancada starts PostgreSQL on host; external: the server at url
    server: Literal["private", "external"] = "private"
    #: local or a saved SSH host's name (None: the workers' host)
    host: str | None = Field(default=None, min_length=1, max_length=255)
    #: seed of the fake records
    seed: int = Field(default=1, ge=0, lt=2**63)
    #: rows of the pets table
    pets: int = Field(default=1000, ge=0, le=10_000_000)
    #: rows of the people table
    people: int = Field(default=1000, ge=0, le=10_000_000)
    #: each database worker's connection-pool size (connections)
    pool_size: int = Field(default=10, ge=1, le=10_000)
    #: repetition: the seeded state before every repetition; never
    reset: Literal["repetition", "never"] = "repetition"
    #: external only: the server's libpq URI, without a password
    url: str | None = None
    #: external only: the environment variable holding the password
    password_env: str | None = Field(default=None, min_length=1)
    #: external only: a file holding the password
    password_file: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _check(self) -> DatabaseConfig:
        if self.password_env is not None and self.password_file is not None:
            raise ValueError(
                translate("Database", "give password_env or password_file, not both (the password comes from one)")
            )
        if self.server == "private":
            given = [k for k in ("url", "password_env", "password_file") if getattr(self, k) is not None]
            if given:
                raise ValueError(
                    translate(
                        "Database",
                        '{field} is for server = "external"; a private server has no password and its own address',
                    ).format(field=given[0])
                )
            return self
        if self.url is None:
            raise ValueError(
                translate(
                    "Database",
                    'server = "external" needs url, e.g. "postgresql://bench@db.example:5432/bench"',
                )
            )
        _check_url(self.url)
        if self.host is not None:
            raise ValueError(translate("Database", 'host is for server = "private"; an external server is at its url'))
        return self

    def password(self, environ: Mapping[str, str] | None = None) -> str | None:
        """The external server's password from ``password_env`` or ``password_file``; None without either.

        Raises:
            DatabaseConfigError: the variable is not set, or the file is missing, unreadable,
                readable by every user of the computer, or empty.
        """
        env = os.environ if environ is None else environ
        if self.password_env is not None:
            value = env.get(self.password_env)
            if not value:
                raise DatabaseConfigError(
                    translate(
                        "Database", "database: the environment variable {name} (password_env) is not set or empty"
                    ).format(name=self.password_env)
                )
            return value
        if self.password_file is None:
            return None
        return _read_password_file(Path(self.password_file).expanduser())

    def url_with_password(self, environ: Mapping[str, str] | None = None) -> str:
        """The external server's URL with its password inserted (for the workers' environment only).

        Raises:
            DatabaseConfigError: not an external server, or :meth:`password` failed.
        """
        if self.url is None:
            raise DatabaseConfigError(translate("Database", "database: a private server has no url in the profile"))
        secret = self.password(environ)
        if secret is None:
            return self.url
        parts = urlsplit(self.url)
        user, _, host = parts.netloc.rpartition("@")
        netloc = f"{user}:{quote(secret, safe='')}@{host}" if user else f":{quote(secret, safe='')}@{host}"
        return urlunsplit(parts._replace(netloc=netloc))


def _check_url(url: str) -> None:
    """A libpq URI (``postgresql://`` or ``postgres://``) with a host and no password in it.

    Raises:
        ValueError: saying which.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres") or not parts.hostname:
        raise ValueError(
            translate(
                "Database",
                "url {url} is not a PostgreSQL URI; expected postgresql://user@host:port/database",
            ).format(url=repr(url))
        )
    if parts.password is not None:
        raise ValueError(
            translate(
                "Database",
                "url holds a password; give it in password_env or password_file (the profile is stored with the run)",
            )
        )


def _read_password_file(path: Path) -> str:
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise DatabaseConfigError(
            translate("Database", "database: the password file {path} does not exist").format(path=path)
        ) from None
    except OSError as exc:
        raise DatabaseConfigError(
            translate("Database", "database: cannot read the password file {path}: {why}").format(
                path=path, why=exc.strerror
            )
        ) from None
    if mode & stat.S_IROTH:
        raise DatabaseConfigError(
            translate(
                "Database",
                "database: the password file {path} is readable by every user; make it private (chmod 600 {path})",
            ).format(path=path)
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DatabaseConfigError(
            translate("Database", "database: cannot read the password file {path}: {why}").format(path=path, why=exc)
        ) from None
    secret = text.splitlines()[0].strip() if text.strip() else ""
    if not secret:
        raise DatabaseConfigError(
            translate("Database", "database: the password file {path} is empty").format(path=path)
        )
    return secret


def uses_database(operations: Iterable[str]) -> bool:
    """Whether any of ``operations`` (workload operations) reads or writes the database."""
    return any(op in DATABASE_OPERATIONS for op in operations)


def default_database_notice() -> str:
    """What the runner says once when it adds the default ``[database]`` table (translated)."""
    return translate(
        "Database",
        "the workloads use the database and the profile has no [database] table: using the default "
        "(a private PostgreSQL on the workers' host, seed 1, 1000 pets, 1000 people, pool size 10, "
        "reset before every repetition)",
    )
