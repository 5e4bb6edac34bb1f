"""Tell a file missing inside Bancada's own installation from a problem with the user's files.

A frozen bundle or a package that lost one of its files (a PyInstaller build
that did not collect a data file a library opens by path, a half-removed
installation) raises the same :class:`FileNotFoundError` as a user's missing
CSV. Reported through the user's path ("cannot write /tmp/x.csv", "no such
file: RUN.sqlite") it sends the user looking for a fault in their own files;
:func:`explain` names the installation as broken instead.

Cheap to import (only the standard library, nothing loaded until asked).
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from bancada.core.i18n import translate


def roots() -> list[Path]:
    """The folders this Bancada runs from: nothing in them is the user's.

    Frozen (PyInstaller): the bundle's ``_internal`` folder (``sys._MEIPASS``)
    and the folder of the executable. Otherwise: the ``bancada`` package, the
    interpreter's site-packages and its standard library.
    """
    import sysconfig

    found = [Path(__file__).resolve().parent.parent]  # the bancada package
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False):
        found.append(Path(sys.executable).resolve().parent)
        if meipass:
            found.append(Path(meipass).resolve())
    else:
        paths = sysconfig.get_paths()
        found += [Path(paths[k]).resolve() for k in ("purelib", "platlib", "stdlib") if paths.get(k)]
    unique: list[Path] = []
    for root in found:
        if root not in unique:
            unique.append(root)
    return unique


def missing_file(exc: BaseException, *user_paths: str | os.PathLike[str]) -> Path | None:
    """The installation file whose absence raised ``exc``, or None when ``exc`` is not that.

    Args:
        exc: any exception; only an :class:`OSError` with errno ``ENOENT`` and a
            file name inside one of :func:`roots` counts.
        user_paths: paths the user named (never blamed on the installation,
            even when they point inside it).
    """
    if not isinstance(exc, OSError) or exc.errno != errno.ENOENT or not exc.filename:
        return None
    try:
        missing = Path(os.fsdecode(exc.filename)).resolve()
    except (OSError, TypeError, ValueError):
        return None
    if any(missing == Path(p).resolve() for p in user_paths):
        return None
    return missing if any(missing.is_relative_to(root) for root in roots()) else None


def broken_message(missing: Path) -> str:
    """The one-line message for ``missing``, a file of the installation that is not there."""
    return translate(
        "Installation",
        "Bancada's installation is broken: its file {file} is missing; reinstall Bancada "
        "(your files and runs are not the cause)",
    ).format(file=missing)


def explain(exc: BaseException, otherwise: str, *user_paths: str | os.PathLike[str]) -> str:
    """``otherwise`` (the message about the user's files), unless ``exc`` is a file missing inside the installation.

    Args:
        exc: the exception caught.
        otherwise: the message to give when the installation is not the cause.
        user_paths: paths the user named (see :func:`missing_file`).

    Returns:
        :func:`broken_message` of the missing file, or ``otherwise``.
    """
    missing = missing_file(exc, *user_paths)
    return broken_message(missing) if missing is not None else otherwise
