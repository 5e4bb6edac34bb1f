"""What a run file records of the experiment's database (seed 001): the server and each reset.

- :class:`DatabaseRecord` (the run's meta key ``database``, JSON): server kind (``private`` or
  ``external``), PostgreSQL version, host, seed, rows of each table after the load, each worker's
  pool size (connections), the reset policy (``repetition`` or ``never``), and the seconds the
  start (with the load) took. Never a password: the URL of an external server is stored without it.
- :class:`DatabaseReset` (table ``database_reset``, created with the first row): before which
  repetition the tables were reset, the md5 digest of each table after the reset
  (:func:`bancada.hosts.pet_person_sql.digest`) and the seconds the reset took.
- :class:`DatabaseRestart` (table ``driver_event``, kind ``database_restart``): a private server
  that died during a block and was started again after it — the block, the postmaster's exit
  status, the reason, the ports before and after, the block's failed samples, the digests of the
  fresh server's tables, the seconds the restart took and the notice shown.

A run without a database has none (:func:`read_database` gives None, :func:`read_resets` and
:func:`read_restarts` ``[]``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields

from bancada.store.runstore import RunStore

RESET_TABLE = """
CREATE TABLE IF NOT EXISTS database_reset (
  repetition INTEGER PRIMARY KEY, pets_md5 TEXT NOT NULL, people_md5 TEXT NOT NULL, reset_s REAL NOT NULL);
"""


@dataclass(frozen=True)
class DatabaseRecord:
    """The experiment's database as run (no password)."""

    server: str  # "private" | "external"
    version: str  # the server's ``SHOW server_version``
    host: str  # "local", an SSH host's name, or the external server's host name
    seed: int
    rows: dict[str, int] = field(default_factory=dict)  # {"pets": N, "people": N} after the load
    pool_size: int = 10  # each database worker's --db-pool-size (connections)
    reset: str = "repetition"  # "repetition" | "never"
    url: str = ""  # external servers: the profile's URL (it holds no password); "" for a private one
    start_s: float = 0.0  # seconds to start the server and load the seeded records


@dataclass(frozen=True)
class DatabaseReset:
    """One reset of the tables to the seeded state, before ``repetition`` (1-based)."""

    repetition: int
    pets_md5: str
    people_md5: str
    reset_s: float


def record_database(store: RunStore, record: DatabaseRecord) -> None:
    """Store ``record`` in the run's meta (key ``database``)."""
    store.set_meta(database=asdict(record))


def read_database(store: RunStore) -> DatabaseRecord | None:
    """The run's database record, or None for a run without a database."""
    text = store.meta().get("database")
    if not text:
        return None
    data = json.loads(text)
    return DatabaseRecord(**data)


def add_reset(store: RunStore, reset: DatabaseReset) -> None:
    """Store one reset (committed at once)."""
    store.conn.executescript(RESET_TABLE)
    store.conn.execute(
        "INSERT OR REPLACE INTO database_reset VALUES (?, ?, ?, ?)",
        (reset.repetition, reset.pets_md5, reset.people_md5, reset.reset_s),
    )
    store.conn.commit()


def read_resets(store: RunStore) -> list[DatabaseReset]:
    """The run's resets in repetition order (``[]`` when it reset nothing)."""
    has = store.conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='database_reset'").fetchone()
    if not has:
        return []
    rows = store.conn.execute(
        "SELECT repetition, pets_md5, people_md5, reset_s FROM database_reset ORDER BY repetition"
    )
    return [DatabaseReset(int(r), str(p), str(q), float(s)) for r, p, q, s in rows]


#: The ``driver_event`` kind of a restart of the private server.
RESTART_EVENT = "database_restart"


@dataclass(frozen=True)
class DatabaseRestart:
    """A private server that died during block ``block`` (0-based) and was started again after it."""

    block: int
    exit_code: int | None  # the postmaster's exit status (-9: SIGKILL); None when not known (an SSH host)
    reason: str  # the one-line reason the check gave
    port_before: int | None
    port_after: int | None
    failed: int  # the block's failed samples (warm-up and measured)
    pets_md5: str  # the fresh server's tables, as :class:`DatabaseReset` digests them
    people_md5: str
    restart_s: float  # seconds to stop what was left, start and seed the fresh server
    workers_restarted: tuple[str, ...] = ()  # implementations started again (the database's address changed)
    text: str = ""  # the notice the run showed


def add_restart(store: RunStore, restart: DatabaseRestart) -> None:
    """Store one restart (``driver_event`` of kind :data:`RESTART_EVENT`, committed at once)."""
    body = {"event": RESTART_EVENT, **asdict(restart)}
    body["workers_restarted"] = list(restart.workers_restarted)
    store.add_driver_event(restart.block, body)
    store.commit()


def read_restarts(store: RunStore) -> list[DatabaseRestart]:
    """The run's restarts of its private server, oldest first (``[]``: none)."""
    names = {f.name for f in fields(DatabaseRestart)}
    out = []
    for event in store.driver_events(RESTART_EVENT):
        data = {k: v for k, v in event.items() if k in names}
        data["workers_restarted"] = tuple(data.get("workers_restarted", ()))
        out.append(DatabaseRestart(**data))
    return out
