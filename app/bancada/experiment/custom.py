"""Custom requests: a workload with ``operation = "custom"`` for your own service.

Besides the contract operations (ping/select/echo/info), a workload may send
a request of the user's own API. It defines the request per protocol; a
treatment is made for each implementation whose protocol the workload
defines (a REST-only custom workload does not go to gRPC implementations):

- REST: ``method`` (GET, POST, PUT, PATCH, DELETE, OPTIONS; default POST with
  a body, else GET), ``path`` (``/v1/select?x=1``), ``headers`` (a table of
  strings; ``Content-Type`` defaults to ``application/json`` when there is a
  body) and the body: ``body`` (a template, :mod:`bancada.experiment.template`)
  or ``body_file`` (sent byte for byte). A response counts ok for HTTP 2xx.
- gRPC: ``grpc_method`` (``package.Service/Method``), the request message as
  JSON (proto3 JSON mapping): ``request`` (a template) or ``request_file``;
  the descriptors from ``protoset`` (a FileDescriptorSet), from ``proto`` (a
  .proto file, compiled here with grpcio-tools; ``proto_path`` lists its
  include folders, default its own folder), or, with neither, from the
  server's reflection service. A response counts ok for status OK.

File names are relative to the profile's folder. Everything is rendered and
encoded once, before the run (payloads never take shape inside the timed region); the native driver encodes the
gRPC JSON with protojson before its timed region.
"""

from __future__ import annotations

from bancada.core.i18n import translate

import base64
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationInfo, field_validator

from bancada.experiment.template import TemplateError, check_template, render_template

HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
#: Headers the driver writes itself (framing, connection policy).
MANAGED_HEADERS = ("content-length", "transfer-encoding", "connection")
_GRPC_METHOD = re.compile(r"^/?([A-Za-z_][\w]*\.)*[A-Za-z_]\w*/[A-Za-z_]\w*$")
_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
CUSTOM_FIELDS = (
    "method",
    "path",
    "headers",
    "body",
    "body_file",
    "grpc_method",
    "request",
    "request_file",
    "proto",
    "proto_path",
    "protoset",
)


class CustomRequestError(ValueError):
    """A custom request cannot be built (a .proto that does not compile, a file gone)."""


def _resolve(value: str, info: ValidationInfo) -> str:
    """An absolute path: relative names are taken from the profile's folder (context ``base_dir``)."""
    base = (info.context or {}).get("base_dir")
    path = Path(value).expanduser()
    if not path.is_absolute() and base is not None:
        path = Path(base) / path
    path = path.resolve()
    if not path.is_file():
        where = f" (relative names are taken from {base})" if base is not None else ""
        raise ValueError(translate("CustomRequest", "no such file: {path}{where}").format(path=path, where=where))
    return str(path)


