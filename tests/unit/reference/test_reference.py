"""docs/reference/ is written from the code by scripts/gen_reference.py (issue 40): the committed pages
equal what it writes, every flag ``bancada COMMAND --help`` prints is on the commands page, every
profile key, run-file column and CSV column has a meaning; the man page and the completions the .deb
installs are written from the same parsers."""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
import subprocess
import sys

import pytest

from bancada.cli.main import full_parser, main
from bancada.store import schema_doc
from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import gen_reference  # noqa: E402

sys.path.pop(0)

#: An option's line of --help: "  -h, --help   show ..." or "  --tables-format {md,tex,csv}".
OPTION_LINE = re.compile(r"^  (-\S.*?)(?:\s{2,}|$)")


def printed_flags(help_text: str) -> set[str]:
    """The flags ``--help`` lists (each option line's names, not a flag quoted inside a help text)."""
    flags = set()
    for line in help_text.splitlines():
        match = OPTION_LINE.match(line)
        if match:
            flags.update(part.split()[0] for part in match.group(1).split(", "))
    return flags


def sections(page: str) -> dict[str, str]:
    """``{"bancada export locust": its text}`` of the commands page."""
    parts = re.split(r"^## ", page, flags=re.MULTILINE)[1:]
    return {part.split("\n", 1)[0].strip(): part for part in parts}


def test_the_committed_reference_is_what_the_generator_writes(capsys):
    assert gen_reference.main(["--check"]) == 0, capsys.readouterr().err


def test_the_check_fails_on_a_page_edited_by_hand(tmp_path, monkeypatch):
    for name in gen_reference.PAGES:
        shutil.copy(gen_reference.REFERENCE / name, tmp_path / name)
    monkeypatch.setattr(gen_reference, "REFERENCE", tmp_path)
    assert gen_reference.main(["--check"]) == 0
    page = tmp_path / "commands.md"
    page.write_text(page.read_text().replace("`--tables-format`", "`--table-format`", 1))
    assert gen_reference.main(["--check"]) == 1


def test_every_flag_of_every_help_is_in_the_reference(capsys):
    page = sections((ROOT / "docs" / "reference" / "commands.md").read_text(encoding="utf-8"))
    checked = 0
    for name, _ in gen_reference.subcommands(full_parser()):
        with pytest.raises(SystemExit):
            main([*name.split()[1:], "--help"])
        printed = capsys.readouterr().out
        assert name in page, f"{name} has no section in docs/reference/commands.md"
        for flag in printed_flags(printed):
            assert f"`{flag}`" in page[name], f"{name} {flag} is printed by --help but not in the reference"
            checked += 1
    assert checked > 80


def test_every_table_column_and_csv_column_has_a_meaning():
    columns = schema_doc.table_columns()
    assert set(columns) == set(schema_doc.TABLES), "a run-file table without its meaning (or one that is gone)"
    for table, (_, meanings) in schema_doc.TABLES.items():
        assert [c.name for c in columns[table]] == list(meanings), table
    assert schema_doc.csv_columns() == list(schema_doc.CSV_COLUMNS)
    assert len(schema_doc.csv_columns()) == 28


def test_every_profile_key_has_a_type_a_default_and_a_meaning():
    rows = [line for line in gen_reference.profile_page().splitlines() if line.startswith("| `")]
    empty = [row.split("|")[1].strip() for row in rows if not row.split("|")[4].strip()]
    assert not empty, f"profile keys without a meaning (a #: comment above the field): {empty}"
    assert any(row.startswith("| `warmup_until` ") for row in rows) and len(rows) > 80


def test_the_man_page_and_the_completions_as_the_deb_installs_them(tmp_path):
    written = gen_reference.write_deb_files(tmp_path)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == sorted(
        [
            "usr/share/man/man1/bancada.1.gz",
            "usr/share/bash-completion/completions/bancada",
            "usr/share/zsh/vendor-completions/_bancada",
        ]
    )
    man = gzip.decompress((tmp_path / gen_reference.MAN_PAGE).read_bytes()).decode()
    assert man.startswith(".TH BANCADA")
    for name, sub in gen_reference.subcommands(full_parser()):
        assert name.replace("-", r"\-") in man or name in man, name
        for action in sub._actions:
            for flag in action.option_strings:
                if action.help != argparse.SUPPRESS and not isinstance(action, argparse._HelpAction):
                    assert flag.replace("-", r"\-") in man or flag in man, (name, flag)
    bash = tmp_path / gen_reference.COMPLETIONS["bash"]
    script = (
        f"source {bash}; COMP_WORDS=(bancada export lo); COMP_CWORD=2; _shtab_bancada bancada lo export; "
        'echo "${COMPREPLY[@]}"; COMP_WORDS=(bancada runs --j); COMP_CWORD=2; _shtab_bancada bancada --j runs; '
        'echo "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30, check=True)
    assert done.stdout.split() == ["locust", "--json"], done
    zsh = (tmp_path / gen_reference.COMPLETIONS["zsh"]).read_text()
    assert zsh.startswith("#compdef bancada") and "--tables-format" in zsh
