"""The resolvers of the GraphQL schema (proto/bancada/v1/bench.graphql): the contract's
operations on the arguments graphql-core has already coerced. What the contract rejects
raises :class:`~bancada_worker.contract.InvalidArgument`, a field error in ``errors``."""

from __future__ import annotations

from typing import Any

from ariadne import ObjectType, QueryType

from bancada_worker import contract
from bancada_worker.contract import Config, InvalidArgument

ECHO_KINDS = ("int64s", "doubles", "strings", "records")


def bindables(config: Config, protocol: str) -> list[ObjectType]:
    """Ariadne's bindables for the schema's Query (and Mutation) fields."""
    query = QueryType()
    info = contract.info(protocol)

    @query.field("ping")
    async def ping(*_: Any) -> bool:
        await config.pause()
        return True

    @query.field("select")
    async def select(_: Any, __: Any, values: list[int], k: int | None = 0, seed: int | None = None) -> dict:
        await config.pause()
        picked, positions = contract.select(values, k or 0, seed)
        return {"values": picked, "positions": positions}

    @query.field("echo")
    async def echo(_: Any, __: Any, echo: bool | None = False, **payloads: Any) -> dict:
        present = [kind for kind in ECHO_KINDS if payloads.get(kind) is not None]
        if len(present) != 1:
            raise InvalidArgument("echo needs exactly one of int64s, doubles, strings, records")
        await config.pause()
        payload = payloads[present[0]]
        return {"count": len(payload), present[0]: payload} if echo else {"count": len(payload)}

    @query.field("info")
    async def info_field(*_: Any) -> dict:
        return info

    return [query]
