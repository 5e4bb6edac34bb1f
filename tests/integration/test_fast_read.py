"""The columnar reading path gives the tables the pandas path gave, on a run made here.

One run of the real Go workers with the native driver (module scope, seconds) is
analysed three ways: as the code before read it (``samples_frame`` joined in pandas,
or ``pd.read_csv`` of its exported CSV with every column as text), and through
``bancada analyze`` reading the run file (ADBC into Arrow) and the tidy CSV
(pyarrow's reader). The JSON results must be equal, not close; a copy of the run
with a partial last repetition checks the unbalanced design the same way.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from bancada.cli import analyze as analyze_cmd

from bancada.analysis import compare_inputs
from bancada.drivers.sample_block import SAMPLE_DTYPE, SampleBlock
from bancada.experiment.profile import load_profile
from bancada.experiment.overrides import apply_overrides
from bancada.run.runner import RunFinished, Runner, RunStarted
from bancada.stats.frame_analysis import analyze_frame, jsonable
from bancada.store.runstore import RunStore
from bancada.store.tidy_csv import COLUMNS, EXTRA_COLUMNS, SPLIT_COLUMNS, _split_columns, export_csv, write_csv
from tests.conftest import ROOT, artifact_missing

pytestmark = pytest.mark.integration

IMPLEMENTATIONS = ["go-grpc", "go-rest", "go-grpc:b", "go-rest:b"]
ANALYSES = [  # (factors, by, aggregate, trim_unbalanced)
    (["protocol"], ["payload"], "none", False),
    (["implementation"], ["payload"], "mean", False),
    (["implementation"], [], "median", True),
]


def _old_tidy_frame(store: RunStore) -> pd.DataFrame:
    """The tidy frame as bancada.store.tidy_csv built it before the columnar reader (the reference)."""
    raw = store.samples_frame()
    df = pd.DataFrame(
        {
            "run_id": store.meta().get("run_id", store.path.stem),
            "implementation": raw["implementation"],
            "language": raw["language"],
            "protocol": raw["protocol"],
            "operation": raw["operation"],
            "payload": raw["workload"],
            "payload_count": raw["payload_count"],
            "payload_bytes": raw["payload_bytes"],
            "repetition": raw["repetition"],
            "seq": raw["seq"],
            "phase": raw["phase"].map({0: "warmup", 1: "measure"}),
            "latency_s": raw["latency_ns"] / 1e9,
            "server_s": raw["server_ns"].where(raw["server_ns"] >= 0) / 1e9,
            "ok": raw["ok"].astype(bool).map({True: "true", False: "false"}),
            "error": raw["error"],
            "start_s": raw["start_ns"] / 1e9,
            "queue_s": raw["queue_ns"] / 1e9,
            **_split_columns(raw),  # links and seed 004's split, from the same join
        }
    )
    return df[COLUMNS + EXTRA_COLUMNS + SPLIT_COLUMNS]


def _old_read_csv(path, cols, response="latency_s"):
    """The CSV as bancada analyze read it before: every column but the response as text."""
    dtypes = {c: str for c in cols if c != response}
    return pd.read_csv(path, usecols=cols, dtype=dtypes, keep_default_na=False, na_values=[""])


@pytest.fixture(scope="module")
def run_path(tmp_path_factory):
    for impl in ("go-grpc", "go-rest"):
        reason = artifact_missing(impl)
        if reason:
            pytest.fail(f"{impl} cannot run: {reason} (run make -C workers)")
    if not (ROOT / "drivers" / "native" / "dist").exists():
        pytest.fail("the native driver is not built (run make -C workers driver)")
    data = tmp_path_factory.mktemp("fast-read")
    profile = apply_overrides(
        load_profile(ROOT / "profiles" / "quick.toml"),
        "quick",
        implementations=IMPLEMENTATIONS,
        payloads=["StdSize"],
        requests=60,
        repetitions=4,
        warmup=10,
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BANCADA_DATA_DIR", str(data))
        mp.setenv("BANCADA_HOME", str(ROOT))
        events = list(Runner(profile, None, driver="native", store_folder=data / "runs").events())
    started = next(e for e in events if isinstance(e, RunStarted))
    assert isinstance(events[-1], RunFinished) and events[-1].status == "complete", events[-1]
    return started.path


@pytest.fixture(scope="module")
def partial_run(run_path, tmp_path_factory):
    """A copy of the run stopped early: go-grpc's last repetition stops halfway, go-rest's never began."""
    folder = tmp_path_factory.mktemp("partial")
    with RunStore.open(run_path) as src:
        treatments = src.treatments()
        rows = src.samples()
        meta = src.meta()
    last = max(r[2] for r in rows)
    ids = {t.implementation: t.id for t in treatments}
    halved = [r for r in rows if r[1] == ids["go-grpc"] and r[2] == last]
    cut = {r[0] for r in halved[len(halved) // 2 :]} | {r[0] for r in rows if r[1] == ids["go-rest"] and r[2] == last}
    kept = [r for r in rows if r[0] not in cut]
    store = RunStore.create("partial", folder)
    store.set_meta(profile_name=meta.get("profile_name", ""), host_name=meta.get("host_name", ""))
    store.add_treatments(treatments)
    # sample rows: id, treatment, repetition, seq, phase, ok, latency, server, start, queue, block, error
    block = np.array([r[1:10] for r in kept], dtype=SAMPLE_DTYPE)
    store.add_samples(SampleBlock(block, {i: r[11] for i, r in enumerate(kept) if r[11]}))
    store.finish("incomplete")
    store.close()
    return store.path


def _analyses(read):
    out = []
    for factors, by, aggregate, trim in ANALYSES:
        df = read([c for c in COLUMNS if c in {"latency_s", *factors, *by, "repetition", "phase", "ok"}])
        res = analyze_frame(df, factors=factors, by=by, aggregate=aggregate, trim_unbalanced=trim).to_dict()
        out.append(jsonable(res))
    return out


@pytest.mark.parametrize("which", ["run_path", "partial_run"])
def test_run_file_gives_the_tables_of_the_pandas_path(which, request):
    path = request.getfixturevalue(which)
    with RunStore.open(path) as store:
        old = _old_tidy_frame(store)
    new = _analyses(lambda cols: analyze_cmd._read(str(path), "latency_s", cols, []))
    assert new == _analyses(lambda cols: old[cols])
    assert new[0]["groups"][0]["treatments"][0]["n"] > 0
    if which == "partial_run":  # the unbalanced design is said, and trimmed when asked
        assert "unbalanced design" in new[0]["groups"][0]["factorial"]["error"]
        assert "unbalanced design" in new[1]["groups"][0]["factorial"]["error"]
        assert "trimmed" in " ".join(new[2]["groups"][0]["factorial"]["notes"])


@pytest.mark.parametrize("which", ["run_path", "partial_run"])
def test_tidy_csv_gives_the_tables_of_the_pandas_path(which, request, tmp_path):
    path = request.getfixturevalue(which)
    csv = tmp_path / "samples.csv"
    with RunStore.open(path) as store:
        export_csv(store, csv)
        old_csv = tmp_path / "old.csv"
        write_csv(_old_tidy_frame(store), old_csv)
    assert csv.read_bytes() == old_csv.read_bytes()  # bancada export writes what it wrote before
    new = _analyses(lambda cols: analyze_cmd._read(str(csv), "latency_s", cols, ["repetition", "phase", "ok"]))
    assert new == _analyses(lambda cols: _old_read_csv(csv, cols))


def test_cli_on_the_run_file_and_its_csv(run_path, tmp_path):
    """bancada analyze RUN and bancada analyze CSV: one JSON, levels in the order the samples give them."""
    csv = tmp_path / "samples.csv"
    with RunStore.open(run_path) as store:
        export_csv(store, csv)
        old = _old_tidy_frame(store)
    outs = []
    for source in (run_path, csv):
        out = tmp_path / f"{source.suffix[1:]}.json"
        args = [str(source), "--factors", "implementation", "--aggregate", "mean", "--json", str(out), "--quiet"]
        assert analyze_cmd.main(args) == 0
        outs.append(json.loads(out.read_text()))
    assert outs[0] == outs[1]
    assert outs[0]["levels"]["implementation"] == list(dict.fromkeys(old["implementation"]))
    expected = jsonable(analyze_frame(old, factors=["implementation"], by=["payload"], aggregate="mean").to_dict())
    assert outs[0] == json.loads(json.dumps(expected))


def test_compare_reads_runs_and_csvs_as_before(run_path, tmp_path):
    csv = tmp_path / "samples.csv"
    with RunStore.open(run_path) as store:
        export_csv(store, csv)
        old = _old_tidy_frame(store)
    for spec in (str(run_path), str(csv)):
        side = compare_inputs.load_side(spec).side
        measured = old[(old["phase"] == "measure") & (old["ok"] == "true")]
        assert side.samples["latency_s"].tolist() == measured["latency_s"].tolist()
        assert side.samples["implementation"].tolist() == measured["implementation"].tolist()
        assert list(side.treatments) == list(dict.fromkeys(measured["implementation"] + "/" + measured["payload"]))
