"""What a gRPC server offers, for the "my own service" form: services, methods, a request to start from.

The methods come from the server's reflection service (grpcio-reflection's client, which asks
``grpc.reflection.v1alpha``) or from a .proto / protoset file the user picks (compiled with
:func:`bancada.experiment.custom.compile_proto`). Each method gets a JSON request (proto3 JSON
mapping) with every field of its input message set to a placeholder value, to be edited.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from bancada.experiment.custom import compile_proto
from bancada.experiment.external import ExternalSpec, ExternalTargetError, check_reachable
from bancada.core.i18n import translate

#: Services every reflecting server offers besides the user's own: not listed.
HIDDEN_SERVICES = ("grpc.reflection.", "grpc.health.")
MAX_DEPTH = 4  # nested messages filled this deep (a recursive message stops here)


class ReflectionError(RuntimeError):
    """The methods of a server cannot be listed; one line in the reader's language."""


@dataclass(frozen=True)
class GrpcMethod:
    """One unary method: ``full_name`` (``package.Service/Method``), its input type, a placeholder request."""

    full_name: str
    input_type: str
    request_json: str
    streaming: bool = False


def placeholder(message: Descriptor, depth: int = 0) -> dict[str, Any]:
    """Every field of ``message`` with a placeholder value, as proto3 JSON (lowerCamel field names).

    Numbers 1 (1.5 for floating point), strings ``"text"``, bools true, bytes ``"AA=="``, enums their
    first value's name, a repeated field one element, a map one entry; nested messages likewise, down
    to :data:`MAX_DEPTH` levels.
    """
    out: dict[str, Any] = {}
    for field in message.fields:
        value = _field_value(field, depth)
        if value is None:
            continue
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            key = _scalar(field.message_type.fields_by_name["key"], depth) or "key"
            out[field.json_name] = {str(key): _field_value(field.message_type.fields_by_name["value"], depth)}
        elif _repeated(field):
            out[field.json_name] = [value]
        else:
            out[field.json_name] = value
    return out


def _repeated(field: FieldDescriptor) -> bool:
    return bool(field.is_repeated)


def _field_value(field: FieldDescriptor, depth: int) -> Any:
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        if depth >= MAX_DEPTH or field.message_type is None:
            return None
        well_known = {
            "google.protobuf.Timestamp": "2024-01-01T00:00:00Z",
            "google.protobuf.Duration": "1s",
            "google.protobuf.Struct": {},
            "google.protobuf.Value": "text",
            "google.protobuf.Empty": {},
        }
        name = field.message_type.full_name
        if name in well_known:
            return well_known[name]
        if name.startswith("google.protobuf.") and name.endswith("Value"):  # wrappers: their value
            return _scalar(field.message_type.fields_by_name["value"], depth)
        return placeholder(field.message_type, depth + 1)
    return _scalar(field, depth)


def _scalar(field: FieldDescriptor, depth: int) -> Any:
    t = field.type
    if t in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return 1.5
    if t == FieldDescriptor.TYPE_BOOL:
        return True
    if t == FieldDescriptor.TYPE_STRING:
        return "text"
    if t == FieldDescriptor.TYPE_BYTES:
        return "AA=="
    if t == FieldDescriptor.TYPE_ENUM:
        return field.enum_type.values[0].name if field.enum_type is not None else 0
    if t == FieldDescriptor.TYPE_MESSAGE:
        return _field_value(field, depth)
    return 1  # the integer types (64-bit ones are strings or numbers in proto3 JSON: both are read)


def _methods(pool: descriptor_pool.DescriptorPool, services: list[str]) -> list[GrpcMethod]:
    out = []
    for name in services:
        service = pool.FindServiceByName(name)
        for m in service.methods:
            streaming = bool(getattr(m, "client_streaming", False) or getattr(m, "server_streaming", False))
            out.append(
                GrpcMethod(
                    f"{service.full_name}/{m.name}",
                    m.input_type.full_name,
                    json.dumps(placeholder(m.input_type)),
                    streaming,
                )
            )
    return out


