"""Samples staged as raw columns during a block become sample rows when it ends, or when a file
whose writer died is opened again (bancada.store.sample_stage)."""

import os
import sqlite3
import subprocess
import sys

from bancada.core.samples import Sample, SampleBlock
from bancada.store import sample_stage
from bancada.store.runstore import RunStore, effective_status

ROW_SQL = (
    "SELECT treatment, repetition, seq, phase, ok, latency_ns, server_ns, start_ns, queue_ns, block, error"
    " FROM sample ORDER BY id"
)


def _batch(first_seq: int, n: int, failed_at: int | None = None) -> SampleBlock:
    return SampleBlock.of(
        Sample(
            1,
            2,
            first_seq + i,
            1,
            i != failed_at,
            1000 + first_seq + i,
            -1,
            10 * i,
            0,
            "refused" if i == failed_at else "",
        )
        for i in range(n)
    )


def test_staged_batches_become_rows_in_arrival_order_with_their_errors(tmp_path):
    store = RunStore.create(folder=tmp_path)
    store.stage_samples(_batch(0, 3), 7)
    store.stage_samples(_batch(3, 2, failed_at=1), 7)
    store.stage_samples(_batch(5, 1), 8)
    store.commit()
    assert store.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0] == 0  # staged: not rows yet
    assert store.sample_count() == 6  # but counted as stored
    assert store.unstage() == 6
    assert store.sample_count() == 6
    rows = store.conn.execute(ROW_SQL).fetchall()
    assert [r[2] for r in rows] == [0, 1, 2, 3, 4, 5]
    assert [r[9] for r in rows] == [7, 7, 7, 7, 7, 8]
    assert rows[4][4] == 0 and rows[4][10] == "refused" and all(r[10] == "" for i, r in enumerate(rows) if i != 4)
    assert rows[3][5] == 1003 and rows[3][6] == -1
    assert store.conn.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] == 0
    assert store.unstage() == 0  # nothing left: a second call moves nothing
    store.close()


def test_a_file_whose_writer_died_mid_block_gets_its_staged_samples_on_open(tmp_path):
    # the writer is a real process killed with SIGKILL after committing staged batches
    code = (
        "import os, sys; sys.path.insert(0, 'app'); from pathlib import Path\n"
        "from bancada.store.runstore import RunStore\n"
        "from bancada.core.samples import Sample, SampleBlock\n"
        f"s = RunStore.create(folder=Path({str(tmp_path)!r}))\n"
        "s.stage_samples(SampleBlock.of(Sample(0, 1, i, 1, True, 5, -1, i, 0, '') for i in range(40)), 3)\n"
        "s.commit(); print(s.path, flush=True); os.kill(os.getpid(), 9)\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    path = out.stdout.strip()
    assert out.returncode == -9 and path.endswith(".sqlite")
    with RunStore.open(path) as store:
        assert store.sample_count() == 40
        assert store.conn.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] == 0


def test_a_running_writers_staged_samples_are_left_to_it(tmp_path):
    writer = RunStore.create(folder=tmp_path)  # this process: its run is "running"
    writer.stage_samples(_batch(0, 4), 1)
    writer.commit()
    with RunStore.open(writer.path) as reader:
        assert reader.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0] == 0
        assert reader.sample_count() == 4
    assert writer.conn.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] == 1
    assert writer.unstage() == 4
    writer.close()


def test_a_read_only_file_with_staged_samples_still_opens(tmp_path):
    # read-only through SQLite's own mode (file permissions do not stop root, who runs CI)
    store = RunStore.create(folder=tmp_path)
    store.stage_samples(_batch(0, 2), 1)
    store.finish("incomplete")
    store.close()
    with sqlite3.connect(f"file:{store.path}?mode=ro", uri=True) as ro:
        assert sample_stage.unstage_leftovers(ro) == 0  # cannot write: left staged, no error
        assert ro.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] == 1
    with RunStore.open(store.path) as writable:  # a writable opening makes them rows
        assert writable.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0] == 2
        assert writable.meta()["status"] == "incomplete"


def test_unstage_that_sqlite_refuses_leaves_the_batches_staged(tmp_path):
    store = RunStore.create(folder=tmp_path)
    store.stage_samples(_batch(0, 3), 1)
    store.commit()
    store.conn.execute("CREATE TRIGGER no_rows BEFORE INSERT ON sample BEGIN SELECT RAISE(ABORT, 'disk is full'); END")
    try:
        store.unstage()
    except Exception as exc:  # the store's own write error, naming the file
        assert str(store.path) in str(exc) and "disk is full" in str(exc)
    else:
        raise AssertionError("unstage did not fail")
    assert store.conn.execute("SELECT COUNT(*) FROM sample_stage").fetchone()[0] == 1
    assert store.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0] == 0
    store.conn.execute("DROP TRIGGER no_rows")
    assert store.unstage() == 3
    store.close()


