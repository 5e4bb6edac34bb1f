"""The k6-style summary against values worked out by hand and against the oracle of k6's documented
definitions (tests/k6_trend.py), itself checked against the numbers k6's documentation prints."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bancada.cli import analyze as analyze_cmd
from bancada.core.i18n import set_language
from bancada.stats.k6_summary import K6SummaryError, k6_percentile, summarize, trend_ms
from tests import k6_trend


def samples() -> pd.DataFrame:
    """go/rest: 7 measured requests over two repetitions, one warm-up; go/grpc: 4 requests, 1 failed."""
    rows = [("rest", 1, "warmup", 0.0, 1.000, "true")]  # left out: k6 has no warm-up
    rest_ms = [5, 1, 9, 3, 7, 2, 100]
    for i, ms in enumerate(rest_ms[:4]):
        rows.append(("rest", 1, "measure", float(i), ms / 1e3, "true"))
    for i, ms in enumerate(rest_ms[4:]):
        rows.append(("rest", 2, "measure", float(i), ms / 1e3, "true"))
    for i, (ms, ok) in enumerate([(100, "true"), (100, "true"), (100, "true"), (300, "false")]):
        rows.append(("grpc", 1, "measure", 0.5 * i, ms / 1e3, ok))
    return pd.DataFrame(
        [
            {"language": "go", "protocol": p, "repetition": r, "phase": ph, "start_s": s, "latency_s": lat, "ok": ok}
            for p, r, ph, s, lat, ok in rows
        ]
    )


def test_k6_percentile_interpolates_between_the_closest_ranks():
    v = [5, 1, 9, 3, 7, 2, 100]  # sorted: 1 2 3 5 7 9 100; i = pct * (7 - 1)
    assert k6_percentile(v, 0.5) == 5  # i = 3
    assert k6_percentile(v, 0.90) == pytest.approx(45.4)  # i = 5.4: 9 + 0.4 * (100 - 9)
    assert k6_percentile(v, 0.95) == pytest.approx(72.7)  # i = 5.7: 9 + 0.7 * 91
    assert k6_percentile([4.2], 0.9) == 4.2 and k6_percentile([], 0.9) == 0.0  # k6: one value; none -> 0
    # k6's definition is numpy's default (linear, type 7) ...
    assert k6_percentile(v, 0.90) == pytest.approx(np.percentile(v, 90))
    # ... and not the nearest rank of ab (bancada.stats.load_tables) or numpy's inverted_cdf: 100
    assert np.percentile(v, 90, method="inverted_cdf") == 100
    with pytest.raises(ValueError, match="fraction from 0 to 1"):
        k6_percentile(v, 90)


def test_summary_per_treatment_is_k6s_end_of_test_table():
    rows = {r.treatment: r for r in summarize(samples(), ["language", "protocol"])}
    assert list(rows) == ["go / grpc", "go / rest"]
    rest = rows["go / rest"]
    assert rest.requests == 7 and rest.failed_pct == 0.0
    assert rest.avg_ms == pytest.approx(127 / 7) and (rest.min_ms, rest.max_ms) == (
        pytest.approx(1),
        pytest.approx(100),
    )
    assert (rest.med_ms, rest.p90_ms, rest.p95_ms) == (pytest.approx(5), pytest.approx(45.4), pytest.approx(72.7))
    # duration: per repetition first send -> last answer: (3 + 0.003) + (2 + 0.100) s
    assert rest.requests_per_s == pytest.approx(7 / 5.103)
    grpc = rows["go / grpc"]  # the failed request counts in the trend, as in k6's http_req_duration
    assert grpc.failed_pct == pytest.approx(25.0) and grpc.requests == 4
    assert (grpc.avg_ms, grpc.med_ms, grpc.max_ms) == (pytest.approx(150), pytest.approx(100), pytest.approx(300))
    assert (grpc.p90_ms, grpc.p95_ms) == (pytest.approx(240), pytest.approx(270))  # i = 2.7, 2.85
    assert grpc.requests_per_s == pytest.approx(4 / 1.8)


def test_warmup_kept_on_request_and_rate_unknown_without_start():
    df = samples().drop(columns=["start_s"])
    rows = {r.treatment: r for r in summarize(df, ["protocol"], keep_warmup=True)}
    assert rows["rest"].requests == 8 and rows["rest"].max_ms == pytest.approx(1000)
    assert rows["rest"].requests_per_s is None


def test_missing_columns_and_no_rows_are_named():
    with pytest.raises(K6SummaryError, match="needs the column.*ok"):
        summarize(samples().drop(columns=["ok"]), ["protocol"])
    only_warmup = samples().iloc[:1]
    with pytest.raises(K6SummaryError, match="no measured rows"):
        summarize(only_warmup, ["protocol"])


def test_analyze_k6_summary_prints_the_table_in_pt_br(tmp_path, capsys):
    path = tmp_path / "samples.csv"
    samples().to_csv(path, index=False)
    try:
        assert analyze_cmd.main([str(path), "--k6-summary", "--language", "pt_BR"]) == 0
    finally:
        set_language("en")
    out = capsys.readouterr().out
    assert "Resumo no estilo do k6" in out and "mediana (ms)" in out and "falhas (%)" in out
    assert "45,40" in out and "72,70" in out and "25,00" in out  # decimal comma


def test_analyze_k6_summary_names_a_missing_column(tmp_path, capsys):
    path = tmp_path / "samples.csv"
    samples().drop(columns=["ok"]).to_csv(path, index=False)
    assert analyze_cmd.main([str(path), "--k6-summary", "--language", "en"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("bancada analyze: missing column") and "ok" in err and "\n" not in err


def test_trend_of_one_value_and_of_none_as_k6():
    from bancada.stats.k6_summary import trend_ms

    assert set(trend_ms([4.2]).values()) == {4.2}
    assert set(trend_ms([]).values()) == {0.0}


# -- a virtual-user run against k6's own numbers ---------------------------------------------------


def _assert_matches_k6(rows) -> None:
    from tests.k6_vu_run import K6_REFERENCE

    assert [r.treatment for r in rows] == list(K6_REFERENCE)
    for row in rows:
        k6 = K6_REFERENCE[row.treatment]
        got = (row.avg_ms, row.min_ms, row.med_ms, row.max_ms, row.p90_ms, row.p95_ms)
        want = (k6["avg"], k6["min"], k6["med"], k6["max"], k6["p90"], k6["p95"])
        assert got == pytest.approx(want, rel=1e-9), row.treatment
        assert row.requests == k6["count"]
        assert row.requests_per_s == pytest.approx(k6["rate"], rel=1e-9)
        assert row.failed_pct == pytest.approx(100.0 * k6["failed"], rel=1e-9)


def test_summary_of_a_vu_run_matches_k6s_own_numbers():
    """The fixed sample set of tests/k6_vu_run.py against k6's documented trend, counter and rate."""
    from tests.k6_vu_run import DURATION_S, vu_samples

    df = vu_samples()
    df = df.assign(latency_s=df["latency_ms"] / 1e3, treatment=df["implementation"] + " / " + df["payload"])
    rows = summarize(df, ["treatment"], planned_duration_s=DURATION_S)
    # summarize sorts the treatments: go-rest before python-graphql, K6_REFERENCE's order too
    _assert_matches_k6(rows)
    # the percentiles are k6's interpolation, not the nearest rank: p(95) of go-rest lies between two samples
    go = np.sort(df.loc[df["implementation"] == "go-rest", "latency_ms"].to_numpy())
    assert rows[0].p95_ms not in go


