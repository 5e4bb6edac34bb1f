"""File dialogs that remember the last folder and speak the window's language.

Qt's own dialog (not the desktop's): its labels ("Procurar em:", "Arquivos do tipo:") come from
``qtbase_<lang>.qm``, which :mod:`bancada.ui.language` installs, so the dialog follows the language
chosen in View > Language even when the desktop speaks another. The folder last used for a kind of
file (``profiles``, ``runs``...) is kept in ``gui.ini`` under ``dialogs/<kind>``; the first time, the
user's profiles folder (:func:`bancada.core.paths.user_profiles_dir`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QFileDialog, QWidget

from bancada.core import paths
from bancada.ui.settings import settings

#: Labels of Qt's dialog that Qt 6 spells with a mnemonic ("&Look in:") while its own pt-BR catalogue
#: still has them without ("Look in:"): Bancada's catalogue carries them in Qt's context.
QT_DIALOG_TEXTS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)


def last_folder(kind: str) -> Path:
    """The folder a dialog for ``kind`` opens in: the last one used, else the user's profiles folder
    (the runs folder for ``runs``)."""
    value = settings().value(f"dialogs/{kind}")
    if value and Path(str(value)).is_dir():
        return Path(str(value))
    return paths.runs_dir() if kind == "runs" else paths.user_profiles_dir()


def remember(kind: str, path: str) -> None:
    """Keep the folder of ``path`` (a file, or a folder itself) as ``kind``'s last folder."""
    p = Path(path)
    settings().setValue(f"dialogs/{kind}", str(p if p.is_dir() else p.parent))


def make_dialog(parent: QWidget | None, title: str, kind: str, filters: str = "", name: str = "") -> QFileDialog:
    """A Qt file dialog in ``kind``'s last folder (``name``: the file name suggested)."""
    dialog = QFileDialog(parent, title, str(last_folder(kind)), filters)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setObjectName(f"fileDialog-{kind}")
    if name:
        dialog.selectFile(name)
    return dialog


def _ask(dialog: QFileDialog, kind: str) -> str:
    if dialog.exec() != QFileDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return ""
    path = dialog.selectedFiles()[0]
    remember(kind, path)
    return path


def open_file(parent: QWidget | None, title: str, filters: str, kind: str) -> str:
    """The chosen existing file, or "" (cancelled)."""
    dialog = make_dialog(parent, title, kind, filters)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    return _ask(dialog, kind)


def save_file(parent: QWidget | None, title: str, filters: str, kind: str, name: str) -> str:
    """The file to write, or "" (cancelled); Qt asks before overwriting one."""
    dialog = make_dialog(parent, title, kind, filters, name)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix("toml" if "*.toml" in filters else "")
    return _ask(dialog, kind)
