"""RunStore.sample_columns gives the rows and values of samples_frame (its SQL join), through
ADBC and through the stdlib alike; tidy_frame gives the tidy table the pandas code built."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from bancada.drivers.sample_block import SAMPLE_DTYPE, SampleBlock
from bancada.store import column_read, tidy_csv
from bancada.store.runstore import RunStore, TreatmentRow
from bancada.store.tidy_csv import tidy_frame

COLUMNS = ["id", "treatment", "repetition", "seq", "phase", "ok", "latency_ns", "server_ns", "start_ns", "queue_ns"]


@pytest.fixture()
def run(tmp_path):
    store = RunStore.create("cols", tmp_path)
    store.add_treatments(
        [
            TreatmentRow(1, "go-grpc", "go", "grpc", "go-grpc", "select", "StdSize", "int64s", 200, 800),
            TreatmentRow(7, "java-rest", "java", "rest", "java-rest", "select", "LargeSize", "int64s", 9, 72),
        ]
    )
    rng = np.random.default_rng(3)
    rows = np.zeros(600, dtype=SAMPLE_DTYPE)
    rows["treatment"] = rng.choice([1, 7, 9], 600)  # 9: no such treatment (dropped, as by the join)
    rows["repetition"] = rng.integers(1, 4, 600)
    rows["seq"] = np.arange(600)
    rows["phase"] = rng.choice([0, 1, 1, 1, 2, 3], 600)  # 2: a gap (bancada.store.gap_marks); 3: none of them
    rows["ok"] = rng.random(600) > 0.1
    rows["latency_ns"] = rng.integers(1, 10**9, 600)
    rows["server_ns"] = np.where(rng.random(600) > 0.5, -1, rng.integers(0, 10**6, 600))
    rows["start_ns"] = np.cumsum(rows["latency_ns"])
    errors = {int(i): f"failure {i}" for i in np.flatnonzero(rows["ok"] == 0)}
    store.add_samples(SampleBlock(rows[:300], {i: e for i, e in errors.items() if i < 300}))
    store.add_samples(SampleBlock(rows[300:], {i - 300: e for i, e in errors.items() if i >= 300}), block=1)
    store.close()
    return store.path


@pytest.mark.parametrize("reader", ["adbc", "adbc in small parts", "stdlib"])
def test_sample_columns_are_the_joined_rows(run, reader, monkeypatch):
    if reader == "stdlib":
        monkeypatch.setitem(sys.modules, "adbc_driver_sqlite.dbapi", None)  # import fails: the stdlib reads
    if reader == "adbc in small parts":  # 86 parts of 7 ids, two threads, batches and unpacking by 64 rows
        monkeypatch.setattr(column_read, "PART_IDS", 7)
        monkeypatch.setattr(column_read, "CHUNK_ROWS", 64)
    with RunStore.open(run) as store:
        got = store.sample_columns([*COLUMNS, "error"])
        ref = store.samples_frame()
    assert len(got["id"]) == len(ref) < 600 and set(got["treatment"]) == {1, 7}
    for c in COLUMNS:
        expected = ref[c].to_numpy()
        if c == "phase":
            expected = np.where(expected < 3, expected, 3)  # 3: any other value
        if c == "ok":
            expected = expected != 0
        assert np.array_equal(got[c], expected), c
    assert got["error"].tolist() == ref["error"].tolist()


@pytest.mark.parametrize("chunk", [tidy_csv.SECONDS_CHUNK, 37])
def test_tidy_frame_holds_the_values_of_the_pandas_join(run, chunk, monkeypatch):
    monkeypatch.setattr(tidy_csv, "SECONDS_CHUNK", chunk)  # 37: the seconds made in place in many chunks
    with RunStore.open(run) as store:
        df = tidy_frame(store)
        raw = store.samples_frame()
    assert df["implementation"].tolist() == raw["implementation"].tolist()
    assert df["payload"].tolist() == raw["workload"].tolist()
    assert df["payload_count"].tolist() == raw["payload_count"].tolist()
    assert df["phase"].astype(object).where(df["phase"].notna(), None).tolist() == [
        {0: "warmup", 1: "measure", 2: "gap"}.get(p) for p in raw["phase"]
    ]
    assert (df["ok"] == "true").tolist() == (raw["ok"] != 0).tolist()
    assert df["latency_s"].tolist() == (raw["latency_ns"] / 1e9).tolist()
    server = raw["server_ns"].where(raw["server_ns"] >= 0) / 1e9
    assert np.array_equal(df["server_s"].to_numpy(), server.to_numpy(), equal_nan=True)
    assert df["run_id"].unique().tolist() == ["cols"] and df["error"].tolist() == raw["error"].tolist()
    with RunStore.open(run) as store, pytest.raises(ValueError, match="unknown tidy column"):
        tidy_frame(store, ["latency"])


@pytest.mark.parametrize("reader", ["adbc", "adbc in small parts", "stdlib"])
@pytest.mark.parametrize("every", [1, 2, 7, 599, 5000])
def test_a_thinned_read_is_every_kth_sample_as_stored(run, reader, every, monkeypatch):
    if reader == "stdlib":
        monkeypatch.setitem(sys.modules, "adbc_driver_sqlite.dbapi", None)
    if reader == "adbc in small parts":
        monkeypatch.setattr(column_read, "PART_IDS", 7)
        monkeypatch.setattr(column_read, "CHUNK_ROWS", 64)
    with RunStore.open(run) as store:
        whole = store.sample_columns([*COLUMNS, "error"])
        thin = store.sample_columns([*COLUMNS, "error"], every)
        assert store.sample_rows() == 600
    picked = whole["id"] % every == 0
    assert 0 < picked.sum() < len(whole["id"]) or every in (1, 5000)
    for c in [*COLUMNS, "error"]:
        assert thin[c].tolist() == whole[c][picked].tolist(), c


def test_a_thinned_read_needs_a_whole_number_of_at_least_one(run):
    with RunStore.open(run) as store, pytest.raises(ValueError, match="every must be a whole number of at least 1"):
        store.sample_columns(["latency_ns"], 0)


@pytest.mark.parametrize("part_ids", [1, 64, 1 << 23])
def test_measured_parts_are_the_measured_samples_in_order(run, part_ids):
    with RunStore.open(run) as store:
        whole = store.sample_columns([*COLUMNS, "error"])
        parts = list(store.measured_parts([*COLUMNS, "error"], part_ids))
    assert len(parts) == -(-600 // part_ids)  # one part a range of ids, empty or not
    measured = whole["phase"] == 1
    for c in [*COLUMNS, "error"]:
        assert np.concatenate([p[c] for p in parts]).tolist() == whole[c][measured].tolist(), c
    assert any(e for p in parts for e in p["error"])  # the parts' errors are matched to their samples


@pytest.mark.parametrize("part_ids", [7, 1 << 22])
def test_the_csv_written_in_parts_is_the_csv_of_the_whole_frame(run, part_ids, tmp_path, monkeypatch):
    monkeypatch.setattr(tidy_csv, "EXPORT_PART_IDS", part_ids)  # 7: 86 parts, some without a sample
    with RunStore.open(run) as store:
        rows = tidy_csv.export_csv(store, tmp_path / "parts.csv")
        whole = tidy_csv.write_csv(tidy_frame(store), tmp_path / "whole.csv")
    assert rows == whole > 0
    assert (tmp_path / "parts.csv").read_bytes() == (tmp_path / "whole.csv").read_bytes()


@pytest.mark.parametrize("every", [1, 3, 50])
def test_the_live_columns_read_thinned_are_every_kth_sample_and_the_counts_are_the_whole_runs(run, every):
    with RunStore.open(run) as store:
        whole = store.live_columns()
        thin = store.live_columns(every)
        ids = np.array([r[0] for r in store.conn.execute("SELECT id FROM sample ORDER BY id")])
        counts = store.live_counts(part_ids=64)
    for name in ("treatment", "latency_ns", "phase", "ok"):
        assert thin[name].tolist() == whole[name][ids % every == 0].tolist(), name
    for tid in (1, 7):  # 9 is no treatment of the table: not counted, as the model draws none
        mine = whole["treatment"] == tid
        ok, phase = whole["ok"][mine] != 0, whole["phase"][mine]
        assert counts[tid] == (int((ok & (phase == 1)).sum()), int(ok.sum()), int((~ok).sum()))
    assert set(counts) == {1, 7}