def test_a_writer_without_bancada_in_its_command_line_is_alive_to_a_reader(tmp_path, tmp_path_factory):
    # the window's run process is a multiprocessing child: "python -c 'from multiprocessing.spawn ...'"
    # has no "bancada" in its command line; a reader once took it for dead and unstaged its batches
    # while it unstaged them too (97 sample rows for 96 requests in a window test)
    script = tmp_path_factory.mktemp("w") / "writer.py"  # tmp_path's name holds the test's words
    script.write_text(
        "import sys, time; from pathlib import Path\n"
        "from bancada.store.runstore import RunStore\n"
        "from bancada.core.samples import Sample, SampleBlock\n"
        f"s = RunStore.create(folder=Path({str(tmp_path)!r}))\n"
        "s.stage_samples(SampleBlock.of(Sample(0, 1, i, 1, True, 5, -1, i, 0, '') for i in range(7)), 1)\n"
        "s.commit(); print(s.path, flush=True); sys.stdin.read()\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env = {**os.environ, "PYTHONPATH": os.path.join(root, "app")}
    proc = subprocess.Popen(
        [sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        path = proc.stdout.readline().strip() if proc.stdout else ""
        assert path.endswith(".sqlite")
        with open(f"/proc/{proc.pid}/cmdline", "rb") as f:
            assert b"bancada" not in f.read()
        with RunStore.open(path) as reader:
            assert effective_status(reader.meta()) == "running"
            assert reader.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0] == 0  # left to the writer
            assert reader.sample_count() == 7
    finally:
        proc.communicate("")
    with RunStore.open(path) as after:  # the writer is gone now: its batches become rows, once
        assert after.conn.execute("SELECT COUNT(*) FROM sample").fetchone()[0] == 7


def test_two_connections_unstaging_at_once_make_each_sample_one_row(tmp_path):
    import threading

    store = RunStore.create(folder=tmp_path)
    for k in range(300):
        store.stage_samples(_batch(2 * k, 2), 1)
    store.commit()
    other = sqlite3.connect(store.path, check_same_thread=False, timeout=30)
    moved: list[int] = []
    threads = [threading.Thread(target=lambda c=c: moved.append(sample_stage.unstage(c))) for c in (store.conn, other)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    other.close()
    assert sorted(moved)[0] == 0 or sum(moved) == 600  # one of them moved everything, or they shared it
    assert sum(moved) == 600
    assert store.conn.execute("SELECT COUNT(*), COUNT(DISTINCT seq) FROM sample").fetchone() == (600, 600)
    store.close()


def test_phase_counts_add_the_staged_samples_of_each_phase(tmp_path):
    """``bancada runs`` counts measured and warm-up samples apart, a running block's staged ones too."""
    store = RunStore.create(folder=tmp_path)
    warmup = SampleBlock.of(Sample(1, 1, i, 0, True, 1000 + i, -1, 10 * i) for i in range(4))
    store.add_samples(warmup)
    store.stage_samples(_batch(0, 3), 7)  # phase 1 (measured)
    store.stage_samples(SampleBlock.of(Sample(1, 1, 9, 0, True, 5, -1, 0) for _ in range(1)), 7)
    store.commit()
    assert store.phase_counts() == {0: 5, 1: 3}
    store.unstage()
    assert store.phase_counts() == {0: 5, 1: 3}
    store.close()


def test_the_live_columns_of_a_running_block_include_its_staged_samples(tmp_path):
    """A window reattaching mid-block draws what the file holds: the rows, then the block's staged batches."""
    store = RunStore.create(folder=tmp_path)
    store.stage_samples(_batch(0, 3), 1)
    store.commit()
    store.unstage()  # block 1 ended: rows
    store.stage_samples(_batch(3, 2, failed_at=0), 2)  # block 2 goes on: staged
    store.commit()
    with RunStore.open(store.path) as reader:  # another connection, as the window's
        columns = reader.live_columns()
    assert list(columns["latency_ns"]) == [1000, 1001, 1002, 1003, 1004]
    assert list(columns["ok"]) == [1, 1, 1, 0, 1] and list(columns["phase"]) == [1] * 5
    assert list(columns["treatment"]) == [1] * 5
    store.close()
