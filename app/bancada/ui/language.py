"""The window's language: Bancada's own catalogue, Qt's ``qtbase`` one, the number format, and switching.

The language follows the system locale unless the user chose one in View >
Language (kept as ``language`` in ``gui.ini``). Installing a language loads
``bancada_<code>.qm`` (compiled from ``bancada/translations/*.ts`` by
``pyside6-lrelease`` in ``scripts/setup.sh``) and Qt's own
``qtbase_<code>.qm`` (its dialogs' buttons), sets the default ``QLocale``
(a decimal comma in pt-BR) and the language of the Qt-free texts
(:mod:`bancada.core.i18n`). Switching rebuilds the window, which keeps what it
showed (the panel's experiment, the shown run).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from bancada.core import i18n

QM_DIR = i18n.TRANSLATIONS_DIR
_installed: list[QTranslator] = []


def chosen() -> str:
    """The language the user chose in the menu ("" = follow the system)."""
    from bancada.ui.settings import settings

    return str(settings().value("language", "") or "")


def effective(choice: str | None = None) -> str:
    """The code to use: the choice, else the system locale's language (``en`` or ``pt_BR``)."""
    choice = chosen() if choice is None else choice
    return i18n.normalise(choice) if choice else i18n.normalise(QLocale.system().name())


def qt_translations_dir() -> Path:
    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


def install(code: str | None = None) -> str:
    """Install the translators of ``code`` (None: the chosen or system language); returns the code installed."""
    app = QCoreApplication.instance()
    code = effective(code if code is not None else None)
    for t in _installed:
        assert app is not None  # translators are installed on the application
        app.removeTranslator(t)
    _installed.clear()
    if code != i18n.DEFAULT:
        for folder, name in ((QM_DIR, f"bancada_{code}"), (qt_translations_dir(), f"qtbase_{code}")):
            t = QTranslator(app)
            if t.load(name, str(folder)):
                assert app is not None, "install the translators once the QApplication exists"
                app.installTranslator(t)
                _installed.append(t)
    QLocale.setDefault(QLocale("pt_BR" if code == "pt_BR" else "en_US"))
    i18n.set_language(code)
    return code


def installed_files() -> list[str]:
    """The .qm files in use (for tests and About)."""
    return [t.filePath() for t in _installed]


def switch(window, choice: str, make_window):
    """Use ``choice`` ("" = the system's) from now on and rebuild ``window`` in it.

    ``make_window(profile, profile_path)`` builds the new window (the main window's class: passed
    in, so that this module sits below the window it rebuilds). Returns the new window, or None
    (with the reason in the status bar) while a run goes on.
    """
    from bancada.ui.settings import last_profile, settings

    if window.running():
        window.state_label.setText(
            QCoreApplication.translate("MainWindow", "Stop the run before changing the language")
        )
        return None
    s = settings()
    s.setValue("language", choice)
    s.sync()
    window.save_settings()
    try:
        profile = window.panel.build_profile()
    except Exception:  # an unfinished field: the new window starts from the last good settings
        profile = last_profile()
    run_path, profile_path = window.run_path, window.profile_path
    guide = window.guide.state if window.guide is not None and window.guide.isVisible() else None
    install(choice)
    new = make_window(profile, profile_path)  # in the old one's place: its settings were just saved
    new.show()
    if guide is not None:  # the guide goes on where it was, in the new language
        new.show_guide(guide)
    if run_path is not None:
        new.open_run(str(run_path))
    window.close()
    _windows[:] = [new]
    return new


_windows: list = []  # the window a switch created (the one main() made is held by main)
