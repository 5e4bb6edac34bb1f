#!/usr/bin/env python3
"""Write Bancada's reference from the code: docs/reference/{commands,profile,run-file}.md.

    .venv/bin/python scripts/gen_reference.py            write the three pages
    .venv/bin/python scripts/gen_reference.py --check    exit 1, naming the pages, when a committed page differs
    .venv/bin/python scripts/gen_reference.py --deb-root ROOT
                                                         only the man page (argparse-manpage) and the bash and zsh
                                                         completions (shtab) under ROOT, where the .deb installs them
                                                         (packaging/build.sh deb)

commands.md comes from the argparse parsers (bancada.cli.main.full_parser), profile.md from the
profile's pydantic model (bancada.experiment.profile.Profile: each key's type, default, bounds and
the comment or description beside it in the source), run-file.md from the run file's CREATE TABLE
statements and the tidy CSV's columns (bancada.store.schema_doc).
"""

from __future__ import annotations

import argparse
import ast
import gzip
import inspect
import io
import os
import sys
import textwrap
import tokenize
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from pydantic import BaseModel  # noqa: E402
from pydantic.fields import FieldInfo  # noqa: E402

REFERENCE = ROOT / "docs" / "reference"
#: The width argparse formats usage lines at here, whatever the terminal's.
USAGE_COLUMNS = "100"
GENERATED = "<!-- Written by scripts/gen_reference.py from the code: edit the code, then run it. -->"


# -- commands ------------------------------------------------------------------------------------


def subcommands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ("bancada",)
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """``("bancada export locust", parser)`` for ``parser`` and every subcommand under it, depth first."""
    yield " ".join(path), parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from subcommands(sub, (*path, name))


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _argument(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(f"`{o}`" for o in action.option_strings)
        if action.nargs == 0:
            return names
        metavar = action.metavar or (
            "{" + ",".join(map(str, action.choices)) + "}" if action.choices else action.dest.upper()
        )
        return f"{names} `{metavar}`"
    return f"`{action.metavar or action.dest}`"


def commands_page() -> str:
    """docs/reference/commands.md: every command, its usage and every argument with its help."""
    from bancada.cli.main import full_parser

    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = USAGE_COLUMNS
    try:
        parser = full_parser()
        out = [
            "# Command reference",
            "",
            GENERATED,
            "",
            "Every `bancada` command and argument, as `bancada COMMAND --help` prints them.",
            "",
        ]
        for name, sub in subcommands(parser):
            formatter = sub._get_formatter()
            out += [f"## {name}", ""]
            if sub.description:
                out += [_cell(sub.description), ""]
            out += ["```", sub.format_usage().strip(), "```", ""]
            rows = []
            for action in sub._actions:
                if action.help == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
                    continue
                help_text = _cell(formatter._expand_help(action)) if action.help else ""
                if action.choices and not action.option_strings and action.metavar is None:
                    help_text += f" (one of {', '.join(map(str, action.choices))})"
                required = " (required)" if action.required and action.option_strings else ""
                rows.append(f"| {_argument(action)} | {help_text}{required} |")
            for action in sub._actions:
                if isinstance(action, argparse._SubParsersAction):
                    for choice in action._choices_actions:
                        rows.append(f"| `{choice.dest}` | {_cell(choice.help or '')} (see `{name} {choice.dest}`) |")
            if rows:
                out += ["| argument | meaning |", "| --- | --- |", *rows, ""]
        return "\n".join(out)
    finally:
        if previous is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = previous


# -- profile ---------------------------------------------------------------------------------------


def _comments(source: str) -> dict[int, str]:
    """Line number (1-based) -> the text of the comment on that line."""
    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("#:").strip()
    return out


def _field_sources(model: type[BaseModel]) -> dict[str, tuple[str, str]]:
    """Field name -> (its annotation as written, the comment beside or above it) over ``model``'s classes."""
    found: dict[str, tuple[str, str]] = {}
    for klass in reversed(model.__mro__):
        if not isinstance(klass, type) or "__annotations__" not in vars(klass) or klass.__module__ == "builtins":
            continue
        try:
            source = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        comments = _comments(source)
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
                continue
            text = [
                comments[line] for line in range(node.lineno, (node.end_lineno or node.lineno) + 1) if line in comments
            ]
            above = []
            line = node.lineno - 1
            while line >= 1 and lines[line - 1].strip().startswith("#"):
                above.insert(0, comments.get(line, ""))
                line -= 1
            found[node.target.id] = (ast.unparse(node.annotation), " ".join(above + text).strip())
    return found


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _is_list(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_is_list(a) for a in typing.get_args(annotation))
    return origin is list


def _default(field: FieldInfo) -> str:
    if field.is_required():
        return "required"
    value = field.default_factory() if field.default_factory is not None else field.default  # type: ignore[call-arg]
    if value is None:
        return "unset"
    if isinstance(value, BaseModel):
        return "the section's defaults"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, str):
        return f'`"{value}"`'
    return f"`{value!r}`"


def _bounds(field: FieldInfo) -> str:
    names = {"ge": "≥", "gt": ">", "le": "≤", "lt": "<", "min_length": "length ≥", "max_length": "length ≤"}
    parts = []
    for item in field.metadata:
        for attr, sign in names.items():
            value = getattr(item, attr, None)
            if value is not None:
                parts.append(f"{sign} {value:,}" if isinstance(value, int) else f"{sign} {value}")
    return ", ".join(parts)


