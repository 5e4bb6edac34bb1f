"""siege's and ab's tables on a fixed sample set, each field worked out by hand from the tools'
definitions (docs/statistics.md, "Load (siege)" and "Load (ab)")."""

import statistics
from dataclasses import asdict

import numpy as np
import pandas as pd
import pytest

from bancada.stats.load_tables import ab_frame, ab_percentiles_ms, load_rows, siege_frame

# (start_s, latency_s, ok, error) of one block: 8 measured requests, concurrency 2
BLOCK = [
    (0.000, 0.010, True, ""),
    (0.000, 0.020, True, ""),
    (0.010, 0.030, True, ""),
    (0.020, 0.040, True, ""),
    (0.040, 0.010, False, "http_500: boom"),  # answered, failed
    (0.050, 0.050, False, "timeout: no answer"),  # a socket failure: not a transaction
    (0.050, 0.020, True, ""),
    (0.070, 0.030, False, "http_404: no route"),  # answered, failed
]
HEAD, BODY = 150, 50  # bytes of one answer


def store_frame() -> pd.DataFrame:
    """As RunStore.samples_frame gives them (integer ns, phase 0/1), with one warm-up sample."""
    rows = [
        {
            "treatment": 1,
            "implementation": "go-rest",
            "workload": "SmallJSON",
            "repetition": 1,
            "phase": 1,
            "ok": int(ok),
            "latency_ns": round(lat * 1e9),
            "start_ns": round(start * 1e9),
            "error": err,
        }
        for start, lat, ok, err in BLOCK
    ]
    rows.append(
        {
            "treatment": 1,
            "implementation": "go-rest",
            "workload": "SmallJSON",
            "repetition": 1,
            "phase": 0,
            "ok": 1,
            "latency_ns": 5_000_000_000,
            "start_ns": -5_000_000_000,
            "error": "",
        }
    )
    return pd.DataFrame(rows)


def tidy_frame() -> pd.DataFrame:
    """As the tidy sample CSV holds them (seconds, phase warmup/measure, ok true/false, payload)."""
    return pd.DataFrame(
        [
            {
                "implementation": "go-rest",
                "payload": "SmallJSON",
                "repetition": "1",
                "phase": "measure",
                "ok": "true" if ok else "false",
                "latency_s": lat,
                "start_s": start,
                "error": err,
            }
            for start, lat, ok, err in BLOCK
        ]
    )


def test_siege_fields_are_the_tools_definitions():
    (row,) = load_rows(store_frame(), concurrency=2, response_bytes={"1": [HEAD, BODY]}).siege
    assert row.transactions == 7  # every answer, 4xx/5xx included; not the timeout
    assert row.availability_pct == pytest.approx(100 * 7 / 8)
    assert row.elapsed_s == pytest.approx(0.100)  # first start to last end; the warm-up left out
    assert row.response_time_s == pytest.approx(0.160 / 7)
    assert row.transaction_rate == pytest.approx(70.0)
    assert row.concurrency == pytest.approx(1.6)  # sum of transaction times / elapsed
    assert (row.successful, row.failed) == (5, 3)  # failed: two statuses >= 400 + one socket failure
    assert (row.longest_s, row.shortest_s) == (pytest.approx(0.040), pytest.approx(0.010))
    assert row.data_mib == pytest.approx(7 * BODY / 2**20)  # bodies only, as siege 4.0.7 counts
    assert row.throughput_mib_s == pytest.approx(7 * BODY / 2**20 / 0.1)


def test_ab_fields_are_the_tools_definitions():
    (row,) = load_rows(store_frame(), concurrency=2, response_bytes={"1": [HEAD, BODY]}).ab
    assert (row.complete, row.failed, row.non_2xx, row.concurrency_level) == (7, 1, 2, 2)
    assert row.time_taken_s == pytest.approx(0.100)
    assert row.requests_per_s == pytest.approx(70.0)
    assert row.time_per_request_ms == pytest.approx(2 * 0.1 * 1000 / 7)  # concurrency * timetaken * 1000 / done
    assert row.time_per_request_all_ms == pytest.approx(0.1 * 1000 / 7)  # timetaken * 1000 / done
    assert row.transfer_kib_s == pytest.approx(7 * (HEAD + BODY) / 1024 / 0.1)  # totalread / 1024 / timetaken
    times = [10, 10, 20, 20, 30, 30, 40]
    assert row.total_mean_ms == pytest.approx(statistics.mean(times))
    assert row.total_sd_ms == pytest.approx(statistics.stdev(times))  # n - 1, as ab.c
    assert (row.total_median_ms, row.total_max_ms) == (pytest.approx(20), pytest.approx(40))
    want = {50: 20, 66: 30, 75: 30, 80: 30, 90: 40, 95: 40, 98: 40, 99: 40, 100: 40}
    assert row.percentiles_ms == pytest.approx(want)


