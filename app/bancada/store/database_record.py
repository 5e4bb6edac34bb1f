"""What a run file records of the experiment's database (seed 001): the server and each reset.

- :class:`DatabaseRecord` (the run's meta key ``database``, JSON): server kind (``private`` or
  ``external``), PostgreSQL version, host, seed, rows of each table after the load, each worker's
  pool size (connections), the reset policy (``repetition`` or ``never``), and the seconds the
  start (with the load) took. Never a password: the URL of an external server is stored without it.
- :class:`DatabaseReset` (table ``database_reset``, created with the first row): before which
  repetition the tables were reset, the md5 digest of each table after the reset
  (:func:`bancada.hosts.pet_person_sql.digest`) and the seconds the reset took.

A run without a database has neither (:func:`read_database` gives None, :func:`read_resets` ``[]``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

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
