"""Reading a profile for the window: as ``bancada run`` reads it (no Qt here).

The window refuses what the CLI refuses: a file that is not a valid profile,
and a profile naming an implementation that neither a ``workers/*/worker.toml``
nor one of the profile's own ``[[external]]`` servers provides (the CLI's
``unknown implementation`` error), instead of dropping it silently.
"""

from __future__ import annotations

from bancada.core.i18n import translate

from pathlib import Path

from bancada.experiment.profile import Profile, ProfileError, load_profile


def check_profile(profile: Profile, source: str, known: list[str] | None = None) -> Profile:
    """``profile`` if every implementation it names exists: a worker (``known``) or one of its ``[[external]]`` ids.

    Raises:
        ProfileError: ``"<source>: unknown implementation 'x'; known: a, b"`` (the CLI's words).
    """
    if known is None:
        from bancada.experiment import manifest

        try:
            known = list(manifest.discover())
        except Exception:
            return profile
    known = [e.id for e in profile.external] + [k for k in known if k not in {e.id for e in profile.external}]
    missing = [i for i in profile.experiment.implementations if i not in known]
    if missing:
        names = ", ".join(repr(m) for m in missing)
        known_text = ", ".join(known) or translate("Profile", "none")
        if len(missing) == 1:
            text = translate("Profile", "{source}: unknown implementation {names}; known: {known}")
        else:
            text = translate("Profile", "{source}: unknown implementations {names}; known: {known}")
        raise ProfileError(text.format(source=source, names=names, known=known_text))
    return profile


def load_checked_profile(path: str | Path) -> Profile:
    """Read, validate and check a profile file.

    Raises:
        ProfileError: one line naming the file and what is wrong.
    """
    return check_profile(load_profile(path), str(path))


def legacy_schedule_note(profile: Profile) -> str:
    """A sentence to add to the status line when ``profile`` used the old schedule name ``interleaved``
    (its :attr:`~bancada.experiment.profile.Profile.notices`); "" otherwise."""
    if not profile.notices:
        return ""
    return translate(
        "Profile", ' (its schedule "interleaved" is now called "alternating"; the default is randomized blocks)'
    )
