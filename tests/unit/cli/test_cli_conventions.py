"""The command line as its users expect it (issue 40): help for every flag, every command reachable
from ``bancada --help``, one flag name per meaning, the input of ``analyze`` named as it is, a run id
never cut, warm-up and measured samples counted apart, folders made for what is written, and no
"None" in what is printed. Each runs the real parser, the real run file and the real commands."""

from __future__ import annotations

import argparse
import json
import os
import pty
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bancada.cli.analyze import removed_rows
from bancada.cli.main import full_parser, main
from bancada.store import schema_doc
from tests.conftest import ROOT
from tests.unit.cli.conftest import MEASURED, PROFILE, REPETITIONS, WARMUP


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ("bancada",)
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """``("bancada export locust", parser)`` for the parser and every subcommand under it."""
    yield " ".join(path), parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


def help_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_every_argument_of_every_command_has_help():
    """Issue 40: run --connection, run --driver, hosts add --port/--user/NAME had none."""
    missing = [
        f"{name} {'/'.join(action.option_strings) or action.dest}"
        for name, parser in commands(full_parser())
        for action in parser._actions
        if not isinstance(action, argparse._SubParsersAction) and not action.help
    ]
    assert not missing, missing


def test_every_command_is_reachable_from_the_help(capsys):
    """``export locust`` was intercepted before argparse: no help showed it."""
    top = help_text([], capsys)
    for name in ("gui", "run", "runs", "export", "workers", "analyze", "compare", "report", "import", "hosts"):
        assert f"\n    {name} " in top, name
    export = help_text(["export"], capsys)
    assert "locust" in export and "run" in export
    locust = help_text(["export", "locust"], capsys)
    assert "usage: bancada export locust" in locust and "--kubernetes" in locust and "--target" in locust


def test_one_flag_for_the_tables_format_and_the_old_one_still_works(capsys):
    """``analyze --tables-format`` and ``compare --format`` were two names for one option."""
    parser = full_parser()
    assert parser.parse_args(["analyze", "x.csv", "--tables-format", "md"]).tables_format == "md"
    assert parser.parse_args(["compare", "a", "b", "--tables-format", "tex"]).tables_format == "tex"
    capsys.readouterr()
    assert parser.parse_args(["compare", "a", "b", "--format", "csv"]).tables_format == "csv"
    assert "--format is deprecated: use --tables-format" in capsys.readouterr().err
    compare_help = help_text(["compare"], capsys)
    assert "--tables-format" in compare_help and "--format " not in compare_help.replace("--tables-format", "")


def test_analyze_names_its_input_and_gui_its_default(capsys):
    analyze = help_text(["analyze"], capsys)
    assert "RUN|SAMPLES.csv" in analyze and "run id" in analyze and "run file" in analyze
    assert "analyze   statistics of a run" in help_text([], capsys)
    gui = " ".join(help_text(["gui"], capsys).split())
    assert "(default: quick)" not in gui and "the last session" in gui


def test_runs_shows_the_whole_run_id_at_80_columns(stored_run):
    """A real terminal of 80 columns (a pseudo-terminal): the id was printed as ``20261128-…``."""
    env = dict(os.environ, COLUMNS="80", LINES="24", PYTHONPATH=str(ROOT / "app"), TERM="xterm")
    for extra in ([], ["--long"]):
        leader, follower = pty.openpty()
        proc = subprocess.run(
            [sys.executable, "-m", "bancada.cli", "runs", *extra],
            stdin=follower, stdout=follower, stderr=subprocess.PIPE, env=env, timeout=60, check=False,
        )  # fmt: skip
        os.close(follower)
        out = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.close(leader)
        text = re.sub(r"\x1b\[[0-9;]*m", "", out.decode())  # the terminal's colours and bold
        assert proc.returncode == 0, proc.stderr
        if extra:  # --long: the id on its own line, every field on one of its own (a path may pass 80)
            assert stored_run in text.splitlines(), text
            assert f"  profile   {PROFILE}" in text.splitlines(), text
        else:
            assert stored_run in text, text
            assert max(len(line) for line in text.splitlines()) <= 80, text


def test_runs_piped_json_and_the_counts_of_each_phase(stored_run, capsys):
    """Piped, the rows are whole; --json for scripts; warm-up and measured samples apart (the one
    "samples" column counted the warm-up, 50,112 of 50,432 rows in the issue's run)."""
    assert main(["runs", "--long"]) == 0
    text = capsys.readouterr().out
    measured, warmup = 2 * REPETITIONS * MEASURED, 2 * REPETITIONS * WARMUP
    path = Path(os.environ["BANCADA_DATA_DIR"]) / "runs" / f"{stored_run}.sqlite"
    fields = [line.split(None, 1) for line in text.splitlines()[1:]]
    assert text.splitlines()[0] == stored_run
    assert ["file", str(path)] in fields and ["measured", str(measured)] in fields, fields
    assert ["warm-up", str(warmup)] in fields, fields
    assert main(["runs"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if stored_run in line)
    assert f" {measured} " in row and f" {warmup} " in row and PROFILE in row, row
    assert main(["runs", "--json"]) == 0
    (record,) = json.loads(capsys.readouterr().out)
    assert record["run_id"] == stored_run and record["profile"] == PROFILE and record["status"] == "complete"
    assert (record["measured"], record["warmup"]) == (measured, warmup)
    assert Path(record["file"]).is_file()


def test_export_makes_the_csv_folder(stored_run, tmp_path, capsys):
    """``--csv new/folder/samples.csv`` failed ("Cannot save file into a non-existent directory")."""
    out = tmp_path / "new" / "folder" / "samples.csv"
    assert main(["export", stored_run, "--csv", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 2 * REPETITIONS * (WARMUP + MEASURED)
    assert lines[0].split(",") == schema_doc.csv_columns()  # the columns docs/reference/run-file.md lists
    again = tmp_path / "other" / "s.csv"
    assert main(["export", "run", stored_run, "--csv", str(again)]) == 0 and again.is_file()


def test_the_analyze_header_says_no_none(stored_run, capsys):
    """The header printed "outliers None" when --outliers-iqr was not given."""
    assert main(["analyze", stored_run, "--factors", "protocol"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert "None" not in header and "outliers" not in header and "not ok 0" in header, header
    assert main(["analyze", stored_run, "--factors", "protocol", "--outliers-iqr", "1.5"]) == 0
    assert "outliers 0" in capsys.readouterr().out.splitlines()[0]
    assert removed_rows({"warmup_or_other_phase": None, "not_ok": None, "missing_response": 0, "outliers": None}) == (
        " (removed: missing response 0)"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["export", "no-such-run", "--csv", "x.csv"],
        ["export", "locust", "no-such-profile", "--kubernetes", "k8s"],
        ["analyze", "no-such-file.csv"],
        ["compare", "no-such-run", "no-other-run"],
        ["report", "no-such-run", "--html", "r.html"],
        ["run", "no-such-profile"],
        ["gui", "no-such-profile"],
        ["hosts", "check", "no-such-host-with-a-name-long-enough-to-pass-eighty-columns"],
        ["hosts", "remove", "no-such-host"],
    ],
)
def test_bad_input_is_one_line_from_bancada(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("bancada") and "\n" not in err and "Traceback" not in err, err
