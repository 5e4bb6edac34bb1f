"""Profiles in the main window: open, save, and the form “My own service” (a component of :class:`MainWindow`).

A profile opened is checked as ``bancada run`` checks it
(:func:`~bancada.experiment.profile_check.load_checked_profile`) and shown in the experiment panel; the run
shown before is cleared, since a new profile is not its run.
Reading and writing a profile (a small TOML file) stays on the GUI thread.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QMessageBox

from bancada.experiment.profile import ProfileError
from bancada.ui.dialogs import file_dialogs
from bancada.ui.window.actions import study_title
from bancada.experiment.profile_check import legacy_schedule_note, load_checked_profile

if TYPE_CHECKING:
    from bancada.ui.dialogs.own_service import OwnServiceDialog
    from bancada.ui.window.panel import ExperimentPanel
    from bancada.ui.tasks import TaskRunner
    from bancada.ui.window.run import WindowRun


class ProfileWindow(Protocol):
    """What the profiles ask of the window: a message box for an error."""

    def show_error(self, title: str, text: str) -> QMessageBox: ...


class WindowProfiles(QObject):
    """File > Open profile, Save profile as, My own service.

    ``path``: the file of the profile shown (None: none, or one built in the panel); ``own_service``:
    the form “My own service” (:mod:`bancada.ui.dialogs.own_service`) once opened.
    """

    def __init__(
        self,
        window: ProfileWindow,
        panel: ExperimentPanel,
        state_label: QLabel,
        tasks: TaskRunner,
        run: WindowRun,
        path: str | None = None,
    ) -> None:
        super().__init__()
        self.window = window
        self.panel = panel
        self.state_label = state_label
        self.tasks = tasks
        self.run = run
        self.path = path
        self.own_service: OwnServiceDialog | None = None

    def open(self, path: str) -> bool:
        """Show the profile at ``path`` in the panel and clear the previous run's plots and tables.

        Refused (False, with the reason in a message) during a run, or when the
        file is not a valid profile or names an implementation that does not
        exist (as ``bancada run`` refuses it).
        """
        if self.run.running():
            self.state_label.setText(self.tr("Stop the run before opening another profile"))
            return False
        try:
            profile = load_checked_profile(path)
        except ProfileError as exc:
            self.window.show_error(self.tr("Cannot open the profile"), str(exc))
            return False
        self.path = path
        self.panel.set_profile(profile)
        self.run.clear()
        title = study_title(Path(path))  # a shipped study's title in the window's language, as its card has it
        self.state_label.setText(
            self.tr("Profile “{t}” loaded: press Run (Ctrl+R)").format(t=title) + legacy_schedule_note(profile)
        )
        return True

    def open_dialog(self) -> None:
        """File > Open profile: choose a ``.toml`` file, then open it."""
        path = file_dialogs.open_file(
            self.panel.window(), self.tr("Open profile"), self.tr("Profiles (*.toml)"), "profiles"
        )
        if path:
            self.open(path)

    def show_own_service(self, path: str | None = None) -> OwnServiceDialog:
        """The form “My own service” (ui/dialogs/own_service.py) with ``path``'s servers and requests (None: the
        profile shown, if it declares external servers); saving it opens the profile it wrote here."""
        from bancada.ui.dialogs.own_service import OwnServiceDialog

        if self.own_service is not None:
            self.own_service.close()
        dialog = OwnServiceDialog(self.tasks, self.panel.window())
        base = self.panel._base
        path = path or (self.path if base is not None and base.external else None)
        if path:
            dialog.load_file(path)
        dialog.saved.connect(self.open)
        dialog.setModal(False)
        dialog.show()
        self.own_service = dialog
        return dialog

    def save(self, path: str) -> bool:
        """Write the panel's profile to ``path`` (TOML); False, with the reason in a message, if it cannot."""
        try:
            profile = self.panel.build_profile()
            Path(path).write_text(profile.to_toml(), encoding="utf-8")
        except (ProfileError, OSError) as exc:
            self.window.show_error(self.tr("Cannot save the profile"), str(exc))
            return False
        self.state_label.setText(self.tr("Profile saved to {p}").format(p=path))
        return True

    def save_dialog(self) -> None:
        """File > Save profile as: choose where, then save."""
        path = file_dialogs.save_file(
            self.panel.window(), self.tr("Save profile"), self.tr("Profiles (*.toml)"), "profiles", "my-study.toml"
        )
        if path:
            self.save(path)
