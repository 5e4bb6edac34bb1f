"""The experiment's database as the runner drives it (seed 001): one protocol, three servers.

:class:`DatabaseServer` is what :class:`bancada.run.runner.Runner` needs of a database: start it
(schema and seeded records), give the workers its URL, reset it before a repetition, digest
and count its tables, tell whether it still runs, start a fresh one after it died (a private
server only), stop it. The servers:

- :class:`bancada.hosts.postgres.PrivatePostgres` — a private server on this computer;
- :class:`bancada.hosts.ssh_postgres.SshPostgres` — a private server on an SSH host;
- :class:`ExternalPostgres` — a server Bancada does not start (``server = "external"``): the
  profile's URL, the password from the environment or a file; its ``pets`` and ``people``
  tables are created when missing and loaded with the seeded records (the server is the
  experiment's: the two tables are replaced).

:func:`open_database` makes the right one from a profile's ``[database]`` table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

import psycopg

from bancada.experiment.database import DatabaseConfig
from bancada.experiment.pet_person import SeedRecords, seed_records
from bancada.hosts.postgres import PostgresError, PrivatePostgres, SeededTables
from bancada.core.i18n import translate
from bancada.hosts import pet_person_sql

if TYPE_CHECKING:
    from bancada.hosts.base import Host


class DatabaseServer(Protocol):
    """A started (or startable) database of one experiment."""

    kind: str  # "private" or "external"
    host_name: str  # where it runs: "local", an SSH host's name, or the external server's host name

    @property
    def port(self) -> int | None: ...  # the port it listens on (None: not started)

    @property
    def database_url(self) -> str: ...  # what the workers read from BANCADA_DATABASE_URL (may hold a password)
    @property
    def exit_code(self) -> int | None: ...  # the postmaster's exit status once it died, when known
    def start(self) -> None: ...
    def restart(self) -> None: ...  # a fresh server after one died (PostgresError: external, or it failed)
    def stop(self) -> object: ...
    def check(self) -> None: ...
    def reset(self) -> None: ...
    def digest(self) -> dict[str, str]: ...
    def counts(self) -> dict[str, int]: ...
    def server_version(self) -> str: ...


class ExternalPostgres(SeededTables):
    """A PostgreSQL server Bancada does not start: ``url`` (with its password, never stored) and the seeded records.

    Args:
        url_with_password: the libpq URI the workers and Bancada connect with.
        seed, pets, people: the seeded records loaded at :meth:`start`.
    """

    kind = "external"

    def __init__(self, url_with_password: str, seed: int = 1, pets: int = 1000, people: int = 1000) -> None:
        self._url = url_with_password
        parts = urlsplit(url_with_password)
        self.host_name = parts.hostname or "?"
        self.port = parts.port or 5432
        self.seed, self.pets, self.people = seed, pets, people
        self.records: SeedRecords | None = None

    @property
    def database_url(self) -> str:
        return self._url

    @property
    def exit_code(self) -> int | None:
        """Not known: the server is not Bancada's process."""
        return None

    def start(self) -> None:
        """Create the tables when missing and load the seeded records.

        Raises:
            PostgresError: the server refuses the connection (the message names host and port, not the password).
        """
        self.records = seed_records(self.seed, self.pets, self.people)
        with self.connect() as conn:
            pet_person_sql.create_schema(conn)
            pet_person_sql.load(conn, self.records)

    def connect(self) -> psycopg.Connection:
        """A new connection (the caller closes it).

        Raises:
            PostgresError: the server cannot be reached or refuses the connection.
        """
        try:
            return psycopg.connect(self._url, connect_timeout=10)
        except psycopg.Error as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise PostgresError(
                translate("Database", "cannot connect to the external PostgreSQL server {host}:{port}: {why}").format(
                    host=self.host_name, port=self.port, why=first.replace(self._url, "<url>")
                )
            ) from None

    def check(self) -> None:
        """Raise :class:`PostgresError` when the server does not answer."""
        self.connect().close()

    def restart(self) -> None:
        """Never: Bancada does not restart a server it did not start.

        Raises:
            PostgresError: always, saying so.
        """
        raise PostgresError(translate("Database", "Bancada does not restart a server it did not start"))

    def stop(self) -> None:
        """Nothing to stop: Bancada did not start it."""


def open_database(config: DatabaseConfig, db_host: Host, workers_host: Host) -> DatabaseServer:
    """The (not yet started) server ``config`` asks for, on ``db_host`` when private.

    Raises:
        DatabaseConfigError: the external server's password cannot be read.
        PostgresError: a private server on this computer for workers on an SSH host (it listens on
            this computer's loopback only).
    """
    if config.server != "external" and db_host.is_local:
        if not workers_host.is_local:
            raise PostgresError(
                translate(
                    "Database",
                    "a private database on this computer listens on its loopback only and the workers run on "
                    '{host}: put the database on an SSH host (database.host = "{host}") or use an external server',
                ).format(host=workers_host.name)
            )
        return PrivatePostgres(config.seed, config.pets, config.people)
    if config.server != "external":
        from bancada.hosts.ssh_host import SshHost
        from bancada.hosts.ssh_postgres import SshPostgres

        assert isinstance(db_host, SshHost)
        return SshPostgres(db_host, config.seed, config.pets, config.people, workers_here=db_host is workers_host)
    return ExternalPostgres(config.url_with_password(), config.seed, config.pets, config.people)
