"""A private PostgreSQL server for one experiment on this computer (seed 001, issue 16).

:class:`PrivatePostgres` finds Debian's server binaries (``/usr/lib/postgresql/<version>/bin``,
package ``postgresql``), runs ``initdb`` into a new temporary folder, starts ``postgres``
on a free TCP port of 127.0.0.1 (its unix socket in the same folder, never the system's
``/var/run/postgresql``), creates seed 001's tables and loads N seeded fake records
(:mod:`bancada.experiment.pet_person`, :mod:`bancada.hosts.pet_person_sql`). Between
repetitions :meth:`PrivatePostgres.reset` puts the tables back to the seeded state. At the
end :meth:`PrivatePostgres.stop` shuts the server down (fast shutdown, SIGINT; SIGKILL to
its whole process group after ``stop_timeout_s``) and removes the folder; it is also run
when starting fails and when the ``with`` block ends, so no postgres process is left.
:meth:`PrivatePostgres.restart` replaces a server that died by a fresh one (new folder, the
seeded records again), on the same port when that port is free.

Root: PostgreSQL refuses to run as root. When Bancada runs as root (as CI does), initdb
and postgres run as the unprivileged system user ``postgres`` that Debian's package
creates (``subprocess.Popen(user=..., group=...)``, the same as ``runuser -u postgres --``),
and the temporary folder is given to that user. As any other user they run as that user.

The server is a plain local cluster: trust authentication on 127.0.0.1 and the socket,
database and role ``bancada``, PostgreSQL's default settings otherwise (fsync on), so a
create costs what it costs on a default server.

Errors are :class:`PostgresError`, one line in Bancada's words: PostgreSQL not installed
(names the package), no unprivileged user when root, initdb or start failure (with the
tail of the server's log), a server that died (:meth:`PrivatePostgres.check`).
"""

from __future__ import annotations

from bancada.core.i18n import translate

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

from bancada.experiment.pet_person import SeedRecords, seed_records
from bancada.hosts.local import die_with_parent
from bancada.hosts import pet_person_sql

#: Where Debian's postgresql-<version> package puts the server's programs.
DEBIAN_ROOT = Path("/usr/lib/postgresql")
#: The role and database the workers connect as (trust authentication: no password).
ROLE = DATABASE = "bancada"
#: The unprivileged user initdb and postgres run as when Bancada runs as root.
ROOT_RUNS_AS = "postgres"


class PostgresError(RuntimeError):
    """The private PostgreSQL server cannot be found, started or used (one line)."""


@dataclass(frozen=True)
class PostgresInstall:
    """One installed PostgreSQL: ``version`` (major, e.g. ``"15"``) and the folder of its programs."""

    version: str
    bin_dir: Path


