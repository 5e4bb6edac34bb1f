"""Seed 004's pieces without workers: profile rules, the plan, the X frame, the schema-1 migration, the tables."""

from __future__ import annotations

import io
import sqlite3

import pandas as pd
import pytest

from bancada.drivers.stream import Sample, Split, encode_sample, encode_split, read_frames
from bancada.experiment import manifest
from bancada.experiment.plan import PlanError, build_plan, with_seed
from bancada.experiment.profile import ProfileError, parse_profile
from bancada.stats.serialization import seed_tables
from bancada.store import run_schema
from bancada.store.runstore import RunStore, TreatmentRow
from bancada.store.tidy_csv import tidy_frame
from tests.conftest import ROOT


def _profile(workload: dict, **experiment) -> dict:
    exp = {"name": "t", "implementations": ["go-rest"], "factors": ["format"], **experiment}
    return {"experiment": exp, "workloads": [{"name": "w", **workload}]}


SERIAL = {"operation": "serial", "kind": "structs", "count": 10, "formats": ["json", "avro"]}


@pytest.mark.parametrize(
    ("workload", "experiment", "message"),
    [
        ({**SERIAL, "formats": []}, {}, "serial needs formats, a list of json, protobuf, avro, msgpack"),
        ({**SERIAL, "kind": "records"}, {}, "serial takes kind int64s, doubles, strings, structs; got 'records'"),
        ({"operation": "echo", "formats": ["json"]}, {}, "formats is for operation = 'serial'"),
        ({"operation": "echo", "kind": "structs"}, {}, "kind 'structs' is for operation = 'serial'"),
        ({**SERIAL, "formats": ["json", "json"]}, {}, "formats lists a format twice"),
        (
            SERIAL,
            {"links": ["moon"]},
            "unknown link 'moon'; known: loopback, lan, same-region, cross-region, mobile-3g",
        ),
        (SERIAL, {"links": ["lan", "lan"]}, "links are listed twice"),
    ],
)
def test_bad_serial_profiles_are_one_line(workload, experiment, message):
    with pytest.raises(ProfileError) as err:
        parse_profile(_profile(workload, **experiment), "p.toml")
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_whole_run_link_and_link_levels_do_not_mix():
    data = _profile(SERIAL, links=["lan"])
    data["link"] = {"rtt_ms": 5}
    with pytest.raises(ProfileError, match=r"give \[link\] .* or experiment.links .*, not both"):
        parse_profile(data)


def test_the_plan_crosses_formats_and_links_and_custom_links_resolve():
    data = _profile(SERIAL, links=["loopback", "far"], factors=["format", "link"])
    data["links"] = [{"name": "far", "rtt_ms": 30, "bandwidth_kbit_s": 8000}]
    profile = with_seed(parse_profile(data))
    plan = build_plan(profile, manifest.discover(ROOT))
    assert [(t.format, t.link) for t in plan.treatments] == [
        ("json", "loopback"),
        ("json", "far"),
        ("avro", "loopback"),
        ("avro", "far"),
    ]
    assert profile.link_levels()[1].bytes_per_s() == 1_000_000
    assert plan.treatments[1].label == "go-rest / w / json / far"


def test_a_worker_without_the_formats_is_refused():
    data = _profile(SERIAL, implementations=["java-rest"])
    with pytest.raises(PlanError, match="java-rest does not serve the json format"):
        build_plan(with_seed(parse_profile(data)), manifest.discover(ROOT))


def test_split_frames_follow_their_samples_through_the_stream():
    s = Sample(3, 1, 7, 1, True, 5_000_000, 1_000_000, 42, 0, "")
    x = Split(3, 1, 7, 1200, 3400, 250_000, 260_000, 2361, 2361)
    frames = list(read_frames(io.BytesIO(encode_sample(s) + encode_split(x))))
    assert frames == [s, x]


OLD_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE treatment (
  id INTEGER PRIMARY KEY, implementation TEXT NOT NULL, language TEXT NOT NULL,
  protocol TEXT NOT NULL, worker TEXT NOT NULL, operation TEXT NOT NULL,
  workload TEXT NOT NULL, payload_kind TEXT NOT NULL, payload_count INTEGER NOT NULL,
  payload_bytes INTEGER NOT NULL, target TEXT NOT NULL DEFAULT '');