def test_summary_of_a_stored_vu_run_matches_k6s_own_numbers(tmp_path):
    """The same samples through a real run file (whole nanoseconds), as bancada run and the window read them."""
    from bancada.analysis.k6_run import k6_rows as from_store
    from bancada.stats.k6_summary import is_vus_run
    from bancada.store.runstore import RunStore
    from tests.k6_vu_run import write_vu_run

    with RunStore.open(write_vu_run(tmp_path)) as store:
        assert is_vus_run(store.meta())
        _assert_matches_k6(from_store(store))


def test_the_rate_of_a_run_without_virtual_users_is_its_own_span(tmp_path):
    """Without [load] vus the rate divides by first send -> last answer per repetition (no planned duration)."""
    from bancada.analysis.k6_run import k6_rows as from_store
    from bancada.stats.k6_summary import is_vus_run
    from bancada.store.runstore import RunStore
    from tests.k6_vu_run import vu_samples, write_vu_run

    with RunStore.open(write_vu_run(tmp_path, model="sequential")) as store:
        assert not is_vus_run(store.meta())
        rows = from_store(store)
    # go-rest, repetitions 1 and 2: first send -> last answer (the last iteration starts at 5 + 9 * 0.0125 s)
    df = vu_samples()
    go = df[df["implementation"] == "go-rest"]
    spans = [(g["start_s"] + g["latency_ms"] / 1e3).max() - g["start_s"].min() for _, g in go.groupby("repetition")]
    assert rows[0].requests_per_s == pytest.approx(120 / sum(spans), rel=1e-9)
    assert rows[0].requests_per_s > 10  # the spans (~5.1 s) are shorter than k6's 6 s test


