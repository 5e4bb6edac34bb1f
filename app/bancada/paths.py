"""Where Bancada finds its own files and keeps the user's.

- The source tree (``workers/``, ``profiles/``, ``proto/``): ``$BANCADA_HOME``
  if set, else the checkout this package was installed from (editable install).
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


class BancadaHomeError(RuntimeError):
    """Raised when the Bancada source tree (workers/, profiles/) is not found."""


def home() -> Path:
    """Return the root of the Bancada tree holding ``workers/`` and ``profiles/``.

    Raises:
        BancadaHomeError: if neither ``$BANCADA_HOME`` nor a parent folder of
            this package holds a ``workers/`` folder.
    """
    env = os.environ.get("BANCADA_HOME")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "workers").is_dir() and (parent / "profiles").is_dir():
            return parent
    raise BancadaHomeError(
        "cannot find the Bancada tree (workers/, profiles/): set BANCADA_HOME "
        "to the repository root"
    )


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
