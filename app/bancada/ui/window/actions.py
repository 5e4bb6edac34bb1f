"""The main window's actions, menus and toolbar (a component of :class:`MainWindow`).

Every action has its shortcut in the tooltip; the menus are File, Studies
(the shipped profiles), Run, View, Hosts and Help.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QAction, QActionGroup, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QMessageBox, QToolBar

from bancada.core import paths
from bancada.ui.dialogs.shortcuts import ShortcutsDialog

if TYPE_CHECKING:
    from bancada.ui.dialogs.hosts_dialog import HostsDialog
    from bancada.ui.window.panel import ExperimentPanel

#: The documents Help opens: (file under docs/ or the repository root, what it is about).
DOCS = [
    ("docs/gui.md", QT_TRANSLATE_NOOP("WindowActions", "The workbench window")),
    ("docs/statistics.md", QT_TRANSLATE_NOOP("WindowActions", "The statistics and their sources")),
    ("docs/analyze.md", QT_TRANSLATE_NOOP("WindowActions", "Analysing a run or a CSV")),
    ("docs/report.md", QT_TRANSLATE_NOOP("WindowActions", "The report, tables for papers, comparing runs")),
    ("docs/hosts.md", QT_TRANSLATE_NOOP("WindowActions", "SSH target hosts")),
    ("README.md", QT_TRANSLATE_NOOP("WindowActions", "Bancada: setting up and using it")),
]


def study_title(path: Path) -> str:
    """A profile's title in the window's language: a shipped study's from the catalogue
    (:func:`bancada.guide.studies.title`), else its ``[experiment] title`` (its file name when it
    has none or cannot be read)."""
    import tomllib

    from bancada.guide.studies import title as shipped_title

    try:
        own = tomllib.loads(path.read_text(encoding="utf-8")).get("experiment", {}).get("title", "")
    except (OSError, ValueError):
        own = ""
    return shipped_title(path.stem, str(own).strip() or path.stem)


def hosts_dialog_class() -> type[HostsDialog] | None:
    """The SSH hosts dialog's class, or None when that part cannot be imported (Hosts stays hidden)."""
    try:
        from bancada.ui.dialogs.hosts_dialog import HostsDialog
    except Exception:  # not built yet: the entry stays hidden
        return None
    return HostsDialog