def test_the_k6_summary_csv_has_the_fields_with_units(tmp_path):
    from bancada.stats.k6_summary import CSV_COLUMNS, write_csv

    rows = summarize(samples(), ["language", "protocol"])
    write_csv(rows, tmp_path / "k6_summary.csv")
    back = pd.read_csv(tmp_path / "k6_summary.csv")
    assert list(back.columns) == CSV_COLUMNS == [
        "treatment", "avg_ms", "min_ms", "med_ms", "max_ms", "p90_ms", "p95_ms", "requests", "requests_per_s",
        "failed_pct",
    ]  # fmt: skip
    assert back["p90_ms"].tolist() == pytest.approx([240.0, 45.4])


# -- the oracle: k6's documented definitions ------------------------------------------------------

#: k6's documentation, "Results output > End of test" (compact mode): 45 requests (checks_total 90
#: for two checks each; http_req_failed "0 out of 45") and the line
#: ``custom_waiting_time: avg=152.355556 min=120 med=141 max=684 p(90)=147.2 p(95)=148.8``.
K6_DOCS_CUSTOM_WAITING_TIME = {"avg": 152.355556, "min": 120, "med": 141, "max": 684, "p90": 147.2, "p95": 148.8}


def test_the_oracle_gives_the_numbers_k6s_documentation_prints():
    """k6 does not publish that run's 45 values, only its summary. The values are whole milliseconds
    (min, med and max are whole; avg x 45 = 6856.000); p(90) and p(95) are not: k6's percentile lies
    between two samples, which no nearest-rank percentile does. At n = 45 the oracle's rank p x (n - 1)
    is 39.6 for p(90) and 41.8 for p(95), so both printed decimals come from whole neighbours
    (146 + 0.6 x 2, 148 + 0.8 x 1). On 45 whole numbers with those order statistics the oracle
    prints exactly k6's line."""
    assert round(K6_DOCS_CUSTOM_WAITING_TIME["avg"] * 45, 3) == 6856
    ranks = [0.90 * 44, 0.95 * 44]
    assert ranks == pytest.approx([39.6, 41.8])
    values = [120, 135, *[139] * 20, 141, *[141] * 16, 146, 148, 148, 149, 149, 684]
    assert len(values) == 45 and sum(values) == 6856 and values == sorted(values)
    got = k6_trend.trend(values)
    assert {k: round(v, 6) for k, v in got.items()} == K6_DOCS_CUSTOM_WAITING_TIME
    # nearest rank (ab's, numpy's inverted_cdf) only ever prints a sample: never 147.2 from whole numbers
    assert np.percentile(values, 90, method="inverted_cdf") in values
    # Bancada's numbers for the same sample are the oracle's
    assert trend_ms(values) == pytest.approx({f"{k}_ms": v for k, v in got.items()})


def test_the_oracle_follows_the_documented_edge_cases():
    assert k6_trend.percentile([], 95) == 0.0 and k6_trend.percentile([7.0], 95) == 7.0
    assert k6_trend.percentile([5.0, 10.0], 50) == 7.5 and k6_trend.percentile([5.0, 10.0], 99.9) == pytest.approx(
        9.995
    )
    assert k6_trend.percentile([3, 1, 2], 0) == 1 and k6_trend.percentile([3, 1, 2], 100) == 3
    with pytest.raises(ValueError, match="from 0 to 100"):
        k6_trend.percentile([1.0], 101)


@given(
    st.lists(st.floats(min_value=0.001, max_value=1e5, allow_nan=False), min_size=1, max_size=200),
    st.sampled_from([0, 1, 25, 50, 90, 95, 99, 99.9, 100]),
)
def test_bancadas_percentile_is_the_oracles(values, n):
    """Bancada's numpy implementation against the oracle (the standard library), any sample."""
    assert k6_percentile(values, n / 100) == pytest.approx(k6_trend.percentile(values, n), rel=1e-12, abs=1e-12)