class CustomRequestFields(BaseModel):
    """The fields of a custom workload (mixed into ``profile.Workload``)."""

    #: custom REST: the HTTP method (default POST with a body, else GET)
    method: str | None = None
    #: custom REST: the path and query, e.g. /v1/select?x=1
    path: str | None = None
    #: custom REST: a table of request headers
    headers: dict[str, str] | None = None
    #: custom REST: the body, a template
    body: str | None = None
    #: custom REST: a file sent as the body byte for byte
    body_file: str | None = None
    #: custom gRPC: package.Service/Method
    grpc_method: str | None = None
    #: custom gRPC: the request message as JSON (proto3 mapping), a template
    request: str | None = None
    #: custom gRPC: a file holding the request message as JSON
    request_file: str | None = None
    #: custom gRPC: a .proto file with the method (default: the server's reflection)
    proto: str | None = None
    #: custom gRPC: include folders of the .proto
    proto_path: list[str] | None = None
    #: custom gRPC: a FileDescriptorSet with the method
    protoset: str | None = None

    @field_validator("method")
    @classmethod
    def _method(cls, v: str | None) -> str | None:
        if v is not None and v.upper() not in HTTP_METHODS:
            raise ValueError(translate("CustomRequest", "allowed: {names}").format(names=", ".join(HTTP_METHODS)))
        return v.upper() if v is not None else None

    @field_validator("path")
    @classmethod
    def _path(cls, v: str | None) -> str | None:
        if v is not None and (not v.startswith("/") or re.search(r"\s", v)):
            raise ValueError(
                translate("CustomRequest", "a path starts with / and holds no spaces (e.g. /v1/select?x=1)")
            )
        return v

    @field_validator("headers")
    @classmethod
    def _headers(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        for name, value in (v or {}).items():
            if not _HEADER_NAME.match(name):
                raise ValueError(
                    translate("CustomRequest", "header name {name!r} is not an HTTP token").format(name=name)
                )
            if name.lower() in MANAGED_HEADERS:
                raise ValueError(
                    translate("CustomRequest", "header {name!r} is written by the driver; leave it out").format(
                        name=name
                    )
                )
            if "\r" in value or "\n" in value:
                raise ValueError(
                    translate("CustomRequest", "header {name!r}: a value holds no line breaks").format(name=name)
                )
        return v

    @field_validator("body", "request")
    @classmethod
    def _template(cls, v: str | None) -> str | None:
        if v is not None:
            try:
                check_template(v)
            except TemplateError as exc:
                raise ValueError(translate("CustomRequest", "template error: {exc}").format(exc=exc)) from None
        return v

    @field_validator("grpc_method")
    @classmethod
    def _grpc_method(cls, v: str | None) -> str | None:
        if v is not None and not _GRPC_METHOD.match(v):
            raise ValueError(
                translate("CustomRequest", "a full method name is package.Service/Method, e.g. bancada.v1.Bench/Select")
            )
        return v.lstrip("/") if v is not None else None

    @field_validator("body_file", "request_file", "proto", "protoset")
    @classmethod
    def _file(cls, v: str | None, info: ValidationInfo) -> str | None:
        return _resolve(v, info) if v is not None else None

    @field_validator("proto_path")
    @classmethod
    def _proto_path(cls, v: list[str] | None, info: ValidationInfo) -> list[str] | None:
        if v is None:
            return None
        base = (info.context or {}).get("base_dir")
        out = []
        for folder in v:
            p = Path(folder).expanduser()
            p = (Path(base) / p if not p.is_absolute() and base is not None else p).resolve()
            if not p.is_dir():
                raise ValueError(translate("CustomRequest", "no such folder: {p}").format(p=p))
            out.append(str(p))
        return out

    # -- checks across fields (called by Workload's model validator) ------------
    def check_custom(self, operation: str) -> None:
        """Raise ValueError (one line) if the custom fields do not fit ``operation``."""
        given = [f for f in CUSTOM_FIELDS if getattr(self, f) is not None]
        if operation != "custom":
            if given:
                raise ValueError(
                    translate("CustomRequest", "{given} is only for operation = 'custom'").format(given=given[0])
                )
            return
        if self.path is None and self.grpc_method is None:
            raise ValueError(
                translate("CustomRequest", "a custom workload needs path (REST) and/or grpc_method (gRPC)")
            )
        self._check_protocol_fields()
        self._check_pairs()
        self._check_request_json()

    def _check_protocol_fields(self) -> None:
        """Raise ValueError if a REST field comes without path or a gRPC field without grpc_method."""
        rest = [f for f in ("method", "headers", "body", "body_file") if getattr(self, f) is not None]
        if rest and self.path is None:
            raise ValueError(
                translate("CustomRequest", "{rest} belongs to a REST request: give its path too").format(rest=rest[0])
            )
        grpc = [
            f for f in ("request", "request_file", "proto", "proto_path", "protoset") if getattr(self, f) is not None
        ]
        if grpc and self.grpc_method is None:
            raise ValueError(
                translate("CustomRequest", "{grpc} belongs to a gRPC request: give its grpc_method too").format(
                    grpc=grpc[0]
                )
            )

    def _check_pairs(self) -> None:
        """Raise ValueError if two fields that exclude (or need) each other are given wrongly."""
        for a, b in (("body", "body_file"), ("request", "request_file"), ("proto", "protoset")):
            if getattr(self, a) is not None and getattr(self, b) is not None:
                raise ValueError(translate("CustomRequest", "give {a} or {b}, not both").format(a=a, b=b))
        if self.proto_path is not None and self.proto is None:
            raise ValueError(translate("CustomRequest", "proto_path goes with proto"))

    def _check_request_json(self) -> None:
        """Raise ValueError if the gRPC request template is not JSON once rendered."""
        if self.request is not None:
            try:
                json.loads(render_template(self.request, getattr(self, "seed", 1)))
            except ValueError as exc:
                raise ValueError(
                    translate("CustomRequest", "request is not valid JSON once rendered: {exc}").format(exc=exc)
                ) from None

    def custom_protocols(self) -> tuple[str, ...]:
        """The protocols this custom workload defines a request for."""
        return tuple(p for p, f in (("grpc", self.grpc_method), ("rest", self.path)) if f is not None)


def rest_request(fields: CustomRequestFields, seed: int) -> dict[str, Any]:
    """The job's ``request`` object of a custom REST treatment (docs/driver-protocol.md).

    Returns ``{"method", "path", "headers", "body_base64"}``; the body is the
    rendered template or the file's bytes.

    Raises:
        CustomRequestError: the body file cannot be read.
    """
    body: bytes | None = None
    if fields.body is not None:
        body = render_template(fields.body, seed).encode()
    elif fields.body_file is not None:
        try:
            body = Path(fields.body_file).read_bytes()
        except OSError as exc:
            raise CustomRequestError(
                translate("CustomRequest", "cannot read body_file {body_file}: {strerror}").format(
                    body_file=fields.body_file, strerror=exc.strerror
                )
            ) from None
    headers = dict(fields.headers or {})
    if body and not any(k.lower() == "content-type" for k in headers):
        headers["Content-Type"] = "application/json"
    method = fields.method or ("POST" if body is not None else "GET")
    out: dict[str, Any] = {"method": method, "path": fields.path, "headers": headers}
    if body is not None:
        out["body_base64"] = base64.b64encode(body).decode()
    return out


def grpc_request(fields: CustomRequestFields, seed: int) -> dict[str, Any]:
    """The job's ``request`` object of a custom gRPC treatment.

    Returns ``{"grpc_method", "json"[, "protoset_base64"]}``: without a
    protoset or proto file the driver asks the server's reflection.

    Raises:
        CustomRequestError: a file cannot be read or the .proto does not compile.
    """
    text = "{}"
    if fields.request is not None:
        text = render_template(fields.request, seed)
    elif fields.request_file is not None:
        try:
            text = Path(fields.request_file).read_text(encoding="utf-8")
            json.loads(text)
        except OSError as exc:
            raise CustomRequestError(
                translate("CustomRequest", "cannot read request_file {request_file}: {strerror}").format(
                    request_file=fields.request_file, strerror=exc.strerror
                )
            ) from None
        except ValueError as exc:
            raise CustomRequestError(
                translate("CustomRequest", "request_file {request_file} is not JSON: {exc}").format(
                    request_file=fields.request_file, exc=exc
                )
            ) from None
    out: dict[str, Any] = {"grpc_method": fields.grpc_method, "json": text}
    if fields.protoset is not None:
        try:
            out["protoset_base64"] = base64.b64encode(Path(fields.protoset).read_bytes()).decode()
        except OSError as exc:
            raise CustomRequestError(
                translate("CustomRequest", "cannot read protoset {protoset}: {strerror}").format(
                    protoset=fields.protoset, strerror=exc.strerror
                )
            ) from None
    elif fields.proto is not None:
        out["protoset_base64"] = base64.b64encode(compile_proto(fields.proto, fields.proto_path)).decode()
    return out


def compile_proto(proto: str, include: list[str] | None = None, timeout_s: float = 60.0) -> bytes:
    """Compile a .proto file to a FileDescriptorSet (with its imports) with grpcio-tools' protoc.

    ``include`` lists the import folders (protoc's ``--proto_path``), default
    the file's own folder; protobuf's well-known types are always found.

    Raises:
        CustomRequestError: grpcio-tools is missing, or the file does not compile
            (protoc's first message, on one line).
    """
    try:
        import grpc_tools
    except ImportError:
        raise CustomRequestError(
            translate(
                "CustomRequest",
                "compiling a .proto needs the grpcio-tools package; install it, or give a "
                "protoset (protoc --include_imports --descriptor_set_out=x.protoset)",
            )
        ) from None
    path = Path(proto).resolve()
    folders = [Path(f).resolve() for f in (include or [str(path.parent)])]
    inside = [f for f in folders if path.is_relative_to(f)]
    if not inside:
        raise CustomRequestError(
            translate("CustomRequest", "{path} is in none of the proto_path folders {names}").format(
                path=path, names=", ".join(map(str, folders))
            )
        )
    well_known = Path(grpc_tools.__file__).parent / "_proto"
    with tempfile.TemporaryDirectory(prefix="bancada-proto-") as tmp:
        out = Path(tmp) / "set.protoset"
        argv = [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            *(f"--proto_path={f}" for f in folders),
            f"--proto_path={well_known}",
            "--include_imports",
            f"--descriptor_set_out={out}",
            str(path.relative_to(inside[0])),
        ]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            raise CustomRequestError(
                translate("CustomRequest", "compiling {path} took longer than {timeout_s:g} s").format(
                    path=path, timeout_s=timeout_s
                )
            ) from None
        if done.returncode != 0 or not out.exists():
            first = next((line for line in done.stderr.splitlines() if line.strip()), f"exit code {done.returncode}")
            first = first.strip().replace(f"{path}:", "line ", 1)  # protoc names the file again
            raise CustomRequestError(
                translate("CustomRequest", "{path} does not compile: {first}").format(path=path, first=first)
            )
        return out.read_bytes()
