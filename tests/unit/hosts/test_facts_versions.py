"""The host-facts script reads the version line of python3 and java even when a line comes first
(a pyenv shim's shell warning about a locale that is not installed, Java's 'Picked up
JAVA_TOOL_OPTIONS'): a Brazilian lab image with LC_ALL=pt_BR.UTF-8 but no such locale saw its Python
workers refused as "no python3 found"."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from bancada.hosts.facts import facts_command, parse_facts


def _tool(folder: Path, name: str, lines: list[str]) -> None:
    """An executable ``name`` in ``folder`` that writes ``lines`` to stderr (as python3 --version, java -version)."""
    body = "".join(f"echo '{line}' >&2\n" for line in lines)
    path = folder / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(0o755)


def test_a_warning_before_the_version_line_is_skipped(tmp_path):
    _tool(
        tmp_path,
        "python3",
        ["/bin/bash: warning: setlocale: LC_ALL: cannot change locale (pt_BR.UTF-8)", "Python 3.11.7"],
    )
    _tool(tmp_path, "java", ["Picked up JAVA_TOOL_OPTIONS: -Xmx1g", 'openjdk version "17.0.9" 2023-10-17'])
    env = dict(os.environ, PATH=f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    out = subprocess.run(["sh", "-c", facts_command(str(tmp_path))], env=env, capture_output=True, text=True)
    facts = parse_facts(out.stdout)
    assert facts["python3"] == "Python 3.11.7"
    assert facts["java_major"] == 17


def test_no_version_line_is_no_python(tmp_path):
    _tool(tmp_path, "python3", ["/bin/bash: warning: setlocale: LC_ALL: cannot change locale (pt_BR.UTF-8)"])
    env = dict(os.environ, PATH=f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    out = subprocess.run(["sh", "-c", facts_command(str(tmp_path))], env=env, capture_output=True, text=True)
    assert parse_facts(out.stdout)["python3"] is None
