"""The database methods of seed 001 (bench.proto, "The database methods") on plain Python
values: the validation every protocol shares, the JSON request types of REST and JSON-RPC
(msgspec structs), and the answers' shapes.

What the contract rejects raises :class:`~bancada_worker.errors.InvalidArgument` before
anything reaches the database; a database that is missing or fails raises
:class:`~bancada_worker.errors.Unavailable` (see :mod:`bancada_worker.database`).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Annotated

from msgspec import Meta, Struct

from bancada_worker.errors import InvalidArgument

Int32 = Annotated[int, Meta(ge=-(1 << 31), le=(1 << 31) - 1)]
_ZERO = timedelta(0)
LIMIT_MIN, LIMIT_MAX = 1, 1000
AGE_MIN, AGE_MAX = 0, 200
#: bench.proto's address rule; matched with fullmatch (``$`` alone would accept a trailing newline).
EMAIL_RE = re.compile(r"[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]")
PET_FIELDS = ("id", "created_at", "updated_at", "deleted_at", "name", "age", "type")
PERSON_FIELDS = (
    "id",
    "created_at",
    "updated_at",
    "deleted_at",
    "first_name",
    "last_name",
    "email",
    "age",
    "phone",
    "gender",
    "biography",
)


def check_limit(limit: int) -> int:
    """``limit`` when it is in 1..1000 (a missing limit is 0, refused).

    Raises:
        InvalidArgument: outside 1..1000.
    """
    if not LIMIT_MIN <= limit <= LIMIT_MAX:
        raise InvalidArgument(f"limit must be in {LIMIT_MIN}..{LIMIT_MAX}, got {limit}")
    return limit


def _check_text(field: str, value: str) -> None:
    if not value.strip():
        raise InvalidArgument(f"{field} is empty")


def _check_age(age: int) -> None:
    if not AGE_MIN <= age <= AGE_MAX:
        raise InvalidArgument(f"age must be in {AGE_MIN}..{AGE_MAX}, got {age}")


def check_pet(name: str, age: int, type_: str) -> None:
    """Raises InvalidArgument when name or type is empty after trimming spaces, or age is outside 0..200."""
    _check_text("name", name)
    _check_age(age)
    _check_text("type", type_)


def check_person(first_name: str, last_name: str, email: str, age: int) -> None:
    """Raises InvalidArgument when a name is empty after trimming spaces, age is outside
    0..200, or email is not an address (bench.proto's regular expression)."""
    _check_text("first_name", first_name)
    _check_text("last_name", last_name)
    if not EMAIL_RE.fullmatch(email):
        raise InvalidArgument(f"email {email!r} is not an address (one @, no spaces, a domain with a dot)")
    _check_age(age)


def rfc3339(moment: datetime) -> str:
    """An aware datetime as the contract writes times: RFC 3339 in UTC with a "Z" and 0 or 6
    fractional digits (``isoformat`` writes the microseconds only when there are some). Two
    per row of every list answer, so it avoids strftime (2.6 times slower here)."""
    if moment.utcoffset() != _ZERO:
        moment = moment.astimezone(timezone.utc)
    return moment.isoformat()[:-6] + "Z"  # drop "+00:00"


# --- JSON requests (REST bodies, JSON-RPC params): missing fields take proto3 defaults ---------


class ListRequest(Struct):
    """ListPets / ListPeople params (JSON-RPC); REST reads ``limit`` from the query string."""

    limit: Int32 = 0


class CreatePetRequest(Struct):
    name: str = ""
    age: Int32 = 0
    type: str = ""


class CreatePersonRequest(Struct):
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    age: Int32 = 0
    phone: str = ""
    gender: str = ""
    biography: str = ""
