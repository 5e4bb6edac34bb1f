"""Where Bancada finds its own files and keeps the user's.

- Bancada's home (``workers/``, ``drivers/native/dist/``, ``profiles/``,
  ``proto/``, ``docs/``), the first of:
  1. ``$BANCADA_HOME`` if set;
  2. the bundle inside an installed wheel, ``bancada/_bundle/``, which mirrors
     those folders of the repository with the workers prebuilt
     (``packaging/build.sh`` makes it; a source tree never has one);
  3. the checkout this package was installed from (editable install).
- The HTML manual: ``<home>/build/manual/`` (:data:`MANUAL_DIR`), built from
  ``docs/`` by MkDocs (``mkdocs.yml``); ``packaging/build.sh`` builds it into
  the bundle, a source checkout has it after ``.venv/bin/mkdocs build``.
- The run store: ``$BANCADA_DATA_DIR`` if set, else platformdirs' user data
  directory (``~/.local/share/bancada`` on Linux).
- Configuration (hosts): ``$BANCADA_CONFIG_DIR`` or platformdirs' user config
  directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "bancada"

#: The bundled home inside an installed wheel (see ``packaging/build.sh``).
BUNDLE_DIR = Path(__file__).resolve().parent.parent / "_bundle"

#: The built HTML manual, relative to :func:`home` (``site_dir`` in ``mkdocs.yml``).
MANUAL_DIR = Path("build") / "manual"


class BancadaHomeError(RuntimeError):
    """Raised when the Bancada source tree (workers/, profiles/) is not found."""


def home() -> Path:
    """Return the root of the Bancada tree holding ``workers/`` and ``profiles/``.

    The order is ``$BANCADA_HOME``, the wheel's bundle (:data:`BUNDLE_DIR`),
    then the first parent folder of this package holding both folders.

    Raises:
        BancadaHomeError: if none of the three holds ``workers/`` and ``profiles/``.
    """
    env = os.environ.get("BANCADA_HOME")
    if env:
        return Path(env).resolve()
    if _is_home(BUNDLE_DIR):
        return BUNDLE_DIR
    for parent in Path(__file__).resolve().parents:
        if _is_home(parent):
            return parent
    raise BancadaHomeError(
        "cannot find Bancada's workers and profiles: this installation has no bundle "
        f"({BUNDLE_DIR}) and is not inside a clone; set BANCADA_HOME to the repository root, "
        "or install a wheel built by packaging/build.sh"
    )


def _is_home(folder: Path) -> bool:
    return (folder / "workers").is_dir() and (folder / "profiles").is_dir()


def is_bundled() -> bool:
    """Whether :func:`home` is the wheel's bundle (an installed Bancada, not a clone)."""
    try:
        return home() == BUNDLE_DIR
    except BancadaHomeError:
        return False


def manual_page(doc: str) -> Path:
    """The built manual's HTML page for the document ``doc`` of the repository (it may not exist).

    ``doc`` is a path under the Bancada home as the Help menu names it: ``docs/gui.md`` is the page
    ``<home>/build/manual/gui.html`` (the site's ``use_directory_urls: false``); ``index.html``,
    ``README.md`` and any name outside ``docs/`` are the manual's start page, ``index.html``.

    Raises:
        BancadaHomeError: no Bancada home (see :func:`home`).
    """
    rel = Path(doc)
    if rel.parts[:1] == ("docs",) and rel.suffix == ".md":
        page = rel.relative_to("docs").with_suffix(".html")
    else:
        page = Path("index.html")
    return home() / MANUAL_DIR / page


def data_dir() -> Path:
    """Return (and create) the directory holding the run store."""
    env = os.environ.get("BANCADA_DATA_DIR")
    path = Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def runs_dir() -> Path:
    """Return (and create) the folder of run files (one SQLite file per run)."""
    path = data_dir() / "runs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Return (and create) the user configuration directory."""
    env = os.environ.get("BANCADA_CONFIG_DIR")
    path = Path(env) if env else Path(platformdirs.user_config_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_profiles_dir() -> Path:
    """Return (and create) the folder where the user's own profiles go ("Save as", "My own service").

    ``<data_dir>/profiles`` (``~/.local/share/bancada/profiles`` on Linux), never the program's
    ``<home>/profiles``: that folder holds the shipped profiles and is read-only in an installation
    (also when ``$BANCADA_HOME`` names it), and in a clone a student's profile would sit among the
    repository's files.
    """
    path = data_dir() / "profiles"
    path.mkdir(parents=True, exist_ok=True)
    return path
