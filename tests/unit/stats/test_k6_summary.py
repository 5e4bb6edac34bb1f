"""The k6-style summary against values worked out by hand from k6's definitions (metrics/sink.go)."""

import numpy as np
import pandas as pd
import pytest

from bancada import analyze_cmd
from bancada.i18n import set_language
from bancada.stats.k6_summary import K6SummaryError, k6_percentile, summarize


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