class WindowActions(QObject):
    """The main window's actions (``act_*``), its menu bar and its run toolbar.

    ``window``: the main window the menus and toolbar go in; ``panel``: the experiment panel (its problem
    label sits beside Run; its hosts button shows when ``with_hosts``); ``state_label``: the status bar's
    text. The main window connects the actions to what they do; the entries made here from lists emit
    ``studyChosen(profile path)`` (Studies) and ``languageChosen(code)`` (View > Language, "" = the
    system's); Help's documents, the shortcut list and About are handled here.
    """

    studyChosen = Signal(str)
    languageChosen = Signal(str)

    def __init__(self, window: QMainWindow, panel: ExperimentPanel, state_label: QLabel, with_hosts: bool) -> None:
        super().__init__()
        self.window = window
        self.state_label = state_label
        self._dialogs: list[ShortcutsDialog] = []  # the open shortcut lists (non-modal)
        self._build_actions(with_hosts)
        self._build_menus(with_hosts)
        self._build_toolbar(panel)
        if with_hosts:
            panel.hosts_button.setVisible(True)

    def _action(self, text: str, shortcut: QKeySequence.StandardKey | str | None = None, tip: str = "") -> QAction:
        a = QAction(text, self.window)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(
                f"{text.replace('&', '').replace('…', '')} ({QKeySequence(shortcut).toString()})" if shortcut else tip
            )
        return a

    def _build_actions(self, with_hosts: bool) -> None:
        self.act_open_profile = self._action(self.tr("Open &profile…"), "Ctrl+Shift+O")
        self.act_save_profile = self._action(self.tr("&Save profile as…"), QKeySequence.StandardKey.Save)
        self.act_own_service = self._action(
            self.tr("&My own service…"), tip=self.tr("Declare your own servers and requests in a form")
        )
        self.act_open_run = self._action(
            self.tr("&Open run…"), QKeySequence.StandardKey.Open, self.tr("Open a stored run and redraw everything")
        )
        self.act_export = self._action(
            self.tr("&Export all…"),
            "Ctrl+E",
            self.tr("PNG, SVG, samples CSV, one CSV per table, Markdown, profile, host facts and report.html"),
        )
        self.act_compare = self._action(
            self.tr("&Compare runs…"),
            "Ctrl+Shift+K",
            self.tr("Two or more runs (or a tidy CSV such as published data) side by side, treatment by treatment"),
        )
        self.act_export_report = self._action(
            self.tr("Export &report (PDF and HTML)…"),
            "Ctrl+Shift+E",
            self.tr("The run's report as a PDF to hand in, and the same as one HTML file beside it"),
        )
        self.act_export_png = self._action(self.tr("Export plot as PNG…"))
        self.act_export_svg = self._action(self.tr("Export plot as SVG…"))
        self.act_export_csv = self._action(self.tr("Export samples CSV…"))
        self.act_quit = self._action(self.tr("&Quit"), QKeySequence.StandardKey.Quit)
        self.act_run = self._action(self.tr("&Run"), "Ctrl+R", self.tr("Start the experiment"))
        self.act_pause = self._action(self.tr("&Pause"), "Ctrl+P", self.tr("Pause after the current block"))
        self.act_stop = self._action(self.tr("&Stop"), "Ctrl+.", self.tr("Stop; the run so far is kept"))
        self.act_log = self._action(self.tr("&Log axis"), "Ctrl+L", self.tr("Logarithmic latency axis"))
        self.act_log.setCheckable(True)
        self.act_reset_zoom = self._action(
            self.tr("Reset &zoom"), "Ctrl+0", self.tr("Fit the plots to the data again after zooming with the wheel")
        )
        self.act_demo = self._action(
            self.tr("Classroom &demo"),
            "Ctrl+D",
            self.tr("Go × Java, gRPC × REST on this computer, in classroom mode (about a minute)"),
        )
        self.act_live = self._action(self.tr("Live view"), "Ctrl+1")
        self.act_stats = self._action(self.tr("Statistics"), "Ctrl+2")
        self.act_classroom = self._action(
            self.tr("&Classroom mode"),
            "F11",
            self.tr("Full screen, large type and numbers for a projector (Esc leaves)"),
        )
        self.act_classroom.setCheckable(True)
        self.act_hosts = self._action(self.tr("Manage SSH hosts…")) if with_hosts else None
        self.act_manual = self._action(
            self.tr("&Manual"),
            QKeySequence.StandardKey.HelpContents,
            self.tr("The manual in the web browser, from this computer (no network)"),
        )
        self.act_manual.triggered.connect(self.open_manual)
        self.act_shortcuts = self._action(self.tr("&Keyboard shortcuts"), "Ctrl+/")
        self.act_shortcuts.triggered.connect(self.show_shortcuts)
        self.act_guide = self._action(
            self.tr("&Guided experiment"),
            "Ctrl+G",
            self.tr("Step by step: a study, a pilot, the sample size, the run, the statistics and the conclusions"),
        )

    def _build_menus(self, with_hosts: bool) -> None:
        mb = self.window.menuBar()
        m = mb.addMenu(self.tr("&File"))
        for a in (self.act_open_profile, self.act_save_profile, self.act_own_service):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_open_run)
        self.recent_menu = m.addMenu(self.tr("Recent runs"))  # filled when it opens (WindowSettings.fill_recent)
        m.addAction(self.act_compare)
        m.addSeparator()
        for a in (
            self.act_export,
            self.act_export_report,
            self.act_export_png,
            self.act_export_svg,
            self.act_export_csv,
        ):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_quit)
        studies = mb.addMenu(self.tr("S&tudies"))
        try:
            for path in sorted((paths.home() / "profiles").glob("*.toml")):
                a = self._action(study_title(path).replace("&", "&&"))
                a.triggered.connect(partial(self._study_chosen, str(path)))
                a.setToolTip(path.name)
                a.setData(str(path))
                studies.addAction(a)
        except paths.BancadaHomeError:
            pass
        run = mb.addMenu(self.tr("&Run"))
        for a in (self.act_run, self.act_pause, self.act_stop):
            run.addAction(a)
        run.addSeparator()
        run.addAction(self.act_demo)
        view = mb.addMenu(self.tr("&View"))
        for a in (self.act_live, self.act_stats, self.act_log, self.act_reset_zoom, self.act_classroom):
            view.addAction(a)
        view.addSeparator()
        self._build_language_menu(view.addMenu(self.tr("&Language")))
        if self.act_hosts is not None:
            mb.addMenu(self.tr("&Hosts")).addAction(self.act_hosts)
        helpm = mb.addMenu(self.tr("&Help"))
        self.help_menu = helpm
        helpm.addAction(self.act_manual)
        helpm.addAction(self.act_guide)
        helpm.addAction(self.act_shortcuts)
        helpm.addSeparator()
        for rel, what in DOCS:
            a = self._action(QCoreApplication.translate("WindowActions", str(what)) + f"  ({rel})")
            a.triggered.connect(partial(self.open_doc, rel))
            a.setData(rel)
            helpm.addAction(a)
        helpm.addSeparator()
        about = self._action(self.tr("About Bancada"))
        about.triggered.connect(self._about)
        helpm.addAction(about)

    def _build_language_menu(self, menu: QMenu) -> None:
        from bancada.core.i18n import LANGUAGES
        from bancada.ui import language

        self.language_menu = menu
        group = QActionGroup(self.window)
        current = language.chosen()
        self.language_actions: dict[str, QAction] = {}
        for code, name in [("", self.tr("System default")), *LANGUAGES.items()]:
            a = QAction(name, self.window, checkable=True)
            a.setChecked(code == current)
            a.triggered.connect(partial(self._language_chosen, code))
            group.addAction(a)
            menu.addAction(a)
            self.language_actions[code] = a

    def _build_toolbar(self, panel: ExperimentPanel) -> None:
        tb = QToolBar(self.tr("Run"))
        tb.setObjectName("runToolbar")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for a in (self.act_run, self.act_pause, self.act_stop):
            tb.addAction(a)
        tb.addWidget(panel.problem_label)  # why Run is disabled, beside it
        tb.addSeparator()
        tb.addAction(self.act_log)
        tb.addAction(self.act_reset_zoom)
        tb.addSeparator()
        tb.addAction(self.act_export)
        self.run_toolbar = tb
        self.window.addToolBar(tb)

    def _study_chosen(self, path: str, *_args: object) -> None:
        self.studyChosen.emit(path)

    def _language_chosen(self, code: str, *_args: object) -> None:
        self.languageChosen.emit(code)

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """``(action, key sequence)`` of every action with a shortcut, in menu order."""
        rows = []
        for menu_action in self.window.menuBar().actions():
            menu = menu_action.menu()
            for a in menu.actions() if isinstance(menu, QMenu) else []:
                if not a.shortcut().isEmpty():
                    rows.append(
                        (
                            a.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…"),
                            a.shortcut().toString(QKeySequence.SequenceFormat.NativeText),
                        )
                    )
        return rows

    def show_shortcuts(self) -> ShortcutsDialog:
        """A non-modal list of the keyboard shortcuts (Help > Keyboard shortcuts, Ctrl+/)."""
        box = ShortcutsDialog(self.shortcut_rows(), self.window)
        self._dialogs.append(box)
        box.finished.connect(lambda *_: self._dialogs.remove(box) if box in self._dialogs else None)
        box.show()
        return box

    def close_dialogs(self) -> None:
        """Close the shortcut lists still open (the window is closing)."""
        for box in list(self._dialogs):
            box.close()

    def doc_path(self, rel: str) -> Path | None:
        """The installed document ``rel`` (under the Bancada home), or None when this copy has not got it."""
        try:
            path = paths.home() / rel
        except paths.BancadaHomeError:
            return None
        return path if path.exists() else None

    def manual_path(self, rel: str = "index.html") -> Path | None:
        """The built manual's page for ``rel`` (``docs/gui.md``, or ``index.html`` for the start page),
        or None when the manual is not built in this copy (:func:`bancada.core.paths.manual_page`)."""
        try:
            path = paths.manual_page(rel)
        except paths.BancadaHomeError:
            return None
        return path if path.is_file() else None

    def open_manual(self, *_args: object) -> None:
        """Help > Manual (F1): the built HTML manual's start page in the desktop's browser, a local file.

        A source checkout has no built manual: nothing is built here; the status bar says how to build it.
        """
        path = self.manual_path()
        if path is None:
            try:
                where = str(paths.home())
            except paths.BancadaHomeError:
                where = "."
            self.state_label.setText(
                self.tr("The manual is not built in this copy: run “.venv/bin/mkdocs build” in {p}").format(p=where)
            )
            return
        self._open_local(path)

    def open_doc(self, rel: str, *_args: object) -> None:
        """Open a document of docs/ with the desktop's viewer: its page of the built manual when there is
        one, else the Markdown file (its path in the status bar if neither opens)."""
        path = self.manual_path(rel) or self.doc_path(rel)
        if path is None:
            self.state_label.setText(self.tr("{p} is not installed with this copy of Bancada").format(p=rel))
            return
        self._open_local(path)

    def _open_local(self, path: Path) -> None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.state_label.setText(self.tr("Open {p} with a text viewer").format(p=path))

    def _about(self) -> None:
        from bancada import __version__

        QMessageBox.about(
            self.window,
            self.tr("About Bancada"),
            self.tr("Bancada {v}: a workbench for API-performance experiments.").format(v=__version__),
        )