def find_postgres(version: str | None = None, root: Path = DEBIAN_ROOT) -> PostgresInstall:
    """The newest installed PostgreSQL under ``root`` (or the given major ``version``).

    Raises:
        PostgresError: none installed, or not that version.
    """
    found = sorted(
        (p for p in root.glob("*") if (p / "bin" / "postgres").is_file() and (p / "bin" / "initdb").is_file()),
        key=lambda p: [int(x) for x in re.findall(r"\d+", p.name)] or [0],
    )
    if version is not None:
        found = [p for p in found if p.name == str(version)]
    if not found:
        which = f"PostgreSQL {version}" if version is not None else "PostgreSQL"
        raise PostgresError(
            translate(
                "Database",
                "{which} is not installed on this computer (no {root}/<version>/bin/postgres): "
                "install Debian's package postgresql (apt-get install postgresql)",
            ).format(which=which, root=root)
        )
    return PostgresInstall(version=found[-1].name, bin_dir=found[-1] / "bin")


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port of ``host`` that was free a moment ago (bind to 0, read, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def processes_in(folder: Path) -> list[int]:
    """The ids of the running processes whose working folder is ``folder`` (read from ``/proc``).

    The postmaster and every backend work in the data folder (postgres chdirs there); the
    backends call setsid(), so they are not in the postmaster's process group, and after a
    killed postmaster they are no longer its children: their working folder still names them.
    """
    want = str(folder)
    members = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cwd = os.readlink(proc / "cwd")
        except OSError:
            continue
        if cwd == want or cwd == want + " (deleted)":
            members.append(int(proc.name))
    return members


def _log_tail(path: Path, lines: int = 3) -> str:
    try:
        text = path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return "(no log)"
    return " | ".join(line.strip() for line in text[-lines:]) or "(empty log)"


class SeededTables:
    """Seed 001's tables on a server reached by :meth:`connect`: the reset between repetitions and
    what the run records. The base of the servers Bancada talks to (private on this computer, private
    on an SSH host, external); each gives its own :meth:`connect`."""

    def connect(self) -> psycopg.Connection:
        """A new connection to the experiment's database (the caller closes it)."""
        raise NotImplementedError

    def reset(self) -> None:
        """Put ``pets`` and ``people`` back to the seeded records (between repetitions)."""
        with self.connect() as conn:
            pet_person_sql.reset(conn)

    def digest(self) -> dict[str, str]:
        """``{table: md5 of its rows}`` (see :func:`bancada.hosts.pet_person_sql.digest`)."""
        with self.connect() as conn:
            return pet_person_sql.digest(conn)

    def counts(self) -> dict[str, int]:
        """``{table: rows}`` of the live tables."""
        with self.connect() as conn:
            return pet_person_sql.counts(conn)

    def server_version(self) -> str:
        """The running server's version (``SHOW server_version``, e.g. ``"15.8 (Debian 15.8-0+deb12u1)"``)."""
        with self.connect() as conn:
            return pet_person_sql.server_version(conn)


class PrivateServer(SeededTables):
    """A server Bancada started for the run (on this computer or on an SSH host), which it may start
    again: :attr:`port` is where it listens, :meth:`start` tries :attr:`_port_wanted` first when set."""

    port: int | None
    _port_wanted: int | None

    def start(self) -> None:
        raise NotImplementedError

    def stop(self) -> object:
        """Stop the server and remove its folder (what a subclass returns is its own)."""
        raise NotImplementedError

    def restart(self) -> None:
        """Stop what is left of the server (its processes, its folder) and start a fresh one seeded as
        :meth:`start` does, on the same port when it is free (else on another: its address changes).

        Raises:
            PostgresError: as :meth:`start` (nothing is left running then).
        """
        wanted = self.port
        self.stop()
        self._port_wanted = wanted
        try:
            self.start()
        finally:
            self._port_wanted = None


class PrivatePostgres(PrivateServer):
    """A PostgreSQL server of one experiment: its own data folder, port and seeded tables.

    Use::

        with PrivatePostgres(seed=1, pets=1000, people=1000) as db:
            db.conninfo            # "host=127.0.0.1 port=... dbname=bancada user=bancada"
            db.reset()             # between repetitions

    Args:
        seed: the fake records' seed; pets, people: how many records of each.
        version: a PostgreSQL major version (default: the newest installed).
        start_timeout_s: how long the server may take to accept connections.
        stop_timeout_s: how long a fast shutdown may take before SIGKILL.
    """

    def __init__(
        self,
        seed: int = 1,
        pets: int = 1000,
        people: int = 1000,
        *,
        version: str | None = None,
        start_timeout_s: float = 30.0,
        stop_timeout_s: float = 10.0,
    ) -> None:
        self.seed, self.pets, self.people = seed, pets, people
        self.version = version
        self.start_timeout_s, self.stop_timeout_s = start_timeout_s, stop_timeout_s
        self.install: PostgresInstall | None = None
        self.folder: Path | None = None
        self.port: int | None = None
        self.records: SeedRecords | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._run_as: pwd.struct_passwd | None = None
        self._port_wanted: int | None = None  # the first port tried by the next start (restart: the old one)

    # -- paths and identity -------------------------------------------------------------------------------------
    @property
    def data_dir(self) -> Path:
        return self._folder() / "data"

    @property
    def socket_dir(self) -> Path:
        return self._folder() / "socket"

    @property
    def log_path(self) -> Path:
        return self._folder() / "postgres.log"

    @property
    def pid(self) -> int | None:
        """The postmaster's process id (also its process group) while started."""
        return None if self._proc is None else self._proc.pid

    @property
    def exit_code(self) -> int | None:
        """The postmaster's exit status once it has exited (``-9``: killed by SIGKILL); None while it
        runs or when not started."""
        return None if self._proc is None else self._proc.poll()

    @property
    def conninfo(self) -> str:
        """libpq connection string of the database over TCP."""
        if self.port is None:
            raise PostgresError(translate("Database", "the private PostgreSQL server is not started"))
        return f"host=127.0.0.1 port={self.port} dbname={DATABASE} user={ROLE}"

    @property
    def database_url(self) -> str:
        """The database as a libpq connection URI (``postgresql://bancada@127.0.0.1:<port>/bancada``),
        the form workers read from ``BANCADA_DATABASE_URL`` (trust authentication: no password)."""
        if self.port is None:
            raise PostgresError(translate("Database", "the private PostgreSQL server is not started"))
        return f"postgresql://{ROLE}@127.0.0.1:{self.port}/{DATABASE}"

    def _folder(self) -> Path:
        if self.folder is None:
            raise PostgresError(translate("Database", "the private PostgreSQL server is not started"))
        return self.folder

    # -- life cycle ---------------------------------------------------------------------------------------------
    def __enter__(self) -> PrivatePostgres:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """initdb, start, create the database, the tables and the seeded records.

        Raises:
            PostgresError: not installed, no unprivileged user as root, initdb or start failed
                (everything started so far is stopped and removed first).
        """
        if self._proc is not None:
            raise PostgresError(translate("Database", "the private PostgreSQL server is already started"))
        self.install = find_postgres(self.version)
        self._run_as = self._unprivileged_user()
        self.folder = Path(tempfile.mkdtemp(prefix="bancada-pg-"))
        try:
            if self._run_as is not None:
                os.chown(self.folder, self._run_as.pw_uid, self._run_as.pw_gid)
            self._initdb()
            self._start_server()
            self._create_database()
            self.records = seed_records(self.seed, self.pets, self.people)
            with self.connect() as conn:
                pet_person_sql.create_schema(conn)
                pet_person_sql.load(conn, self.records)
        except BaseException:
            self.stop()
            raise

    def _unprivileged_user(self) -> pwd.struct_passwd | None:
        if os.geteuid() != 0:
            return None
        try:
            return pwd.getpwnam(ROOT_RUNS_AS)
        except KeyError:
            raise PostgresError(
                translate(
                    "Database",
                    "PostgreSQL refuses to run as root and there is no '{ROOT_RUNS_AS}' user to run "
                    "it as: install Debian's package postgresql (it creates that user) or run "
                    "Bancada as another user",
                ).format(ROOT_RUNS_AS=ROOT_RUNS_AS)
            ) from None

    def _as_user(self) -> dict[str, Any]:
        if self._run_as is None:
            return {}
        return {"user": self._run_as.pw_uid, "group": self._run_as.pw_gid, "extra_groups": []}

    def _initdb(self) -> None:
        assert self.install is not None
        cmd = [str(self.install.bin_dir / "initdb"), "-D", str(self.data_dir), "-U", ROLE, "-A", "trust"]
        cmd += ["-E", "UTF8", "--no-locale", "--no-sync"]
        with open(self.log_path, "w") as log:
            if self._run_as is not None:
                os.chown(self.log_path, self._run_as.pw_uid, self._run_as.pw_gid)
            proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=self.folder, **self._as_user())
        if proc.returncode != 0:
            raise PostgresError(
                translate("Database", "initdb failed (exit {returncode}): {log_path}").format(
                    returncode=proc.returncode, log_path=_log_tail(self.log_path)
                )
            )

    def _start_server(self, attempts: int = 3) -> None:
        """Start postgres on a free port; a port taken in between is retried with another one."""
        assert self.install is not None
        self.socket_dir.mkdir()
        if self._run_as is not None:
            os.chown(self.socket_dir, self._run_as.pw_uid, self._run_as.pw_gid)
        for attempt in range(attempts):
            self.port = self._port_wanted if attempt == 0 and self._port_wanted else free_port()
            cmd = [str(self.install.bin_dir / "postgres"), "-D", str(self.data_dir), "-p", str(self.port)]
            cmd += ["-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={self.socket_dir}"]
            with open(self.log_path, "a") as log:
                self._proc = subprocess.Popen(
                    cmd,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=self.folder,
                    start_new_session=True,  # not in Bancada's group: a Ctrl-C in the terminal is Bancada's to handle
                    preexec_fn=die_with_parent,  # SIGKILL if Bancada dies; its backends follow the postmaster
                    **self._as_user(),
                )
            if self._wait_ready():
                return
            tail = _log_tail(self.log_path)
            self._kill_group()
            port_taken = "could not create any TCP/IP sockets" in _log_tail(self.log_path, 10)
            if not port_taken or attempt == attempts - 1:
                raise PostgresError(
                    translate("Database", "PostgreSQL did not start on 127.0.0.1:{port}: {tail}").format(
                        port=self.port, tail=tail
                    )
                )

    def _wait_ready(self) -> bool:
        """True once a connection succeeds; False when the server exits or start_timeout_s passes."""
        assert self._proc is not None
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                return False
            try:
                psycopg.connect(self._conninfo("postgres"), connect_timeout=2).close()
                return True
            except psycopg.OperationalError:
                time.sleep(0.1)
        return False

    def _conninfo(self, dbname: str) -> str:
        return f"host=127.0.0.1 port={self.port} dbname={dbname} user={ROLE}"

    def _create_database(self) -> None:
        with psycopg.connect(self._conninfo("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")

    def connect(self) -> psycopg.Connection:
        """A new connection to the experiment's database (the caller closes it).

        Raises:
            PostgresError: the server is not running or refuses the connection.
        """
        self.check()
        try:
            return psycopg.connect(self.conninfo, connect_timeout=5)
        except psycopg.OperationalError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise PostgresError(
                translate("Database", "cannot connect to the private PostgreSQL server on port {port}: {first}").format(
                    port=self.port, first=first
                )
            ) from None

    def alive(self) -> bool:
        """True while the postmaster runs."""
        return self._proc is not None and self._proc.poll() is None

    def check(self) -> None:
        """Raise if the server is not running.

        Raises:
            PostgresError: not started, or the postmaster exited (its code and the log's tail).
        """
        if self._proc is None:
            raise PostgresError(translate("Database", "the private PostgreSQL server is not started"))
        code = self._proc.poll()
        if code is not None:
            raise PostgresError(
                translate(
                    "Database",
                    "the private PostgreSQL server (pid {pid}, port {port}) exited with code {code}: {log_path}",
                ).format(pid=self._proc.pid, port=self.port, code=code, log_path=_log_tail(self.log_path))
            )

    # -- the seeded state ---------------------------------------------------------------------------------------

    def reseed(self, seed: int) -> None:
        """Make ``seed``'s records (same counts) the seeded state and reset the tables to them."""
        self.records = seed_records(seed, self.pets, self.people)
        self.seed = seed
        with self.connect() as conn:
            pet_person_sql.load(conn, self.records)

    #: What the run records as the server's kind and where it runs (the database protocol of the runner).
    kind = "private"
    host_name = "local"

    # -- stop -----------------------------------------------------------------------------------------------------
    def stop(self) -> None:
        """Shut the server down and remove its folder; safe to call twice or after a failed start."""
        if self._proc is not None:
            if self._proc.poll() is None:
                try:
                    self._proc.send_signal(signal.SIGINT)  # postgres: fast shutdown
                    self._proc.wait(timeout=self.stop_timeout_s)
                except subprocess.TimeoutExpired:
                    pass
            self._kill_group()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
        self.port = None

    def _kill_group(self) -> None:
        """SIGKILL the postmaster if it runs and every process left in its data folder (backends), then reap."""
        if self._proc is None:
            return
        left = processes_in(self.data_dir) if self.folder is not None else []
        if self._proc.poll() is None:
            left.append(self._proc.pid)
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self._proc.wait(timeout=self.stop_timeout_s)
        except subprocess.TimeoutExpired:
            pass
        self._proc = None
