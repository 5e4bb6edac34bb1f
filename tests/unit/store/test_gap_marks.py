"""A gap of the driver (its processes stopped, the computer suspended): the measured samples in
flight across it are marked, kept, and left out of the latencies (bancada.store.gap_marks)."""

import pytest

from bancada.core import i18n
from bancada.core.samples import PHASE_GAP, PHASE_MEASURE, PHASE_WARMUP, Sample, SampleBlock
from bancada.drivers.stream import DriverEvent
from bancada.run.driver_block import gap_text, store_event
from bancada.stats.prepare import keep_measured
from bancada.store.runstore import RunStore, TreatmentRow
from bancada.store.tidy_csv import tidy_frame

S = 1_000_000_000


def _sample(seq: int, start_s: float, latency_s: float, phase: int = PHASE_MEASURE) -> Sample:
    return Sample(0, 1, seq, phase, True, int(latency_s * S), -1, int(start_s * S))


@pytest.fixture
def store(tmp_path):
    store = RunStore.create(folder=tmp_path)
    store.add_treatments([TreatmentRow(0, "go-rest", "go", "rest", "go", "ping", "Ping", "StdSize", 1, 16)])
    # a gap from 10 s to 40 s of the driver's clock (block 3); requests before, across and after it
    samples = [
        _sample(0, 9.0, 0.001),  # done before the gap
        _sample(1, 9.99, 30.02),  # in flight across it: 30 s is not its latency
        _sample(2, 20.0, 20.01),  # an open load's request due during the gap, sent after it
        _sample(3, 40.5, 0.001),  # after
        _sample(4, 9.995, 30.0, PHASE_WARMUP),  # a warm-up request: not a latency anyway, left as it is
    ]
    store.stage_samples(SampleBlock.of(samples), 3)
    message, notice = store_event(DriverEvent(event="gap", from_ns=10 * S, to_ns=40 * S, seconds=30.0), store, 3)
    assert (message, notice) == ("", None)
    store.commit()
    store.unstage()
    yield store
    store.close()


def test_the_samples_in_flight_across_a_gap_are_marked_and_kept(store):
    assert store.mark_gap_samples(3) == 2
    phases = [p for (p,) in store.conn.execute("SELECT phase FROM sample ORDER BY seq")]
    assert phases == [PHASE_MEASURE, PHASE_GAP, PHASE_GAP, PHASE_MEASURE, PHASE_WARMUP]
    assert store.mark_gap_samples(2) == 0  # another block: its samples and gaps only
    assert store.sample_count() == 5


def test_the_analysis_leaves_the_marked_samples_out(store):
    store.mark_gap_samples(3)
    frame = tidy_frame(store, ["seq", "phase", "latency_s", "ok"])
    assert list(frame["phase"].astype(str)) == ["measure", "gap", "gap", "measure", "warmup"]
    kept, removed = keep_measured(frame)
    assert list(kept["seq"]) == [0, 3] and kept["latency_s"].max() < 1
    assert removed["warmup_or_other_phase"] == 3


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("30.0 s in block 4", "2 measured requests", "left out")),
        ("pt_BR", ("30,0 s no bloco 4", "2 requisições")),
    ],
)
def test_the_user_reads_how_many_requests_the_gap_took_out(store, language, words):
    marked = store.mark_gap_samples(3)
    i18n.set_language(language)
    try:
        text = gap_text(store, 3, marked)
    finally:
        i18n.set_language("en")
    assert all(w in text for w in words), text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("the disk is full in the folder", "needs about 1.5 MiB")),
        ("pt_BR", ("o disco está cheio na pasta", "cerca de 1,5 MiB")),
    ],
)
def test_a_full_disk_names_the_folder_and_the_space_the_run_needs(tmp_path, language, words):
    store = RunStore.create(folder=tmp_path)
    store.planned_samples = 10_000
    store.conn.execute(
        "CREATE TRIGGER full BEFORE INSERT ON sample BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
    )
    i18n.set_language(language)
    try:
        with pytest.raises(Exception) as info:
            store.add_samples([_sample(0, 0.0, 0.001)])
    finally:
        i18n.set_language("en")
        store.close()
    text = str(info.value)
    assert str(tmp_path) in text and str(store.path) in text
    assert all(w in text for w in words), text
