"""The "my own service" form's content, and the profile it writes (no Qt here).

A :class:`ServiceForm` holds what the student declares: servers (an ``[[external]]`` table each)
and requests (a custom workload each, :mod:`bancada.experiment.custom`). :meth:`ServiceForm.to_profile`
writes a normal profile, validated as ``bancada run`` reads it; :func:`form_from_profile` reads one
back (a profile written by hand too), keeping what the form does not edit (Bancada's own workers
named in ``implementations``, the design's numbers, other workloads).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bancada.experiment.profile import Profile, Workload, dumps_toml, parse_profile
from bancada.core.i18n import translate

#: The protocols a server of one's own may speak: those a custom request has a form for.
PROTOCOLS = ("rest", "grpc")


@dataclass
class ServerEntry:
    """One server: ``id`` (its level of the factor implementation), ``protocol``, ``address``."""

    id: str = ""
    protocol: str = "rest"
    address: str = ""
    language: str = "external"
    proto_file: str = ""  # a .proto or protoset the gRPC methods come from ("" = server reflection)


@dataclass
class RequestEntry:
    """One request, sent to every server of a protocol it defines: REST fields and/or a gRPC method."""

    name: str = ""
    method: str = "GET"
    path: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    body: str = ""
    grpc_method: str = ""
    request: str = ""


@dataclass
class ServiceForm:
    """The form's content; ``base`` is the profile it came from (its other tables are kept)."""

    title: str = ""
    servers: list[ServerEntry] = field(default_factory=list)
    requests: list[RequestEntry] = field(default_factory=list)
    base: dict[str, Any] = field(default_factory=dict)

    def profile_data(self) -> dict[str, Any]:
        """The profile as a dict (``[experiment]``, ``[[external]]``, ``[[workloads]]``)."""
        data = {k: v for k, v in self.base.items() if k not in ("experiment", "external", "workloads")}
        data["experiment"] = self._experiment_table()
        data["external"] = [
            {"id": s.id, "protocol": s.protocol, "address": s.address.strip(), "language": s.language}
            for s in self.servers
        ]
        proto = next((s.proto_file for s in self.servers if s.protocol == "grpc" and s.proto_file), "")
        own = [w for w in self.base.get("workloads", []) if w.get("operation") != "custom"]
        data["workloads"] = own + [_workload(r, proto) for r in self.requests]
        return data

    def _experiment_table(self) -> dict[str, Any]:
        """``[experiment]``: the base's, with this form's title and servers (Bancada's own workers kept)."""
        exp = dict(self.base.get("experiment", {}))
        own_ids = {s.id for s in self.servers}
        old_external = {e["id"] for e in self.base.get("external", [])}
        workers = [i for i in exp.get("implementations", []) if i not in old_external and i not in own_ids]
        exp["name"] = exp.get("name") or slug(self.title) or "my-service"
        exp["title"] = self.title or exp.get("title", "")
        exp["implementations"] = [s.id for s in self.servers] + workers
        exp.setdefault("repetitions", 3)
        exp.setdefault("requests", 100)
        exp.setdefault("warmup", 20)
        exp.setdefault("factors", ["implementation"])
        return exp

    def to_profile(self, folder: Path | None = None) -> Profile:
        """The validated profile (file names relative to ``folder``).

        Raises:
            ProfileError: one line naming the field and what is wrong (as ``bancada run`` says it).
        """
        if not self.servers:
            from bancada.experiment.profile import ProfileError

            raise ProfileError(translate("OwnService", "declare at least one server"))
        if not self.requests:
            from bancada.experiment.profile import ProfileError

            raise ProfileError(translate("OwnService", "declare at least one request"))
        return parse_profile(self.profile_data(), translate("OwnService", "the form"), base_dir=folder)

    def write(self, path: Path) -> Profile:
        """Validate, then write the profile to ``path`` (TOML); returns it.

        Raises:
            ProfileError: the form is not a valid profile (nothing is written).
            OSError: the file cannot be written.
        """
        profile = self.to_profile(path.parent)
        data = profile.model_dump(exclude_none=True)
        header = "# " + translate("OwnService", "Written by Bancada's form “My own service”; it opens there again.")
        path.write_text(header + "\n\n" + dumps_toml(data), encoding="utf-8")
        return profile


def _workload(r: RequestEntry, proto: str) -> dict[str, Any]:
    w: dict[str, Any] = {"name": r.name, "operation": "custom"}
    if r.path:
        w["method"] = r.method
        w["path"] = r.path
        if r.headers:
            w["headers"] = dict(r.headers)
        if r.body:
            w["body"] = r.body
    if r.grpc_method:
        w["grpc_method"] = r.grpc_method
        w["request"] = r.request or "{}"
        if proto:
            w["proto" if proto.endswith(".proto") else "protoset"] = proto
    return w


def slug(text: str) -> str:
    """A profile name from a title: ``"Lab 6: my calculator"`` -> ``lab-6-my-calculator``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64]


def form_from_profile(profile: Profile) -> ServiceForm:
    """The form of ``profile``: its external servers and custom workloads (the rest kept as ``base``)."""
    base = profile.model_dump(exclude_none=True)
    servers = [ServerEntry(e.id, e.protocol, e.address, e.language) for e in profile.external]
    proto = next((w.proto or w.protoset or "" for w in profile.workloads if w.operation == "custom"), "")
    for s in servers:
        if s.protocol == "grpc":
            s.proto_file = proto
    requests = [_request_entry(w) for w in profile.workloads if w.operation == "custom"]
    return ServiceForm(profile.experiment.title, servers, requests, base)


def _request_entry(w: Workload) -> RequestEntry:
    """The form's entry of one custom workload ``w`` (body and request files read in)."""
    body = w.body or (Path(w.body_file).read_text(encoding="utf-8", errors="replace") if w.body_file else "")
    req = w.request or (Path(w.request_file).read_text(encoding="utf-8") if w.request_file else "")
    return RequestEntry(
        w.name,
        w.method or ("POST" if body else "GET"),
        w.path or "",
        dict(w.headers or {}),
        body,
        w.grpc_method or "",
        req,
    )


def parse_headers(text: str) -> dict[str, str]:
    """``Name: value`` lines into a dict (blank lines skipped).

    Raises:
        ValueError: a line without ``:`` (naming it).
    """
    out = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        name, sep, value = line.partition(":")
        if not sep or not name.strip():
            raise ValueError(translate("OwnService", "header line {line!r}: write Name: value").format(line=line))
        out[name.strip()] = value.strip()
    return out
