"""A long run's write-ahead log stays small: emptied when a block's samples become rows, capped
at WAL_LIMIT_BYTES when SQLite resets it while a reader holds it (bancada.store.runstore)."""

import sqlite3

import numpy as np

from bancada.core.samples import PHASE_MEASURE, SAMPLE_DTYPE, SampleBlock
from bancada.store.runstore import WAL_LIMIT_BYTES, RunStore

BATCH = 700  # samples a batch: about 50 ms of a closed load of two clients on a fast worker


def _wal_bytes(store: RunStore) -> int:
    wal = store.path.with_name(store.path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def _run_block(store: RunStore, block: int, batches: int, first_seq: int) -> int:
    """Stage ``batches`` batches of measured samples as a block does, then end the block; the next seq."""
    store.add_block(block, 0, 0)
    for _ in range(batches):
        rows = np.zeros(BATCH, SAMPLE_DTYPE)
        rows["treatment"], rows["phase"], rows["ok"] = 1, PHASE_MEASURE, 1
        rows["seq"] = np.arange(first_seq, first_seq + BATCH)
        rows["latency_ns"] = 100_000 + rows["seq"] % 997
        store.stage_samples(SampleBlock(rows, {}), block)
        store.commit()
        first_seq += BATCH
    store.unstage()
    return first_seq


def test_the_wal_is_emptied_at_each_block_end_whatever_the_blocks_size(tmp_path):
    store = RunStore.create(folder=tmp_path)
    seq = 0
    after_block = []
    for block, batches in enumerate((300, 40, 300, 40)):  # 210,000 and 28,000 samples a block
        seq = _run_block(store, block, batches, seq)
        after_block.append(_wal_bytes(store))
    samples = store.sample_count()
    store.close()
    assert samples == seq == 2 * 340 * BATCH
    # before: the log kept the largest block's transaction (about 15 MB here) for the rest of the run
    assert after_block == [0, 0, 0, 0]


def test_a_reader_holding_the_log_leaves_it_capped_not_growing(tmp_path):
    store = RunStore.create(folder=tmp_path)
    reader = sqlite3.connect(store.path)
    seq = _run_block(store, 0, 10, 0)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM sample").fetchone()  # a snapshot: the log cannot be emptied
    seq = _run_block(store, 1, 300, seq)
    held = _wal_bytes(store)
    reader.rollback()
    sizes = []
    for block in range(2, 6):
        seq = _run_block(store, block, 40, seq)
        reader.execute("SELECT COUNT(*) FROM sample").fetchone()  # the window reads between blocks
        sizes.append(_wal_bytes(store))
    count = reader.execute("SELECT COUNT(*) FROM sample").fetchone()[0]
    reader.close()
    store.close()
    assert count == seq
    assert held > 2 * WAL_LIMIT_BYTES  # the block's rows stayed in the log while the reader held it
    assert max(sizes) <= WAL_LIMIT_BYTES + BATCH * 100  # then back under the cap, block after block