def test_ab_percentiles_index_the_sorted_times_without_interpolation():
    got = ab_percentiles_ms(np.arange(1.0, 101.0)[::-1])  # 100 .. 1 ms, unsorted
    assert got[50] == 51 and got[66] == 67 and got[99] == 100 and got[100] == 100


def test_the_tidy_csv_gives_the_same_tables():
    from_store = load_rows(store_frame(), concurrency=2, response_bytes={"1": [HEAD, BODY]})
    from_tidy = load_rows(tidy_frame(), concurrency=2, response_bytes=[HEAD, BODY])
    pd.testing.assert_frame_equal(siege_frame(from_store), siege_frame(from_tidy))
    pd.testing.assert_frame_equal(ab_frame(from_store), ab_frame(from_tidy))


def test_without_response_sizes_the_byte_fields_are_empty_and_the_frames_have_percentile_columns():
    tables = load_rows(store_frame(), concurrency=2)
    assert tables.siege[0].data_mib is None and tables.ab[0].transfer_kib_s is None
    assert {"p50_ms", "p100_ms"} <= set(ab_frame(tables).columns)


def test_a_missing_column_is_named():
    with pytest.raises(ValueError, match="start_s"):
        load_rows(tidy_frame().drop(columns=["start_s"]), concurrency=2)


def test_analyze_writes_the_load_tables_of_a_tidy_csv(tmp_path):
    from bancada.cli import analyze as analyze_cmd

    other = tidy_frame().assign(implementation="php-rest", latency_s=lambda d: d["latency_s"] * 2)
    csv = tmp_path / "samples.csv"
    pd.concat([tidy_frame(), other]).to_csv(csv, index=False)
    out = tmp_path / "tables"
    argv = [str(csv), "--factors", "implementation", "--by", "", "--load-concurrency", "2"]
    code = analyze_cmd.main([*argv, "--response-bytes", "150,50", "--csv-dir", str(out), "--quiet"])
    assert code == 0
    siege = pd.read_csv(out / "load_siege.csv")
    assert list(siege["implementation"]) == ["go-rest", "php-rest"]
    assert list(siege["transactions"]) == [7, 7]
    assert pd.read_csv(out / "load_ab.csv")["transfer_kib_s"].iloc[0] == pytest.approx(7 * 200 / 1024 / 0.1)


def test_analyze_refuses_a_bad_response_size_in_one_line(tmp_path, capsys):
    from bancada.cli import analyze as analyze_cmd

    csv = tmp_path / "samples.csv"
    pd.concat([tidy_frame(), tidy_frame().assign(implementation="php-rest")]).to_csv(csv, index=False)
    code = analyze_cmd.main(
        [str(csv), "--factors", "implementation", "--load-concurrency", "2", "--response-bytes", "x"]
    )
    assert code == 2
    assert "--response-bytes takes HEAD,BODY" in capsys.readouterr().err


NAMES = {1: ("go-rest", "go", "rest", "go-rest", "select", "SmallJSON")}  # BLOCK's treatment, as store_frame


