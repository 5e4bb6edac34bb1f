"""A private PostgreSQL server on an SSH host (seed 001, issue 16): :class:`PrivatePostgres`'s twin.

Driven over the host's SSH connection: one POSIX shell script finds Debian's server programs
(``/usr/lib/postgresql/<version>/bin``), makes a temporary folder (``mktemp -d``, in the host's
``$TMPDIR`` or ``/tmp``), runs ``initdb`` (role ``bancada``, a random password for TCP, SCRAM;
the password file is sent on the channel's stdin and removed at once) and starts ``postgres``
with ``pg_ctl`` on a free port, listening on ``127.0.0.1`` (workers on the same host) or on
every address (workers on another host). As root, initdb and postgres run as the system user
``postgres`` (``runuser``), as on this computer. The schema, the seeded records, the reset and
the digest go through an SSH port forward (direct-tcpip) with psycopg. :meth:`stop` asks for a
fast shutdown, SIGKILLs every process still working in the data folder and removes the folder.
:meth:`restart` replaces a server that died by a fresh one (same password, the same port when free).

Errors are :class:`bancada.hosts.postgres.PostgresError` (one line, translated).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import psycopg

from bancada.core.addresses import join_host_port
from bancada.experiment.pet_person import SeedRecords, seed_records
from bancada.hosts.knownhosts import HostError
from bancada.hosts.postgres import DATABASE, ROLE, PostgresError, PrivateServer
from bancada.hosts.remote_worker import Tunnel
from bancada.hosts.ssh_exec import HELPERS, PG_HELPERS, active_transport, q, run_script
from bancada.core.i18n import translate
from bancada.hosts import pet_person_sql

if TYPE_CHECKING:
    from bancada.hosts.ssh_host import SshHost

# $LISTEN: listen_addresses; $PORT_WANTED: the port tried first ("" for none); the password on stdin.
# Prints DIR, PORT, VERSION lines; exit 5: not installed, 6: root without the postgres user, 7: initdb failed,
# 8: did not start.
_START = (
    HELPERS
    + r"""
