"""How a run is named in a list (Recent runs, the Compare view): its study, when it started, its size
and a note, so the pilot, the main run and the demo of one session do not look alike.

``Demonstração rápida: Go x Java, gRPC x REST · 26/11/2026 20:25 · n = 30, r = 3 · piloto``: the
study's title (:func:`bancada.report.study.study_title`), the start in the language's date format,
the requests per treatment and repetition and the repetitions, and the run's note (``note`` in its
metadata, which the guide sets to ``pilot`` or ``main run``), else its status when it did not complete.
A tidy CSV is named by its file. No Qt: the window calls :func:`caption` in its own language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bancada.core.i18n import date_time, integer, translate
from bancada.store.run_status import status_word

#: the notes the guide writes into a run's metadata (``note``), translated where shown
NOTES = ("pilot", "main run")


def note_text(note: str) -> str:
    """A run's note in the current language (``pilot`` -> ``piloto``); any other note as written."""
    words = {
        "pilot": translate("RunCaption", "pilot"),
        "main run": translate("RunCaption", "main run"),
    }
    return words.get(note, note)


def status_text(status: str) -> str:
    """A run's status when it is not ``complete`` (:func:`bancada.store.run_status.status_word`); "" for a
    complete run."""
    return "" if status == "complete" else status_word(status)


def caption_of(meta: dict[str, Any], fallback: str) -> str:
    """The caption of a run with metadata ``meta`` (as :meth:`bancada.store.runstore.RunStore.meta`
    returns it); ``fallback`` (the run's id) when it has no profile."""
    from bancada.report.study import study_title

    try:
        profile = json.loads(meta.get("profile_json") or "{}")
    except ValueError:
        profile = {}
    exp = profile.get("experiment", {}) if isinstance(profile, dict) else {}
    parts = [study_title(profile, fallback)]
    if meta.get("created_at"):
        parts.append(date_time(meta["created_at"]))
    if exp.get("requests") and exp.get("repetitions"):
        parts.append(
            translate("RunCaption", "n = {n}, r = {r}").format(
                n=integer(exp["requests"]), r=integer(exp["repetitions"])
            )
        )
    notes = [note_text(str(meta["note"]))] if meta.get("note") else []
    status = status_text(str(meta.get("status", "complete")))
    if status:
        notes.append(status)
    if notes:
        parts.append(", ".join(notes))
    return " · ".join(parts)


def caption(path: str | Path) -> str:
    """The caption of the run file or tidy CSV at ``path``; its file name when it cannot be read."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        return translate("RunCaption", "{name} (tidy CSV, read-only)").format(name=path.name)
    from bancada.store.run_source import RunSourceError, open_run
    from bancada.store.runstore import effective_status

    try:
        with open_run(path) as store:
            meta = store.meta()
    except (RunSourceError, OSError):  # a damaged file is still listed, by its name
        return path.stem
    meta = dict(meta, status=effective_status(meta))
    return caption_of(meta, path.stem)


def set_note(path: str | Path, note: str) -> None:
    """Write ``note`` (one of :data:`NOTES`, or any text) into the run file's metadata.

    Raises:
        bancada.store.runstore.RunStoreError: the file is not a run.
    """
    from bancada.store.runstore import RunStore

    with RunStore.open(path) as store:
        store.set_meta(note=note)
