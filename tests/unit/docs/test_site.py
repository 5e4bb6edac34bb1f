"""The manual: docs/ built by MkDocs in strict mode (a broken link or anchor fails), by purpose, offline."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml

from tests.conftest import ROOT


def build(site: Path, config: Path = ROOT / "mkdocs.yml") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def nav_pages(nav: list) -> list[str]:
    pages: list[str] = []
    for entry in nav:
        for value in entry.values() if isinstance(entry, dict) else [entry]:
            pages += nav_pages(value) if isinstance(value, list) else [value]
    return pages


def test_the_manual_builds_in_strict_mode_offline(tmp_path):
    site = tmp_path / "manual"
    done = build(site)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (site / "index.html").is_file()
    assert (site / "tutorial" / "first-run.html").is_file()
    assert (site / "pt-BR" / "tutorial" / "primeira-execucao.html").is_file()
    # opened from file:// without a network: no script, style sheet or font from another host
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        remote = re.findall(r"<(?:script|link)[^>]+(?:src|href)=\"(?:https?:)?//[^\"]+\"", html)
        assert not remote, f"{page.relative_to(site)} loads {remote[0]}"
        assert 'href="tutorial/"' not in html  # use_directory_urls off: links name the .html file


def test_the_nav_is_by_purpose_and_holds_every_page():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    sections = [next(iter(entry)) for entry in config["nav"] if isinstance(entry, dict)]
    assert sections[:5] == ["Home", "Tutorial", "How-to guides", "Reference", "Explanation"]
    pages = nav_pages(config["nav"])
    on_disk = sorted(str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").rglob("*.md"))
    assert sorted(pages) == on_disk, "a page of docs/ is not in mkdocs.yml's nav, or the nav names a missing page"


def test_a_broken_anchor_fails_the_build(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [the statistics](other.md#no-such-heading).\n", encoding="utf-8")
    (docs / "other.md").write_text("# Other\n\n## A heading\n", encoding="utf-8")
    ours = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        yaml.safe_dump({**ours, "docs_dir": str(docs), "nav": ["index.md", "other.md"]}), encoding="utf-8"
    )
    done = build(tmp_path / "site", config)
    assert done.returncode != 0
    assert "no-such-heading" in done.stderr
