"""The gRPC server: grpcio's asyncio server with one generic handler per method.

Each method's request deserializer starts the server-time span before it parses
the bytes and never raises: it hands the handler the start time together with
the message or the parse error. So unmarshalling is inside the span, and bytes
that are not a valid message become INVALID_ARGUMENT (grpcio would otherwise
answer INTERNAL). The span ends when the answer's message is ready and travels
as the ``server-timing`` trailing metadata, on errors too.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import grpc
from google.protobuf.message import DecodeError, Message

from bancada_worker import bench_pb2 as pb
from bancada_worker import contract, methods, pet_person
from bancada_worker.contract import Config
from bancada_worker.errors import InvalidArgument, Unavailable

SERVICE = "bancada.v1.Bench"


@dataclass(slots=True)
class Decoded:
    """A request as the deserializer hands it over: when decoding started, and its result."""

    start_ns: int
    message: Message | None
    error: Exception | None


def _deserializer(message_type: type[Message]) -> Callable[[bytes], Decoded]:
    def deserialize(data: bytes) -> Decoded:
        start_ns = time.perf_counter_ns()
        try:
            return Decoded(start_ns, message_type.FromString(data), None)
        except DecodeError as exc:
            return Decoded(start_ns, None, exc)

    return deserialize


class Bench:
    """The contract's operations on decoded messages; InvalidArgument for what the contract rejects."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.database = config.database
        self.info = pb.InfoResponse(**contract.info("grpc"))

    async def ping(self, req: pb.PingRequest) -> pb.PingResponse:
        await self.config.pause()
        return pb.PingResponse()

    async def select(self, req: pb.SelectRequest) -> pb.SelectResponse:
        await self.config.pause()
        seed = req.seed if req.HasField("seed") else None
        values, positions = contract.select(req.values, req.k, seed)
        return pb.SelectResponse(values=values, positions=positions)

    async def echo(self, req: pb.EchoRequest) -> pb.EchoResponse:
        kind = req.WhichOneof("payload")
        if kind is None:
            raise InvalidArgument("echo needs exactly one payload kind: int64s, doubles, strings or records")
        await self.config.pause()
        payload = getattr(req, kind)
        resp = pb.EchoResponse(count=len(payload.values))
        if req.echo:
            getattr(resp, kind).CopyFrom(payload)
        return resp

    async def info_of(self, req: pb.InfoRequest) -> pb.InfoResponse:
        return self.info

    # The six methods of seed 002 (bancada_worker.methods).
    async def void(self, req: pb.VoidRequest) -> pb.VoidResponse:
        return pb.VoidResponse()

    async def double(self, req: pb.DoubleRequest) -> pb.DoubleResponse:
        return pb.DoubleResponse(value=methods.double(req.value))

    async def sum(self, req: pb.SumRequest) -> pb.SumResponse:
        return pb.SumResponse(sum=methods.sum_values(req.values))

    async def power_of_two(self, req: pb.PowerOfTwoRequest) -> pb.PowerOfTwoResponse:
        return pb.PowerOfTwoResponse(power=methods.power_of_two(req.text))

    async def recolor(self, req: pb.RecolorRequest) -> pb.RecolorResponse:
        if not req.HasField("car"):
            raise InvalidArgument("recolor needs a car")
        car = pb.Car()
        car.CopyFrom(req.car)
        car.colour = methods.recolor({}, req.colour)["colour"]  # the contract's check of the colour
        return pb.RecolorResponse(car=car)

    async def mat_mul(self, req: pb.MatMulRequest) -> pb.MatMulResponse:
        a = (req.a.order, list(req.a.values)) if req.HasField("a") else None
        b = (req.b.order, list(req.b.values)) if req.HasField("b") else None
        order, values = methods.matmul(a, b)
        return pb.MatMulResponse(product=pb.Matrix(order=order, values=values))

    # The database methods of seed 001 (bancada_worker.database); deleted_at "" for a live row.
    async def list_pets(self, req: pb.ListPetsRequest) -> pb.ListPetsResponse:
        rows = await self.database.list_pets(req.limit)
        return pb.ListPetsResponse(pets=[_pet(row) for row in rows])

    async def list_people(self, req: pb.ListPeopleRequest) -> pb.ListPeopleResponse:
        rows = await self.database.list_people(req.limit)
        return pb.ListPeopleResponse(people=[_person(row) for row in rows])

    async def create_pet(self, req: pb.CreatePetRequest) -> pb.CreatePetResponse:
        return pb.CreatePetResponse(pet=_pet(await self.database.create_pet(req.name, req.age, req.type)))

    async def create_person(self, req: pb.CreatePersonRequest) -> pb.CreatePersonResponse:
        fields = pet_person.CreatePersonRequest(
            first_name=req.first_name,
            last_name=req.last_name,
            email=req.email,
            age=req.age,
            phone=req.phone,
            gender=req.gender,
            biography=req.biography,
        )
        return pb.CreatePersonResponse(person=_person(await self.database.create_person(fields)))


