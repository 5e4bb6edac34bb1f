"""Tidy CSVs read by Arrow give what pandas gave: the same tables, or the same one-line error.

Each CSV here is analysed twice: read as ``bancada analyze`` read it before
(``pd.read_csv`` with every column but the response as text) and through
:mod:`bancada.store.sample_reader`; the JSON results (or the errors) must be equal.
"""

from __future__ import annotations

import pandas as pd
import pytest

from bancada.cli import analyze as analyze_cmd
from bancada.store.sample_reader import read_csv_columns
from bancada.stats.frame_analysis import InputError, analyze_frame, jsonable

HEADER = "run_id,implementation,language,protocol,payload,repetition,phase,latency_s,ok\n"


def _rows(n_reps: int = 3, per_rep: int = 6) -> list[str]:
    rows = []
    for lang in ("java", "go"):  # java first: the levels keep the order of first appearance
        for proto in ("rest", "grpc"):
            for rep in range(1, n_reps + 1):
                rows.append(f"r,{lang}-{proto},{lang},{proto},StdSize,{rep},warmup,0.5,true\n")
                for k in range(per_rep):
                    lat = 0.001 * (1 + (lang == "java") + 2 * (proto == "rest")) + 1e-5 * ((k * 7 + rep) % 5)
                    rows.append(f"r,{lang}-{proto},{lang},{proto},StdSize,{rep},measure,{lat!r},true\n")
    return rows


def _old(path, cols):
    dtypes = {c: str for c in cols if c != "latency_s"}
    return pd.read_csv(path, usecols=cols, dtype=dtypes, keep_default_na=False, na_values=[""])


def _both(path, **kw):
    """(old, new) analyses of ``path``: each the JSON result or the error's text."""
    cols = [c for c in pd.read_csv(path, nrows=0).columns if c != "run_id" and c != "implementation"]
    required = ["language", "protocol", "payload", "latency_s"]
    optional = ["repetition", "phase", "ok"]
    out = []
    for read in (lambda: _old(path, cols), lambda: analyze_cmd._read(str(path), "latency_s", required, optional)):
        try:
            out.append(jsonable(analyze_frame(read(), factors=["language", "protocol"], **kw).to_dict()))
        except (InputError, ValueError) as exc:
            out.append(f"error: {exc}")
    return out


def _write(tmp_path, rows, header=HEADER, name="s.csv"):
    path = tmp_path / name
    path.write_text(header + "".join(rows))
    return path


@pytest.mark.parametrize("aggregate", ["none", "mean"])
def test_a_plain_tidy_csv(tmp_path, aggregate):
    old, new = _both(_write(tmp_path, _rows()), aggregate=aggregate)
    assert isinstance(new, dict) and new == old
    assert new["levels"] == {"language": ["java", "go"], "protocol": ["rest", "grpc"]}
    assert new["preparation"]["warmup_or_other_phase"] == 12


def test_texts_as_written_by_hand(tmp_path):
    """Phase and ok in other cases and spellings, quoted cells, empty factor cells, CRLF line ends."""
    rows = _rows()
    rows[3] = rows[3].replace("measure", " MEASURE ").replace("true", "1")
    rows[5] = rows[5].replace(",true", ",FALSE")
    rows[8] = rows[8].replace(",java,", ',"java",')
    rows[9] = rows[9].replace(",rest,", ",,")  # a missing level
    rows[10] = rows[10].replace("0.00", "")  # a latency that is not a number... of the same row kind
    rows[11] = rows[11].replace(",true", ",yes")
    path = _write(tmp_path, [r.replace("\n", "\r\n") for r in rows])
    old, new = _both(path, aggregate="median", trim_unbalanced=True)
    assert new == old


def test_text_replication_labels(tmp_path):
    rows = [r.replace(",StdSize,1,", ",StdSize,first,") for r in _rows()]
    old, new = _both(_write(tmp_path, rows), aggregate="mean")
    assert isinstance(new, dict) and new == old


def test_empty_latencies_are_missing(tmp_path):
    rows = _rows()
    rows[2] = rows[2].replace(",measure,0.00", ",measure,,0.00").replace(",0.00", "", 1)
    rows[2] = "r,java-rest,java,rest,StdSize,1,measure,,true\n"
    old, new = _both(_write(tmp_path, rows))
    assert new == old and new["preparation"]["missing_response"] == 1


@pytest.mark.parametrize(
    "bad_row",
    [
        "r,go-rest,go,rest,StdSize,1,measure,slow,true\n",  # a response that is not a number
        "r,go-rest,go,rest,StdSize,1,measure,0.001,maybe\n",  # an ok that is not true/false
    ],
)
def test_bad_cells_give_the_same_error(tmp_path, bad_row):
    old, new = _both(_write(tmp_path, [*_rows(), bad_row]))
    assert isinstance(new, str) and new == old


