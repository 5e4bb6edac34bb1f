"""The export room on real run files (tests/k6_vu_run.py's samples in a real SQLite run file): each output
where it applies, one entry for every caller, a file that cannot be written named."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from bancada.cli import main as cli
from bancada.export.context import ExportError
from bancada.export.run_export import ALL_OUTPUTS, OUTPUTS, RUN_OUT, export_run
from tests.k6_vu_run import K6_REFERENCE, write_vu_run


def test_run_out_of_a_vus_run_writes_the_samples_and_k6_s_table(tmp_path):
    written = export_run(write_vu_run(tmp_path), tmp_path / "out", RUN_OUT)
    assert [p.name for p in written] == ["samples.csv", "k6_summary.csv"]
    assert written.rows == {"samples": len(pd.read_csv(written[0])), "k6_summary": len(K6_REFERENCE)}
    assert written.by_output["load_tables"] == [] and written.by_output["flame_graphs"] == []


def test_a_sequential_run_has_no_k6_table_in_any_export(tmp_path):
    path = write_vu_run(tmp_path, model="sequential")
    for outputs, folder in ((RUN_OUT, "run-out"), (ALL_OUTPUTS, "all")):
        export_run(path, tmp_path / folder, outputs)
        assert (tmp_path / folder / "samples.csv").is_file() and not (tmp_path / folder / "k6_summary.csv").exists()
    target = tmp_path / "export" / "samples.csv"
    assert cli.main(["export", path, "--csv", str(target)]) == 0
    assert sorted(p.name for p in target.parent.iterdir()) == ["samples.csv"]


def test_export_all_writes_the_run_s_metadata_and_report(tmp_path):
    path = write_vu_run(tmp_path)
    written = export_run(path, tmp_path / "all", ALL_OUTPUTS)
    names = {p.name for p in written}
    assert {"samples.csv", "k6_summary.csv", "host.json", "run.json", "report.html"} <= names, names
    run = json.loads((tmp_path / "all" / "run.json").read_text(encoding="utf-8"))
    assert "profile_toml" not in run and "host_facts" not in run and run["run_id"]
    assert [name for name in ALL_OUTPUTS if name not in RUN_OUT] == [
        "metadata",
        "statistics",
        "conclusions",
        "report",
    ]


def test_an_unknown_output_is_named_with_the_known_ones(tmp_path):
    with pytest.raises(ValueError, match="unknown export output charts; expected one of samples,") as caught:
        export_run(write_vu_run(tmp_path), tmp_path / "out", ["samples", "charts"])
    assert all(name in str(caught.value) for name in OUTPUTS)
    assert not (tmp_path / "out").exists()


def test_a_file_that_cannot_be_written_is_named(tmp_path):
    folder = tmp_path / "out"
    (folder / "k6_summary.csv").mkdir(parents=True)  # a folder where the file should go
    with pytest.raises(ExportError) as caught:
        export_run(write_vu_run(tmp_path), folder, RUN_OUT)
    assert caught.value.path == folder / "k6_summary.csv" and isinstance(caught.value.cause, OSError)
    assert str(folder / "k6_summary.csv") in str(caught.value)
