"""Checks of the database methods' answers (bench.proto, "The database methods") against
the seeded rows, shared by the workers' tests."""

from __future__ import annotations

import re
from datetime import datetime

from bancada.experiment.pet_person import Person, Pet

#: The protocols every database worker serves the four methods on, and the message of a worker
#: started without a database (bench.proto, "The database methods").
PROTOCOLS = ("grpc", "rest", "jsonrpc", "graphql")
NO_DATABASE = "no database: the worker was started without BANCADA_DATABASE_URL"

#: A valid create of each kind, and creates the contract refuses (bench.proto's rules: a name or
#: type empty after trimming, an age outside 0..200, an email that is not an address).
PET = {"name": "Rex", "age": 3, "type": "dog"}
PERSON = {
    "first_name": "Ana",
    "last_name": "Lima",
    "email": "ana.lima@example.com",
    "age": 30,
    "phone": "555-0100",
    "gender": "female",
    "biography": "Uma frase.\n\nOutra frase.",
}
INVALID_PETS = [
    {"name": "", "age": 3, "type": "dog"},
    {"name": "   ", "age": 3, "type": "dog"},
    {"name": "Rex", "age": -1, "type": "dog"},
    {"name": "Rex", "age": 201, "type": "dog"},
    {"name": "Rex", "age": 3, "type": " "},
]
INVALID_PEOPLE = [
    {**PERSON, "first_name": " "},
    {**PERSON, "last_name": ""},
    {**PERSON, "age": -5},
    {**PERSON, "email": "ana"},
    {**PERSON, "email": "ana.example.com"},
    {**PERSON, "email": "ana@example"},
    {**PERSON, "email": "ana lima@example.com"},
    {**PERSON, "email": "ana @example.com"},
    {**PERSON, "email": "ana@@example.com"},
    {**PERSON, "email": "ana@.example.com"},
    {**PERSON, "email": "ana@example.com."},
]

#: RFC 3339 in UTC with a "Z" and 0 to 6 fractional digits, as the contract writes times.
TIME_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$")


def parse_time(text: str) -> datetime:
    """A contract time string as an aware datetime; AssertionError when it is not one."""
    assert TIME_RE.match(text), f"not an RFC 3339 UTC time with Z: {text!r}"
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _deleted(value: object) -> None:
    assert value in (None, ""), f"deleted_at of a live row should be null/empty, got {value!r}"


def assert_pet(answer: dict, want: Pet) -> None:
    """``answer`` (a pet as JSON, int64 id as a number or a string) is the seeded ``want``."""
    assert int(answer["id"]) == want.id, (answer, want)
    assert parse_time(answer["created_at"]) == want.created_at, (answer, want)
    assert parse_time(answer["updated_at"]) == want.updated_at, (answer, want)
    _deleted(answer.get("deleted_at"))
    assert (answer["name"], int(answer["age"]), answer["type"]) == (want.name, want.age, want.type), (answer, want)


def assert_person(answer: dict, want: Person) -> None:
    """``answer`` (a person as JSON) is the seeded ``want``, biography included."""
    assert int(answer["id"]) == want.id, (answer, want)
    assert parse_time(answer["created_at"]) == want.created_at, (answer, want)
    assert parse_time(answer["updated_at"]) == want.updated_at, (answer, want)
    _deleted(answer.get("deleted_at"))
    fields = ("first_name", "last_name", "email", "phone", "gender", "biography")
    assert {f: answer[f] for f in fields} == {f: getattr(want, f) for f in fields}, (answer, want)
    assert int(answer["age"]) == want.age, (answer, want)
