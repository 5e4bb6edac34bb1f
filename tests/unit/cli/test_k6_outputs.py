"""Where the k6-style summary appears outside the window: bancada run's terminal output and its
--out folder, and bancada export; on a real run file of a virtual-user run (tests/k6_vu_run.py)."""

from __future__ import annotations

import argparse

import pandas as pd
import pytest
from rich.console import Console

from bancada.cli import main as cli

from bancada.cli import run as cli_run
from bancada.run.events import RunFinished
from tests.k6_vu_run import K6_REFERENCE, write_vu_run


@pytest.fixture
def wide_out(monkeypatch):
    console = Console(width=240, record=True)
    monkeypatch.setattr(cli_run, "out", console)
    return console


def _report(path: str, out_dir, **flags) -> int:
    args = argparse.Namespace(out=out_dir, **flags)
    return cli_run._report(path, RunFinished("complete", path=path), args)


def test_run_prints_the_k6_table_after_a_vu_run_and_writes_k6_summary_csv(tmp_path, wide_out):
    path = write_vu_run(tmp_path)
    assert _report(path, tmp_path / "out", k6_summary=False) == 0
    text = wide_out.export_text()
    assert "k6-style summary (http_req_duration, http_reqs, http_req_failed)" in text
    line = next(x for x in text.splitlines() if "python-graphql / CreatePerson" in x and "3.33" in x)
    assert "41.44" in line and "26.27" in line  # p(95), med: k6's own numbers, 2 decimals
    assert "k6_summary.csv" in text
    csv = pd.read_csv(tmp_path / "out" / "k6_summary.csv")
    assert csv["treatment"].tolist() == list(K6_REFERENCE)
    assert csv["p95_ms"].tolist() == pytest.approx([K6_REFERENCE[t]["p95"] for t in K6_REFERENCE])
    assert csv["requests_per_s"].tolist() == pytest.approx([10.0, 10.0])


def test_run_prints_the_k6_table_of_other_runs_only_when_asked(tmp_path, wide_out):
    path = write_vu_run(tmp_path, model="sequential")
    assert _report(path, tmp_path / "a", k6_summary=False) == 0
    assert "k6-style summary" not in wide_out.export_text()
    assert _report(path, tmp_path / "b", k6_summary=True) == 0
    assert "k6-style summary" in wide_out.export_text()


def test_run_out_writes_k6_summary_csv_only_where_it_applies(tmp_path, wide_out):
    """As Export all: k6's table for a run of k6's virtual users, or any run with --k6-summary."""
    path = write_vu_run(tmp_path, model="sequential")
    assert _report(path, tmp_path / "a", k6_summary=False) == 0
    assert (tmp_path / "a" / "samples.csv").is_file()
    assert not (tmp_path / "a" / "k6_summary.csv").exists()
    assert "k6_summary.csv" not in wide_out.export_text()
    assert _report(path, tmp_path / "b", k6_summary=True) == 0
    assert (tmp_path / "b" / "k6_summary.csv").is_file()


def test_the_run_command_takes_k6_summary():
    args = cli._build_parser().parse_args(["run", "quick", "--k6-summary"])
    assert args.k6_summary is True


def test_export_writes_k6_summary_csv_beside_the_samples(tmp_path, wide_out):
    path = write_vu_run(tmp_path)
    target = tmp_path / "exported" / "samples.csv"
    target.parent.mkdir()
    assert cli.main(["export", path, "--csv", str(target)]) == 0
    csv = pd.read_csv(tmp_path / "exported" / "k6_summary.csv")
    assert csv["failed_pct"].tolist() == pytest.approx([0.0, 100 / 30])
    assert "k6_summary.csv" in wide_out.export_text()


def test_export_names_an_unwritable_k6_summary(tmp_path, capsys):
    path = write_vu_run(tmp_path)
    folder = tmp_path / "exported"
    folder.mkdir()
    (folder / "k6_summary.csv").mkdir()  # a folder where the file should go
    assert cli.main(["export", path, "--csv", str(folder / "samples.csv")]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and "k6_summary.csv" in err and "Traceback" not in err


def test_report_of_a_vu_run_has_the_k6_table_in_the_language_in_use(tmp_path):
    from bancada.core.i18n import set_language
    from bancada.report.build import build_context, load_run, render_html

    run = load_run(write_vu_run(tmp_path))
    try:
        set_language("pt_BR")
        k6 = build_context(run, plots=False)["k6"]
    finally:
        set_language("en")
    assert k6["title"].startswith("Resumo no estilo do k6") and "mediana (ms)" in k6["head"]
    assert k6["rows"][1][:7] == ["python-graphql / CreatePerson", "26,86", "11,00", "26,27", "68,14", "39,56", "41,44"]
    assert k6["rows"][1][-1] == "3,33"  # failed (%)
    html = render_html(build_context(run, plots=False))
    assert 'id="k6"' in html and "k6-style summary" in html and "41.44" in html


def test_report_of_a_run_without_virtual_users_has_no_k6_table(tmp_path):
    from bancada.report.build import build_context, load_run, render_html

    run = load_run(write_vu_run(tmp_path, model="sequential"))
    context = build_context(run, plots=False)
    assert context["k6"] is None and 'id="k6"' not in render_html(context)
