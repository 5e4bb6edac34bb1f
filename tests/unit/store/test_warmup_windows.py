"""A long warm-up costs the run file a bounded number of rows: its first and last requests stay sample
rows, the middle becomes windows of counts and latencies (bancada.store.warmup_windows); a short one
and the measured requests stay whole, and every request is still counted."""

import numpy as np
import pytest

from bancada.core.samples import SAMPLE_DTYPE, SampleBlock
from bancada.store.runstore import RunStore, TreatmentRow
from bancada.store.tidy_csv import tidy_frame
from bancada.store.warmup_windows import KEPT_RAW, MAX_WINDOWS, MIN_WINDOW

BATCH = 997  # not a multiple of the window: windows span batches


def _stage_block(store: RunStore, block: int, treatment: int, warmup: int, measure: int, fail_every: int = 0) -> None:
    n = warmup + measure
    rows = np.zeros(n, dtype=SAMPLE_DTYPE)
    rows["treatment"] = treatment
    rows["repetition"] = 1
    rows["seq"] = np.arange(n)
    rows["phase"] = np.arange(n) >= warmup
    rows["latency_ns"] = 1_000 + np.arange(n)  # a warm-up that gets slower: each window's median known
    rows["start_ns"] = 10 * np.arange(n)
    rows["server_ns"] = -1
    ok = np.ones(n, dtype=bool)
    if fail_every:
        ok[fail_every::fail_every] = False
    rows["ok"] = ok
    for lo in range(0, n, BATCH):
        part = rows[lo : lo + BATCH]
        errors = {i: f"refused {lo + i}" for i in np.flatnonzero(part["ok"] == 0).tolist()}
        store.stage_samples(SampleBlock(part.copy(), errors), block)
    store.commit()


@pytest.mark.parametrize("warmup", [2 * KEPT_RAW + 1, 5_000, 120_000])
def test_a_long_warmup_keeps_its_ends_as_rows_and_its_middle_as_at_most_max_windows(tmp_path, warmup):
    store = RunStore.create(folder=tmp_path)
    _stage_block(store, block=1, treatment=3, warmup=warmup, measure=320, fail_every=37)
    assert store.unstage() == warmup + 320
    phases = dict(store.conn.execute("SELECT phase, COUNT(*) FROM sample GROUP BY phase").fetchall())
    assert phases == {0: 2 * KEPT_RAW, 1: 320}  # the same bound whatever the warm-up's length
    seqs = [s for (s,) in store.conn.execute("SELECT seq FROM sample WHERE phase = 0 ORDER BY id")]
    assert seqs == [*range(KEPT_RAW), *range(warmup - KEPT_RAW, warmup)]
    windows = store.warmup_windows()
    assert 1 <= len(windows) <= MAX_WINDOWS
    assert all(w["requests"] >= MIN_WINDOW for w in windows[:-1])
    assert sum(w["requests"] for w in windows) == warmup - 2 * KEPT_RAW
    assert store.sample_count() == warmup + 320  # stored = sent
    # consecutive windows covering the middle exactly, each with its counts and ok latencies
    assert windows[0]["seq_first"] == KEPT_RAW and windows[-1]["seq_last"] == warmup - KEPT_RAW - 1
    for w, after in zip(windows, windows[1:]):
        assert after["seq_first"] == w["seq_last"] + 1
    for w in windows:
        seq = np.arange(w["seq_first"], w["seq_last"] + 1)
        good = seq[(seq % 37 != 0) | (seq == 0)]
        assert w["requests"] == len(seq) and w["ok"] == len(good) and w["failed"] == len(seq) - len(good)
        assert w["latency_min_ns"] == 1_000 + good.min() and w["latency_max_ns"] == 1_000 + good.max()
        assert w["latency_median_ns"] == round(float(np.median(1_000 + good)))
        assert w["latency_sum_ns"] == int((1_000 + good).sum())
        assert w["start_ns_first"] == 10 * w["seq_first"]
        failed_seqs = seq[(seq % 37 == 0) & (seq != 0)]
        assert w["error"] == (f"refused {failed_seqs[0]}" if len(failed_seqs) else "")
    # the errors of the kept rows stay with their own rows
    for seq, ok, error in store.conn.execute("SELECT seq, ok, error FROM sample"):
        assert (error == f"refused {seq}") == (not ok)
    store.close()


def test_a_short_warmup_and_other_blocks_stay_whole(tmp_path):
    store = RunStore.create(folder=tmp_path)
    _stage_block(store, block=1, treatment=1, warmup=2 * KEPT_RAW, measure=50)
    _stage_block(store, block=2, treatment=2, warmup=3_000, measure=50)
    assert store.unstage() == 2 * KEPT_RAW + 50 + 3_050
    per_block = dict(store.conn.execute("SELECT block, COUNT(*) FROM sample WHERE phase = 0 GROUP BY block"))
    assert per_block == {1: 2 * KEPT_RAW, 2: 2 * KEPT_RAW}
    assert {w["block"] for w in store.warmup_windows()} == {2}
    assert store.sample_count() == 2 * KEPT_RAW + 50 + 3_050
    store.add_treatments(TreatmentRow(t, "go-rest", "go", "rest", "go", "ping", "Ping", "", 0, 0) for t in (1, 2))
    # the export reads the rows kept, flagged as before; the analysis reads the measured ones
    tidy = tidy_frame(store)
    assert (tidy["phase"].astype(str) == "warmup").sum() == 4 * KEPT_RAW and (tidy["phase"] == "measure").sum() == 100
    store.close()


def test_a_file_of_raw_warmup_without_the_table_reads_as_before(tmp_path):
    # a file as written before warm-up windows existed: the whole warm-up is sample rows, no table
    store = RunStore.create(folder=tmp_path)
    store.conn.execute("DROP TABLE warmup_window")
    rows = np.zeros(3_000, dtype=SAMPLE_DTYPE)
    rows["treatment"], rows["repetition"], rows["seq"] = 1, 1, np.arange(3_000)
    rows["phase"] = np.arange(3_000) >= 2_500
    rows["ok"], rows["latency_ns"] = 1, 5_000
    store.add_samples(SampleBlock(rows), block=1)
    store.close()
    old = RunStore.open(store.path)
    assert old.warmup_windows() == []
    assert old.sample_count() == 3_000
    assert old.conn.execute("SELECT COUNT(*) FROM sample WHERE phase = 0").fetchone()[0] == 2_500
    old.close()
