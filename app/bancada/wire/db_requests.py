"""The requests of the database methods of seed 001 (``list_pets``, ``list_people``, ``create_pet``,
``create_person``), exactly as the native driver builds them (``drivers/native/internal/payload/dbops.go``).

The contract is ``proto/bancada/v1/bench.proto`` ("The database methods"). A list sends its ``limit``
(1..1000): REST ``GET /v1/pets?limit=N``, the other protocols ``{"limit": N}`` as their parameters. A
create sends a new valid record per request, drawn from SplitMix64 with state
``seed XOR ((seq + 1) * 0x9E3779B97F4A7C15)`` (64-bit), so the same seed and sequence number give the
same record in both drivers:

- pet: name ``PET_NAMES[next mod 8] + " " + seq``, age ``next mod 21``, type ``PET_TYPES[next mod 6]``;
- person: first and last name (8 each), age ``18 + next mod 63``, phone ``555-`` and 4 digits
  (``next mod 10000``), gender (3), then a biography of five paragraphs of five sentences of seven
  ``BIO_WORDS`` (seed 001's shape), and the email ``first.last.seq@example.com`` in lower case.
"""

from __future__ import annotations

import json
from typing import Any

from bancada.wire.select_pick import SplitMix64
from bancada.wire.operations import LIST_OPERATIONS

PET_NAMES = ("Rex", "Luna", "Thor", "Mel", "Bob", "Nina", "Toby", "Lola")
PET_TYPES = ("dog", "cat", "bird", "fish", "rabbit", "hamster")
FIRST_NAMES = ("Ana", "Bruno", "Carla", "Diego", "Elisa", "Felipe", "Gabriela", "Hugo")
LAST_NAMES = ("Lima", "Souza", "Silva", "Costa", "Rocha", "Alves", "Pereira", "Gomes")
GENDERS = ("female", "male", "other")
BIO_WORDS = (
    "api", "bench", "client", "data", "latency", "load", "network", "query",
    "record", "request", "server", "service", "test", "time", "user", "worker",
)  # fmt: skip

#: Job operation -> (rpc name, REST path); each protocol's own form is in its module
#: (:mod:`bancada.wire.protocols`).
DB_METHODS = {
    "list_pets": ("ListPets", "/v1/pets"),
    "list_people": ("ListPeople", "/v1/people"),
    "create_pet": ("CreatePet", "/v1/pets"),
    "create_person": ("CreatePerson", "/v1/people"),
}
#: A list's limit, bench.proto: 1 <= limit <= 1000.
MIN_LIMIT, MAX_LIMIT = 1, 1000


def check_limit(operation: str, limit: int | None) -> None:
    """A profile workload's ``limit``: required, 1..1000, by ``list_pets`` and ``list_people``; no
    other operation takes one.

    Raises:
        ValueError: one translated line naming the problem and the range.
    """
    from bancada.core.i18n import translate

    if operation not in LIST_OPERATIONS:
        if limit is not None:
            raise ValueError(
                translate(
                    "Profile", "limit is for list_pets and list_people; the operation {operation} takes none"
                ).format(operation=operation)
            )
        return
    if limit is None:
        raise ValueError(
            translate(
                "Profile", "{operation} needs limit, the rows to list ({low} to {high}; the study sends 10, 100, 1000)"
            ).format(operation=operation, low=MIN_LIMIT, high=MAX_LIMIT)
        )
    if not MIN_LIMIT <= limit <= MAX_LIMIT:
        raise ValueError(
            translate("Profile", "limit {limit} is out of range: {operation} lists {low} to {high} rows").format(
                limit=limit, operation=operation, low=MIN_LIMIT, high=MAX_LIMIT
            )
        )


_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def record_rng(seed: int, seq: int) -> SplitMix64:
    """The generator of request ``seq``'s record: SplitMix64(seed XOR ((seq + 1) * golden mod 2**64))."""
    return SplitMix64((seed ^ (((seq + 1) * _GOLDEN) & _MASK64)) & _MASK64)


def new_pet(seed: int, seq: int) -> dict[str, Any]:
    """The pet of request ``seq``: ``{"name", "age", "type"}`` (the REST body)."""
    rng = record_rng(seed, seq)
    name = f"{PET_NAMES[rng.next() % len(PET_NAMES)]} {seq}"
    age = rng.next() % 21
    return {"name": name, "age": age, "type": PET_TYPES[rng.next() % len(PET_TYPES)]}


def new_person(seed: int, seq: int) -> dict[str, Any]:
    """The person of request ``seq``: the REST body, fields in the proto's order."""
    rng = record_rng(seed, seq)

    def pick(values: tuple[str, ...]) -> str:
        return values[rng.next() % len(values)]

    first, last = pick(FIRST_NAMES), pick(LAST_NAMES)
    age = 18 + rng.next() % 63
    phone = f"555-{rng.next() % 10000:04d}"
    gender = pick(GENDERS)
    paragraphs = []
    for _ in range(5):
        sentences = []
        for _ in range(5):
            words = [pick(BIO_WORDS) for _ in range(7)]
            sentences.append(" ".join([words[0].capitalize(), *words[1:]]) + ".")
        paragraphs.append(" ".join(sentences))
    email = f"{first.lower()}.{last.lower()}.{seq}@example.com"
    return {
        "first_name": first,
        "last_name": last,
        "email": email,
        "age": age,
        "phone": phone,
        "gender": gender,
        "biography": "\n\n".join(paragraphs),
    }


def db_params(operation: str, spec: dict[str, Any], seq: int = 0) -> dict[str, Any]:
    """The parameters (a list's ``{"limit": N}``, a create's REST body) of request ``seq``.

    Raises:
        ValueError: a list without a limit in 1..1000, or an operation that is not a database method.
    """
    if operation in LIST_OPERATIONS:
        limit = spec.get("limit")
        if not isinstance(limit, int) or isinstance(limit, bool) or not MIN_LIMIT <= limit <= MAX_LIMIT:
            raise ValueError(f"{operation} needs a limit in {MIN_LIMIT}..{MAX_LIMIT}, got {limit!r}")
        return {"limit": limit}
    seed = int(spec.get("seed", 1))
    if operation == "create_pet":
        return new_pet(seed, seq)
    if operation == "create_person":
        return new_person(seed, seq)
    raise ValueError(f"{operation!r} is not a database method ({', '.join(DB_METHODS)})")


def db_message(operation: str, params: dict[str, Any]) -> Any:
    """The protobuf request of ``operation`` holding ``params``."""
    from bancada.wire import bench_pb2  # protobuf: imported by the run, not by a profile's checks

    rpc = DB_METHODS[operation][0]
    return getattr(bench_pb2, f"{rpc}Request")(**params)


def rest_route(operation: str, params: dict[str, Any]) -> tuple[str, str, bytes]:
    """``(method, path, body)`` of the REST request: ``GET <path>?limit=N`` or ``POST <path>`` with the record."""
    path = DB_METHODS[operation][1]
    if operation in LIST_OPERATIONS:
        return "GET", f"{path}?limit={params['limit']}", b""
    return "POST", path, json.dumps(params, separators=(",", ":")).encode()
