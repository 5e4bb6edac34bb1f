"""Help > Manual (F1): the built HTML manual opened as a local file, or, unbuilt, how to build it.

The site is built for real with MkDocs into a temporary Bancada home; the URL the window asks the desktop to
open is caught by a ``file`` URL handler (Qt's own hook for it), so no browser starts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QKeySequence

from tests.conftest import ROOT
from tests.ui.conftest import close_window, open_window

pytestmark = pytest.mark.ui


class UrlCatcher(QObject):
    """Receives the URLs QDesktopServices.openUrl is asked to open for the ``file`` scheme."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def take(self, url: QUrl) -> None:
        self.urls.append(url)


@pytest.fixture
def catcher():
    c = UrlCatcher()
    QDesktopServices.setUrlHandler("file", c, "take")
    yield c
    QDesktopServices.unsetUrlHandler("file")


def test_f1_opens_the_built_manual_offline_and_says_how_to_build_it_when_not_built(
    qtbot, tmp_path, monkeypatch, catcher
):
    w = open_window(qtbot, 1024, 768)
    try:
        act = w.menus.act_manual
        assert act.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
        assert act.shortcut().toString() == "F1"
        assert act in w.menus.help_menu.actions()
        assert sum(a.shortcut().toString() == "F1" for a in w.findChildren(type(act))) == 1, "F1 is taken twice"

        home = tmp_path / "home"
        for folder in ("workers", "profiles"):
            (home / folder).mkdir(parents=True)
        monkeypatch.setenv("BANCADA_HOME", str(home))

        # a copy without the built manual: nothing opens, nothing is built, the status bar says how
        act.trigger()
        assert catcher.urls == []
        assert not (home / "build").exists()
        assert "mkdocs build" in w.menus.state_label.text()
        assert str(home) in w.menus.state_label.text()

        site = home / "build" / "manual"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "--quiet",
                "-f",
                str(ROOT / "mkdocs.yml"),
                "-d",
                str(site),
            ],
            check=True,
            cwd=ROOT,
        )
        act.trigger()
        assert len(catcher.urls) == 1, w.menus.state_label.text()
        url = catcher.urls[0]
        assert url.isLocalFile() and url.scheme() == "file"
        assert Path(url.toLocalFile()) == site / "index.html"
        assert Path(url.toLocalFile()).is_file()

        # Help's documents open their page of the manual once it is built
        gui = next(a for a in w.menus.help_menu.actions() if a.data() == "docs/gui.md")
        gui.trigger()
        assert Path(catcher.urls[-1].toLocalFile()) == site / "gui.html"
    finally:
        close_window(w, qtbot)