BIN=$(for d in /usr/lib/postgresql/*/bin; do [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && echo "$d"; done \
  | sort -V | tail -n1)
[ -n "$BIN" ] || exit 5
D=$(mktemp -d -t bancada-pg-XXXXXXXX) || exit 9
echo "DIR $D"
AS=""
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || exit 6
  AS="runuser -u postgres --"
fi
umask 077
cat > "$D/pw"
mkdir "$D/socket"
: > "$D/postgres.log"
[ -z "$AS" ] || chown -R postgres: "$D"
$AS "$BIN/initdb" -D "$D/data" -U bancada --auth-local=trust --auth-host=scram-sha-256 --pwfile="$D/pw" \
  -E UTF8 --no-locale --no-sync >> "$D/postgres.log" 2>&1
ok=$?
rm -f "$D/pw"
[ "$ok" = 0 ] || { tail -n3 "$D/postgres.log"; exit 7; }
echo "VERSION $(basename "${BIN%/bin}")"
for attempt in 1 2 3; do
  PORT=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 40000 ))
  [ "$attempt" = 1 ] && [ -n "$PORT_WANTED" ] && PORT=$PORT_WANTED
  if setsid $AS "$BIN/pg_ctl" -D "$D/data" -l "$D/postgres.log" -w -t 30 \
      -o "-p $PORT -c listen_addresses='$LISTEN' -c unix_socket_directories='$D/socket'" start >/dev/null 2>&1
  then
    echo "$D $(sshd_of_me)" > "$W/run/$(basename "$D").pgdir"  # for the clean-up of a dropped connection
    echo "PORT $PORT"; exit 0
  fi
  grep -q 'could not create any TCP/IP sockets\|Address already in use' "$D/postgres.log" || break
done
tail -n3 "$D/postgres.log"; exit 8
"""
)

# $D: the folder. Exit 0 while the postmaster runs.
_ALIVE = r"""
pid=$(head -n1 "$D/data/postmaster.pid" 2>/dev/null)
[ -n "$pid" ] && [ -r "/proc/$pid/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status"
"""

# $D: the folder, $W: the work directory. Stop the server, remove its folder and its run/*.pgdir file.
_STOP = (
    PG_HELPERS
    + r"""
pg_stop "$D" "$TENTHS"
rm -f -- "$W/run/$(basename "$D").pgdir"
"""
)


class SshPostgres(PrivateServer):
    """A private PostgreSQL server on an SSH host, with :class:`PrivatePostgres`'s public methods.

    Args:
        host: the connected SSH host the server runs on.
        seed, pets, people: the seeded records.
        workers_here: True when the workers run on the same host (the server listens on
            127.0.0.1 only); False: it listens on every address and the workers reach it at
            ``host.address`` (the address this computer reaches the host at).
        stop_timeout_s: how long a fast shutdown may take before SIGKILL.
    """

    kind = "private"

    def __init__(
        self,
        host: SshHost,
        seed: int = 1,
        pets: int = 1000,
        people: int = 1000,
        *,
        workers_here: bool = True,
        stop_timeout_s: float = 10.0,
    ) -> None:
        self.host = host
        self.host_name = host.name
        self.seed, self.pets, self.people = seed, pets, people
        self.workers_here = workers_here
        self.stop_timeout_s = stop_timeout_s
        self.folder: str | None = None
        self.port: int | None = None
        self.version: str | None = None
        self.records: SeedRecords | None = None
        self._password = secrets.token_urlsafe(24)
        self._tunnel: Tunnel | None = None
        self._port_wanted: int | None = None  # the first port tried by the next start (restart: the old one)

    #: The postmaster's exit status is not known over SSH (see :meth:`check`'s message).
    exit_code: int | None = None

    @property
    def database_url(self) -> str:
        """The libpq URI the workers read from BANCADA_DATABASE_URL (holds the server's random password)."""
        if self.port is None:
            raise PostgresError(translate("Database", "the private PostgreSQL server is not started"))
        address = "127.0.0.1" if self.workers_here else self.host.address
        return f"postgresql://{ROLE}:{self._password}@{join_host_port(address, self.port)}/{DATABASE}"

    def __enter__(self) -> SshPostgres:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """initdb and start on the host, then the schema and the seeded records through a port forward.

        Raises:
            PostgresError: not installed there, no unprivileged user as root, initdb or start
                failed, or the connection failed (everything started so far is stopped and removed).
        """
        listen = "127.0.0.1" if self.workers_here else "*"
        wanted = str(self._port_wanted or "")
        script = f"LISTEN={q(listen)}\nPORT_WANTED={q(wanted)}\nW={q(self.host.workdir)}\n" + _START
        try:
            code, out, err = run_script(self.host.client, script, 120, self.name, stdin=self._password.encode() + b"\n")
        except HostError as exc:
            raise PostgresError(str(exc)) from None
        lines = dict(line.split(" ", 1) for line in out.splitlines() if line[:4] in ("DIR ", "PORT", "VERS"))
        self.folder = lines.get("DIR")
        try:
            if code != 0:
                raise PostgresError(self._start_error(code, out + err))
            self.port = int(lines["PORT"])
            self.version = lines.get("VERSION")
            self._tunnel = Tunnel(active_transport(self.host.client, self.name), "127.0.0.1", self.port)
            with self.connect("postgres", autocommit=True) as conn:
                conn.execute(f"CREATE DATABASE {DATABASE}")
            self.records = seed_records(self.seed, self.pets, self.people)
            with self.connect() as conn:
                pet_person_sql.create_schema(conn)
                pet_person_sql.load(conn, self.records)
        except BaseException:
            self.stop()
            raise

    @property
    def name(self) -> str:
        return self.host.name

    def _start_error(self, code: int, out: str) -> str:
        """The one-line reason of a failed start script (its exit status and output's last lines; translated)."""
        if code == 5:
            return translate(
                "Database",
                "PostgreSQL's server programs are not installed on {host} (no /usr/lib/postgresql/<version>/bin/"
                "postgres): install Debian's package postgresql there",
            ).format(host=self.name)
        if code == 6:
            return translate(
                "Database",
                "PostgreSQL refuses to run as root and {host} has no 'postgres' user to run it as: install Debian's "
                "package postgresql there (it creates that user) or connect as another user",
            ).format(host=self.name)
        tail = " | ".join(line.strip() for line in out.splitlines() if line[:4] not in ("DIR ", "VERS"))[-400:]
        if code == 7:
            text = translate("Database", "initdb failed on {host} (status {code}): {tail}")
        else:
            text = translate("Database", "PostgreSQL did not start on {host} (status {code}): {tail}")
        return text.format(host=self.name, code=code, tail=tail or "(no log)")

    def connect(self, dbname: str = DATABASE, autocommit: bool = False) -> psycopg.Connection:
        """A new connection to ``dbname`` (the experiment's database) through the port forward (the caller
        closes it).

        Raises:
            PostgresError: the server is not running or refuses the connection.
        """
        if self._tunnel is None or self.port is None:
            raise PostgresError(translate("Database", "the private PostgreSQL server is not started"))
        if not self._tunnel.transport.is_active():  # the host was reconnected: forward over the new connection
            self._tunnel.close()
            try:
                self._tunnel = Tunnel(active_transport(self.host.client, self.name), "127.0.0.1", self.port)
            except HostError as exc:
                raise PostgresError(str(exc)) from None
        try:
            return psycopg.connect(
                host="127.0.0.1",
                port=self._tunnel.port,
                dbname=dbname,
                user=ROLE,
                password=self._password,
                connect_timeout=10,
                autocommit=autocommit,
            )
        except psycopg.OperationalError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise PostgresError(
                translate("Database", "cannot connect to the PostgreSQL server on {host} port {port}: {why}").format(
                    host=self.name, port=self.port, why=first
                )
            ) from None

    def alive(self) -> bool:
        """True while the postmaster runs on the host (one remote command)."""
        if self.folder is None:
            return False
        try:
            code, _, _ = run_script(self.host.client, f"D={q(self.folder)}\n" + _ALIVE, 15, self.name)
        except HostError:
            return False
        return code == 0

    def check(self) -> None:
        """Raise if the server is not running.

        Raises:
            PostgresError: not started, or no longer running.
        """
        if self.port is None or not self.alive():
            raise PostgresError(
                translate("Database", "the private PostgreSQL server on {host} (port {port}) is not running").format(
                    host=self.name, port=self.port
                )
            )

    def stop(self) -> list[int]:
        """Shut the server down and remove its folder on the host; safe to call twice.

        Returns the process ids still left in its data folder afterwards (``[]``: none), or
        ``[]`` when the host cannot be reached (then nothing could be done there).
        """
        if self._tunnel is not None:
            self._tunnel.close()
            self._tunnel = None
        folder, self.folder, self.port = self.folder, None, None
        if folder is None:
            return []
        script = f"D={q(folder)}\nW={q(self.host.workdir)}\nTENTHS={int(self.stop_timeout_s * 10)}\n" + _STOP
        try:
            _, out, _ = run_script(self.host.client, script, self.stop_timeout_s + 30, self.name)
        except HostError:
            return []
        left = next((line.split()[1:] for line in out.splitlines() if line.startswith("LEFT")), [])
        return [int(p) for p in left if p.isdigit()]
