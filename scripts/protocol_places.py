#!/usr/bin/env python3
"""Where the code names one protocol: the places a change to that protocol (or a new one like it) touches.

    scripts/protocol_places.py graphql        # the places, one a line, then their count
    scripts/protocol_places.py --all          # the count for every protocol

A place is a source file that names the protocol (case-insensitive), or a protocol's own package or
modules, counted once however many files they hold (a folder whose name contains the protocol, e.g.
``workers/go/graphqlserver/``; the files of one folder whose names contain it, e.g. ``graphql_app.py``
and ``graphql_http.py``). Left out: tests, generated
code (``*_pb2.py``, ``*.pb.go``), documentation (``*.md``, ``docs/``), the translation catalogue,
dependency manifests and lock files (``pyproject.toml``, ``go.mod``, ``package.json`` and their
locks: a library's name is not a branch), profiles (``profiles/``: a user's choice of protocol, as
data), the workers' manifests (``worker.toml``: what an implementation serves, as data) and the
protocol's schema itself (``proto/``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOCOLS = ("grpc", "jsonrpc", "graphql")  # "rest" is also an English word: count it by hand
SKIP_NAMES = {"pyproject.toml", "uv.lock", "go.mod", "go.sum", "package.json", "package-lock.json",
              "requirements.lock", "worker.toml", "pom.xml", "Gemfile", "Gemfile.lock", "composer.json",
              "composer.lock"}  # fmt: skip
SKIP_PARTS = {"tests", "test", "docs", "profiles", "proto", "testdata", "node_modules", "translations"}


def _skipped(path: str) -> bool:
    p = Path(path)
    name = p.name
    return (
        name in SKIP_NAMES
        or bool(SKIP_PARTS & set(p.parts))
        or name.endswith(("_pb2.py", ".pb.go", "_test.go", ".md", ".qm", ".ts", ".svg", ".png"))
        or name.startswith("test_")
        or ".test." in name
    )


def places(protocol: str) -> list[str]:
    """The places naming ``protocol`` (see the module's docstring), sorted."""
    files = subprocess.run(
        ["git", "grep", "-l", "-i", "-I", protocol, "--", "app", "drivers", "workers", "scripts", "packaging"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    word = re.compile(protocol, re.IGNORECASE)
    out: set[str] = set()
    for f in files:
        if _skipped(f) or f == "scripts/protocol_places.py":
            continue
        parts = Path(f).parts
        own = next((i for i, part in enumerate(parts) if word.search(part)), None)
        if own is None:
            out.add(f)
        elif own == len(parts) - 1:  # the protocol's own modules in one folder: one place
            out.add(str(Path(*parts[:own], f"*{protocol}*")))
        else:
            out.add(str(Path(*parts[: own + 1])))
    return sorted(out)


def main(argv: list[str]) -> int:
    if argv == ["--all"]:
        for protocol in PROTOCOLS:
            print(f"{protocol}\t{len(places(protocol))}")
        return 0
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    found = places(argv[0])
    print("\n".join(found))
    print(f"{len(found)} places name {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
