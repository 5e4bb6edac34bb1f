"""Seed 001's data model: Pet and Person, and their fake records generated from a seed.

The seed (``/work/shared/seeds/001_*.txt``, section 3.2) gives the fields:

- Person: id, created_at, updated_at, deleted_at, first_name, last_name, email, age,
  phone, gender, biography (lorem ipsum of five paragraphs, each of five sentences of
  seven words);
- Pet: id, created_at, updated_at, deleted_at, name, age, type.

The seed types Person's age as a string; here it is an integer, as Pet's, so that a
create with a negative age can be refused (issue 16). The records are made by Faker
(PyPI ``Faker``, pinned in ``uv.lock``; the seed used Go's Gofakeit), seeded with
``Faker.seed_instance``: the same seed and the same Faker version give the same records,
which Bancada loads into the database so every worker, whatever its language, reads the
same rows. Faker has no animal provider: a pet's ``type`` is drawn from :data:`PET_TYPES`.
Times are fixed (``EPOCH`` + one minute per record) so a record does not depend on the clock.
"""

from __future__ import annotations

from bancada.core.i18n import translate

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from faker import Faker

#: The pet kinds a record's ``type`` is drawn from (Gofakeit's ``AnimalType`` in the seed).
PET_TYPES = ("dog", "cat", "bird", "fish", "rabbit", "hamster", "turtle", "horse")
#: Person.gender as Gofakeit's ``Gender`` gives it.
GENDERS = ("male", "female")
#: created_at of record 1; record i is ``EPOCH + (i - 1) minutes``.
EPOCH = datetime(2024, 1, 1, tzinfo=timezone.utc)
BIOGRAPHY_PARAGRAPHS = 5
BIOGRAPHY_SENTENCES = 5
BIOGRAPHY_WORDS = 7


@dataclass(frozen=True)
class Pet:
    """One pet; ``age`` in years; ``deleted_at`` is None (soft delete, as GORM's ``gorm.Model``)."""

    id: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    name: str
    age: int
    type: str


@dataclass(frozen=True)
class Person:
    """One person; ``age`` in years; ``biography``: paragraphs separated by a blank line."""

    id: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    first_name: str
    last_name: str
    email: str
    age: int
    phone: str
    gender: str
    biography: str


@dataclass(frozen=True)
class SeedRecords:
    """The seeded state of the two tables: ``seed`` and the records in id order."""

    seed: int
    pets: tuple[Pet, ...]
    people: tuple[Person, ...]


def _biography(lorem: Faker) -> str:
    paragraphs = (
        " ".join(lorem.sentence(nb_words=BIOGRAPHY_WORDS, variable_nb_words=False) for _ in range(BIOGRAPHY_SENTENCES))
        for _ in range(BIOGRAPHY_PARAGRAPHS)
    )
    return "\n\n".join(paragraphs)


def seed_records(seed: int, pets: int, people: int) -> SeedRecords:
    """``pets`` Pet and ``people`` Person records (ids 1..N) generated from ``seed``.

    Pets and people come from separate generators, so the pets of a seed do not change
    with the number of people and the reverse.

    Raises:
        ValueError: a negative count.
    """
    if pets < 0 or people < 0:
        raise ValueError(
            translate("Database", "the numbers of pets and people cannot be negative, got {pets} and {people}").format(
                pets=pets, people=people
            )
        )
    pet_fake, person_fake, lorem = Faker("en_US"), Faker("en_US"), Faker("la")
    pet_fake.seed_instance(seed)
    person_fake.seed_instance(seed + 1)
    lorem.seed_instance(seed + 2)
    pet_rows = []
    for i in range(1, pets + 1):
        at = EPOCH + timedelta(minutes=i - 1)
        pet_rows.append(
            Pet(
                id=i,
                created_at=at,
                updated_at=at,
                deleted_at=None,
                name=pet_fake.first_name(),
                age=pet_fake.random_int(0, 20),
                type=pet_fake.random_element(PET_TYPES),
            )
        )
    person_rows = []
    for i in range(1, people + 1):
        at = EPOCH + timedelta(minutes=i - 1)
        person_rows.append(
            Person(
                id=i,
                created_at=at,
                updated_at=at,
                deleted_at=None,
                first_name=person_fake.first_name(),
                last_name=person_fake.last_name(),
                email=person_fake.email(),
                age=person_fake.random_int(18, 90),
                phone=person_fake.phone_number(),
                gender=person_fake.random_element(GENDERS),
                biography=_biography(lorem),
            )
        )
    return SeedRecords(seed=seed, pets=tuple(pet_rows), people=tuple(person_rows))