def _section_rows(model: type[BaseModel], out: list[str], heading: str, seen: set[type[BaseModel]]) -> None:
    sources = _field_sources(model)
    doc = inspect.getdoc(model) or ""
    out += [f"## `{heading}`", ""]
    if doc and model.__module__.startswith("bancada"):
        out += [_cell(doc.split("\n\n")[0]), ""]
    out += ["| key | type | default | meaning |", "| --- | --- | --- | --- |"]
    nested = []
    for name, field in model.model_fields.items():
        annotation, comment = sources.get(name, (str(field.annotation), ""))
        meaning = field.description or comment
        bounds = _bounds(field)
        models = _models_in(field.annotation)
        if models and models[0] not in seen:
            table = (
                f"[[{heading.strip('[]')}.{name}]]" if _is_list(field.annotation) else f"[{heading.strip('[]')}.{name}]"
            )
            if heading == "profile":
                table = f"[[{name}]]" if _is_list(field.annotation) else f"[{name}]"
            nested.append((models[0], table))
            meaning = (meaning + " " if meaning else "") + f"(section `{table}`)"
        key = name if field.alias is None else field.alias
        type_text = f"`{annotation}`" + (f" ({bounds})" if bounds else "")
        out.append(f"| `{key}` | {_cell(type_text)} | {_cell(_default(field))} | {_cell(meaning)} |")
    out.append("")
    for sub, table in nested:
        seen.add(sub)
        _section_rows(sub, out, table, seen)


def profile_page() -> str:
    """docs/reference/profile.md: every key of a profile TOML with its type, default, bounds and meaning."""
    from bancada.experiment.profile import Profile

    out = [
        "# Profile reference",
        "",
        GENERATED,
        "",
        "Every key of a profile (a TOML file; `profiles/` holds the shipped ones), section by section, from",
        "the profile's model (`bancada.experiment.profile.Profile`). A key left out takes its default;",
        "`unset` means the feature is off or the value is chosen at run time.",
        "",
    ]
    _section_rows(Profile, out, "profile", {Profile})
    return "\n".join(out)


# -- run file ------------------------------------------------------------------------------------------


def run_file_page() -> str:
    """docs/reference/run-file.md: the run file's tables and the tidy sample CSV's columns."""
    from bancada.store import schema_doc

    columns = schema_doc.table_columns()
    out = [
        "# Run file and tidy CSV reference",
        "",
        GENERATED,
        "",
        "A run is one SQLite file (`bancada runs --long` shows where); times are integer nanoseconds.",
        "Tables marked *made with their first row* exist only in runs that used the feature.",
        "",
    ]
    for table, (meaning, meanings) in schema_doc.TABLES.items():
        out += [f"## Table `{table}`", "", _cell(meaning), "", "| column | type | meaning |", "| --- | --- | --- |"]
        for col in columns[table]:
            kind = col.sql_type + (" primary key" if col.primary_key else "") + (" not null" if col.not_null else "")
            if col.default is not None:
                kind += f" default {col.default}"
            out.append(f"| `{col.name}` | {kind} | {_cell(meanings[col.name])} |")
        out.append("")
    out += [
        "## The tidy sample CSV",
        "",
        "`bancada export RUN --csv FILE` writes one row per request, these columns in this order; times",
        "in seconds (float) derived from the integer nanoseconds.",
        "",
        "| # | column | meaning |",
        "| --- | --- | --- |",
    ]
    for number, name in enumerate(schema_doc.csv_columns(), start=1):
        out.append(f"| {number} | `{name}` | {_cell(schema_doc.CSV_COLUMNS[name])} |")
    out.append("")
    return "\n".join(out)


# -- man page and completions -----------------------------------------------------------------------------


def man_page() -> str:
    """The man page bancada(1), from the parsers (argparse-manpage)."""
    from argparse_manpage.manpage import Manpage

    from bancada import __version__
    from bancada.cli.main import full_parser

    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = USAGE_COLUMNS
    try:
        data = {
            "project_name": "bancada",
            "version": __version__,
            "manual_title": "Bancada manual",
            "description": "a workbench for API-performance experiments",
        }
        return str(Manpage(full_parser(), _data=data))
    finally:
        if previous is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = previous


def completion(shell: str) -> str:
    """The completion script of ``shell`` (bash or zsh), from the parsers (shtab)."""
    import shtab

    from bancada.cli.main import full_parser

    return str(shtab.complete(full_parser(), shell=shell))


#: page name -> the function writing it.
PAGES = {"commands.md": commands_page, "profile.md": profile_page, "run-file.md": run_file_page}
#: Where the .deb installs the man page and the completions (Debian's places for them), under its root.
MAN_PAGE = Path("usr/share/man/man1/bancada.1.gz")
COMPLETIONS = {
    "bash": Path("usr/share/bash-completion/completions/bancada"),
    "zsh": Path("usr/share/zsh/vendor-completions/_bancada"),
}


def write_deb_files(root: Path) -> list[Path]:
    """Write the man page (gzip, as Debian installs man pages) and the completions under ``root``;
    the paths written."""
    written = []
    man = root / MAN_PAGE
    man.parent.mkdir(parents=True, exist_ok=True)
    man.write_bytes(gzip.compress(man_page().encode("utf-8"), compresslevel=9, mtime=0))
    written.append(man)
    for shell, rel in COMPLETIONS.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(completion(shell), encoding="utf-8")
        written.append(path)
    for path in written:
        path.chmod(0o644)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write Bancada's reference pages from the code.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a committed page differs")
    parser.add_argument(
        "--deb-root",
        type=Path,
        metavar="ROOT",
        help="write only the man page and the completions, under ROOT (the .deb's staging root)",
    )
    args = parser.parse_args(argv)
    if args.deb_root:
        for path in write_deb_files(args.deb_root):
            print(path)
        return 0
    stale = []
    for name, page in PAGES.items():
        path = REFERENCE / name
        text = page()
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if stale:
        print(
            f"gen_reference: stale in docs/reference/: {', '.join(stale)} (run scripts/gen_reference.py)",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