def _pet(row: dict[str, Any]) -> pb.Pet:
    return pb.Pet(**{**row, "deleted_at": row["deleted_at"] or ""})


def _person(row: dict[str, Any]) -> pb.Person:
    return pb.Person(**{**row, "deleted_at": row["deleted_at"] or ""})


Behaviour = Callable[[Decoded, grpc.aio.ServicerContext[Any, Any]], Awaitable[Message | None]]


def _timed(operation: Callable[[Any], Awaitable[Message]]) -> Behaviour:
    """Wrap an operation into a unary-unary behaviour that reports server timing."""

    async def behaviour(decoded: Decoded, context: grpc.aio.ServicerContext[Any, Any]) -> Message | None:
        code, details, resp = grpc.StatusCode.OK, "", None
        if decoded.error is not None:
            code, details = (
                grpc.StatusCode.INVALID_ARGUMENT,
                f"request is not a valid protobuf message: {decoded.error}",
            )
        else:
            try:
                resp = await operation(decoded.message)
            except InvalidArgument as exc:
                code, details = grpc.StatusCode.INVALID_ARGUMENT, str(exc)
            except Unavailable as exc:
                code, details = grpc.StatusCode.UNAVAILABLE, str(exc)
        trailer = (("server-timing", contract.server_timing(time.perf_counter_ns() - decoded.start_ns)),)
        if code is not grpc.StatusCode.OK:
            await context.abort(code, details, trailing_metadata=trailer)
        context.set_trailing_metadata(trailer)
        return resp

    return behaviour


def create_server(config: Config) -> grpc.aio.Server:
    """An asyncio gRPC server serving ``bancada.v1.Bench`` (no port bound yet)."""
    bench = Bench(config)
    methods: dict[str, tuple[Callable[[Any], Awaitable[Message]], type[Message]]] = {
        "Ping": (bench.ping, pb.PingRequest),
        "Select": (bench.select, pb.SelectRequest),
        "Echo": (bench.echo, pb.EchoRequest),
        "Info": (bench.info_of, pb.InfoRequest),
        "Void": (bench.void, pb.VoidRequest),
        "Double": (bench.double, pb.DoubleRequest),
        "Sum": (bench.sum, pb.SumRequest),
        "PowerOfTwo": (bench.power_of_two, pb.PowerOfTwoRequest),
        "Recolor": (bench.recolor, pb.RecolorRequest),
        "MatMul": (bench.mat_mul, pb.MatMulRequest),
        "ListPets": (bench.list_pets, pb.ListPetsRequest),
        "ListPeople": (bench.list_people, pb.ListPeopleRequest),
        "CreatePet": (bench.create_pet, pb.CreatePetRequest),
        "CreatePerson": (bench.create_person, pb.CreatePersonRequest),
    }
    handlers = {
        name: grpc.unary_unary_rpc_method_handler(
            _timed(operation),
            request_deserializer=_deserializer(request_type),
            response_serializer=lambda msg: msg.SerializeToString(),
        )
        for name, (operation, request_type) in methods.items()
    }
    limit = config.max_message_bytes
    options = [
        ("grpc.max_receive_message_length", limit),
        ("grpc.max_send_message_length", limit),
        ("grpc.so_reuseport", 0),  # a port in use is an error, never shared with another server
    ]
    return grpc.aio.server(handlers=[grpc.method_handlers_generic_handler(SERVICE, handlers)], options=options)
