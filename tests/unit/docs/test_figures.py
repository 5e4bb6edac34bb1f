"""One figure per fact, from one source: the figure tables of README.md and docs/ are written by
scripts/gen_figures.py from the results files in docs/results/, which the scripts in tests/bench/ write."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import gen_figures  # noqa: E402

sys.path.pop(0)


def test_every_generated_table_is_what_its_results_file_gives(capsys):
    assert gen_figures.main(["--check"]) == 0, capsys.readouterr().err


def test_every_results_file_names_its_script_command_and_machine_and_is_shown():
    shown = {block.results for page in gen_figures.pages() for block in gen_figures.blocks(page)}
    files = sorted((ROOT / "docs" / "results").glob("*.json"))
    assert files
    for path in files:
        results = path.relative_to(ROOT).as_posix()
        data = gen_figures.load(results)
        assert (ROOT / data["script"]).is_file(), f"{results}: no script {data['script']}"
        assert data["command"].startswith(f".venv/bin/python {data['script']}"), f"{results}: {data['command']}"
        assert data["source"] in ("measured", "transcribed from docs"), f"{results}: source {data['source']!r}"
        assert data["machine"].get("cores"), f"{results}: the machine's cores are missing"
        if data["source"] == "measured":
            assert data["commit"] and data["date"], f"{results}: a measured file needs its commit and date"
        assert results in shown, f"{results}: no page shows it"


def copy_docs(tmp_path, page: str = "docs/performance.md"):
    """A tree of tmp_path with README.md, ``page`` and docs/results/ copied: the check runs on it."""
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    shutil.copy(ROOT / page, tmp_path / page)
    shutil.copytree(ROOT / "docs" / "results", tmp_path / "docs" / "results")
    return tmp_path / page


def test_a_figure_changed_by_hand_in_a_generated_table_is_caught(tmp_path, capsys):
    page = copy_docs(tmp_path)
    assert gen_figures.main(["--check"], root=tmp_path) == 0
    text = page.read_text(encoding="utf-8")
    assert "| go-rest ping c=16 req/s | – | wrk | 1.018 | >= 1.00 |" in text
    page.write_text(text.replace("| 1.018 |", "| 1.081 |", 1), encoding="utf-8")
    assert gen_figures.main(["--check"], root=tmp_path) == 1
    err = capsys.readouterr().err
    assert "docs/performance.md" in err and "docs/results/user_path.json" in err and "1.081" in err
    assert gen_figures.main([], root=tmp_path) == 0  # writing them anew puts the file's figure back
    assert page.read_text(encoding="utf-8") == text


def test_a_figure_changed_in_its_results_file_changes_the_table(tmp_path):
    page = copy_docs(tmp_path)
    results = tmp_path / "docs" / "results" / "user_path_parts.json"
    data = json.loads(results.read_text(encoding="utf-8"))
    data["tables"]["ratios"]["rows"][2][1] = 0.9712
    data["tables"]["ratios"]["formats"] = {"c = 64": "{:.3f}"}
    results.write_text(json.dumps(data), encoding="utf-8")
    assert gen_figures.main(["--check"], root=tmp_path) == 1
    assert gen_figures.main([], root=tmp_path) == 0
    assert "| `bancada run` | 0.971 | 0.983 |" in page.read_text(encoding="utf-8")
    assert gen_figures.main(["--check"], root=tmp_path) == 0


@pytest.mark.parametrize(
    ("page_text", "problem"),
    [
        ("<!-- figures: docs/results/user_path.json -->\n", "with no '<!-- end of figures -->'"),
        ("<!-- end of figures -->\n", "with no figures marker before it"),
        ("<!-- figures: docs/results/nothing.json -->\n<!-- end of figures -->\n", "no such results file"),
        ("<!-- figures: docs/results/user_path.json#nothing -->\n<!-- end of figures -->\n", "no table 'nothing'"),
    ],
)
def test_a_broken_marker_or_source_is_one_clear_line(tmp_path, capsys, page_text, problem):
    page = copy_docs(tmp_path)
    page.write_text(page_text, encoding="utf-8")
    assert gen_figures.main(["--check"], root=tmp_path) == 2
    err = capsys.readouterr().err.strip()
    assert problem in err and len(err.splitlines()) == 1 and "Traceback" not in err
