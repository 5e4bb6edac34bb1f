"""The main window's actions, menus and toolbar (a mixin of :class:`MainWindow`).

Every action has its shortcut in the tooltip; the menus are File, Studies
(the shipped profiles), Run, View, Hosts and Help.
"""

from __future__ import annotations

from functools import partial

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QUrl
from PySide6.QtGui import QAction, QActionGroup, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QMessageBox, QToolBar

from bancada import paths
from bancada.ui.window_settings import recent_runs

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


class WindowActions:
    """Builds ``act_*``, the menu bar and the run toolbar of the main window."""

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(
                f"{text.replace('&', '').replace('…', '')} ({QKeySequence(shortcut).toString()})" if shortcut else tip
            )
        a.triggered.connect(slot)
        return a

    def open_compare(self):
        """Open the Compare view (:class:`bancada.ui.compare_view.CompareView`) with the current run listed."""
        from bancada.ui.compare_view import CompareView

        current = str(self.run_path) if getattr(self, "run_path", None) else None
        self.compare_view = CompareView(self.tasks, recent_runs(), current, self)
        self.compare_view.show()
        return self.compare_view

    def _build_actions(self) -> None:
        self.act_open_profile = self._action(self.tr("Open &profile…"), self.open_profile_dialog, "Ctrl+Shift+O")
        self.act_save_profile = self._action(
            self.tr("&Save profile as…"), self.save_profile_dialog, QKeySequence.StandardKey.Save
        )
        self.act_open_run = self._action(
            self.tr("&Open run…"),
            self.open_run_dialog,
            QKeySequence.StandardKey.Open,
            self.tr("Open a stored run and redraw everything"),
        )
        self.act_export = self._action(
            self.tr("&Export all…"),
            self.exports.export_all_dialog,
            "Ctrl+E",
            self.tr("PNG, SVG, samples CSV, one CSV per table, Markdown, profile, host facts and report.html"),
        )
        self.act_compare = self._action(
            self.tr("&Compare runs…"),
            self.open_compare,
            "Ctrl+Shift+K",
            self.tr("Two or more runs (or a tidy CSV such as published data) side by side, treatment by treatment"),
        )
        self.act_export_png = self._action(self.tr("Export plot as PNG…"), self.exports.export_png_dialog)
        self.act_export_svg = self._action(self.tr("Export plot as SVG…"), self.exports.export_svg_dialog)
        self.act_export_csv = self._action(self.tr("Export samples CSV…"), self.exports.export_csv_dialog)
        self.act_quit = self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self.act_run = self._action(
            self.tr("&Run"), lambda: self.start_run(), "Ctrl+R", self.tr("Start the experiment")
        )
        self.act_pause = self._action(
            self.tr("&Pause"), self.toggle_pause, "Ctrl+P", self.tr("Pause after the current block")
        )
        self.act_stop = self._action(self.tr("&Stop"), self.stop_run, "Ctrl+.", self.tr("Stop; the run so far is kept"))
        self.act_log = self._action(
            self.tr("&Log axis"), lambda on: self.live.set_log_y(on), "Ctrl+L", self.tr("Logarithmic latency axis")
        )
        self.act_log.setCheckable(True)
        self.act_reset_zoom = self._action(
            self.tr("Reset &zoom"),
            lambda: self.live.auto_range(),
            "Ctrl+0",
            self.tr("Fit the plots to the data again after zooming with the wheel"),
        )
        self.act_demo = self._action(
            self.tr("Classroom &demo"),
            self.classroom_mode.start_demo,
            "Ctrl+D",
            self.tr("Go × Java, gRPC × REST on this computer, in classroom mode (about a minute)"),
        )
        self.act_live = self._action(self.tr("Live view"), lambda: self.tabs.setCurrentIndex(0), "Ctrl+1")
        self.act_stats = self._action(self.tr("Statistics"), lambda: self.tabs.setCurrentIndex(1), "Ctrl+2")

        mb = self.menuBar()
        m = mb.addMenu(self.tr("&File"))
        for a in (self.act_open_profile, self.act_save_profile):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_open_run)
        self.recent_menu = m.addMenu(self.tr("Recent runs"))
        self.recent_menu.aboutToShow.connect(lambda: self.window_settings.fill_recent(self.recent_menu, self.open_run))
        m.addAction(self.act_compare)
        m.addSeparator()
        for a in (self.act_export, self.act_export_png, self.act_export_svg, self.act_export_csv):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.act_quit)
        studies = mb.addMenu(self.tr("S&tudies"))
        try:
            for path in sorted((paths.home() / "profiles").glob("*.toml")):
                a = self._action(study_title(path).replace("&", "&&"), partial(self.open_profile, str(path)))
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
        self.act_classroom = self._action(
            self.tr("&Classroom mode"),
            self.classroom_mode.set_active,
            "F11",
            self.tr("Full screen, large type and numbers for a projector (Esc leaves)"),
        )
        self.act_classroom.setCheckable(True)
        self.classroom_mode.toggled.connect(self.act_classroom.setChecked)
        for a in (self.act_live, self.act_stats, self.act_log, self.act_reset_zoom, self.act_classroom):
            view.addAction(a)
        view.addSeparator()
        self.language_menu = view.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        from bancada.i18n import LANGUAGES
        from bancada.ui import language

        current = language.chosen()
        self.language_actions = {}
        for code, name in [("", self.tr("System default")), *LANGUAGES.items()]:
            a = QAction(name, self, checkable=True)
            a.setChecked(code == current)
            a.triggered.connect(partial(self.choose_language, code))
            group.addAction(a)
            self.language_menu.addAction(a)
            self.language_actions[code] = a
        self.hosts_dialog_class = self._hosts_dialog_class()
        if self.hosts_dialog_class is not None:
            hosts = mb.addMenu(self.tr("&Hosts"))
            hosts.addAction(self._action(self.tr("Manage SSH hosts…"), self.manage_hosts))
            self.panel.hosts_button.setVisible(True)
        helpm = mb.addMenu(self.tr("&Help"))
        self.help_menu = helpm
        self.act_shortcuts = self._action(
            self.tr("&Keyboard shortcuts"), self.show_shortcuts, QKeySequence.StandardKey.HelpContents
        )
        self.act_guide = self._action(
            self.tr("&Guided experiment"),
            lambda: self.show_guide(),
            "Ctrl+G",
            self.tr("Step by step: a study, a pilot, the sample size, the run, the statistics and the conclusions"),
        )
        helpm.addAction(self.act_guide)
        helpm.addAction(self.act_shortcuts)
        helpm.addSeparator()
        for rel, what in DOCS:
            a = self._action(
                QCoreApplication.translate("WindowActions", what) + f"  ({rel})", partial(self.open_doc, rel)
            )
            a.setData(rel)
            helpm.addAction(a)
        helpm.addSeparator()
        helpm.addAction(self._action(self.tr("About Bancada"), self._about))

        tb = QToolBar(self.tr("Run"))
        tb.setObjectName("runToolbar")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for a in (self.act_run, self.act_pause, self.act_stop):
            tb.addAction(a)
        tb.addWidget(self.panel.problem_label)  # why Run is disabled, beside it
        tb.addSeparator()
        tb.addAction(self.act_log)
        tb.addAction(self.act_reset_zoom)
        tb.addSeparator()
        tb.addAction(self.act_export)
        self.run_toolbar = tb
        self.addToolBar(tb)

    def show_guide(self, state=None):
        """Help > Guided experiment: the step panel docked at the left (the expert panel hides meanwhile).

        ``state``: a :class:`~bancada.guide.wizard_state.WizardState` to go on with (the language switch).
        Returns the :class:`~bancada.ui.guide.GuidedExperiment`.
        """
        from bancada.ui.guide import GuidedExperiment

        if self.guide is None:
            self.guide = GuidedExperiment(self, state)
            self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.guide)
            self.guide.visibilityChanged.connect(self._guide_visible)
        self.guide.show()
        self.guide.raise_()
        width = min(420, max(320, self.width() // 3))
        self.resizeDocks([self.guide], [width], Qt.Orientation.Horizontal)
        self._guide_visible(True)
        return self.guide

    def _guide_visible(self, visible: bool) -> None:
        # the guide sets the panel's widgets itself; hiding the panel leaves the plots the room
        if not self.classroom_mode.active:
            self.panel_scroll.setVisible(not visible)

    @staticmethod
    def _hosts_dialog_class():
        try:
            from bancada.ui.hosts_dialog import HostsDialog
        except Exception:  # not built yet: the entry stays hidden
            return None
        return HostsDialog

    def choose_language(self, code: str, *_args):
        """View > Language: rebuild the window in ``code`` ("" = the system's); returns the new window or None."""
        from bancada.ui import language

        return language.switch(self, code)

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """``(action, key sequence)`` of every action with a shortcut, in menu order."""
        rows = []
        for menu_action in self.menuBar().actions():
            menu = menu_action.menu()
            for a in menu.actions() if menu else []:
                if not a.shortcut().isEmpty():
                    rows.append(
                        (
                            a.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…"),
                            a.shortcut().toString(QKeySequence.SequenceFormat.NativeText),
                        )
                    )
        return rows

    def show_shortcuts(self) -> QMessageBox:
        """A non-modal list of the keyboard shortcuts (Help > Keyboard shortcuts, F1)."""
        rows = "".join(
            f"<tr><td>{name}</td><td>&nbsp;&nbsp;<b>{keys}</b></td></tr>" for name, keys in self.shortcut_rows()
        )
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Keyboard shortcuts"),
            f"<table>{rows}</table>",
            QMessageBox.StandardButton.Close,
            self,
        )
        box.setObjectName("shortcutsDialog")
        box.setModal(False)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._dialogs.append(box)
        box.finished.connect(lambda *_: self._dialogs.remove(box) if box in self._dialogs else None)
        box.show()
        return box

    def doc_path(self, rel: str) -> Path | None:
        try:
            path = paths.home() / rel
        except paths.BancadaHomeError:
            return None
        return path if path.exists() else None

    def open_doc(self, rel: str) -> None:
        """Open a document of docs/ with the desktop's viewer (its path in the status bar if none)."""
        path = self.doc_path(rel)
        if path is None:
            self.state_label.setText(self.tr("{p} is not installed with this copy of Bancada").format(p=rel))
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.state_label.setText(self.tr("Open {p} with a text viewer").format(p=path))

    def _about(self) -> None:
        from bancada import __version__

        QMessageBox.about(
            self,
            self.tr("About Bancada"),
            self.tr("Bancada {v}: a workbench for API-performance experiments.").format(v=__version__),
        )
