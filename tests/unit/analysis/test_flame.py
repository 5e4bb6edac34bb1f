"""Folded stacks from each profiler's format, and the flame-graph layout (no worker needed)."""

from __future__ import annotations

import gzip
import json

import pytest

from bancada.analysis.flame import differential, layout, widest
from bancada.hosts import pprof_pb2
from bancada.hosts.folded import (
    ProfileFormatError,
    folded_text,
    from_cpuprofile,
    from_jfr_json,
    parse_folded,
    to_folded,
)


def pprof_bytes() -> bytes:
    p = pprof_pb2.Profile(string_table=["", "main.main", "encoding/json.Unmarshal", "runtime.futex"])
    p.function.add(id=1, name=1)
    p.function.add(id=2, name=2)
    p.function.add(id=3, name=3)
    p.location.add(id=10, line=[pprof_pb2.Line(function_id=1)])
    # one address holding an inlined call: line[0] is the innermost
    p.location.add(id=11, line=[pprof_pb2.Line(function_id=2), pprof_pb2.Line(function_id=1)])
    p.location.add(id=12, line=[pprof_pb2.Line(function_id=3)])
    p.sample.add(location_id=[11, 10], value=[7, 70_000_000])
    p.sample.add(location_id=[12], value=[3, 30_000_000])
    return gzip.compress(p.SerializeToString())


def test_pprof_stacks_root_first_with_inlined_frames_expanded():
    assert to_folded("pprof", pprof_bytes()) == {
        "main.main;main.main;encoding/json.Unmarshal": 7,
        "runtime.futex": 3,
    }


def test_v8_cpuprofile_leaves_idle_out_and_names_files():
    profile = {
        "nodes": [
            {"id": 1, "callFrame": {"functionName": "(root)", "url": "", "lineNumber": -1}, "children": [2, 4]},
            {"id": 2, "callFrame": {"functionName": "handler", "url": "file:///w/src/rest.js", "lineNumber": 65},
             "children": [3]},
            {"id": 3, "callFrame": {"functionName": "parse", "url": "node:internal/x", "lineNumber": 9}},
            {"id": 4, "callFrame": {"functionName": "(idle)", "url": "", "lineNumber": -1}},
        ],
        "samples": [3, 3, 2, 4, 4, 4],
    }  # fmt: skip
    assert from_cpuprofile(json.dumps(profile).encode()) == {
        "handler (rest.js:66)": 1,
        "handler (rest.js:66);parse (x:10)": 2,
    }


def test_jfr_json_top_frame_first_turned_root_first():
    def frame(owner, name):
        return {"method": {"type": {"name": owner}, "name": name}}

    events = {"recording": {"events": [
        {"values": {"stackTrace": {"frames": [frame("com/fasterxml/jackson/Parser", "next"),
                                              frame("java/lang/Thread", "run")]}}},
    ] * 2}}  # fmt: skip
    assert from_jfr_json(json.dumps(events)) == {"java.lang.Thread.run;com.fasterxml.jackson.Parser.next": 2}


@pytest.mark.parametrize(
    "fmt,data,word",
    [("pprof", b"\x1f\x8bnot gzip", "pprof"), ("cpuprofile", b"{}", "V8"), ("perf", b"", "unknown profile format")],
)
def test_bad_files_say_which_format_they_are_not(fmt, data, word):
    with pytest.raises(ProfileFormatError, match=word):
        to_folded(fmt, data)


def test_folded_round_trip_and_layout_shares():
    stacks = {"a;b": 3, "a;c": 1, "d": 4}
    assert parse_folded(folded_text(stacks) + "garbage line\n") == stacks
    frames = {f.name: f for f in layout(stacks)}
    assert frames["all"].width == 1.0 and frames["a"].share == 0.5 and frames["b"].share == 0.375
    assert frames["b"].x == frames["a"].x  # children start under their parent
    assert widest(stacks, 2) == [("d", 0.5), ("b", 0.375)]


def test_differential_colours_by_change_of_share():
    frames = {f.name: f for f in differential({"a;b": 1, "a;c": 3}, {"a;b": 3, "a;c": 1})}
    assert frames["b"].delta == pytest.approx(0.5) and frames["c"].delta == pytest.approx(-0.5)
    assert frames["all"].delta == pytest.approx(0.0)