def _load_run(folder, blocks: dict[tuple[int, int], list[tuple[float, float, bool, str]]], sizes=None):
    """A run file of a closed-load run: ``blocks[(treatment id, repetition)]`` as BLOCK's tuples, each
    block preceded by a warm-up sample, stored in the schedule's order (repetition k of every treatment
    before k + 1)."""
    import json

    from bancada.drivers.sample_block import SAMPLE_DTYPE, SampleBlock
    from bancada.store.runstore import RunStore, TreatmentRow

    store = RunStore.create("load", folder)
    store.set_meta(
        profile_json=json.dumps({"experiment": {"connection": "reuse"}, "load": {"model": "closed", "concurrency": 2}}),
        response_bytes=json.dumps(sizes or {}),
    )
    ids = sorted({t for t, _ in blocks})
    store.add_treatments(
        [
            TreatmentRow(t, *NAMES.get(t, (f"impl{t}", "go", "rest", f"impl{t}", "select", f"W{t}")), "int64s", 1, 8)
            for t in ids
        ]
    )
    for number, (t, rep) in enumerate(sorted(blocks, key=lambda k: (k[1], k[0]))):
        samples = [(-5.0, 5.0, True, "")] + blocks[(t, rep)]
        rows = np.zeros(len(samples), dtype=SAMPLE_DTYPE)
        rows["treatment"], rows["repetition"], rows["seq"] = t, rep, np.arange(len(samples))
        rows["phase"] = [0] + [1] * (len(samples) - 1)
        rows["ok"] = [ok for _, _, ok, _ in samples]
        rows["latency_ns"] = [round(lat * 1e9) for _, lat, _, _ in samples]
        rows["start_ns"] = [round(start * 1e9) for start, _, _, _ in samples]
        store.add_block(number, rep, 0)
        store.add_samples(SampleBlock(rows, {i: e for i, (_, _, _, e) in enumerate(samples) if e}), number)
    store.finish("complete")
    store.close()
    return store.path


class _InParts:
    """A stored run whose measured samples come in parts of ``part_ids`` ids (blocks span parts)."""

    def __init__(self, store, part_ids: int) -> None:
        self.store, self.part_ids = store, part_ids

    def __getattr__(self, name):
        return getattr(self.store, name)

    def measured_parts(self, columns):
        return self.store.measured_parts(columns, self.part_ids)


def test_a_stored_run_gives_the_tables_of_its_samples(tmp_path):
    from bancada.stats.load_tables import from_store
    from bancada.store.runstore import RunStore

    path = _load_run(tmp_path, {(1, 1): BLOCK}, {"1": [HEAD, BODY]})
    with RunStore.open(path) as store:
        tables = from_store(_InParts(store, 3))
    expected = load_rows(store_frame(), concurrency=2, response_bytes={"1": [HEAD, BODY]})
    pd.testing.assert_frame_equal(siege_frame(tables), siege_frame(expected))
    pd.testing.assert_frame_equal(ab_frame(tables), ab_frame(expected))
    assert (tables.model, tables.connection, tables.timed) == ("closed", "reuse", False)


@pytest.mark.parametrize("part_ids", [7, 1 << 23])
def test_a_long_stored_run_read_in_parts_gives_the_tables_of_its_tidy_samples(tmp_path, part_ids):
    from bancada.stats.load_tables import from_store
    from bancada.store.runstore import RunStore
    from bancada.store.tidy_csv import tidy_frame as stored_tidy_frame

    rng = np.random.default_rng(5)
    errors = ["", "", "", "", "http_500: boom", "http_404: no route", "grpc_14: unavailable", "timeout: none"]
    blocks = {}
    for rep in range(1, 13):  # 12 repetitions: 10 and above come after 9
        for t in (2, 5, 9):
            n = int(rng.integers(3, 40))
            err = rng.choice(errors, n)
            start = np.sort(rng.random(n))
            blocks[(t, rep)] = [(s, float(rng.random()) / 100, e == "", str(e)) for s, e in zip(start, err)]
    path = _load_run(tmp_path, blocks)
    with RunStore.open(path) as store:
        tables = from_store(_InParts(store, part_ids))
        tidy = stored_tidy_frame(store)
    expected = load_rows(tidy, concurrency=2)  # the tidy samples through pandas, a block a group
    assert [(r.implementation, r.repetition) for r in tables.siege] == [
        (f"impl{t}", rep) for t in (2, 5, 9) for rep in range(1, 13)
    ]
    for got, want in ((tables.siege, expected.siege), (tables.ab, expected.ab)):
        by_block = {(r.implementation, r.repetition): asdict(r) for r in want}
        for row in got:
            fields, want_fields = asdict(row), by_block[(row.implementation, row.repetition)]
            assert fields.keys() == want_fields.keys()
            for name, value in fields.items():  # times: seconds from ns in either order of arithmetic
                want = (
                    pytest.approx(want_fields[name], rel=1e-9)
                    if isinstance(value, (float, dict))
                    else want_fields[name]
                )
                assert value == want, name