def methods_from_server(target: str, timeout_s: float = 5.0) -> list[GrpcMethod]:
    """The methods of the server at ``target`` (``host:port``, plaintext), through its server reflection.

    Raises:
        ReflectionError: the server cannot be reached, does not offer reflection, or fails.
    """
    import grpc
    from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (  # type: ignore[import-untyped]
        ProtoReflectionDescriptorDatabase,
    )

    channel = grpc.insecure_channel(target)
    try:
        grpc.channel_ready_future(channel).result(timeout=timeout_s)
        database = ProtoReflectionDescriptorDatabase(channel)
        services = [s for s in database.get_services() if not s.startswith(HIDDEN_SERVICES)]
        return _methods(descriptor_pool.DescriptorPool(database), services)
    except grpc.FutureTimeoutError:
        raise ReflectionError(
            translate("CustomRequest", "no gRPC server answered at {t} within {s:g} s").format(t=target, s=timeout_s)
        ) from None
    except grpc.RpcError as exc:
        if exc.code() == grpc.StatusCode.UNIMPLEMENTED:
            raise ReflectionError(
                translate(
                    "CustomRequest",
                    "the server at {t} does not offer server reflection; name a .proto or protoset file "
                    "in the workload (proto = ... or protoset = ...)",
                ).format(t=target)
            ) from None
        raise ReflectionError(
            translate("CustomRequest", "server reflection on {t} failed: {why}").format(
                t=target,
                why=exc.details() or exc.code(),
            )
        ) from None
    finally:
        channel.close()


def methods_from_file(path: str) -> list[GrpcMethod]:
    """The methods declared by a .proto file (compiled here) or a protoset (a FileDescriptorSet).

    Raises:
        ReflectionError: the file cannot be read, does not compile or is not a descriptor set.
    """
    try:
        data = compile_proto(path) if path.endswith(".proto") else open(path, "rb").read()
        files = descriptor_pb2.FileDescriptorSet.FromString(data)
        pool = descriptor_pool.DescriptorPool()
        for f in files.file:
            pool.Add(f)
    except OSError as exc:
        raise ReflectionError(
            translate("CustomRequest", "cannot read {path}: {why}").format(path=path, why=exc.strerror)
        ) from None
    except Exception as exc:  # noqa: BLE001 - a compile error (CustomRequestError) or a bad descriptor set
        raise ReflectionError(
            translate("CustomRequest", "{path} is not a .proto or protoset Bancada can read: {why}").format(
                path=path, why=exc
            )
        ) from None
    services = [s.package + "." + v.name if s.package else v.name for s in files.file for v in s.service]
    return _methods(pool, services)


def check_server(spec: ExternalSpec, proto_file: str = "", timeout_s: float = 3.0) -> list[GrpcMethod]:
    """Connect to ``spec``'s address; for gRPC, list its methods (reflection, or ``proto_file``).

    Returns the methods ([] for REST).

    Raises:
        ExternalTargetError: the address does not accept a connection.
        ReflectionError: the methods cannot be listed.
    """
    check_reachable(spec.implementation(), timeout_s)
    if spec.protocol != "grpc":
        return []
    if proto_file:
        return methods_from_file(proto_file)
    return methods_from_server(spec.target, timeout_s)


def missing_method(target: str, grpc_method: str, methods: list[GrpcMethod]) -> str:
    """Why ``grpc_method`` is not among ``methods`` of the server at ``target`` ("" when it is)."""
    if any(m.full_name == grpc_method for m in methods):
        return ""
    service, _, name = grpc_method.partition("/")
    names = ", ".join(sorted(m.full_name.partition("/")[2] for m in methods if m.full_name.startswith(service + "/")))
    if not names:
        services = ", ".join(sorted({m.full_name.partition("/")[0] for m in methods}))
        return translate("CustomRequest", "the server at {t} has no service {s} (services: {names})").format(
            t=target, s=service, names=services
        )
    return translate("CustomRequest", "the server at {t}: service {s} has no method {m} (methods: {names})").format(
        t=target, s=service, m=name, names=names
    )


__all__ = [
    "GrpcMethod",
    "ReflectionError",
    "ExternalTargetError",
    "check_server",
    "methods_from_file",
    "methods_from_server",
    "missing_method",
    "placeholder",
]
