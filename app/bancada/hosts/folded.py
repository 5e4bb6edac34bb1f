"""Each profiler's file turned into folded stacks: one line per call stack, ``root;...;leaf count``.

Folded stacks are the form Brendan Gregg's flamegraph.pl reads (and speedscope, inferno): frames
from the outermost to the innermost joined by ``;``, a space, the number of samples. Every CPU
profile Bancada stores is kept as the tool wrote it and as folded stacks made here:

- ``pprof``: Go's runtime/pprof protobuf (gzipped), read through pprof's own ``profile.proto``
  (proto/pprof/profile.proto, compiled to :mod:`bancada.hosts.pprof_pb2`); the sample count
  (the first value) of each sample, inlined frames expanded.
- ``jfr``: a Java Flight Recorder recording, printed by the JDK's own ``jfr print --json``
  (its ``jdk.ExecutionSample`` events: one sampled Java thread each).
- ``folded``: py-spy's ``--format raw`` output, already folded (kept as is).
- ``cpuprofile``: V8's .cpuprofile JSON (``node --cpu-prof``, the inspector's Profiler.stop):
  the call tree's nodes and the node id of each sample; ``(idle)`` samples (the event loop
  waiting) are left out, as they are no CPU time.
"""

from __future__ import annotations

import gzip
import json
import subprocess
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bancada.core.i18n import translate

Folded = dict[str, int]  # "root;...;leaf" -> samples


class ProfileFormatError(ValueError):
    """A profile file that cannot be read as its format says (the message names the format)."""


def folded_text(stacks: Folded) -> str:
    """``stacks`` as folded-stack lines, the widest first."""
    return "".join(f"{stack} {count}\n" for stack, count in sorted(stacks.items(), key=lambda kv: (-kv[1], kv[0])))


def parse_folded(text: str) -> Folded:
    """Folded-stack lines to a mapping; blank and malformed lines (no count) are skipped."""
    stacks: Counter[str] = Counter()
    for line in text.splitlines():
        stack, _, count = line.rstrip().rpartition(" ")
        if stack and count.isdigit():
            stacks[stack] += int(count)
    return dict(stacks)


def _clean(frame: str) -> str:
    return frame.replace(";", ":").replace("\n", " ").strip() or "?"


def _add(stacks: Counter[str], frames: Iterable[str], count: int) -> None:
    stack = ";".join(_clean(f) for f in frames)
    if stack and count > 0:
        stacks[stack] += count


def from_pprof(data: bytes) -> Folded:
    """Go's pprof profile (gzipped or plain protobuf) to folded stacks of sample counts.

    Raises:
        ProfileFormatError: not a pprof profile.
    """
    from google.protobuf.message import DecodeError

    from bancada.hosts import pprof_pb2

    try:
        raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
        profile = pprof_pb2.Profile.FromString(raw)
    except (OSError, EOFError, DecodeError) as exc:
        raise ProfileFormatError(
            translate("Profiling", "not a pprof CPU profile ({reason})").format(reason=exc)
        ) from None
    strings = list(profile.string_table)
    names = {f.id: strings[f.name] for f in profile.function}
    frames_of: dict[int, list[str]] = {}
    for loc in profile.location:
        # line[0] is the innermost of the inlined calls at this address (pprof's profile.proto)
        frames_of[loc.id] = [names.get(line.function_id, "?") for line in loc.line] or [f"0x{loc.address:x}"]
    stacks: Counter[str] = Counter()
    for sample in profile.sample:
        leaf_first = [f for loc_id in sample.location_id for f in frames_of.get(loc_id, ["?"])]
        _add(stacks, reversed(leaf_first), sample.value[0] if sample.value else 0)
    return dict(stacks)


def _java_frame(frame: dict[str, Any]) -> str:
    method = frame.get("method") or {}
    owner = str((method.get("type") or {}).get("name", "?")).replace("/", ".")
    return f"{owner}.{method.get('name', '?')}"