def test_a_header_without_rows_and_a_missing_column(tmp_path):
    assert read_csv_columns(_write(tmp_path, []), ["latency_s", "phase"], numeric=["latency_s"]).empty
    path = _write(tmp_path, [], name="empty.csv")
    with pytest.raises(InputError, match="has a header but no rows"):
        analyze_cmd._read(str(path), "latency_s", ["latency_s", "language"], ["repetition"])
    with pytest.raises(InputError, match="missing column in .*: operation"):
        analyze_cmd._read(str(path), "latency_s", ["latency_s", "operation"], [])


def test_dtypes_of_the_columnar_frame(tmp_path):
    df = read_csv_columns(
        _write(tmp_path, _rows()),
        ["language", "repetition", "phase", "latency_s", "ok"],
        numeric=["latency_s"],
        labels=["repetition"],
    )
    assert df["latency_s"].dtype == float and df["repetition"].dtype.kind == "i"
    assert df["language"].dtype == "str" and isinstance(df["phase"].dtype, pd.CategoricalDtype)
    assert df["language"].astype(str) is not None and df["language"].tolist()[:2] == ["java", "java"]


def test_a_csv_named_otherwise_is_a_csv_and_a_missing_run_is_said(tmp_path, capsys, monkeypatch):
    path = _write(tmp_path, _rows(), name="samples.txt")
    out = tmp_path / "o.json"
    assert analyze_cmd.main([str(path), "--factors", "language,protocol", "--json", str(out), "--quiet"]) == 0
    monkeypatch.setenv("BANCADA_DATA_DIR", str(tmp_path / "data"))
    assert analyze_cmd.main(["20990101-000000-abcd", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("bancada analyze: no run '20990101-000000-abcd'") and "run id" in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("quoted_newline", [False, True])
def test_two_ranges_read_what_one_reader_reads(tmp_path, monkeypatch, quoted_newline):
    """A CSV cut in two ranges of bytes (parsed in two threads) gives the frame of one reader, levels in
    order of first appearance over the file; a cut that would fall inside a quoted cell is not made."""
    from bancada.store import sample_reader

    rows = _rows(n_reps=40, per_rep=50)
    rows.insert(len(rows) // 2 + 3, "r,rust-grpc,rust,grpc,StdSize,1,measure,0.002,true\n")  # a level seen late
    header = HEADER.replace("ok\n", "ok,error\n")
    body = [r.replace("\n", ",\n") for r in rows]
    if quoted_newline:  # a quoted cell whose newline comes after the middle of the file: the file stays one range
        mid = len(body) // 2
        body[mid - 100] = body[mid - 100].replace(",\n", ',"deadline ' + "x," * 20000 + '\nexceeded"\n')
    path = _write(tmp_path, body, header=header)
    cols = ["language", "protocol", "repetition", "phase", "latency_s", "ok", "error"]
    monkeypatch.setattr(sample_reader, "RANGE_MIN_BYTES", 0)
    ranges = sample_reader._byte_ranges(path)
    assert len(ranges) == (1 if quoted_newline else 2)
    two = sample_reader.read_csv_columns(path, cols, ["latency_s"], ["repetition"], ["language"])
    monkeypatch.setattr(sample_reader, "READ_RANGES", 1)
    assert sample_reader._byte_ranges(path) == [(0, path.stat().st_size)]
    one = sample_reader.read_csv_columns(path, cols, ["latency_s"], ["repetition"], ["language"])
    pd.testing.assert_frame_equal(two, one)
    assert list(two["language"].cat.categories) == ["java", "go", "rust"]
    assert len(two) == len(rows)


@pytest.mark.parametrize("few", [3, 10_000])
def test_quotes_are_counted_one_by_one_and_in_blocks(tmp_path, monkeypatch, few):
    """The quotes before a cut are counted the same whether found one by one or, past FEW_QUOTES, in blocks
    (a CSV whose every cell is quoted)."""
    from bancada.store import sample_reader

    path = tmp_path / "quoted.csv"
    path.write_bytes(b'"language","latency_s"\n' + b'"go","0.001"\n' * 5_000)
    monkeypatch.setattr(sample_reader, "FEW_QUOTES", few)
    size = path.stat().st_size
    for end in (0, 1, 13, size // 2, size):
        assert sample_reader._quotes_before(path, end) == path.read_bytes()[:end].count(b'"')