CREATE TABLE worker (implementation TEXT PRIMARY KEY, info TEXT NOT NULL);
CREATE TABLE sample (
  id INTEGER PRIMARY KEY, treatment INTEGER NOT NULL, repetition INTEGER NOT NULL,
  seq INTEGER NOT NULL, phase INTEGER NOT NULL, ok INTEGER NOT NULL,
  latency_ns INTEGER NOT NULL, server_ns INTEGER NOT NULL, start_ns INTEGER NOT NULL,
  queue_ns INTEGER NOT NULL DEFAULT 0, block INTEGER NOT NULL DEFAULT 0, error TEXT NOT NULL DEFAULT '');
INSERT INTO meta VALUES ('run_id', 'old-run'), ('schema_version', '1'), ('status', 'complete');
INSERT INTO treatment VALUES (0, 'go-rest', 'go', 'rest', 'go', 'select', 'StdSize', 'int64s', 200, 900, 't');
INSERT INTO sample VALUES (1, 0, 1, 0, 1, 1, 2000000, 100000, 5, 0, 0, '');
"""


@pytest.mark.parametrize("migrated", [True, False])
def test_a_schema_1_run_still_opens_and_exports(tmp_path, monkeypatch, migrated):
    """Migrated on open (new columns and table), or read as it is when it cannot be written."""
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(OLD_SCHEMA)
    conn.close()
    if not migrated:  # as a read-only file is (root can write any file, so it is simulated)
        monkeypatch.setattr(run_schema, "migrate", lambda conn: None)
    with RunStore.open(path) as store:
        rows = store.treatments()
        df = tidy_frame(store)
        assert store._has("sample_split") == migrated and store._has("treatment", "link") == migrated
    assert rows == [TreatmentRow(0, "go-rest", "go", "rest", "go", "select", "StdSize", "int64s", 200, 900, "t")]
    assert df.loc[0, "latency_s"] == 0.002 and df.loc[0, "link"] == "" and df.loc[0, "format"] == ""
    assert pd.isna(df.loc[0, "client_ser_s"]) and pd.isna(df.loc[0, "request_bytes"])
    assert seed_tables(df) == {}


def test_a_type_missing_at_one_size_is_an_empty_cell():
    rows = [
        {
            "phase": "measure",
            "ok": "true",
            "format": "json",
            "payload_kind": kind,
            "payload_count": n,
            "link": "",
            "request_bytes": b,
            "latency_s": 0.001,
            "client_ser_s": 1e-5,
            "server_deser_s": 1e-5,
            "server_handle_s": 1e-7,
            "server_ser_s": 1e-5,
            "transfer_s": 0.001,
            "client_deser_s": 1e-5,
        }
        for kind, n, b in (("int64s", 10, 207), ("structs", 1000, 309_512.5))
    ]
    size = seed_tables(pd.DataFrame(rows))["Serialized size (bytes)"]
    assert size["int64"].tolist() == [207, None] and size["struct"].tolist() == [None, 309_512.5]


def test_the_seed_tables_average_each_cell():
    rows = []
    for fmt, size in (("json", 207), ("msgpack", 91)):
        for link, far in (("loopback", 0.0), ("cross-region", 0.09)):
            for i in range(2):
                rows.append(
                    {
                        "phase": "measure",
                        "ok": "true",
                        "format": fmt,
                        "payload_kind": "int64s",
                        "payload_count": 10,
                        "link": link,
                        "request_bytes": size,
                        "latency_s": 0.001 + far,
                        "client_ser_s": 1e-5 * (i + 1),
                        "server_deser_s": 2e-5,
                        "server_handle_s": 1e-7,
                        "server_ser_s": 1e-5,
                        "transfer_s": 0.001 + far - 3.01e-5,
                        "client_deser_s": 3e-5,
                    }
                )
    tables = seed_tables(pd.DataFrame(rows))
    size = tables["Serialized size (bytes)"]
    assert list(size["format"]) == ["json", "msgpack"] and list(size["int64"]) == [207, 91]
    assert all(type(v) is int for v in size["int64"])  # whole bytes shown as such
    serdes = tables["Serialization + deserialization (ms)"]
    assert serdes["int64"].tolist() == pytest.approx([0.035, 0.035])  # mean(0.01, 0.02) + 0.02 ms
    total = tables["Total (ms)"].set_index(["link", "format"])["int64"]
    assert total[("cross-region", "json")] == pytest.approx(91.045)  # 0.015 + 91 + 0.03 ms
    split = tables["Time split (ms)"]
    assert len(split) == 4 and set(split["n"]) == {2} and split["payload_kind"].iloc[0] == "int64"