def from_jfr_json(text: str) -> Folded:
    """``jfr print --json --events jdk.ExecutionSample`` output to folded stacks (one count per event).

    Raises:
        ProfileFormatError: not that JSON.
    """
    try:
        events = json.loads(text)["recording"]["events"]
    except (ValueError, KeyError, TypeError) as exc:
        raise ProfileFormatError(
            translate("Profiling", "not the JSON of jfr print ({reason})").format(reason=exc)
        ) from None
    stacks: Counter[str] = Counter()
    for event in events:
        frames = ((event.get("values") or {}).get("stackTrace") or {}).get("frames") or []
        _add(stacks, reversed([_java_frame(f) for f in frames]), 1)  # JFR lists the top frame first
    return dict(stacks)


def from_jfr(data: bytes, jfr_tool: str = "jfr", timeout_s: float = 120.0) -> Folded:
    """A JFR recording to folded stacks through the JDK's ``jfr`` tool (64 frames deep at most).

    Raises:
        ProfileFormatError: the tool is missing, fails, or prints no JSON.
    """
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bancada-jfr-") as tmp:
        path = Path(tmp) / "recording.jfr"
        path.write_bytes(data)
        cmd = [jfr_tool, "print", "--json", "--stack-depth", "64", "--events", "jdk.ExecutionSample", str(path)]
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ProfileFormatError(
                translate("Profiling", "the JDK's jfr tool could not read the recording ({reason})").format(reason=exc)
            ) from None
    if done.returncode != 0:
        raise ProfileFormatError(
            translate("Profiling", "the JDK's jfr tool could not read the recording ({reason})").format(
                reason=done.stderr.strip()[-300:]
            )
        )
    return from_jfr_json(done.stdout)


def from_cpuprofile(data: bytes) -> Folded:
    """V8's .cpuprofile JSON to folded stacks (one count per sample; ``(idle)`` and the root left out).

    Raises:
        ProfileFormatError: not a .cpuprofile.
    """
    try:
        profile = json.loads(data)
        nodes = {int(n["id"]): n for n in profile["nodes"]}
        samples = [int(s) for s in profile.get("samples", [])]
    except (ValueError, KeyError, TypeError) as exc:
        raise ProfileFormatError(translate("Profiling", "not a V8 .cpuprofile ({reason})").format(reason=exc)) from None
    parent = {int(c): node_id for node_id, n in nodes.items() for c in n.get("children", [])}

    def frame(node: dict[str, Any]) -> str:
        call = node.get("callFrame") or {}
        name = call.get("functionName") or "(anonymous)"
        url = str(call.get("url") or "")
        where = url.rsplit("/", 1)[-1]
        return f"{name} ({where}:{int(call.get('lineNumber', -1)) + 1})" if where else name

    paths: dict[int, list[str]] = {}

    def path(node_id: int) -> list[str]:
        if node_id not in paths:
            chain, cur = [], node_id
            while cur in nodes:
                chain.append(frame(nodes[cur]))
                cur = parent.get(cur, -1)
            paths[node_id] = list(reversed(chain))[1:]  # without "(root)"
        return paths[node_id]

    stacks: Counter[str] = Counter()
    for node_id, count in Counter(samples).items():
        frames = path(node_id)
        if frames and frames[-1] != "(idle)":
            _add(stacks, frames, count)
    return dict(stacks)


def to_folded(fmt: str, data: bytes) -> Folded:
    """Folded stacks of ``data`` in the stored format ``fmt`` (pprof, jfr, folded, cpuprofile).

    Raises:
        ProfileFormatError: an unknown format, or data that is not in it.
    """
    if fmt == "pprof":
        return from_pprof(data)
    if fmt == "jfr":
        return from_jfr(data)
    if fmt == "cpuprofile":
        return from_cpuprofile(data)
    if fmt == "folded":
        return parse_folded(data.decode("utf-8", "replace"))
    raise ProfileFormatError(
        translate("Profiling", "unknown profile format {fmt!r} (expected pprof, jfr, folded or cpuprofile)").format(
            fmt=fmt
        )
    )
