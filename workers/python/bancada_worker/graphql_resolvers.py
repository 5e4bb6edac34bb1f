"""The resolvers of the GraphQL schema (proto/bancada/v1/bench.graphql): the contract's
operations on the arguments graphql-core has already coerced (Int64 as Python ints).
Reads are Query fields, writes (echo, recolor) Mutation fields. What the contract
rejects raises :class:`~bancada_worker.errors.InvalidArgument`, a field error."""

from __future__ import annotations

from typing import Any

from ariadne import MutationType, ObjectType, QueryType

from bancada_worker import contract, methods, pet_person
from bancada_worker.contract import Config
from bancada_worker.errors import InvalidArgument

ECHO_KINDS = ("int64s", "doubles", "strings", "records")


def _matrix(m: dict[str, Any]) -> tuple[int, list[float]]:
    return m["order"], m["values"]


def _matmul(_: Any, __: Any, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    order, values = methods.matmul(_matrix(a), _matrix(b))
    return {"order": order, "values": values}


def bindables(config: Config, protocol: str) -> list[ObjectType]:
    """Ariadne's bindables for the schema's Query and Mutation fields."""
    query, mutation = QueryType(), MutationType()
    info = contract.info(protocol)

    @query.field("ping")
    async def ping(*_: Any) -> bool:
        await config.pause()
        return True

    @query.field("select")
    async def select(_: Any, __: Any, values: list[int], k: int | None = 0, seed: int | None = None) -> dict[str, Any]:
        if k is not None and k < 0:
            raise InvalidArgument(f"k must be >= 0, got {k}")
        await config.pause()
        picked, positions = contract.select(values, k or 0, seed)
        return {"values": picked, "positions": positions}

    @mutation.field("echo")
    async def echo(_: Any, __: Any, echo: bool | None = False, **payloads: Any) -> dict[str, Any]:
        present = [kind for kind in ECHO_KINDS if payloads.get(kind) is not None]
        if len(present) != 1:
            raise InvalidArgument("echo needs exactly one of int64s, doubles, strings, records")
        await config.pause()
        payload = payloads[present[0]]
        return {"count": len(payload), present[0]: payload} if echo else {"count": len(payload)}

    @query.field("info")
    async def info_field(*_: Any) -> dict[str, Any]:
        return info

    query.set_field("void", lambda *_: None)
    query.set_field("double", lambda _, __, value: methods.double(value))
    query.set_field("sum", lambda _, __, values: methods.sum_values(values))
    query.set_field("powerOfTwo", lambda _, __, text: methods.power_of_two(text))
    query.set_field("matMul", _matmul)
    mutation.set_field("recolor", lambda _, __, car, colour: methods.recolor(car, colour))
    _bind_database(query, mutation, config)
    return [query, mutation]


def _bind_database(query: QueryType, mutation: MutationType, config: Config) -> None:
    """The database methods of seed 001 (bancada_worker.database): pets, people, createPet, createPerson."""
    database = config.database

    @query.field("pets")
    async def pets(_: Any, __: Any, limit: int) -> list[dict[str, Any]]:
        return await database.list_pets(limit)

    @query.field("people")
    async def people(_: Any, __: Any, limit: int) -> list[dict[str, Any]]:
        return await database.list_people(limit)

    @mutation.field("createPet")
    async def create_pet(_: Any, __: Any, input: dict[str, Any]) -> dict[str, Any]:  # noqa: A002 - the schema's argument name
        return await database.create_pet(input["name"], input["age"], input["type"])

    @mutation.field("createPerson")
    async def create_person(_: Any, __: Any, input: dict[str, Any]) -> dict[str, Any]:  # noqa: A002
        return await database.create_person(pet_person.CreatePersonRequest(**input))
